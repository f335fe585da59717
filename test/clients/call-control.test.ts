/**
 * What a caller controls of each call, against a real HTTP server: its own
 * headers, interceptors, the status and headers of a success, the bounds of
 * the retry policy, and the idempotency key that makes a POST safe to retry.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { ValidationError, createPaymentsClient } from "../../generated/payments/index.js";
import { createSubscriptionsClient } from "../../generated/subscriptions/index.js";
import { REDACTED, type RedactedRequestView } from "../../generated/runtime/http/hooks.js";
import {
  useRecordingServers,
  rejectionOf,
  rejectsWith,
  respond,
  startRecordingServer,
  type RecordingServer,
} from "../helpers/http-server.js";
import { writePackage } from "../helpers/temp-package.js";

const ID = "6899916537706036604951";
const FAST_RETRY = {
  baseDelayMs: 10,
  maxDelayMs: 50,
  jitter: () => 0.5,
} as const;
const details = { id: ID, status: "AUTHORIZED" };

useRecordingServers();

describe("headers, interceptors and withResponse", () => {
  it("sends the client's and the call's headers and what an interceptor adds, and shows a credential it adds redacted", async () => {
    const server = await startRecordingServer([
      respond.json(200, details, {
        location: `/pts/v2/payments/${ID}`,
        "x-request-id": "req-7",
      }),
    ]);
    const views: RedactedRequestView[] = [];
    const client = createPaymentsClient({
      baseUrl: server.origin,
      retry: FAST_RETRY,
      headers: { "X-Tenant": "client", "X-Trace": "client-trace" },
      interceptors: {
        request: [
          (req) => ({
            ...req,
            headers: { ...req.headers, "x-intercepted": "1" },
          }),
          (req) => ({
            ...req,
            headers: {
              ...req.headers,
              authorization: "Bearer INTERCEPTED-TOKEN-42",
            },
          }),
        ],
        response: [
          (res) => ({
            ...res,
            headers: new Headers([...res.headers, ["x-seen-by", "interceptor"]]),
          }),
        ],
      },
      onRequest: [(view) => void views.push(view)],
    });
    const answer = await client.getPayment(ID, {
      headers: { "x-trace": "call-trace" },
      withResponse: true,
    });
    const [sent] = server.requests;
    expect([
      sent!.headers["x-tenant"],
      sent!.headers["x-trace"],
      sent!.headers["x-intercepted"],
      sent!.headers.authorization,
    ]).toEqual(["client", "call-trace", "1", "Bearer INTERCEPTED-TOKEN-42"]);
    expect(views[0]!.headers["authorization"]).toBe(REDACTED);
    expect(JSON.stringify(views)).not.toContain("INTERCEPTED-TOKEN-42");
    expect(answer.status).toBe(200);
    expect([
      answer.headers.get("location"),
      answer.headers.get("x-request-id"),
      answer.headers.get("x-seen-by"),
    ]).toEqual([`/pts/v2/payments/${ID}`, "req-7", "interceptor"]);
    expect(answer.data.id).toBe(ID);
  });

  it("resolves to the data alone without withResponse", async () => {
    const server = await startRecordingServer([respond.json(200, details)]);
    const data = await createPaymentsClient({
      baseUrl: server.origin,
    }).getPayment(ID);
    expect(data.id).toBe(ID);
    expect(Object.keys(data)).not.toContain("data");
  });

  it("refuses a caller header that would replace a credential, the content type or accept, before sending", async () => {
    const server = await startRecordingServer([]);
    const client = createPaymentsClient({ baseUrl: server.origin });
    for (const name of ["Authorization", "content-type", "Accept", "cookie"]) {
      const error = await rejectsWith(
        client.getPayment(ID, { headers: { [name]: "x" } }),
        ValidationError,
      );
      expect(error.issues.map((i) => i.path)).toEqual([`headers.${name.toLowerCase()}`]);
    }
    const broken = await rejectsWith(
      client.getPayment(ID, { headers: { "x-a": "1\r\nx-b: 2" } }),
      ValidationError,
    );
    expect(broken.issues.map((i) => i.path)).toEqual(["call.headers.x-a"]);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an idempotency key for an operation whose contract declares no idempotency header", async () => {
    const server = await startRecordingServer([]);
    const error = await rejectsWith(
      createPaymentsClient({ baseUrl: server.origin }).getPayment(ID, {
        idempotencyKey: "k",
      }),
      ValidationError,
    );
    expect(error.issues.map((i) => i.path)).toEqual(["idempotencyKey"]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("SOAP calls", () => {
  const NS = "urn:example:paygen:subscriptions:v1";
  const alive = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><IsAliveResponse xmlns="${NS}"><IsAliveResult><resultCode>Ok</resultCode></IsAliveResult></IsAliveResponse></soap:Body></soap:Envelope>`;

  it("sends the client's httpHeaders and the call's headers, and what an interceptor adds", async () => {
    const server = await startRecordingServer([respond.xml(200, alive)]);
    const soap = createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
      httpHeaders: { "x-tenant": "client", "x-trace": "client" },
      interceptors: {
        request: [
          (req) => ({
            ...req,
            headers: { ...req.headers, "x-intercepted": "1" },
          }),
        ],
      },
    });
    await soap.isAlive({}, { headers: { "X-Trace": "call" } });
    const [sent] = server.requests;
    expect([
      sent!.headers["x-tenant"],
      sent!.headers["x-trace"],
      sent!.headers["x-intercepted"],
      sent!.headers["content-type"],
    ]).toEqual(["client", "call", "1", "text/xml; charset=utf-8"]);
  });

  it("gives the status and headers of the HTTP answer with withResponse, and the result alone without", async () => {
    const server = await startRecordingServer([
      respond.xml(200, alive, { "x-request-id": "soap-9" }),
      respond.xml(200, alive),
    ]);
    const soap = createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
    });
    const answer = await soap.isAlive({}, { withResponse: true });
    expect([answer.status, answer.headers.get("x-request-id"), answer.data.resultCode]).toEqual([
      200,
      "soap-9",
      "Ok",
    ]);
    const plain = await soap.isAlive();
    expect(plain.resultCode).toBe("Ok");
  });

  it("refuses a caller header naming the SOAPAction or the content type", async () => {
    const server = await startRecordingServer([]);
    const soap = createSubscriptionsClient({
      endpoint: server.origin,
      namespace: NS,
    });
    const error = await rejectsWith(
      soap.isAlive({}, { headers: { SOAPAction: "x", "Content-Type": "text/plain" } }),
      ValidationError,
    );
    expect(error.issues.map((i) => i.path)).toEqual(["headers.soapaction", "headers.content-type"]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("retry policy bounds", () => {
  it("refuses a policy outside its bounds when the client is created, naming each field", () => {
    const error = (() => {
      try {
        createPaymentsClient({
          baseUrl: "http://127.0.0.1:9",
          retry: {
            maxAttempts: 50,
            baseDelayMs: -1,
            maxDelayMs: 3_600_000,
            notFoundRetry: { maxAttempts: 1.5 },
          },
        });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "retry.maxAttempts: must be between 1 and 10",
      "retry.baseDelayMs: must be between 0 and 60000",
      "retry.maxDelayMs: must be between 0 and 300000",
      "retry.notFoundRetry.maxAttempts: must be a whole number",
    ]);
  });

  it("accepts the bounds themselves", () => {
    expect(() =>
      createPaymentsClient({
        baseUrl: "http://127.0.0.1:9",
        retry: { maxAttempts: 10, baseDelayMs: 60_000, maxDelayMs: 300_000 },
      }),
    ).not.toThrow();
  });
});

/** A contract whose charge POST declares an idempotency key, and a note POST that declares none. */
const SPEC = `openapi: 3.0.3
info: { title: Keyed, version: "1" }
servers: [{ url: "https://keyed.example.test/v1" }]
paths:
  /charges:
    post:
      operationId: createCharge
      parameters:
        - { name: Idempotency-Key, in: header, required: true, schema: { type: string } }
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } }
      responses:
        "201": { description: Created., content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } } }
  /notes:
    post:
      operationId: addNote
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } }
      responses:
        "201": { description: Created., content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } } }
components:
  schemas:
    Charge: { type: object, properties: { id: { type: string }, amount: { type: integer, format: int32 } } }
`;

