/**
 * The sandbox's 400 answers for request bodies: validation issues as error
 * details, and a body left out where the sandbox needs one.
 */
import type { ValidationIssue } from "../generated/runtime/errors.js";
import { fail, type ErrorDetail } from "./http-io.js";

/** Issues as error details: path and rule, never a value. */
export function issueDetails(issues: readonly ValidationIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    field: issue.path || "(body)",
    reason: issue.code,
    message: issue.message,
  }));
}

/** Answers 400 for validation issues (`MISSING_FIELD` when a required field is absent, else `INVALID_DATA`). */
export function failValidation(
  issues: readonly ValidationIssue[],
  message = "the request is not valid",
): never {
  const reason = issues.some((issue) => issue.code === "required")
    ? "MISSING_FIELD"
    : "INVALID_DATA";
  return fail(400, reason, message, issueDetails(issues));
}

/** The body, or a 400 `MISSING_BODY` when the request has none. */
export function requireBody<T>(body: T | undefined): T {
  if (body === undefined) fail(400, "MISSING_BODY", "the request has no body");
  return body;
}
