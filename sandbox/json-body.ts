/**
 * Reading a REST request body with the generated parser and validator of its
 * type, and turning their errors into the sandbox's 400 answers.
 */
import { ParseError, type ValidationIssue } from "../generated/runtime/errors.js";
import type { ParseLimits } from "../generated/runtime/body.js";
import type { ValidationResult } from "../generated/runtime/validate.js";
import { fail, type ErrorDetail, type SandboxRequest } from "./http-io.js";

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

/** Answers the HTTP error for a body the generated parser refused. */
export function failParse(error: ParseError): never {
  if (error.failure === "too-large") return fail(413, "BODY_TOO_LARGE", error.message);
  if (error.failure === "empty") return fail(400, "MISSING_BODY", "the request has no body");
  if (error.failure === "unexpected-shape") return fail(400, "INVALID_DATA", error.message);
  return fail(400, "MALFORMED_JSON", error.message);
}

/** Parses and validates a JSON body with the generated functions of its type. */
export function readJson<T>(
  request: SandboxRequest,
  parse: (body: Uint8Array, limits?: ParseLimits) => T,
  validate: (value: unknown) => ValidationResult<T>,
): T {
  let value: T;
  try {
    value = parse(request.body);
  } catch (error) {
    if (error instanceof ParseError) failParse(error);
    throw error;
  }
  const checked = validate(value);
  if (!checked.ok) failValidation(checked.issues);
  return checked.value;
}
