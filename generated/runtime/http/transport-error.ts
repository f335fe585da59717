/**
 * The transport failure thrown by the HTTP runtime: a {@link TransportError}
 * that also says whether the request may have reached the service.
 */

import { TransportError } from "../errors.js";
import type { TransportFailure } from "../errors.js";

/**
 * A {@link TransportError} raised by the HTTP runtime.
 *
 * `mayHaveReachedService` is `false` only when the failure provably happened
 * before any byte of the request was sent: an invalid or unsupported URL, a
 * request that could not be built, a DNS failure, a refused or unreachable
 * connection, a connect timeout, or an abort or timeout that fired before the
 * request was handed to `fetch`. In every other case (a reset, a timeout or an
 * abort while the request was in flight, an oversized answer, an unknown
 * error) it is `true`, and a non-idempotent request such as a payment must not
 * be sent again: the service may already have acted on it.
 */
export class HttpTransportError extends TransportError {
  /** Whether the service may have received (and acted on) the request. */
  readonly mayHaveReachedService: boolean;
  /**
   * `true` when the request itself is unusable (invalid URL, unsupported
   * scheme, a method, header or body `fetch` refuses): nothing was sent, and
   * sending it again cannot succeed.
   */
  readonly invalidRequest: boolean;
  constructor(
    failure: TransportFailure,
    message: string,
    options: { cause?: unknown; mayHaveReachedService: boolean; invalidRequest?: boolean },
  ) {
    super(failure, message, { cause: options.cause });
    this.mayHaveReachedService = options.mayHaveReachedService;
    this.invalidRequest = options.invalidRequest ?? false;
  }
}

/**
 * Whether the request that failed with `error` may have reached the service.
 * Only an {@link HttpTransportError} can say "no"; any other error, including a
 * plain {@link TransportError} or an HTTP status error, answers `true`.
 */
export function mayHaveReachedService(error: unknown): boolean {
  return error instanceof HttpTransportError ? error.mayHaveReachedService : true;
}