type Method = (...args: unknown[]) => Promise<unknown>;

describe("idempotency keys", () => {
  let create: (server: RecordingServer) => Record<string, Method>;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-keyed-"));
    await writeFile(path.join(dir, "keyed.yaml"), SPEC);
    const { files } = await generate({
      schemasDir: "",
      from: [path.join(dir, "keyed.yaml")],
      cwd: PROJECT_ROOT,
    });
    const index = await (await writePackage(files)).load("keyed", "index");
    const factory = index["createKeyedClient"] as (o: object) => Record<string, Method>;
    create = (server) => factory({ baseUrl: server.origin, retry: FAST_RETRY });
  }, 120_000);

  it("retries a POST with a key after a connection reset and a 503, sending the same key each time", async () => {
    const server = await startRecordingServer([
      respond.reset(),
      respond.json(503, {}),
      respond.json(201, { id: "ch_1", amount: 5 }),
    ]);
    const charge = await create(server)["createCharge"]!(
      undefined,
      { amount: 5 },
      { idempotencyKey: "order-77" },
    );
    expect(charge).toEqual({ id: "ch_1", amount: 5 });
    expect(server.requests.map((r) => [r.method, r.headers["idempotency-key"]])).toEqual([
      ["POST", "order-77"],
      ["POST", "order-77"],
      ["POST", "order-77"],
    ]);
  });

  it("makes up one key per call when none is given, the same with every attempt", async () => {
    const server = await startRecordingServer([
      respond.json(503, {}),
      respond.json(201, { id: "ch_2" }),
      respond.json(201, { id: "ch_3" }),
    ]);
    const client = create(server);
    await client["createCharge"]!(undefined, { amount: 1 });
    await client["createCharge"]!(undefined, { amount: 2 });
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("does not retry a POST without a key once it may have reached the service", async () => {
    const server = await startRecordingServer([respond.reset(), respond.json(201, { id: "n_1" })]);
    // The package is loaded from its own folder: its error classes are not this file's, so the code is checked.
    const error = await rejectionOf(create(server)["addNote"]!({ amount: 1 }));
    expect((error as { code?: string }).code).toBe("transport.network");
    const server503 = await startRecordingServer([
      respond.json(503, {}),
      respond.json(201, { id: "n_2" }),
    ]);
    await rejectionOf(create(server503)["addNote"]!({ amount: 1 }));
    expect([server.requests.length, server503.requests.length]).toEqual([1, 1]);
  });

  it("refuses a key given twice with two values", async () => {
    const server = await startRecordingServer([]);
    const error = await rejectionOf(
      create(server)["createCharge"]!(
        { "Idempotency-Key": "a" },
        { amount: 1 },
        { idempotencyKey: "b" },
      ),
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe("validation");
    expect(server.requests).toHaveLength(0);
  });
});
