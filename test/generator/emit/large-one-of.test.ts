/**
 * A `oneOf` of thousands of variants: emitting grows linearly with the
 * number of variants. Counted, not timed: every read of a service's list of
 * types is counted while the package is emitted, for a union of n and of 4n
 * variants; an emitter that scans the list once per type (a map rebuilt per
 * call) reads it n² times.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emitPackage } from "../../../generator/emit/emit-package.js";
import { loadModel } from "../../../generator/generate.js";
import type { Model, ObjectType } from "../../../generator/model/ir.js";
import { BUILD_SCRIPT_FILE, RUNTIME_DIR, TEMPLATES_DIR } from "../../../generator/project-paths.js";

/** An OpenAPI 3.0 document whose one operation sends and answers a `oneOf` of `n` object variants. */
function oneOfContract(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    schemas[`V${i}`] = {
      type: "object",
      required: [`k${i}`],
      properties: { [`k${i}`]: { type: "string" } },
    };
  schemas["Big"] = {
    oneOf: Array.from({ length: n }, (_, i) => ({ $ref: `#/components/schemas/V${i}` })),
  };
  const big = { $ref: "#/components/schemas/Big" };
  const operation = {
    operationId: "postBig",
    requestBody: { content: { "application/json": { schema: big } } },
    responses: { "200": { description: "OK.", content: { "application/json": { schema: big } } } },
  };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Big", version: "1" },
    paths: { "/big": { post: operation } },
    components: { schemas },
  });
}

async function modelOf(n: number): Promise<Model> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-one-of-"));
  await writeFile(path.join(dir, "big.json"), oneOfContract(n));
  return loadModel({ schemasDir: dir, from: [path.join(dir, "big.json")], cwd: dir });
}

const EMIT_OPTIONS = {
  templatesDir: TEMPLATES_DIR,
  runtimeDir: RUNTIME_DIR,
  buildScriptFile: BUILD_SCRIPT_FILE,
  info: {
    packageName: "p",
    version: "0.1.0",
    fastXmlParserVersion: "^5.0.0",
    buildDependencies: {},
  },
};

/** How many times the emitters read an element of the service's list of types while emitting the package. */
async function typeReadsWhileEmitting(model: Model): Promise<number> {
  let reads = 0;
  const counted = model.services.map((service) => ({
    ...service,
    types: new Proxy(service.types, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as readonly ObjectType[],
  }));
  await emitPackage({ services: counted }, EMIT_OPTIONS);
  return reads;
}

describe("a oneOf of many variants", () => {
  it(
    "is emitted with reads of the type list that grow linearly with the variants",
    { timeout: 300_000 },
    async () => {
      const small = await typeReadsWhileEmitting(await modelOf(100));
      const large = await typeReadsWhileEmitting(await modelOf(400));
      // Linear: about 4 times as many reads; quadratic: about 16 times.
      expect(large / small).toBeLessThan(6);
    },
  );

  it(
    "of 3,000 variants generates, with every variant in the union's validator",
    { timeout: 600_000 },
    async () => {
      const model = await modelOf(3000);
      expect(model.services[0]!.types.find((t) => t.name === "Big")?.variants).toHaveLength(3000);
      const files = await emitPackage(model, EMIT_OPTIONS);
      const validators = files.find((f) => f.path.endsWith("/validators.ts"));
      expect(validators?.content).toContain("validateV2999");
    },
  );
});
