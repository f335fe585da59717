/**
 * The sandbox's own REST operations, which no document shows a path for:
 * `GET` and `DELETE /tms/v1/instrumentidentifiers/{id}`. They serve what no
 * generated server routes, with the same credential policy and error body;
 * any other path is 404.
 */
import { compilePath, matchPath } from "../generated/runtime/server/path-template.js";
import type { FetchHandler } from "../generated/runtime/server/fetch-handler.js";
import type { Credentials } from "./credentials.js";
import { AnswerError, errorAnswer, type SandboxAnswer, toResponse } from "./http-io.js";
import { restError } from "./rest-errors.js";
import type { WebhooksApi } from "./webhooks.js";

const INSTRUMENT_IDENTIFIER = compilePath("/tms/v1/instrumentidentifiers/{id}");

export function ownOperations(
  webhooks: WebhooksApi,
  credentials: Credentials,
  maxBodyBytes: number,
): FetchHandler {
  const byMethod = webhooks.ownOperations();
  const refuse = (request: Request, status: number, allow = ""): Response =>
    toResponse(
      restError({ status, title: "", problems: [], headers: { allow } }, request, maxBodyBytes),
    );
  return async (request) => {
    const params = matchPath(INSTRUMENT_IDENTIFIER, new URL(request.url).pathname);
    if (params === undefined) return refuse(request, 404);
    const operation = Object.hasOwn(byMethod, request.method)
      ? byMethod[request.method]
      : undefined;
    if (operation === undefined) return refuse(request, 405, Object.keys(byMethod).join(", "));
    const problem = credentials.restProblem(request.headers);
    if (problem !== undefined) return toResponse(errorAnswer(401, "UNAUTHORIZED", problem));
    let answer: SandboxAnswer;
    try {
      answer = operation(params["id"] ?? "");
    } catch (error) {
      if (!(error instanceof AnswerError)) throw error;
      answer = error.answer;
    }
    return toResponse(answer);
  };
}
