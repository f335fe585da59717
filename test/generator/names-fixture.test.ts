import { execFile } from "node:child_process";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import type { Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { FIXTURES } from "../helpers/generate-fixture.js";
import { valueOf } from "../helpers/model-values.js";

const run = promisify(execFile);

/**
 * Contracts whose names nobody here chose: types named Error, Object,
 * Promise, String, Decimal, Long, ValidationError, ParseError; fields named
 * constructor, toString, hasOwnProperty, valueOf, then; operations named
 * then, constructor and Error; a flow named like a request type.
 */
describe.each(["names-soap", "names-rest"])("the names fixture %s", (fixture) => {
  let out: string;
  let service: Service;
  let names: ServiceNames;
  const load = (file: string) =>
    import(pathToFileURL(path.join(out, service.name, `${file}.ts`)).href) as Promise<
      Record<string, unknown>
    >;

  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), `paygen-${fixture}-`));
    const { files, model } = await generate({
      schemasDir: path.join(FIXTURES, fixture),
      cwd: PROJECT_ROOT,
      server: true,
    });
    out = path.join(root, "out");
    for (const f of files) {
      await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
      await writeFile(path.join(out, f.path), f.content);
    }
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
    service = model.services[0]!;
    names = (await packageNames(model, path.join(PROJECT_ROOT, "generator", "runtime"))).get(
      service.name,
    )!;
  });

  it("type-checks with tsc in strict mode", async () => {
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(
      process.execPath,
      [tsc, "-p", path.join(out, "tsconfig.json"), "--noEmit"],
      { cwd: out },
    ).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });

  it("awaiting a client gives the client back: no method makes it thenable", async () => {
    const index = await load("index");
    const create = index[names.get("clientFactory", service.name)] as (
      options: object,
    ) => Record<string, unknown>;
    const client = create({
      endpoint: "http://127.0.0.1:9",
      namespace: "urn:x",
      baseUrl: "http://127.0.0.1:9",
      fetch: () => Promise.reject(new Error("no network in this test")),
    });
    expect(await (async () => client)()).toBe(client);
    expect(Object.keys(client).sort()).toEqual(
      service.operations.map((op) => names.method(op.name)).sort(),
    );
    expect(Object.keys(client)).not.toContain("then");
  });

  // The SOAP side is tested against the subscriptions client (test/clients/unknown-data.test.ts).
  it.skipIf(fixture !== "names-rest")(
    "a client passes its onUnknown option to the response parser",
    async () => {
      const index = await load("index");
      const create = index[names.get("clientFactory", service.name)] as (
        options: object,
      ) => Record<string, (...args: unknown[]) => Promise<unknown>>;
      // `pay` answers a closed type (Promise$, one field `then`): an added property is unknown data.
      const fetch = async () =>
        new Response(JSON.stringify({ then: "x", added: 1 }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      const request = { amount: { total: "1.00", currency: "USD" } };
      const ignore = create({ baseUrl: "http://127.0.0.1:9", fetch });
      expect(await ignore[names.method("pay")]!(request)).toEqual({ then: "x" });
      const reject = create({ baseUrl: "http://127.0.0.1:9", fetch, onUnknown: "reject" });
      await expect(reject[names.method("pay")]!(request)).rejects.toThrow(/added/);
    },
  );

  it("round-trips every body through its writer and reader, wire names kept", async () => {
    const client = await load(service.protocol === "soap" ? "xml" : "json");
    const server = await load("server");
    let checked = 0;
    for (const op of service.operations) {
      const request = op.protocol === "soap" ? op.requestType : op.requestType;
      const response = op.protocol === "soap" ? op.resultType : op.responseType;
      for (const [type, write, read, side] of [
        [request, client, server, "request"],
        [response, server, client, "response"],
      ] as const) {
        if (type === undefined) continue;
        const value = valueOf(service, type, { mode: "full", xml: service.protocol === "soap" });
        const { written, back } = roundTrip(
          service,
          names,
          op.name,
          type,
          side,
          write,
          read,
          value,
        );
        expect(back, `${op.name} ${side}: ${written}`).toEqual(value);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(service.operations.length * 2 - 1);
  });
});

/** Writes a value with the generated writer of one side and reads it with the other side's reader. */
function roundTrip(
  service: Service,
  names: ServiceNames,
  operation: string,
  type: string,
  side: "request" | "response",
  writer: Record<string, unknown>,
  reader: Record<string, unknown>,
  value: unknown,
): { written: string; back: unknown } {
  const call = (module: Record<string, unknown>, name: string, ...args: unknown[]): unknown => {
    const f = module[name];
    if (typeof f !== "function") throw new Error(`no function ${name}`);
    return (f as (...a: unknown[]) => unknown)(...args);
  };
  if (service.protocol === "rest") {
    const written = call(writer, names.get("serializer", type), value) as string;
    return { written, back: call(reader, names.get("parser", type), written) };
  }
  const build =
    side === "request"
      ? names.get("envelopeBuilder", operation)
      : names.get("responseEnvelopeBuilder", operation);
  const parse =
    side === "request"
      ? names.get("envelopeReader", operation)
      : names.get("responseParser", operation);
  const written = call(writer, build, value, "urn:x") as string;
  return { written, back: call(reader, parse, written) };
}
