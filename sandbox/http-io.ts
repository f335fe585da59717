/**
 * HTTP plumbing shared by every route: the request as handlers see it, the
 * answer they return, reading a body under a size cap, and the sandbox's own
 * JSON error body (the documents show no error body, so its shape is the
 * sandbox's choice, described in docs/sandbox.md).
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request whose body has been read in full. */
export interface SandboxRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly remoteAddress: string | undefined;
}

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

/** The outcome of reading a body: the bytes, or that it was larger than allowed. */
export type BodyRead =
  { readonly ok: true; readonly body: Buffer } | { readonly ok: false; readonly tooLarge: true };

/**
 * Reads a request body up to `maxBytes`. A larger body is read on and thrown
 * away (so the client gets the answer rather than a reset) up to sixteen times
 * the cap; past that the connection is destroyed.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) tooLarge = true;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        if (size > maxBytes * 16) request.destroy();
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    request.on("end", () =>
      resolve(tooLarge ? { ok: false, tooLarge: true } : { ok: true, body: Buffer.concat(chunks) }),
    );
    request.on("error", reject);
    request.on("close", () => {
      if (!request.complete) reject(new Error("the request was aborted"));
    });
  });
}

/** The media type of a request (`application/json`), lower case, without parameters. */
export function mediaType(headers: IncomingHttpHeaders): string | undefined {
  const value = headers["content-type"];
  if (value === undefined) return undefined;
  return value.split(";")[0]?.trim().toLowerCase();
}
