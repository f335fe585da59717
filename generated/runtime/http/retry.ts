/**
 * Retrying of HTTP attempts, following the gateway's guidance: exponential
 * backoff over a few attempts, Retry-After honoured on 429, a not-found
 * transaction retried minutes later, a timed-out request never retried at
 * once, and a request that may have reached the service never sent twice
 * unless it is idempotent.
 */

import { HttpStatusError, TransportError } from "../errors.js";
import { sleep as defaultSleep } from "./sleep.js";
import { HttpTransportError, mayHaveReachedService } from "./transport-error.js";

/** How failed attempts are retried. Every field is optional. */
export interface RetryPolicy {
  /** Tries in all, including the first. Default 4, clamped to 1..10. */
  maxAttempts?: number;
  /** Backoff ceiling of the first retry, in ms; it doubles on each retry. Default 500. */
  baseDelayMs?: number;
  /** Largest wait between tries, in ms. Default 30 000. */
  maxDelayMs?: number;
  /** A random number in 0..1 for full jitter. Default `Math.random`. */
  jitter?: () => number;
  /** Retrying of 404 answers, for calls made with `retryNotFound`. */
  notFoundRetry?: {
    /** Wait before trying again after a 404, in ms. Default 300 000 (5 minutes). */
    delayMs?: number;
    /** Tries in all while the answer is 404, including the first. Default 5, clamped to 1..10. */
    maxAttempts?: number;
  };
}

/** A {@link RetryPolicy} with every default applied and every bound enforced. */
export interface ResolvedRetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly jitter: () => number;
  readonly notFoundRetry: { readonly delayMs: number; readonly maxAttempts: number };
}

/** Why a retry happens. */
export type RetryReason = "rate-limited" | "server-error" | "network" | "timeout" | "not-found";

/** What {@link RetryContext.onRetry} is told before each wait. */
export interface RetryInfo {
  /** The number (from 1) of the attempt that just failed. */
  readonly attempt: number;
  /** The wait before the next attempt, in ms. */
  readonly delayMs: number;
  readonly reason: RetryReason;
  /** The failure of that attempt. */
  readonly error: unknown;
}

/** How {@link withRetries} runs one call. */
export interface RetryContext {
  /** Defaults apply to missing fields (and to a missing policy). */
  policy?: RetryPolicy;
  /**
   * Whether sending the request twice has the same effect as sending it
   * once (reads: GET, and the search POST). Payment POSTs are not.
   */
  idempotent: boolean;
  /** Retry 404 answers per `policy.notFoundRetry` (the transaction-details call). */
  retryNotFound?: boolean;
  /** Stops everything: no further attempt, and a pending wait ends at once. */
  signal?: AbortSignal;
  /** Waits `ms` or rejects when `signal` aborts. Default: a `setTimeout`-based sleep. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each wait; what it throws propagates. */
  onRetry?: (info: RetryInfo) => void;
}

const RETRYABLE_STATUS: ReadonlySet<number> = new Set([500, 502, 503, 504]);

function clampAttempts(value: number | undefined, fallback: number): number {
  if (value === undefined || Number.isNaN(value)) return fallback;
  return Math.min(10, Math.max(1, Math.floor(value)));
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : Math.max(0, value);
}

/** Applies the defaults and bounds of {@link RetryPolicy}. */
export function resolveRetryPolicy(policy: RetryPolicy = {}): ResolvedRetryPolicy {
  return {
    maxAttempts: clampAttempts(policy.maxAttempts, 4),
    baseDelayMs: nonNegative(policy.baseDelayMs, 500),
    maxDelayMs: nonNegative(policy.maxDelayMs, 30_000),
    jitter: policy.jitter ?? Math.random,
    notFoundRetry: {
      delayMs: nonNegative(policy.notFoundRetry?.delayMs, 300_000),
      maxAttempts: clampAttempts(policy.notFoundRetry?.maxAttempts, 5),
    },
  };
}

/**
 * The backoff ceiling after failed attempt number `attempt` (from 1):
 * `min(maxDelayMs, baseDelayMs * 2^(attempt - 1))`.
 */
