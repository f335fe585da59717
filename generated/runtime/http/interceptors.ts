/**
 * Interceptors: functions of the caller that may change each request just
 * before it is signed and sent, and each response once it has been read,
 * applied in the order given. Unlike hooks they see and change the real
 * exchange; hooks still see only a redacted view (the request as sent after
 * the interceptors, the response as received before them).
 */

import type { HttpRequest, HttpResponse } from "./transport.js";

/** Changes a request: returns it (changed in place or not) or a new one. Called again for every attempt. */
export type RequestInterceptor = (request: HttpRequest) => HttpRequest | Promise<HttpRequest>;

/** Changes a response: returns it or a new one. Called again for every attempt, whatever the status. */
export type ResponseInterceptor = (response: HttpResponse) => HttpResponse | Promise<HttpResponse>;

/** The interceptors of a client, each list applied in order. */
export interface Interceptors {
  readonly request?: readonly RequestInterceptor[];
  readonly response?: readonly ResponseInterceptor[];
}

/**
 * `request` passed through every request interceptor in order. Each gets its
 * own copy of the headers, so a change never leaks into the next attempt.
 * What an interceptor throws propagates unchanged, and nothing is sent.
 */
export async function interceptRequest(
  request: HttpRequest,
  interceptors: readonly RequestInterceptor[] | undefined,
): Promise<HttpRequest> {
  let current: HttpRequest = { ...request, headers: { ...request.headers } };
  for (const intercept of interceptors ?? []) {
    const next = await intercept(current);
    current = { ...next, headers: { ...next.headers } };
  }
  return current;
}

/** `response` passed through every response interceptor in order. */
export async function interceptResponse(
  response: HttpResponse,
  interceptors: readonly ResponseInterceptor[] | undefined,
): Promise<HttpResponse> {
  let current = response;
  for (const intercept of interceptors ?? []) current = await intercept(current);
  return current;
}
