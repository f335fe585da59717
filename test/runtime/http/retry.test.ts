import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpStatusError } from "../../../generator/runtime/errors.js";
import { withRetries } from "../../../generator/runtime/http/retry.js";
import type { RetryContext, RetryInfo } from "../../../generator/runtime/http/retry.js";
import { ensureSuccess } from "../../../generator/runtime/http/status.js";
import { HttpTransportError } from "../../../generator/runtime/http/transport-error.js";
import { send } from "../../../generator/runtime/http/transport.js";
import type {
  HttpRequest,
  HttpResponse,
  TransportOptions,
} from "../../../generator/runtime/http/transport.js";
import { settleIo, signal, tracked, withFakeTimers } from "../../helpers/fake-time.js";
import { closeAllServers, closedPort, startServer } from "./test-server.js";
import type { SeenRequest } from "./test-server.js";

afterEach(async () => {
  vi.useRealTimers();
  await closeAllServers();
});

const json = (text: string): unknown => JSON.parse(text);

/** One attempt: send, then throw HttpStatusError for anything but 2xx. */
function attemptOf(request: HttpRequest, options?: TransportOptions): () => Promise<HttpResponse> {
  return async () =>
    ensureSuccess(
      await send(request, options),
      { 404: "resource not found", 429: "rate limited" },
      json,
    );
}

/** A sleep that records the requested delays and returns at once. */
function recordingSleep(): { delays: number[]; sleep: NonNullable<RetryContext["sleep"]> } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms) => {
      delays.push(ms);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

type Reply = (
  seen: SeenRequest,
  index: number,
) =>
  | { status: number; headers?: Record<string, string>; body?: string }
  | "reset"
  | { delayMs: number; status: number };

async function scripted(reply: Reply) {
  let index = 0;
  return startServer((seen, req, res) => {
    const answer = reply(seen, index++);
    if (answer === "reset") {
      req.socket.destroy();
      return;
    }
    if ("delayMs" in answer) {
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(answer.status).end("{}");
      }, answer.delayMs);
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body ?? "{}");
  });
}

describe("withRetries: backoff", () => {
  it("backs off exponentially with full jitter, capped, then rethrows", async () => {
    const server = await scripted(() => ({ status: 503 }));
    const { delays, sleep } = recordingSleep();
    const error = await rejection(
      withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
        idempotent: true,
        policy: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250, jitter: () => 0.5 },
        sleep,
      }),
    );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(503);
    // ceilings 100, 200, 400→250; half of each
    expect(delays).toEqual([50, 100, 125]);
    expect(server.requests).toHaveLength(4);
  });

  it("uses the defaults: 4 tries, 500 ms doubling", async () => {
    const server = await scripted(() => ({ status: 500 }));
    const { delays, sleep } = recordingSleep();
    await rejection(
      withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
        idempotent: true,
        policy: { jitter: () => 1 },
        sleep,
      }),
    );
    expect(delays).toEqual([500, 1000, 2000]);
    expect(server.requests).toHaveLength(4);
  });

  it("returns the first success and reports each retry", async () => {
    const server = await scripted((_seen, i) =>
      i < 2 ? { status: i === 0 ? 502 : 504 } : { status: 200, body: '{"ok":true}' },
    );
    const { sleep } = recordingSleep();
    const infos: RetryInfo[] = [];
    const attempts: number[] = [];
    const request = { method: "GET", url: server.origin, headers: {} };
    const response = await withRetries(
      (n) => {
        attempts.push(n);
        return attemptOf(request)();
      },
      { idempotent: true, policy: { jitter: () => 0 }, sleep, onRetry: (info) => infos.push(info) },
    );
    expect(response.body).toBe('{"ok":true}');
    expect(attempts).toEqual([1, 2, 3]);
    expect(infos.map((i) => [i.attempt, i.reason, i.delayMs])).toEqual([
      [1, "server-error", 0],
      [2, "server-error", 0],
    ]);
  });

  it("clamps maxAttempts to 1..10", async () => {
    const server = await scripted(() => ({ status: 503 }));
    const { sleep } = recordingSleep();
    const request = { method: "GET", url: server.origin, headers: {} };
    await rejection(
      withRetries(attemptOf(request), { idempotent: true, policy: { maxAttempts: 0 }, sleep }),
    );
    expect(server.requests).toHaveLength(1);
    await rejection(
      withRetries(attemptOf(request), {
        idempotent: true,
        policy: { maxAttempts: 50, baseDelayMs: 1 },
        sleep,
      }),
    );
    expect(server.requests).toHaveLength(11);
  });

  it("does not retry other statuses, nor 5xx of a non-idempotent request", async () => {
    const server = await scripted((seen) => ({ status: seen.url === "/bad" ? 400 : 503 }));
    const { sleep } = recordingSleep();
    await rejection(
      withRetries(attemptOf({ method: "GET", url: `${server.origin}/bad`, headers: {} }), {
        idempotent: true,
        sleep,
      }),
    );
    await rejection(
      withRetries(
        attemptOf({ method: "POST", url: `${server.origin}/pay`, headers: {}, body: "{}" }),
        { idempotent: false, sleep },
      ),
    );
    expect(server.requests.map((r) => r.url)).toEqual(["/bad", "/pay"]);
  });
});

