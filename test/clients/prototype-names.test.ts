/**
 * A contract whose names are those every object inherits (`__proto__`,
 * `constructor`, `toString`, `hasOwnProperty`) as operation, schema,
 * property, parameter and enum names: the package compiles, each parameter
 * is sent when given and only then, a body keeps such keys as its own, an
 * answer reads them as data, and no prototype is touched.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { respond, startRecordingServer, useRecordingServers } from "../helpers/http-server.js";
import { typeCheckPackage } from "../helpers/type-check.js";
import { loadContractPackage } from "../helpers/contract-package.js";
import type { TempPackage } from "../helpers/temp-package.js";

const FIXTURE = path.join(
  PROJECT_ROOT,
  "test",
  "clients",
  "fixtures",
  "prototype-names.openapi.yaml",
);

type Client = {
  proto(constructor: string, params?: Record<string, unknown>): Promise<unknown>;
  constructor$(request: unknown): Promise<unknown>;
};

/** An object with these own properties, whatever their names (a literal's `__proto__` would set the prototype). */
const own = (json: string) => JSON.parse(json) as Record<string, unknown>;

useRecordingServers();

describe("a contract named with Object.prototype's names", () => {
  let pkg: TempPackage;
  let createClient: (options: Record<string, unknown>) => Client;

  beforeAll(async () => {
    const { index, pkg: written } = await loadContractPackage(FIXTURE);
    pkg = written;
    createClient = index["createProtoNamesClient"] as typeof createClient;
  }, 120_000);

  afterAll(() => {
    expect(Object.prototype).not.toHaveProperty("kind");
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("constructor$");
  });

  it("compiles", async () => {
    const { code, out } = await typeCheckPackage(pkg.root);
    expect(out).toBe("");
    expect(code).toBe(0);
  }, 120_000);

  it("sends a query __proto__, a header toString and a cookie hasOwnProperty when given", async () => {
    const server = await startRecordingServer([respond.json(200, {})]);
    await createClient({ baseUrl: server.origin }).proto(
      "c1",
      own('{"__proto__":"q-value","toString":"h-value","hasOwnProperty":"c-value"}'),
    );
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/things/c1?__proto__=q-value");
    expect(sent.headers["tostring"]).toBe("h-value");
    expect(sent.headers["cookie"]).toBe("hasOwnProperty=c-value");
  });

  it("sends none of them when not given (an inherited member is no value)", async () => {
    const server = await startRecordingServer([respond.json(200, {})]);
    await createClient({ baseUrl: server.origin }).proto("c1", {});
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/things/c1");
    expect(sent.headers["tostring"]).toBeUndefined();
    expect(sent.headers["cookie"]).toBeUndefined();
  });

  it("writes a body's inherited names as its own keys, and reads an answer's as data", async () => {
    const server = await startRecordingServer([
      respond.json(200, own('{"__proto__":{"__defineGetter__":"in-answer"}}')),
    ]);
    const result = await createClient({ baseUrl: server.origin }).constructor$(
      own(
        '{"__defineGetter__":"g","isPrototypeOf":{"__proto__":"declared","constructor":"c","toString":"t","kind":"__proto__"},"__proto__":"map-value"}',
      ),
    );
    // A declared `__proto__` property is written; an extra key `__proto__` is not (no reader takes one).
    expect(JSON.parse(server.requests[0]!.body)).toEqual(
      own(
        '{"__defineGetter__":"g","isPrototypeOf":{"__proto__":"declared","constructor":"c","toString":"t","kind":"__proto__"}}',
      ),
    );
    // The JSON reader drops a `__proto__` key: it is never read into a value.
    expect(Object.getOwnPropertyNames(result)).toEqual([]);
    expect(Object.getPrototypeOf(Object.getPrototypeOf(result) ?? Object.prototype)).toBe(null);
  });
});
