/**
 * The bounds a client's retry policy must stay within. A client refuses a
 * policy outside them when it is created, with a `ValidationError` naming the
 * field, rather than clamping it silently: a caller who asks for 50 attempts
 * or an hour's wait learns at once that the client will not do it.
 */

import { ValidationError, type ValidationIssue } from "../errors.js";
import type { RetryPolicy } from "./retry.js";

/** Each adjustable number of a {@link RetryPolicy}, with its smallest and largest value. */
export const RETRY_BOUNDS = Object.freeze({
  /** Tries in all, including the first: 1 (never retry) to 10. */
  maxAttempts: { min: 1, max: 10, integer: true },
  /** The first retry's backoff ceiling: 0 to 60 s. */
  baseDelayMs: { min: 0, max: 60_000, integer: false },
  /** The longest wait between tries: 0 to 5 minutes. */
  maxDelayMs: { min: 0, max: 300_000, integer: false },
  /** The wait after a 404 of a call that retries not-found answers: 0 to 1 hour. */
  "notFoundRetry.delayMs": { min: 0, max: 3_600_000, integer: false },
  /** Tries in all while the answer is 404: 1 to 10. */
  "notFoundRetry.maxAttempts": { min: 1, max: 10, integer: true },
} as const);

type Bound = (typeof RETRY_BOUNDS)[keyof typeof RETRY_BOUNDS];

function outOfBounds(value: unknown, bound: Bound): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
  if (bound.integer && !Number.isInteger(value)) return "must be a whole number";
  if (value < bound.min || value > bound.max)
    return `must be between ${bound.min} and ${bound.max}`;
  return undefined;
}

/** Refuses a retry policy with a number outside {@link RETRY_BOUNDS} or a `jitter` that is not a function. */
export function checkRetryPolicy(policy: RetryPolicy | undefined, path = "retry"): void {
  if (policy === undefined) return;
  const issues: ValidationIssue[] = [];
  const values: Record<keyof typeof RETRY_BOUNDS, unknown> = {
    maxAttempts: policy.maxAttempts,
    baseDelayMs: policy.baseDelayMs,
    maxDelayMs: policy.maxDelayMs,
    "notFoundRetry.delayMs": policy.notFoundRetry?.delayMs,
    "notFoundRetry.maxAttempts": policy.notFoundRetry?.maxAttempts,
  };
  for (const [field, bound] of Object.entries(RETRY_BOUNDS) as [
    keyof typeof RETRY_BOUNDS,
    Bound,
  ][]) {
    const problem = outOfBounds(values[field], bound);
    if (problem)
      issues.push({
        path: `${path}.${field}`,
        code: "range",
        message: problem,
      });
  }
  if (policy.jitter !== undefined && typeof policy.jitter !== "function")
    issues.push({
      path: `${path}.jitter`,
      code: "type",
      message: "must be a function",
    });
  if (issues.length > 0) throw new ValidationError(issues);
}