describe("withRetries: 429 and Retry-After", () => {
  it("waits the Retry-After seconds of a 429", async () => {
    const server = await scripted((_s, i) =>
      i === 0 ? { status: 429, headers: { "retry-after": "2" } } : { status: 200 },
    );
    const { delays, sleep } = recordingSleep();
    const infos: RetryInfo[] = [];
    await withRetries(
      attemptOf({
        method: "POST",
        url: `${server.origin}/tss/v2/searches`,
        headers: {},
        body: "{}",
      }),
      {
        idempotent: true, // a search changes nothing
        policy: { jitter: () => 0 },
        sleep,
        onRetry: (info) => infos.push(info),
      },
    );
    expect(delays).toEqual([2_000]);
    expect(infos[0]?.reason).toBe("rate-limited");
    expect(server.requests).toHaveLength(2);
  });

  it("backs off on a 429 without Retry-After", async () => {
    const server = await scripted((_s, i) => (i === 0 ? { status: 429 } : { status: 200 }));
    const { delays, sleep } = recordingSleep();
    await withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
      idempotent: true,
      policy: { baseDelayMs: 200, jitter: () => 0.25 },
      sleep,
    });
    expect(delays).toEqual([50]);
  });

  it("gives the 429 back when Retry-After exceeds maxDelayMs", async () => {
    const server = await scripted(() => ({ status: 429, headers: { "retry-after": "60" } }));
    const { delays, sleep } = recordingSleep();
    const error = await rejection(
      withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
        idempotent: true,
        sleep,
      }),
    );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).retryAfterMs).toBe(60_000);
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("waits at least Retry-After on a 503", async () => {
    const server = await scripted((_s, i) =>
      i === 0 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 },
    );
    const { delays, sleep } = recordingSleep();
    await withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
      idempotent: true,
      policy: { jitter: () => 0 },
      sleep,
    });
    expect(delays).toEqual([1_000]);
  });

  it("waits until a Retry-After HTTP date (fake timers)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 0, 0));
    const server = await scripted((_s, i) =>
      i === 0
        ? { status: 429, headers: { "retry-after": "Tue, 01 Jan 2030 00:00:02 GMT" } }
        : { status: 200, body: '{"done":1}' },
    );
    const infos: RetryInfo[] = [];
    let signalRetry: () => void = () => undefined;
    const retried = new Promise<void>((resolve) => {
      signalRetry = resolve;
    });
    const done = withRetries(attemptOf({ method: "GET", url: server.origin, headers: {} }), {
      idempotent: true,
      onRetry: (info) => {
        infos.push(info);
        signalRetry();
      },
    });
    await Promise.race([retried, done]); // a failure of the first try ends the wait too
    expect(infos[0]?.delayMs).toBe(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const response = await done;
    expect(response.body).toBe('{"done":1}');
    expect(server.requests.map((r) => r.at - Date.UTC(2030, 0, 1))).toEqual([0, 2_000]);
  });
});

describe("withRetries: timeouts", () => {
  // On the fake clock the slow answers never come unless time is advanced
  // past them, and a request always reaches the server before its timeout.
  it("retries a timed-out idempotent request, never at once (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await scripted((_s, i) =>
        i === 0 ? { delayMs: 200, status: 200 } : { status: 200, body: '{"ok":1}' },
      );
      const { delays, sleep } = recordingSleep();
      const infos: RetryInfo[] = [];
      const result = withRetries(
        attemptOf(
          { method: "POST", url: `${server.origin}/tss/v2/searches`, headers: {}, body: "{}" },
          { timeoutMs: 50 },
        ),
        {
          idempotent: true,
          policy: { baseDelayMs: 100, jitter: () => 0 }, // jitter 0 would mean "at once" for other failures
          sleep,
          onRetry: (info) => infos.push(info),
        },
      );
      await server.nextRequest();
      vi.advanceTimersByTime(50);
      const response = await result;
      expect(response.body).toBe('{"ok":1}');
      expect(infos[0]?.reason).toBe("timeout");
      expect(delays).toEqual([100]);
      expect(server.requests).toHaveLength(2);
    }));

  it("does not retry a timed-out payment (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await scripted(() => ({ delayMs: 200, status: 201 }));
      const { delays, sleep } = recordingSleep();
      const result = withRetries(
        attemptOf(
          { method: "POST", url: `${server.origin}/pts/v2/payments`, headers: {}, body: "{}" },
          { timeoutMs: 50 },
        ),
        {
          idempotent: false,
          sleep,
        },
      );
      await server.nextRequest();
      vi.advanceTimersByTime(50);
      const error = await rejection(result);
      expect((error as HttpTransportError).failure).toBe("timeout");
      expect((error as HttpTransportError).mayHaveReachedService).toBe(true);
      expect(delays).toEqual([]);
      expect(server.requests).toHaveLength(1);
    }));
});

