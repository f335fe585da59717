import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { ObjectType, RestOperation, Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { respond, startRecordingServer, useRecordingServers } from "../../helpers/http-server.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../../helpers/shared-specs.js";

const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");
const present = HAS_SHARED_SPECS;

type Module = Record<string, unknown>;
type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;

/**
 * The published REST specification's integers are JSON numbers on the wire:
 * `createSearch` sends `"offset":0,"limit":100` (the spec's `type: integer`,
 * no format, no bounds: a long, exact, written as a number), to a server on
 * 127.0.0.1 that records the body, and the validator takes those values.
 */
describe.skipIf(!present)("numbers of the published REST specification on the wire", () => {
  useRecordingServers();
  let out: string;
  let service: Service;
  let names: ServiceNames;
  const load = (file: string) =>
    import(pathToFileURL(path.join(out, service.name, `${file}.ts`)).href) as Promise<Module>;

  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), "paygen-numbers-"));
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
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
    service = model.services[0]!;
    names = (await packageNames(model, path.join(PROJECT_ROOT, "generator", "runtime"))).get(
      service.name,
    )!;
  }, 120_000);

  const searchRequest = (): ObjectType => {
    const op = service.operations.find((o) => o.name === "createSearch") as RestOperation;
    return service.types.find((t) => t.name === op.requestType)!;
  };

  it("types offset and limit as longs (no format, no bounds), carried as JSON numbers", () => {
    const fields = searchRequest().fields.filter((f) => f.name === "offset" || f.name === "limit");
    expect(fields.map((f) => [f.name, f.type, f.jsonString ?? false])).toEqual([
      ["offset", { kind: "scalar", name: "long" }, false],
      ["limit", { kind: "scalar", name: "long" }, false],
    ]);
  });

  it("sends createSearch with offset and limit as JSON numbers, and the validator accepts them", async () => {
    const server = await startRecordingServer([respond.json(201, { id: "s1" })]);
    const index = await load("index");
    const create = index[names.get("clientFactory", service.name)] as (options: object) => Client;
    const client = create({ baseUrl: server.origin });
    const request = {
      save: false,
      name: "numbers",
      timezone: "UTC",
      query: "submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}",
      offset: "0",
      limit: "100",
      sort: "id:asc",
    };
    await client[names.method("createSearch")]!(request);
    const [sent] = await server.waitForRequests(1);
    expect(sent!.body).toContain('"offset":0,"limit":100');
    expect(sent!.body).not.toContain('"offset":"0"');

    const validators = await load("validators");
    const validate = validators[names.get("validator", searchRequest().name)] as (
      value: unknown,
    ) => { ok: boolean };
    expect(validate(request).ok).toBe(true);
    expect(validate({ ...request, offset: "9223372036854775807" }).ok).toBe(true);
    expect(validate({ ...request, offset: "0.5" }).ok).toBe(false);

    // The server side reads the numbers back exactly, as the type holds them.
    const server_ = await load("server");
    const parse = server_[names.get("parser", searchRequest().name)] as (
      body: string,
    ) => Record<string, unknown>;
    const read = parse('{"offset":9223372036854775807,"limit":100}');
    expect([read.offset, read.limit]).toEqual(["9223372036854775807", "100"]);
  });
});
