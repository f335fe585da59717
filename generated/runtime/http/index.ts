/**
 * The HTTP runtime: transport, retries, status errors and hooks. The optional
 * HTTP-signature signer is not re-exported here, so importing this module
 * never loads `node:crypto`; import it from `./http-signature.js`.
 */

export { send, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RESPONSE_BYTES } from "./transport.js";
export type { HttpRequest, HttpResponse, TransportOptions } from "./transport.js";
export { HttpTransportError, mayHaveReachedService } from "./transport-error.js";
export { parseRetryAfter, DEFAULT_MAX_RETRY_AFTER_MS } from "./retry-after.js";
export type { RetryAfterOptions } from "./retry-after.js";
export { withRetries, resolveRetryPolicy, backoffCeilingMs, jitteredBackoffMs } from "./retry.js";
export type {
  RetryPolicy,
  ResolvedRetryPolicy,
  RetryContext,
  RetryInfo,
  RetryReason,
} from "./retry.js";
export { statusError, ensureSuccess, isSuccessStatus } from "./status.js";
export type { StatusErrorOptions } from "./status.js";
export { sleep } from "./sleep.js";
export {
  REDACTED,
  ALWAYS_REDACTED_HEADERS,
  redactHeaders,
  requestView,
  responseView,
  runHooks,
} from "./hooks.js";
export type {
  RequestHook,
  ResponseHook,
  RedactedRequestView,
  RedactedResponseView,
  BodyRedactor,
  RedactionContext,
  RedactionOptions,
  Signer,
  SigningRequest,
} from "./hooks.js";
