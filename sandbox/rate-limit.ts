/**
 * The configurable search rate limit: at most `max` requests in each fixed
 * window of `windowMs`. A refused request learns how long to wait (whole
 * seconds, at least one), for the Retry-After header.
 */
import type { RateLimit } from "./options.js";

export type RateDecision =
  { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

export class FixedWindowLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  take(): RateDecision {
    const now = this.now();
    if (now >= this.windowStart + this.limit.windowMs || now < this.windowStart) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used < this.limit.max) {
      this.used++;
      return { ok: true };
    }
    const waitMs = this.windowStart + this.limit.windowMs - now;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
