/**
 * The checks a generated client makes of its options when it is created, so
 * a policy out of bounds, a malformed header or an interceptor that is not a
 * function is a `ValidationError` at once, not a surprise at the first call.
 */

import { ValidationError, type ValidationIssue } from "../errors.js";
import { headerIssues, type HeaderValues } from "./call-headers.js";
import type { Interceptors } from "./interceptors.js";
import type { RetryPolicy } from "./retry.js";
import { checkRetryPolicy } from "./retry-bounds.js";

/** The options every client checks; `headersOption` names its HTTP headers option (`httpHeaders` for SOAP). */
export function checkClientOptions(
  options: {
    readonly retry?: RetryPolicy;
    readonly interceptors?: Interceptors;
  },
  headers: HeaderValues | undefined,
  headersOption = "headers",
): void {
  checkRetryPolicy(options.retry);
  const issues: ValidationIssue[] = [
    ...headerIssues(headers, headersOption),
    ...interceptorIssues(options.interceptors),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
}

function interceptorIssues(interceptors: unknown): ValidationIssue[] {
  if (interceptors === undefined) return [];
  if (typeof interceptors !== "object" || interceptors === null)
    return [
      {
        path: "interceptors",
        code: "type",
        message: "must be an object of request and response lists",
      },
    ];
  const issues: ValidationIssue[] = [];
  for (const side of ["request", "response"] as const) {
    const list: unknown = (interceptors as Record<string, unknown>)[side];
    if (list !== undefined && (!Array.isArray(list) || list.some((f) => typeof f !== "function"))) {
      issues.push({
        path: `interceptors.${side}`,
        code: "type",
        message: "must be a list of functions",
      });
    }
  }
  return issues;
}
