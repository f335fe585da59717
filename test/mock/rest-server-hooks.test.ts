/**
 * The REST server's hooks for a service with its own HTTP rules (the
 * sandbox is one): a check before a request is read, error answers in the
 * service's own shape, a fallback for paths no operation has, failures told,
 * the client's address, JSON media types with a `+json` suffix, and two
 * operations sharing a method and path. A small route table stands for a
 * generated one.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { ParseError } from "../../generator/runtime/errors.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import type { ProblemReport } from "../../generator/runtime/server/problem.js";
import {
  restServer,
  type RestRoute,
  type RestServerOptions,
} from "../../generator/runtime/server/rest-server.js";
import type { ValidationResult } from "../../generator/runtime/validate.js";

interface Order {
  readonly amount?: unknown;
}

function readOrder(text: string): Order {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ParseError("json", "malformed", "is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ParseError("json", "unexpected-shape", "must be an object");
  return value as Order;
}

function validateOrder(value: unknown): ValidationResult<unknown> {
  const amount = (value as Order).amount;
  if (amount === undefined)
    return { ok: false, issues: [{ path: "amount", code: "required", message: "is required" }] };
  if (typeof amount !== "string")
    return { ok: false, issues: [{ path: "amount", code: "type", message: "must be a string" }] };
  return { ok: true, value };
}

const order = { read: readOrder, validate: validateOrder };
const answers = { 201: { mediaType: "application/json" } };

/** Two operations on one method and path (a sale and an authorization), and one with an optional body. */
const ROUTES: readonly RestRoute[] = [
  {
    name: "authorize",
    method: "POST",
    path: "/orders",
    params: [],
    request: { mediaType: "application/json", required: true, ...order },
    success: 201,
    answers,
  },
  {
    name: "sale",
    method: "POST",
    path: "/orders",
    params: [],
    request: { mediaType: "application/json", required: true, ...order },
    success: 201,
    answers,
  },
  {
    name: "cancel",
    method: "POST",
    path: "/orders/{id}/cancel",
    params: [{ name: "id", in: "path", scalar: "string", required: true }],
    request: { mediaType: "application/json", required: false, ...order },
    success: 201,
    answers,
  },
];

const post = (path: string, body: string, type = "application/json") =>
  new Request(`http://orders.test${path}`, {
    method: "POST",
    headers: { "content-type": type },
    body,
  });

/** The service's own error body: its status word and the rules broken. */
function ownError(report: ProblemReport): Response {
  return Response.json(
    { error: report.status, rules: report.problems.map((p) => `${p.path}:${p.rule}`) },
    { status: report.status, headers: report.headers },
  );
}

function server(handlers: object, options: RestServerOptions = {}) {
  return restServer(ROUTES, handlers, options);
}

