import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { RestOperation, Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { valueOf } from "../../helpers/model-values.js";
import { freePort, startPrism } from "../../helpers/prism.js";
import { writePackage } from "../../helpers/temp-package.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../../helpers/shared-specs.js";

const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");
// Without the published specifications the run's one notice says so; Prism is a devDependency, always installed by npm ci.
const present = HAS_SHARED_SPECS;

type Method = (...args: unknown[]) => Promise<unknown>;

/** A path value every path parameter of the specification accepts (ids of 16 to 32 digits among them). */
const PATH_VALUE = "7010000000016241111";

/**
 * The published REST specification's own validator: Prism, started on
 * 127.0.0.1 with `mock --errors`, answers 406, 415 or 422 to a request whose
 * media types, parameters or body the contract does not allow. Every
 * operation's request, built from minimal valid values, goes through the
 * generated client.
 */
describe.skipIf(!present)("the published REST specification's requests, checked by Prism", () => {
  let prism: ChildProcess | undefined;
  let service: Service;
  let names: ServiceNames;
  let client: Record<string, Method>;

  beforeAll(async () => {
    const port = await freePort();
    const starting = startPrism(SPEC, port);
    const { files, model } = await generate({
      schemasDir: "",
      from: [SPEC],
      cwd: PROJECT_ROOT,
    });
    service = model.services[0]!;
    names = (await packageNames(model, path.join(PROJECT_ROOT, "generator", "runtime"))).get(
      service.name,
    )!;
    const index = await (await writePackage(files)).load(service.name, "index");
    client = (
      index[names.get("clientFactory", service.name)] as (o: object) => Record<string, Method>
    )({ baseUrl: `http://127.0.0.1:${port}`, retry: { maxAttempts: 1 } });
    prism = await starting;
  }, 180_000);

  afterAll(() => {
    prism?.kill();
  });

  /** The arguments of an operation's method: path values, required parameters and a minimal request: required fields only, text of letters (which the specification's patterns accept). */
  const argumentsOf = (op: RestOperation): unknown[] => {
    const minimal = { mode: "random" as const, random: () => 0.7 };
    const params = [...(op.query ?? []), ...(op.headers ?? []), ...(op.cookies ?? [])];
    const holder = {
      ...service.types[0]!,
      name: "__Params",
      kind: "object" as const,
      fields: params,
      allFields: params,
      choices: [],
    };
    const paramValues =
      params.length > 0
        ? valueOf({ ...service, types: [...service.types, holder] }, "__Params", minimal)
        : undefined;
    return [
      ...op.params.map(() => PATH_VALUE),
      ...(paramValues !== undefined ? [paramValues] : []),
      ...(op.requestType
        ? [valueOf(service, op.requestType, minimal)]
        : op.wire?.request?.encoding === "text"
          ? [""]
          : []),
    ];
  };

  /**
   * What Prism made of each operation's request: `accepted` (a 2xx, or a 500
   * that reports violations of the response only: Prism's generated answer
   * breaking the contract's own limits), else the status and the request
   * violations Prism reports, or the client's refusal before sending.
   */
  async function sweep(): Promise<Map<string, string>> {
    const outcome = new Map<string, string>();
    for (const op of service.operations as RestOperation[]) {
      const method = client[names.method(op.name)]!;
      try {
        await method(...argumentsOf(op));
        outcome.set(op.name, "accepted");
      } catch (error) {
        const e = error as {
          status?: number;
          body?: { validation?: { location: string[]; message: string }[] };
          code?: string;
          name?: string;
          message?: string;
        };
        const violations = e.body?.validation ?? [];
        if (
          e.status === 500 &&
          violations.length > 0 &&
          violations.every((v) => v.location[0] === "response")
        )
          outcome.set(op.name, "accepted");
        else if (e.status !== undefined)
          outcome.set(
            op.name,
            `${e.status} ${violations.map((v) => `${v.location.join(".")}: ${v.message}`).join("; ")}`,
          );
        else outcome.set(op.name, `not sent: ${e.code ?? e.name} ${e.message ?? ""}`);
      }
    }
    return outcome;
  }

  it("accepts every request as generated: no 406, 415 or 422", async () => {
    const outcome = await sweep();
    const refused = [...outcome].filter(([, status]) => status !== "accepted");
    console.log(`Prism accepted ${outcome.size - refused.length} of ${outcome.size} requests`);
    expect(refused).toEqual([]);
  }, 180_000);
});
