import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { RestOperation, Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { valueOf } from "../../helpers/model-values.js";
import { linkDeclaredDependencies } from "../../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";
import { typeCheckPackage } from "../../helpers/type-check.js";

const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");

/**
 * The published REST specification (Swagger 2.0, 61 operations), read in
 * place: it generates a package that type-checks on its own, has one client
 * method per operation, and writes and reads back every body.
 */
describeWithSpecs("generating from the published REST specification", () => {
  let out: string;
  let service: Service;
  let names: ServiceNames;
  const load = (file: string) =>
    import(pathToFileURL(path.join(out, service.name, `${file}.ts`)).href) as Promise<
      Record<string, unknown>
    >;

  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), "paygen-openapi-"));
    const { files, model } = await generate({
      schemasDir: "",
      from: [SPEC],
      cwd: PROJECT_ROOT,
      server: true,
    });
    out = path.join(root, "out");
    for (const f of files) {
      await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
      await writeFile(path.join(out, f.path), f.content);
    }
    await linkDeclaredDependencies(out);
    service = model.services[0]!;
    names = (await packageNames(model, path.join(PROJECT_ROOT, "generator", "runtime"))).get(
      service.name,
    )!;
  }, 120_000);

  it("is one REST service of 61 operations", () => {
    expect(service.name).toBe("cybersource-merged-spec");
    expect(service.protocol).toBe("rest");
    expect(service.operations).toHaveLength(61);
    const byName = new Map(service.operations.map((op) => [op.name, op as RestOperation]));
    for (const name of [
      "createPayment",
      "authReversal",
      "capturePayment",
      "createSearch",
      "getSearch",
      "getTransaction",
      "createInstrumentIdentifier",
    ])
      expect(byName.has(name), name).toBe(true);
    const create = byName.get("createPayment")!;
    expect([create.httpMethod, create.path, create.requestType, create.responseType]).toEqual([
      "POST",
      "/pts/v2/payments",
      "CreatePaymentRequest",
      "PtsV2PaymentsPost201Response",
    ]);
    expect(create.statuses.map((s) => s.code)).toEqual([201, 400, 502]);
    expect(service.rest?.baseUrls).toEqual([
      {
        name: "base_url",
        doc: "https://apitest.cybersource.com",
        url: "https://apitest.cybersource.com",
      },
    ]);
  });

  it("type-checks with tsc in strict mode", async () => {
    const result = await typeCheckPackage(out);
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 120_000);

  it("has one client method per operation", async () => {
    const index = await load("index");
    const create = index[names.get("clientFactory", service.name)] as (
      options: object,
    ) => Record<string, unknown>;
    const client = create({
      baseUrl: "http://127.0.0.1:9",
      fetch: () => Promise.reject(new Error("no network in this test")),
    });
    expect(Object.keys(client).sort()).toEqual(
      service.operations.map((op) => names.method(op.name)).sort(),
    );
    expect(Object.keys(client)).toHaveLength(61);
  });

  it("sends query and header parameters", async () => {
    const index = await load("index");
    const create = index[names.get("clientFactory", service.name)] as (
      options: object,
    ) => Record<string, (...args: unknown[]) => Promise<unknown>>;
    const seen: { url: string; headers: Headers }[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const client = create({ baseUrl: "http://127.0.0.1:9", fetch });
    await client[names.method("getTransactionBatches")]!({
      startTime: "2020-01-01T00:00:00Z",
      endTime: "2020-01-02T00:00:00Z",
    });
    expect(seen[0]!.url).toBe(
      "http://127.0.0.1:9/pts/v1/transaction-batches?startTime=2020-01-01T00%3A00%3A00Z&endTime=2020-01-02T00%3A00%3A00Z",
    );
    // GET /tms/v1/instrumentidentifiers/{tokenId}: a path parameter, then the profile-id header.
    await client[names.method("getInstrumentIdentifier")]!("t1", { "profile-id": "abc" });
    expect(seen[1]!.url).toBe("http://127.0.0.1:9/tms/v1/instrumentidentifiers/t1");
    const header = { name: "profile-id" };
    expect(seen[1]!.headers.get(header.name)).toBe("abc");
  });

  it("round-trips every body through its writer and reader", async () => {
    const json = await load("json");
    const server = await load("server");
    const call = (module: Record<string, unknown>, name: string, ...args: unknown[]): unknown => {
      const f = module[name];
      if (typeof f !== "function") throw new Error(`no function ${name}`);
      return (f as (...a: unknown[]) => unknown)(...args);
    };
    let checked = 0;
    for (const op of service.operations as RestOperation[]) {
      for (const [type, write, read, side] of [
        [op.requestType, json, server, "request"],
        [op.responseType, server, json, "response"],
      ] as const) {
        if (type === undefined) continue;
        const value = valueOf(service, type, { mode: "full", xml: false });
        const written = call(write, names.get("serializer", type), value) as string;
        expect(
          call(read, names.get("parser", type), written),
          `${op.name} ${side}: ${written}`,
        ).toEqual(value);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(61);
  });
});
