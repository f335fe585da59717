/**
 * Problem answers of a generated server (RFC 9457, `application/problem+json`):
 * what was wrong with a request, every problem with the path of its value.
 * A problem names the rule a value broke, never the value itself, so a card
 * number sent in a bad request is not echoed back.
 */

/** One thing wrong with a request: where (`body.amount`, `query.limit`, `path.id`) and which rule. */
export interface Problem {
  readonly path: string;
  readonly message: string;
  /**
   * The rule broken, for a server that writes its own error bodies: a
   * validator's issue code (`required`, `pattern`, ...), or why a body could
   * not be read (a parse failure: `malformed`, `unexpected-shape`, ...; `empty`
   * for a required body left out). Not part of the problem+json body.
   */
  readonly rule?: string;
}

/** The JSON body of a problem answer. */
export interface ProblemBody {
  readonly type: "about:blank";
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly problems?: readonly Problem[];
}

/** The media type of problem answers. */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/** An `application/problem+json` answer with `status`, a title, and the problems found (none for an answer that is not about the request's values). */
export function problemResponse(
  status: number,
  title: string,
  problems: readonly Problem[] = [],
  detail?: string,
  headers?: Readonly<Record<string, string>>,
): Response {
  const body: ProblemBody = {
    type: "about:blank",
    title,
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(problems.length > 0
      ? { problems: problems.map((p) => ({ path: p.path, message: p.message })) }
      : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": PROBLEM_MEDIA_TYPE, ...headers },
  });
}

/** An error answer the server itself gives (400, 404, 405, 413, 415, 422, 500, 501), before it is written. */
export interface ProblemReport {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly problems: readonly Problem[];
  /** Headers the answer must carry (`allow` of a 405). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Writes the server's own error answers in a service's shape instead of problem+json. */
export type ProblemWriter = (report: ProblemReport, request: Request) => Response;
