/**
 * The caller's own HTTP headers: the client's `headers` option, then a call's
 * `headers` over them. They add to a request; they never replace what the
 * call sets itself (credentials, the content type, `accept`, the operation's
 * header parameters, the idempotency key): such a name is refused with a
 * `ValidationError`, never dropped or applied silently.
 */

import { ValidationError, type ValidationIssue } from "../errors.js";
import { ALWAYS_REDACTED_HEADERS } from "./hooks.js";

/** HTTP headers by name (names compare case-insensitively). */
export type HeaderValues = Readonly<Record<string, string>>;

/**
 * Names a caller's headers can never set, besides those the call sets itself
 * and the client's sensitive headers: credentials, cookies, and what frames
 * the body. A request interceptor can still set them (see `Interceptors`).
 */
export const RESERVED_HEADERS: readonly string[] = Object.freeze([
  ...ALWAYS_REDACTED_HEADERS,
  "content-type",
  "content-length",
  "transfer-encoding",
  "host",
  "connection",
]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The issues of a header set: names that are not HTTP tokens, values that are not strings or hold a line break. */
export function headerIssues(headers: unknown, path: string): ValidationIssue[] {
  if (headers === undefined) return [];
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    return [
      {
        path,
        code: "type",
        message: "must be an object of header names to string values",
      },
    ];
  }
  const issues: ValidationIssue[] = [];
  for (const [position, [name, value]] of Object.entries(headers).entries()) {
    // A name that is not a token is shown by position: it may hold anything.
    if (!TOKEN.test(name)) {
      issues.push({
        path: `${path}.<header #${position + 1}>`,
        code: "format",
        message: "is not a valid header name",
      });
      continue;
    }
    const at = `${path}.${name}`;
    if (typeof value !== "string")
      issues.push({ path: at, code: "type", message: "must be a string" });
    else if (/[\r\n\0]/.test(value))
      issues.push({
        path: at,
        code: "format",
        message: "cannot hold a line break",
      });
  }
  return issues;
}

/**
 * `own` (the headers the call sets, names in lower case) with the client's and
 * then the call's headers added, names in lower case; the call's win over the
 * client's. A caller header named in {@link RESERVED_HEADERS}, in
 * `sensitiveHeaders`, or already in `own` is a `ValidationError` naming it.
 */
export function withCallerHeaders(
  own: Readonly<Record<string, string>>,
  client: HeaderValues | undefined,
  call: HeaderValues | undefined,
  sensitiveHeaders: readonly string[] = [],
): Record<string, string> {
  const issues = [...headerIssues(client, "headers"), ...headerIssues(call, "call.headers")];
  if (issues.length > 0) throw new ValidationError(issues);
  const merged: Record<string, string> = {};
  for (const [name, value] of [...Object.entries(client ?? {}), ...Object.entries(call ?? {})])
    merged[name.toLowerCase()] = value;
  const refused = new Set([
    ...RESERVED_HEADERS,
    ...sensitiveHeaders.map((h) => h.toLowerCase()),
    ...Object.keys(own).map((h) => h.toLowerCase()),
  ]);
  const clashes = Object.keys(merged).filter((name) => refused.has(name));
  if (clashes.length > 0) {
    throw new ValidationError(
      clashes.map((name) => ({
        path: `headers.${name}`,
        code: "format",
        message:
          "is set by the client (a credential, the content type, accept, a parameter or the idempotency key) and cannot be given as a header",
      })),
    );
  }
  return { ...own, ...merged };
}
