import type { RestOperation } from "./ir.js";

/**
 * Header names that carry an idempotency key: `Idempotency-Key` (the IETF
 * draft), and a vendor-prefixed one such as `v-c-idempotency-key` or
 * `X-Idempotency-Key`; case, `-` and `_` do not matter.
 */
const IDEMPOTENCY_HEADER = /(^|[-_])idempotency[-_]?key$/i;

/**
 * Idempotency headers named otherwise, each documented as such by its
 * gateway (lower case): PayPal's `PayPal-Request-Id` ("the server stores keys
 * for 6 hours"). A plain `X-Request-Id` is a correlation id, not a key.
 */
const NAMED_IDEMPOTENCY_HEADERS: ReadonlySet<string> = new Set(["paypal-request-id"]);

/**
 * The header parameter of an operation that carries its idempotency key, as
 * the contract writes it, or `undefined` when the contract declares none: the
 * only case where a client may retry a request that may have reached the
 * service (the key makes the service answer a repeat as it answered the first).
 */
export function idempotencyHeader(op: Pick<RestOperation, "headers">): string | undefined {
  return op.headers?.find(
    (h) => IDEMPOTENCY_HEADER.test(h.name) || NAMED_IDEMPOTENCY_HEADERS.has(h.name.toLowerCase()),
  )?.name;
}

/**
 * How a client may repeat an operation: `idempotent` (a repeat changes
 * nothing more), `keyed` (not idempotent, but every attempt sends the same
 * idempotency key, so it is repeated like a read) or `never` once the request
 * may have reached the service. The client's doc comments, the README's
 * retry table and its section on retries all read it from here.
 */
export type RetryMode = "idempotent" | "keyed" | "never";

export function retryMode(op: Pick<RestOperation, "idempotent" | "headers">): RetryMode {
  if (op.idempotent) return "idempotent";
  return idempotencyHeader(op) !== undefined ? "keyed" : "never";
}