describe("the REST server's hooks", () => {
  let listening: Listening | undefined;
  afterEach(async () => {
    await listening?.close();
    listening = undefined;
  });

  it("runs `before` once a request is routed, before its body is read, and sends its Response", async () => {
    const seen: string[] = [];
    const handler = server(
      { authorize: () => ({ status: 201, body: { ok: true } }) },
      {
        before: (request, { operation }) => {
          seen.push(operation);
          return request.headers.get("x-key") === "k"
            ? undefined
            : new Response(null, { status: 401 });
        },
      },
    );
    // Refused before the malformed body is read: 401, not 400.
    expect((await handler(post("/orders", "{"))).status).toBe(401);
    const allowed = post("/orders", '{"amount":"1.00"}');
    allowed.headers.set("x-key", "k");
    expect((await handler(allowed)).status).toBe(201);
    expect(seen).toEqual(["authorize", "authorize"]);
  });

  it("writes its own error answers with `problem`, each problem carrying the rule it broke", async () => {
    const handler = server({}, { problem: ownError });
    const invalid = await handler(post("/orders", '{"amount":1}'));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 400, rules: ["body.amount:type"] });
    const malformed = await handler(post("/orders", "[]"));
    expect(await malformed.json()).toEqual({ error: 400, rules: ["body:unexpected-shape"] });
    const broken = await handler(post("/orders", "{"));
    expect(await broken.json()).toEqual({ error: 400, rules: ["body:malformed"] });
    const missing = await handler(post("/orders", ""));
    expect(await missing.json()).toEqual({ error: 400, rules: ["body:empty"] });
    const method = await handler(new Request("http://orders.test/orders"));
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("POST");
    expect(await method.json()).toEqual({ error: 405, rules: [] });
    expect((await handler(post("/orders", '{"amount":"1"}', "text/plain"))).status).toBe(415);
    expect(await (await handler(post("/nowhere", "{}"))).json()).toEqual({ error: 404, rules: [] });
  });

  it("keeps problem+json the default, without the rules", async () => {
    const invalid = await server({})(post("/orders", "{}"));
    expect(invalid.headers.get("content-type")).toBe("application/problem+json");
    expect(((await invalid.json()) as { problems: unknown }).problems).toEqual([
      { path: "body.amount", message: "is required" },
    ]);
  });

  it("hands a path no operation has to `fallback`", async () => {
    const handler = server(
      {},
      { fallback: async (request) => new Response(new URL(request.url).pathname, { status: 200 }) },
    );
    const other = await handler(new Request("http://orders.test/other/7", { method: "DELETE" }));
    expect(await other.text()).toBe("/other/7");
    // A known path with another method is still this server's 405.
    expect((await handler(new Request("http://orders.test/orders"))).status).toBe(405);
  });

  it("tells `onError` of a handler's failure and answers 500", async () => {
    const failures: unknown[] = [];
    const handler = server(
      {
        authorize: () => {
          throw new Error("broken");
        },
      },
      { onError: (error, operation) => failures.push([(error as Error).message, operation]) },
    );
    expect((await handler(post("/orders", '{"amount":"1"}'))).status).toBe(500);
    expect(failures).toEqual([["broken", "authorize"]]);
  });

  it("routes a shared method and path to the first operation that has a handler", async () => {
    const sale = server({ sale: () => ({ status: 201, body: { by: "sale" } }) });
    expect(await (await sale(post("/orders", '{"amount":"1"}'))).json()).toEqual({ by: "sale" });
    const both = server({
      authorize: () => ({ status: 201, body: { by: "authorize" } }),
      sale: () => ({ status: 201, body: { by: "sale" } }),
    });
    expect(await (await both(post("/orders", '{"amount":"1"}'))).json()).toEqual({
      by: "authorize",
    });
  });

  it("reads a JSON body sent with a +json media type, and an optional body left out", async () => {
    const bodies: unknown[] = [];
    const handler = server({
      authorize: ({ body }: { body: unknown }) => (bodies.push(body), { status: 201, body: {} }),
      cancel: ({ body }: { body: unknown }) => (bodies.push(body), { status: 201, body: {} }),
    });
    const suffixed = post("/orders", '{"amount":"2"}', "application/vnd.orders+json");
    expect((await handler(suffixed)).status).toBe(201);
    expect((await handler(post("/orders/7/cancel", ""))).status).toBe(201);
    expect(bodies).toEqual([{ amount: "2" }, undefined]);
    expect((await handler(post("/orders", '{"amount":"2"}', "application/jsonx"))).status).toBe(
      415,
    );
  });

  it("gives handlers the client's address from `listen`, and refuses past `maxReadBytes`", async () => {
    const addresses: unknown[] = [];
    listening = await listen(
      server({
        authorize: ({ client }: { client: { remoteAddress?: string } }) => (
          addresses.push(client.remoteAddress),
          { status: 201, body: {} }
        ),
      }),
      { maxReadBytes: 1024 },
    );
    const ok = await fetch(`${listening.url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"amount":"1"}',
    });
    expect(ok.status).toBe(201);
    expect(addresses).toEqual(["127.0.0.1"]);
    const large = await fetch(`${listening.url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"amount":"${"1".repeat(4096)}"}`,
    }).catch(() => undefined);
    // Answered 413 (or the connection closed) before the whole body is held.
    if (large !== undefined) expect(large.status).toBe(413);
    expect(addresses).toHaveLength(1);
  });

  it("answers 400 from `listen` for a request a fetch Request cannot hold, and keeps serving", async () => {
    listening = await listen(server({}));
    const { url } = listening;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = httpRequest(`${url}/orders`, { method: "TRACE" }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sent.on("error", reject);
      sent.end();
    });
    expect(status).toBe(400);
    expect((await fetch(`${url}/orders`)).status).toBe(405);
  });
});
