/**
 * The generated REST servers' own error answers (400 for what does not follow
 * the contract, 404, 405, 413, 415, 500) written as the sandbox's error body,
 * and the checks the sandbox makes before a request is read: its credential
 * policy (401), JSON bodies only (415) and the search rate limit (429).
 */
import type { ProblemReport } from "../generated/runtime/server/problem.js";
import type { Credentials } from "./credentials.js";
import { type ErrorDetail, errorAnswer, mediaType, type SandboxAnswer } from "./http-io.js";
import type { SearchApi } from "./search.js";

/** Why a body could not be read, as the runtime names it, to the sandbox's reason. */
const BODY_FAILURES: Readonly<Record<string, string>> = {
  empty: "MISSING_BODY",
  "unexpected-shape": "INVALID_DATA",
  malformed: "MALFORMED_JSON",
  "not-json": "MALFORMED_JSON",
  "too-deep": "MALFORMED_JSON",
};

/** A problem's path as the sandbox names fields: `body.a.b` is `a.b`, the body itself `(body)`. */
function field(path: string): string {
  if (path === "body") return "(body)";
  return path.startsWith("body.") ? path.slice("body.".length) : path;
}

/** The 400 for a request that does not follow the contract. */
function invalidRequest(report: ProblemReport): SandboxAnswer {
  const unreadable = report.problems.find(
    (p) => p.path === "body" && p.rule !== undefined && Object.hasOwn(BODY_FAILURES, p.rule),
  );
  if (unreadable?.rule === "empty")
    return errorAnswer(400, "MISSING_BODY", "the request has no body");
  if (unreadable !== undefined)
    return errorAnswer(400, BODY_FAILURES[unreadable.rule!]!, unreadable.message);
  const details: ErrorDetail[] = report.problems.map((p) => ({
    field: field(p.path),
    reason: p.rule ?? "invalid",
    message: p.message,
  }));
  const reason = details.some((d) => d.reason === "required") ? "MISSING_FIELD" : "INVALID_DATA";
  return errorAnswer(400, reason, "the request is not valid", details);
}

/** The sandbox's body for each error answer of a generated server. */
export function restError(
  report: ProblemReport,
  request: Request,
  maxBodyBytes: number,
): SandboxAnswer {
  const { pathname } = new URL(request.url);
  switch (report.status) {
    case 400:
      return invalidRequest(report);
    case 404:
      return errorAnswer(
        404,
        "NOT_FOUND",
        `no resource at ${request.method} ${pathname.slice(0, 200)}`,
      );
    case 405: {
      const allow = report.headers["allow"] ?? "";
      return errorAnswer(
        405,
        "METHOD_NOT_ALLOWED",
        `${request.method} is not allowed here; use ${allow}`,
        undefined,
        { allow },
      );
    }
    case 413:
      return errorAnswer(
        413,
        "BODY_TOO_LARGE",
        `the request body is larger than ${maxBodyBytes} bytes`,
      );
    case 415:
      return errorAnswer(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "the request body must be JSON (Content-Type application/json)",
      );
    default:
      return errorAnswer(500, "SERVER_ERROR", "the sandbox failed to handle the request");
  }
}

function isJsonType(type: string | undefined): boolean {
  return (
    type === "application/json" ||
    (type !== undefined && /^application\/[a-z0-9.+-]*\+json$/.test(type))
  );
}

/** The sandbox's checks before a REST request is read: 401, 415 and the search rate limit. */
export async function beforeRest(
  request: Request,
  operation: string,
  credentials: Credentials,
  search: SearchApi,
): Promise<SandboxAnswer | undefined> {
  const problem = credentials.restProblem(request.headers);
  if (problem !== undefined) return errorAnswer(401, "UNAUTHORIZED", problem);
  if (
    request.method === "POST" &&
    !isJsonType(mediaType(request.headers)) &&
    (await request.clone().arrayBuffer()).byteLength > 0
  ) {
    return errorAnswer(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "the request body must be JSON (Content-Type application/json)",
    );
  }
  return operation === "createSearch" ? search.rateLimited() : undefined;
}
