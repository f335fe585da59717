/** Turning a non-success HTTP answer into an {@link HttpStatusError}. */

import { HttpStatusError } from "../errors.js";
import { parseRetryAfter } from "./retry-after.js";
import type { RetryAfterOptions } from "./retry-after.js";
import type { HttpResponse } from "./transport.js";

/**
 * Whether `status` is a success. Any 2xx is: the gateway documents that a
 * 200-level answer means success even when its body reports a decline, which
 * the caller must then read from the body.
 */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}

/** Options of {@link statusError}. */
export interface StatusErrorOptions extends RetryAfterOptions {
  /** Epoch milliseconds used to resolve an HTTP-date Retry-After; `Date.now()` by default. */
  now?: number;
}

/**
 * The {@link HttpStatusError} for a response: `body` is `parseBody(text)`, or
 * the raw text when `parseBody` throws (error bodies are not documented, so an
 * HTML page must not hide the status), or `undefined` when the body is empty;
 * `retryAfterMs` comes from the Retry-After header, when it is valid.
 */
export function statusError(
  response: Pick<HttpResponse, "status" | "headers" | "body">,
  meaning: string | undefined,
  parseBody: (body: string) => unknown,
  options: StatusErrorOptions = {},
): HttpStatusError {
  let body: unknown;
  if (response.body.trim() !== "") {
    try {
      body = parseBody(response.body);
    } catch {
      body = response.body;
    }
  }
  const retryAfterMs = parseRetryAfter(
    response.headers.get("retry-after"),
    options.now ?? Date.now(),
    options,
  );
  return new HttpStatusError(response.status, meaning, body, retryAfterMs);
}

/**
 * Returns `response` when its status is a success, and throws
 * {@link statusError} otherwise, with the meaning documented for the status
 * in `meanings` (if any).
 */
export function ensureSuccess<R extends Pick<HttpResponse, "status" | "headers" | "body">>(
  response: R,
  meanings: Readonly<Partial<Record<number, string>>>,
  parseBody: (body: string) => unknown,
  options: StatusErrorOptions = {},
): R {
  if (isSuccessStatus(response.status)) return response;
  throw statusError(response, meanings[response.status], parseBody, options);
}
