/**
 * What the sandbox's handlers answer, and the sandbox's own JSON error body
 * (the documents show no error body, so its shape is the sandbox's choice,
 * described in docs/sandbox.md). The generated servers do the HTTP work;
 * their own error answers are written in this shape too (rest-errors.ts).
 */

/** What a handler answers. */
export interface SandboxAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** One problem of a rejected request, in the error body. */
export interface ErrorDetail {
  readonly field: string;
  readonly reason: string;
  readonly message?: string;
}

/** The status word of an error body for each HTTP status the sandbox answers. */
const STATUS_WORDS: Readonly<Record<number, string>> = {
  400: "INVALID_REQUEST",
  401: "UNAUTHORIZED",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  500: "SERVER_ERROR",
};

/** A JSON answer. */
export function jsonAnswer(
  status: number,
  body: string,
  headers: Readonly<Record<string, string>> = {},
): SandboxAnswer {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body,
  };
}

/** The sandbox's error body: `{ status, reason, message, details? }`. */
export function errorAnswer(
  status: number,
  reason: string,
  message: string,
  details?: readonly ErrorDetail[],
  headers: Readonly<Record<string, string>> = {},
): SandboxAnswer {
  const body = {
    status: STATUS_WORDS[status] ?? "ERROR",
    reason,
    message,
    ...(details !== undefined && details.length > 0 ? { details } : {}),
  };
  return jsonAnswer(status, JSON.stringify(body), headers);
}

/** A handler's way out with an error answer. */
export class AnswerError extends Error {
  constructor(readonly answer: SandboxAnswer) {
    super(`answer ${answer.status}`);
  }
}

/** Throws an {@link AnswerError} with the sandbox's error body. */
export function fail(
  status: number,
  reason: string,
  message: string,
  details?: readonly ErrorDetail[],
): never {
  throw new AnswerError(errorAnswer(status, reason, message, details));
}

/** An answer as the fetch `Response` the generated servers send. */
export function toResponse(answer: SandboxAnswer): Response {
  return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
}

/** A handler of a generated server answering with a {@link SandboxAnswer}; a thrown {@link AnswerError} is answered too. */
export function answering<C>(
  handle: (call: C) => SandboxAnswer | Promise<SandboxAnswer>,
): (call: C) => Promise<Response> {
  return async (call) => {
    try {
      return toResponse(await handle(call));
    } catch (error) {
      if (error instanceof AnswerError) return toResponse(error.answer);
      throw error;
    }
  };
}

/**
 * A handler of a generated server answering a typed reply (a documented
 * status and its body, which the server validates and writes); a thrown
 * {@link AnswerError} is answered as it is.
 */
export function replying<C, R>(
  handle: (call: C) => R | Promise<R>,
): (call: C) => Promise<R | Response> {
  return async (call) => {
    try {
      return await handle(call);
    } catch (error) {
      if (error instanceof AnswerError) return toResponse(error.answer);
      throw error;
    }
  };
}

/** The media type of a request (`application/json`), lower case, without parameters. */
export function mediaType(headers: Headers): string | undefined {
  const value = headers.get("content-type");
  if (value === null) return undefined;
  return value.split(";")[0]?.trim().toLowerCase();
}
