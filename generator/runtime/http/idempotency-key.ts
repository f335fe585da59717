/**
 * The idempotency key of a call to an operation whose contract declares an
 * idempotency header: the caller's (`idempotencyKey`, or the header parameter
 * itself), or else a random UUID. The same key goes with every attempt, which
 * is what makes retrying a request that may have reached the service safe.
 */

import { ValidationError } from "../errors.js";

/**
 * The key to send in `header`. Refused (`ValidationError`): an empty key or
 * one with a line break, and two different keys given as the option and as
 * the parameter. An operation that declares no idempotency header names no
 * `idempotencyKeyOf` (see `RestOperation.idempotency`): a bundle of such
 * operations does not hold it, and a key given for one is refused where the
 * call is made.
 */
export function idempotencyKeyOf(
  header: string,
  option: string | undefined,
  paramHeaders: Readonly<Record<string, string>>,
): string {
  const param = Object.prototype.hasOwnProperty.call(paramHeaders, header)
    ? paramHeaders[header]
    : undefined;
  if (option !== undefined && param !== undefined && option !== param) {
    throw new ValidationError([
      {
        path: "idempotencyKey",
        code: "const",
        message: `differs from the ${header} parameter`,
      },
    ]);
  }
  const key = option ?? param ?? globalThis.crypto.randomUUID();
  if (typeof key !== "string" || key.length === 0 || /[\r\n\0]/.test(key)) {
    throw new ValidationError([
      {
        path: "idempotencyKey",
        code: "format",
        message: "must be a non-empty string without line breaks",
      },
    ]);
  }
  return key;
}
