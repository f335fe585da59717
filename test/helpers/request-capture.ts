import { credentialOptions } from "../../generator/emit/rest-client-options.js";
import type { RestOperation, Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { argumentsOf } from "./synthesized-calls.js";

/** A request as a generated client wrote it. */
export interface Sent {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

/** A credential for every security scheme of the service, so each operation can send the ones it needs. */
export function anyCredentials(service: Service): Record<string, unknown> {
  return Object.fromEntries(
    credentialOptions(service).map((c) => [
      c.option,
      c.kind === "basic" ? { username: "user", password: "secret" } : "credential",
    ]),
  );
}

/**
 * What the generated client (from the package's entry `index`) writes for an
 * operation called with arguments synthesized for `seed`: the request it
 * would send, or undefined when it refuses to send one. Nothing is sent.
 */
export function requestWriter(
  index: Record<string, unknown>,
  names: ServiceNames,
  service: Service,
): (op: RestOperation, seed: number) => Promise<Sent | undefined> {
  let last: Sent | undefined;
  const client = (index[names.get("clientFactory", service.name)] as (o: object) => never)({
    baseUrl: "http://client.test",
    retry: { maxAttempts: 1 },
    ...anyCredentials(service),
    fetch: async (input: Request | string, init?: RequestInit) => {
      const request = new Request(input, init);
      last = {
        url: new URL(request.url),
        method: request.method,
        headers: request.headers,
        body: request.body === null ? undefined : await request.text(),
      };
      return new Response(null, { status: 204 });
    },
  }) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return async (op, seed) => {
    last = undefined;
    await client[names.method(op.name)]!(...argumentsOf(service, op, seed)).catch(() => undefined);
    return last;
  };
}

/** Sends a written request again to `origin`, with `body` in place of its own. */
export function resend(origin: string, request: Sent, body: string | undefined): Promise<Response> {
  return fetch(`${origin}${request.url.pathname}${request.url.search}`, {
    method: request.method,
    headers: request.headers,
    ...(body !== undefined ? { body } : {}),
  });
}
