/**
 * Timeouts and waits tested on a fake clock, so that a test says "not before
 * 100 ms, and at 100 ms" without measuring time: a busy machine delays real
 * timers, never fake ones. Network I/O stays real; only `setTimeout` and
 * `clearTimeout` (and `Date`, when asked) are faked.
 */

import { vi } from "vitest";

type Faked = "setTimeout" | "clearTimeout" | "Date";

/**
 * Runs `body` with a fake clock (starting at `now` when `Date` is faked), and
 * restores the real timers afterwards, whatever happens.
 */
export async function withFakeTimers<T>(
  body: () => Promise<T>,
  options: { date?: boolean; now?: number } = {},
): Promise<T> {
  const toFake: Faked[] = ["setTimeout", "clearTimeout"];
  if (options.date) toFake.push("Date");
  vi.useFakeTimers({ toFake });
  if (options.date) vi.setSystemTime(options.now ?? Date.UTC(2030, 0, 1));
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Lets pending I/O callbacks and promise reactions run, on the real event
 * loop (`setImmediate` is never faked here). Whatever a fired fake timer
 * started without waiting for the network has happened when this resolves.
 */
export async function settleIo(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether `promise` has settled, observed without changing its outcome. */
export function tracked(promise: Promise<unknown>): { settled: () => boolean } {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  return { settled: () => done };
}

/** A promise and the function that resolves it, for "wait until this hook was called". */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** What a hook is called with, in order, and a wait for its `count`-th call. */
export function recorder<T>(): {
  values: T[];
  push: (value: T) => void;
  reached: (count: number) => Promise<void>;
} {
  const values: T[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  return {
    values,
    push: (value) => {
      values.push(value);
      for (const waiter of waiting.filter((w) => values.length >= w.count)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    reached: (count) =>
      values.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
  };
}
