import { describe, expect, it } from "vitest";
import { HttpStatusError } from "../../../generator/runtime/errors.js";
import { withRetries, type RetryInfo } from "../../../generator/runtime/http/retry.js";
import { statusError } from "../../../generator/runtime/http/status.js";

const NOW = Date.UTC(2030, 0, 1, 0, 0, 0); // Tue, 01 Jan 2030 00:00:00 GMT

/** Answers `status` with the given Retry-After on every attempt; records the waits. */
async function retriesOf(
  status: number,
  retryAfter: string,
): Promise<{ infos: RetryInfo[]; delays: number[]; attempts: number }> {
  const infos: RetryInfo[] = [];
  const delays: number[] = [];
  let attempts = 0;
  const result = withRetries(
    async () => {
      attempts += 1;
      const response = { status, headers: new Headers({ "retry-after": retryAfter }), body: "" };
      throw statusError(response, undefined, (b) => b, { now: NOW });
    },
    {
      idempotent: true,
      policy: { maxAttempts: 4, baseDelayMs: 500, jitter: () => 1 },
      sleep: async (ms) => {
        delays.push(ms);
      },
      onRetry: (info) => infos.push(info),
    },
  );
  await expect(result).rejects.toBeInstanceOf(HttpStatusError);
  return { infos, delays, attempts };
}

/** The policy's back-off with jitter 1: the ceiling, doubling from 500 ms. */
const BACKOFF = [500, 1_000, 2_000];

describe("a Retry-After that is negative or in the past", () => {
  it.each([
    ["negative seconds", "-5"],
    ["a large negative number", "-86400"],
    ["an HTTP date in the past", "Mon, 31 Dec 2029 23:59:00 GMT"],
    ["an RFC 850 date in the past", "Monday, 31-Dec-29 23:59:59 GMT"],
    ["an asctime date in the past", "Mon Dec 31 00:00:00 2029"],
  ])("on a 429, %s means back off as without one, not retry at once", async (_name, value) => {
    const { infos, delays, attempts } = await retriesOf(429, value);
    expect(attempts).toBe(4);
    expect(delays).toEqual(BACKOFF);
    expect(infos.map((i) => i.reason)).toEqual(["rate-limited", "rate-limited", "rate-limited"]);
  });

  it("on a 503, a past date means back off too", async () => {
    const { delays } = await retriesOf(503, "Mon, 31 Dec 2029 23:59:00 GMT");
    expect(delays).toEqual(BACKOFF);
  });

  it("is not reported as a wait the server asked for", () => {
    const response = (value: string) => ({
      status: 429,
      headers: new Headers({ "retry-after": value }),
      body: "",
    });
    expect(
      statusError(response("-5"), undefined, (b) => b, { now: NOW }).retryAfterMs,
    ).toBeUndefined();
    expect(
      statusError(response("Mon, 31 Dec 2029 23:59:00 GMT"), undefined, (b) => b, { now: NOW })
        .retryAfterMs,
    ).toBeUndefined();
  });

  it("a negative retryAfterMs on an error made elsewhere (a custom transport) also means back off", async () => {
    const delays: number[] = [];
    const result = withRetries(
      async () => {
        throw new HttpStatusError(429, undefined, undefined, -1_000);
      },
      {
        idempotent: true,
        policy: { maxAttempts: 3, baseDelayMs: 100, jitter: () => 1 },
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    );
    await expect(result).rejects.toBeInstanceOf(HttpStatusError);
    expect(delays).toEqual([100, 200]);
  });

  it("Retry-After: 0 and a date now still mean retry at once, as the server asks", async () => {
    expect((await retriesOf(429, "0")).delays).toEqual([0, 0, 0]);
    expect((await retriesOf(429, "Tue, 01 Jan 2030 00:00:00 GMT")).delays).toEqual([0, 0, 0]);
  });
});
