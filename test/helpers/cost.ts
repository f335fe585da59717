/**
 * Relative costs, for tests of "no blow-up" properties that must hold on a
 * busy machine: they compare two runs of the same code on the same machine
 * in the same test, never a run against a fixed number of milliseconds.
 *
 * Costs are CPU time of this process, not elapsed time: while other
 * processes keep every core busy, elapsed time grows with the waiting and
 * CPU time does not.
 */

import { expect } from "vitest";

function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time, in ms, of one run of `f` (an error it throws is ignored). */
export function cpuMillis(f: () => unknown): number {
  const started = cpuNow();
  try {
    f();
  } catch {
    // only the cost matters here
  }
  return cpuNow() - started;
}

/**
 * The least CPU time, in ms, of `runs` runs of `f`. The least run is the one
 * a garbage collection, a compilation or the machine disturbed least.
 */
export function leastCpuMillis(f: () => unknown, runs = 5): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) least = Math.min(least, cpuMillis(f));
  return least;
}

/**
 * Asserts that running `run` on `make(8n)` costs less than 40 times running it
 * on `make(n)`: linear work costs about 8 times as much, quadratic work 64
 * times. Both inputs are built before anything is measured; after a few runs
 * to warm up (the first ones include compiling the code), each cost is the
 * least of `runs` runs, taken in turns so that both see the same conditions.
 */
export function expectNoBlowUp<T>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  n: number,
  runs = 7,
): void {
  const small = make(n);
  const large = make(8 * n);
  for (let i = 0; i < 3; i++) cpuMillis(() => run(small));
  cpuMillis(() => run(large));
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    smallMs = Math.min(
      smallMs,
      cpuMillis(() => run(small)),
    );
    largeMs = Math.min(
      largeMs,
      cpuMillis(() => run(large)),
    );
  }
  // A floor on the small cost keeps the clock's resolution from deciding the outcome.
  expect(largeMs, `8n cost ${largeMs} ms, n cost ${smallMs} ms`).toBeLessThan(
    40 * Math.max(smallMs, 0.05),
  );
}