export function backoffCeilingMs(attempt: number, policy: ResolvedRetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** Full jitter: a uniformly random wait in `[0, backoffCeilingMs)`, rounded down. */
export function jitteredBackoffMs(attempt: number, policy: ResolvedRetryPolicy): number {
  const r = policy.jitter();
  const unit = Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 1;
  return Math.floor(unit * backoffCeilingMs(attempt, policy));
}

interface Decision {
  readonly delayMs: number;
  readonly reason: RetryReason;
}

/**
 * Whether to retry after failed attempt `attempt`, and after how long.
 * `undefined` means: give up and rethrow the failure.
 */
function decide(
  error: unknown,
  attempt: number,
  policy: ResolvedRetryPolicy,
  ctx: RetryContext,
): Decision | undefined {
  const withinBudget = attempt < policy.maxAttempts;
  if (error instanceof TransportError) {
    switch (error.failure) {
      case "abort":
      case "too-large":
        return undefined;
      case "timeout":
        // Never at once: wait the whole backoff ceiling, not a jittered part of it.
        if (!ctx.idempotent || !withinBudget) return undefined;
        return { delayMs: backoffCeilingMs(attempt, policy), reason: "timeout" };
      case "network": {
        if (error instanceof HttpTransportError && error.invalidRequest) return undefined;
        const neverSent = error instanceof HttpTransportError && !error.mayHaveReachedService;
        if (!(ctx.idempotent || neverSent) || !withinBudget) return undefined;
        return { delayMs: jitteredBackoffMs(attempt, policy), reason: "network" };
      }
    }
  }
  if (error instanceof HttpStatusError) {
    // An HTTP answer proves the request reached the service.
    if (!ctx.idempotent) return undefined;
    // Only a real wait is guidance: a negative one (from a hand-made error) is ignored, never "at once".
    const asked =
      error.retryAfterMs !== undefined &&
      Number.isFinite(error.retryAfterMs) &&
      error.retryAfterMs >= 0
        ? error.retryAfterMs
        : undefined;
    // A Retry-After longer than the policy allows is not slept: the error goes
    // to the caller, who can reschedule using its retryAfterMs.
    const tooLong = asked !== undefined && asked > policy.maxDelayMs;
    if (error.status === 429) {
      if (!withinBudget || tooLong) return undefined;
      return { delayMs: asked ?? jitteredBackoffMs(attempt, policy), reason: "rate-limited" };
    }
    if (RETRYABLE_STATUS.has(error.status)) {
      if (!withinBudget || tooLong) return undefined;
      return {
        delayMs: Math.max(asked ?? 0, jitteredBackoffMs(attempt, policy)),
        reason: "server-error",
      };
    }
    if (error.status === 404 && ctx.retryNotFound) {
      if (attempt >= policy.notFoundRetry.maxAttempts) return undefined;
      return { delayMs: Math.max(policy.notFoundRetry.delayMs, asked ?? 0), reason: "not-found" };
    }
  }
  return undefined;
}

function abortError(signal: AbortSignal | undefined, reached: boolean): HttpTransportError {
  return new HttpTransportError("abort", "aborted", {
    cause: signal?.reason,
    mayHaveReachedService: reached,
  });
}

/**
 * Runs `attempt(1)`, `attempt(2)`, … until one succeeds or a failure is not
 * retryable, then returns that success or rethrows that failure unchanged.
 * `attempt` must throw `HttpStatusError` for non-success answers (see
 * `statusError`) and the transport's errors as they are.
 *
 * Rules (delays in ms; `n` is the number of the failed attempt; "budget" is
 * `maxAttempts` tries in all):
 * - 429, idempotent only: wait Retry-After when given, else full-jitter backoff
 *   (a negative or past Retry-After counts as not given: it never means
 *   "retry at once");
 * - 500, 502, 503, 504, idempotent only: full-jitter backoff, at least
 *   Retry-After when given;
 * - on 429 and 5xx, a Retry-After above `maxDelayMs` is not waited for: the
 *   error is thrown, carrying `retryAfterMs` for the caller to reschedule;
 * - network failure: full-jitter backoff when idempotent, or when the request
 *   provably never reached the service (connection refused, DNS failure);
 *   never when the request itself is invalid (`invalidRequest`);
 * - timeout, idempotent only: waits the whole backoff ceiling
 *   `min(maxDelayMs, baseDelayMs * 2^(n-1))`, never less, so a timed-out
 *   search is never repeated at once;
 * - 404 with `retryNotFound`, idempotent only: wait `notFoundRetry.delayMs`
 *   (or a longer Retry-After), at most `notFoundRetry.maxAttempts` tries in
 *   all, whatever `maxAttempts` says;
 * - abort and too-large: never retried; an abort of `signal` ends a pending
 *   wait at once and throws an `abort` {@link HttpTransportError};
 * - anything else (other statuses, parse and validation errors): thrown.
 *
 * Full-jitter backoff is `floor(jitter() * min(maxDelayMs, baseDelayMs * 2^(n-1)))`.
 * A request that is not idempotent (a payment POST) is therefore retried only
 * when the failure proves it was never sent, since a duplicate charge is
 * worse than an error.
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  ctx: RetryContext,
): Promise<T> {
  const policy = resolveRetryPolicy(ctx.policy);
  const wait = ctx.sleep ?? defaultSleep;
  const { signal } = ctx;
  let reached = false;
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw abortError(signal, reached);
    try {
      return await attempt(n);
    } catch (error) {
      if (mayHaveReachedService(error)) reached = true;
      if (signal?.aborted) throw error;
      const decision = decide(error, n, policy, ctx);
      if (!decision) throw error;
      ctx.onRetry?.({ attempt: n, delayMs: decision.delayMs, reason: decision.reason, error });
      try {
        await wait(decision.delayMs, signal);
      } catch (interrupted) {
        if (signal?.aborted) throw abortError(signal, reached);
        throw interrupted;
      }
    }
  }
}