describe("withRetries: payments and network failures", () => {
  it("does not retry a payment POST that hit a connection reset", async () => {
    const server = await scripted(() => "reset");
    const { delays, sleep } = recordingSleep();
    const error = await rejection(
      withRetries(
        attemptOf({
          method: "POST",
          url: `${server.origin}/pts/v2/payments`,
          headers: {},
          body: '{"amount":"1"}',
        }),
        {
          idempotent: false,
          sleep,
        },
      ),
    );
    expect(error).toBeInstanceOf(HttpTransportError);
    expect((error as HttpTransportError).failure).toBe("network");
    expect((error as HttpTransportError).mayHaveReachedService).toBe(true);
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a payment POST that was refused, and sends it once", async () => {
    const port = await closedPort();
    const { delays } = recordingSleep();
    let revived: Promise<unknown> | undefined;
    const seen: SeenRequest[] = [];
    const response = await withRetries(
      attemptOf({
        method: "POST",
        url: `http://127.0.0.1:${port}/pts/v2/payments`,
        headers: {},
        body: '{"amount":"1"}',
      }),
      {
        idempotent: false,
        policy: { baseDelayMs: 10 },
        sleep: async (ms) => {
          delays.push(ms);
          revived ??= startServer((s, _req, res) => {
            seen.push(s);
            res
              .writeHead(201, { "content-type": "application/json" })
              .end('{"status":"AUTHORIZED"}');
          }, port);
          await revived;
        },
      },
    );
    expect(response.status).toBe(201);
    expect(delays).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it("gives up on a refused payment after maxAttempts, saying it never reached the service", async () => {
    const port = await closedPort();
    const { delays, sleep } = recordingSleep();
    const error = await rejection(
      withRetries(
        attemptOf({
          method: "POST",
          url: `http://127.0.0.1:${port}/pts/v2/payments`,
          headers: {},
          body: "{}",
        }),
        {
          idempotent: false,
          policy: { maxAttempts: 3, baseDelayMs: 10, jitter: () => 1 },
          sleep,
        },
      ),
    );
    expect((error as HttpTransportError).failure).toBe("network");
    expect((error as HttpTransportError).mayHaveReachedService).toBe(false);
    expect(delays).toEqual([10, 20]);
  });

  it("does not retry an invalid request", async () => {
    const { delays, sleep } = recordingSleep();
    const error = await rejection(
      withRetries(
        attemptOf({ method: "POST", url: "http//missing-colon/pay", headers: {}, body: "{}" }),
        { idempotent: false, sleep },
      ),
    );
    expect((error as HttpTransportError).invalidRequest).toBe(true);
    expect(delays).toEqual([]);
  });

  it("retries an idempotent GET after a reset", async () => {
    const server = await scripted((_s, i) =>
      i === 0 ? "reset" : { status: 200, body: '{"id":"1"}' },
    );
    const { sleep } = recordingSleep();
    const response = await withRetries(
      attemptOf({ method: "GET", url: `${server.origin}/tss/v2/transactions/1`, headers: {} }),
      {
        idempotent: true,
        sleep,
      },
    );
    expect(response.body).toBe('{"id":"1"}');
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry an oversized answer", async () => {
    const server = await scripted(() => ({ status: 200, body: "x".repeat(5_000) }));
    const { sleep } = recordingSleep();
    const error = await rejection(
      withRetries(
        attemptOf({ method: "GET", url: server.origin, headers: {} }, { maxResponseBytes: 1_000 }),
        { idempotent: true, sleep },
      ),
    );
    expect((error as HttpTransportError).failure).toBe("too-large");
    expect(server.requests).toHaveLength(1);
  });
});

describe("withRetries: not found", () => {
  it("retries a details 404 five minutes apart, five tries in all (fake timers)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = Date.UTC(2030, 0, 1);
    vi.setSystemTime(start);
    const server = await scripted(() => ({ status: 404, body: '{"message":"not found"}' }));
    const infos: RetryInfo[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    const retriesSeen = (count: number): Promise<void> =>
      new Promise<void>((resolve) => {
        if (infos.length >= count) resolve();
        else waiters.push({ count, resolve });
      });
    const result = withRetries(
      attemptOf({ method: "GET", url: `${server.origin}/tss/v2/transactions/42`, headers: {} }),
      {
        idempotent: true,
        retryNotFound: true,
        onRetry: (info) => {
          infos.push(info);
          for (const w of waiters.filter((w) => infos.length >= w.count)) w.resolve();
        },
      },
    );
    const outcome = result.then(
      () => new Error("expected a 404"),
      (error: unknown) => error,
    );

    const settled = outcome.then(() => undefined);
    const retries = (count: number): Promise<void> => Promise.race([retriesSeen(count), settled]);
    await retries(1);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(server.requests).toHaveLength(1);
    for (let n = 2; n <= 4; n++) {
      await vi.advanceTimersByTimeAsync(n === 2 ? 1 : 300_000);
      await retries(n);
    }
    await vi.advanceTimersByTimeAsync(300_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(404);
    expect(infos.map((i) => [i.attempt, i.reason, i.delayMs])).toEqual([
      [1, "not-found", 300_000],
      [2, "not-found", 300_000],
      [3, "not-found", 300_000],
      [4, "not-found", 300_000],
    ]);
    expect(server.requests.map((r) => r.at - start)).toEqual([
      0, 300_000, 600_000, 900_000, 1_200_000,
    ]);
  });

  it("returns the details once they appear", async () => {
    const server = await scripted((_s, i) =>
      i < 2 ? { status: 404 } : { status: 200, body: '{"id":"42"}' },
    );
    const { delays, sleep } = recordingSleep();
    const response = await withRetries(
      attemptOf({ method: "GET", url: `${server.origin}/tss/v2/transactions/42`, headers: {} }),
      {
        idempotent: true,
        retryNotFound: true,
        sleep,
      },
    );
    expect(response.body).toBe('{"id":"42"}');
    expect(delays).toEqual([300_000, 300_000]);
  });

  it("does not retry a 404 without retryNotFound", async () => {
    const server = await scripted(() => ({ status: 404 }));
    const { sleep } = recordingSleep();
    await rejection(
      withRetries(
        attemptOf({ method: "GET", url: `${server.origin}/tss/v2/searches/1`, headers: {} }),
        { idempotent: true, sleep },
      ),
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe("withRetries: abort", () => {
  it("ends a pending wait at once when the signal aborts (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await scripted(() => ({ status: 503 }));
      const controller = new AbortController();
      const retrying = signal<RetryInfo>();
      const result = withRetries(
        attemptOf(
          { method: "GET", url: server.origin, headers: {} },
          { signal: controller.signal },
        ),
        {
          idempotent: true,
          signal: controller.signal,
          policy: { baseDelayMs: 10_000, jitter: () => 1 },
          onRetry: (info) => retrying.resolve(info),
        },
      );
      const state = tracked(result);
      const info = await Promise.race([
        retrying.promise,
        result.then(
          () => undefined,
          () => undefined,
        ),
      ]);
      expect(info?.delayMs).toBe(10_000);
      await settleIo();
      expect(state.settled()).toBe(false); // waiting the 10 s
      controller.abort(new Error("stop"));
      await settleIo();
      // Settled with the clock never advanced: the wait ended at once.
      expect(state.settled()).toBe(true);
      const error = await rejection(result);
      expect(error).toBeInstanceOf(HttpTransportError);
      expect((error as HttpTransportError).failure).toBe("abort");
      expect((error as HttpTransportError).mayHaveReachedService).toBe(true);
      expect(server.requests).toHaveLength(1);
    }));

  it("never retries an aborted attempt", async () => {
    const server = await scripted(() => ({ delayMs: 300, status: 200 }));
    const controller = new AbortController();
    const { delays, sleep } = recordingSleep();
    const result = withRetries(
      attemptOf({ method: "GET", url: server.origin, headers: {} }, { signal: controller.signal }),
      {
        idempotent: true,
        signal: controller.signal,
        sleep,
      },
    );
    // Aborted once the server has the request, before it answers.
    await server.nextRequest();
    controller.abort();
    const error = await rejection(result);
    expect((error as HttpTransportError).failure).toBe("abort");
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("makes no attempt when the signal is already aborted", async () => {
    let attempts = 0;
    const error = await rejection(
      withRetries(
        async () => {
          attempts++;
        },
        { idempotent: true, signal: AbortSignal.abort() },
      ),
    );
    expect((error as HttpTransportError).failure).toBe("abort");
    expect((error as HttpTransportError).mayHaveReachedService).toBe(false);
    expect(attempts).toBe(0);
  });
});
