/**
 * The sweep: for every operation whose request holds a sensitive field or
 * parameter (marked in a schema or recognised by its name), a marker value is
 * planted in each such field and path, query, header or cookie parameter,
 * the call goes to a server on 127.0.0.1 that echoes everything it was sent
 * (path, query, body and headers, credentials included) in a 400 answer (a SOAP
 * Fault for SOAP), with another record's card number beside it, and none of
 * those values may show in any view: hook views, the error's message, stack,
 * inspect output with its cause chain, or JSON. Packages: the project's
 * schemas, a contract with credentials, one with secrets in its parameters,
 * and the published contracts when they are there.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import type { Field, Operation, Service } from "../../generator/model/ir.js";
import { lowerCamel, pascalCase } from "../../generator/naming/case.js";
import { projectModel } from "../helpers/generated.js";
import {
  respond,
  startRecordingServer,
  useRecordingServers,
  type RecordedRequest,
} from "../helpers/http-server.js";
import { valueOf } from "../helpers/model-values.js";
import { expectNoneOf, hookRecorder, hookViews, printed } from "../helpers/secret-views.js";
import { writePackage } from "../helpers/temp-package.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../helpers/shared-specs.js";

const CARD = "4111111111119876";
const ACCOUNT = "000123456789";
const ROUTING = "021000021";
const CODE = "7373";
const SECRET = "S3CRET-VALUE-42";
/** Another record's card number, which the call never sent: masked by its shape. */
const OTHER_CARD = "5500 0055 5555 5559";
const API_KEY = "key-9f8e7d6c5b4a3210";
const PASSWORD = "basic-pass-77aa";
const TRANSACTION_KEY = "TK-9f8e7d6c5b4a";

/** The marker planted in a sensitive field or parameter: one a validator accepts, short when its field is. */
function marker(f: Pick<Field, "sensitive"> & { readonly facets?: Field["facets"] }): string {
  const max = f.facets?.find((x) => x.key === "maxLength")?.value;
  const fits = (value: string) => typeof max !== "number" || value.length <= max;
  if (f.sensitive === "card-number" || f.sensitive === "track-data")
    return fits(CARD) ? CARD : CODE;
  if (f.sensitive === "account-number" || f.sensitive === "tax-id")
    return fits(ACCOUNT) ? ACCOUNT : CODE;
  if (f.sensitive === "routing-number") return fits(ROUTING) ? ROUTING : CODE;
  if (f.sensitive === "card-code" || f.sensitive === "pin") return CODE;
  return fits(SECRET) ? SECRET : CODE;
}

/** What must never show: every marker, the first twelve digits of the card, the other card, every credential. */
const FORBIDDEN = [
  CARD,
  CARD.slice(0, 12),
  ACCOUNT,
  ROUTING,
  CODE,
  SECRET,
  OTHER_CARD,
  OTHER_CARD.replace(/ /g, ""),
  API_KEY,
  PASSWORD,
  TRANSACTION_KEY,
];

const xmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The echo: everything the request carried, and another card, in a 400 (REST) or a SOAP Fault. */
function echo(protocol: Service["protocol"]) {
  return (request: RecordedRequest) => {
    const said = `rejected ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body}; card on file ${OTHER_CARD}`;
    if (protocol === "soap") {
      return respond.xml(
        500,
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${xmlText(said)}</faultstring><detail><echo>${xmlText(request.body)}</echo></detail></soap:Fault></soap:Body></soap:Envelope>`,
      );
    }
    let body: unknown = request.body;
    try {
      body = JSON.parse(request.body);
    } catch {
      // Not JSON: echoed as text.
    }
    return respond.json(400, { message: said, request: body, headers: request.headers });
  };
}

type ClientFactory = (
  options: Record<string, unknown>,
) => Record<string, (...args: unknown[]) => Promise<unknown>>;

/** The options of a client: every base URL at `origin`, every credential the contract names. */
function clientOptions(
  service: Service,
  origin: string,
  hooks: ReturnType<typeof hookRecorder>,
): Record<string, unknown> {
  const options: Record<string, unknown> = {
    onRequest: hooks.onRequest,
    onResponse: hooks.onResponse,
    retry: { maxAttempts: 1 },
  };
  if (service.protocol === "soap")
    return {
      ...options,
      endpoint: origin,
      namespace: service.soap?.namespace ?? "urn:example:sweep",
      credentials: { name: "merchant-login-7", transactionKey: TRANSACTION_KEY },
    };
  // Option names as the client emitter spells them (a name of the contract, in lower camel case).
  const option = (name: string) => lowerCamel(pascalCase(name));
  for (const base of service.rest?.baseUrls ?? []) options[option(base.name)] = origin;
  for (const scheme of service.rest?.security ?? [])
    options[option(scheme.name)] =
      scheme.kind === "basic" ? { username: "merchant", password: PASSWORD } : API_KEY;
  return options;
}

/** The arguments before the request: each path parameter, then the query, header and cookie parameters, a marker in each sensitive one. */
function parameterArguments(op: Operation): unknown[] {
  if (op.protocol !== "rest") return [];
  const params = [...(op.query ?? []), ...(op.headers ?? []), ...(op.cookies ?? [])];
  return [
    ...op.params.map((p) => (p.sensitive !== undefined ? marker(p) : "1")),
    ...(params.length > 0
      ? [
          Object.fromEntries(
            params.filter((p) => p.sensitive !== undefined).map((p) => [p.name, marker(p)]),
          ),
        ]
      : []),
  ];
}

/** Whether an operation has a path, query, header or cookie parameter marked sensitive. */
function hasSensitiveParams(op: Operation): boolean {
  return (
    op.protocol === "rest" &&
    [...op.params, ...(op.query ?? []), ...(op.headers ?? []), ...(op.cookies ?? [])].some(
      (p) => p.sensitive !== undefined,
    )
  );
}

/**
 * Calls every operation whose request holds a sensitive value, in its body or
 * its parameters, against the echoing server, and checks every view; returns
 * how many calls reached it, and how many of those carried sensitive parameters.
 */
async function sweep(
  service: Service,
  createClient: ClientFactory,
): Promise<{ reached: number; withParams: number }> {
  const server = await startRecordingServer(echo(service.protocol));
  const types = new Map(service.types.map((t) => [t.name, t]));
  let reached = 0;
  let withParams = 0;
  for (const op of service.operations) {
    const sensitiveBody =
      op.requestType !== undefined && types.get(op.requestType)?.facts.sensitive === true;
    if (!sensitiveBody && !hasSensitiveParams(op)) continue;
    const hooks = hookRecorder();
    const client = createClient(clientOptions(service, server.origin, hooks));
    const request =
      op.requestType === undefined
        ? undefined
        : valueOf(service, op.requestType, {
            mode: "full",
            sensitiveValue: marker,
            xml: service.protocol === "soap",
          });
    const before = server.requests.length;
    let error: Error | undefined;
    // A value the validator refuses (a bound the sample values miss) loses the refused fields and goes again.
    for (let round = 0; round < 4; round++) {
      const args = [...parameterArguments(op), request];
      error = await client[op.method]!(...args).then(
        () => new Error(`${op.name} succeeded against a server that answers 400`),
        (e: unknown) => e as Error,
      );
      const issues = (error as { issues?: readonly { path: string; code: string }[] }).issues;
      if (error.name !== "ValidationError" || !issues?.every((i) => i.code !== "required")) break;
      for (const issue of issues) dropPath(request, issue.path);
    }
    // Refused before sending (a pattern the marker does not fit): nothing to echo.
    if (server.requests.length === before) {
      if (process.env["SWEEP_DEBUG"]) console.log(op.name, error);
      continue;
    }
    reached++;
    if (hasSensitiveParams(op)) withParams++;
    expect(error!.name, op.name).not.toBe("Error");
    expectNoneOf(FORBIDDEN, { ...printed(error!), ...hookViews(hooks) });
  }
  return { reached, withParams };
}

/** Removes the value at a validation issue's path (`a.b[0].c`) from `value`. */
function dropPath(value: unknown, issuePath: string): void {
  const steps = issuePath.split(/\.|\[(\d+)\]/).filter((x) => x !== undefined && x !== "");
  let at = value as Record<string, unknown> | undefined;
  for (const step of steps.slice(0, -1)) at = at?.[step] as Record<string, unknown> | undefined;
  if (at && typeof at === "object") delete at[steps[steps.length - 1]!];
}

/** A generated client package, loaded from a temporary folder. */
async function packageClients(
  files: readonly { readonly path: string; readonly content: string }[],
  service: Service,
): Promise<ClientFactory> {
  const pkg = await writePackage(files);
  const index = await pkg.load(service.name, "index");
  const factory = Object.entries(index).find(
    ([name, value]) => /^create.*Client$/.test(name) && typeof value === "function",
  );
  if (!factory) throw new Error(`${service.name} exports no client factory`);
  return factory[1] as ClientFactory;
}

/** A small contract with credentials: an API key header, a bearer token, basic credentials, a login and a card. */
const KEYED_SPEC = {
  openapi: "3.0.3",
  info: { title: "Keyed payments", version: "1" },
  servers: [{ url: "https://api.example.test" }],
  components: {
    securitySchemes: {
      merchantKey: { type: "apiKey", in: "header", name: "X-Merchant-Key" },
      bearer: { type: "http", scheme: "bearer" },
      basic: { type: "http", scheme: "basic" },
    },
    schemas: {
      Payment: {
        type: "object",
        required: ["amount"],
        properties: {
          amount: { type: "string" },
          card: { $ref: "#/components/schemas/Card" },
          login: {
            type: "object",
            properties: { user: { type: "string" }, password: { type: "string" } },
          },
        },
      },
      Card: {
        type: "object",
        properties: {
          number: { type: "string" },
          security_code: { type: "string" },
          network_token_cryptogram: { type: "string" },
          cardType: { type: "string" },
        },
      },
    },
  },
  security: [{ merchantKey: [], bearer: [] }],
  paths: {
    "/payments": {
      post: {
        operationId: "createPayment",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Payment" } } },
        },
        responses: {
          "201": {
            description: "Created",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Payment" } } },
          },
        },
      },
    },
    "/payouts": {
      post: {
        operationId: "createPayout",
        security: [{ basic: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Payment" } } },
        },
        responses: { "201": { description: "Created" } },
      },
    },
  },
};

useRecordingServers();

describe("the sweep: no planted secret in any view", () => {
  it.each(["payments", "search", "subscriptions"])(
    "the %s service of the project's schemas",
    async (name) => {
      const service = (await projectModel()).services.find((s) => s.name === name)!;
      const index = (await import(
        /* @vite-ignore */ pathToFileURL(path.join(PROJECT_ROOT, "generated", name, "index.ts"))
          .href
      )) as Record<string, unknown>;
      const factory = Object.entries(index).find(([key]) =>
        /^create.*Client$/.test(key),
      )![1] as ClientFactory;
      expect((await sweep(service, factory)).reached).toBeGreaterThan(0);
    },
  );

  it("a contract with an API key, a bearer token and basic credentials, no mark written", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-sweep-"));
    await writeFile(path.join(dir, "keyed.json"), JSON.stringify(KEYED_SPEC));
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "keyed.json")],
      cwd: dir,
    });
    const service = result.model.services[0]!;
    expect(await sweep(service, await packageClients(result.files, service))).toEqual({
      reached: 2,
      withParams: 0,
    });
  }, 60_000);

  it("a contract whose parameters carry secrets: path, query, header, cookie, format: password", async () => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [
        path.join(PROJECT_ROOT, "test", "clients", "fixtures", "sensitive-params.openapi.yaml"),
      ],
      cwd: PROJECT_ROOT,
    });
    const service = result.model.services[0]!;
    expect(await sweep(service, await packageClients(result.files, service))).toEqual({
      reached: 1,
      withParams: 1,
    });
  }, 60_000);

  const published = [
    "cybersource-rest-spec.2020-02-17.json",
    "paypal-checkout-orders-v2.2024-02-02.json",
    "stripe-spec3.2022-04-12.json",
    "Service.2015-02-02.wsdl",
  ];
  it.for(published)("the published contract %s", { timeout: 300_000 }, async (file, context) => {
    if (!HAS_SHARED_SPECS) return context.skip();
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [sharedSpec(file)],
      cwd: PROJECT_ROOT,
    });
    const service = result.model.services[0]!;
    const swept = await sweep(service, await packageClients(result.files, service));
    expect(swept.reached).toBeGreaterThan(0);
    // A contract with sensitive parameters has at least one call sent with markers in them.
    if (service.operations.some(hasSensitiveParams)) expect(swept.withParams).toBeGreaterThan(0);
  });
});
