import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { readJson } from "../../../generator/frontends/json/read-json.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import type { ApiDocument, Schema } from "../../../generator/frontends/openapi/openapi-model.js";
import { readOpenApi } from "../../../generator/frontends/openapi/read-openapi.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";
import { PROJECT_ROOT } from "./read-fixture.js";

/**
 * The publisher's REST specification, read where it is published next to the
 * project (never copied into it): the reader's test against real input.
 * Without it these tests skip, and the run says so once.
 */
const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");

async function readSpec(): Promise<ApiDocument> {
  const result = await readOpenApi({ file: SPEC, cwd: PROJECT_ROOT });
  expect(result.problems.map((p) => p.message)).toEqual([]);
  return result.document!;
}

/** Every schema of the model, wherever it is used: named schemas, parameters, bodies, headers. */
function everySchema(document: ApiDocument): Schema[] {
  const out: Schema[] = [];
  const walk = (schema: Schema | undefined): void => {
    if (!schema) return;
    out.push(schema);
    if (schema.kind === "ref") return;
    schema.properties?.forEach((p) => walk(p.schema));
    walk(schema.items);
    if (schema.additionalProperties) walk(schema.additionalProperties);
    schema.union?.variants.forEach(walk);
  };
  for (const named of document.schemas) walk(named.schema);
  for (const operation of document.operations) {
    operation.parameters.forEach((p) => walk(p.schema));
    operation.requestBody?.content.forEach((c) => walk(c.schema));
    for (const response of operation.responses) {
      response.content.forEach((c) => walk(c.schema));
      response.headers.forEach((h) => walk(h.schema));
    }
  }
  return out;
}

describeWithSpecs("the published REST specification (Swagger 2.0, 4 MB)", () => {
  let document: ApiDocument | undefined;
  const spec = async (): Promise<ApiDocument> => (document ??= await readSpec());

  it("reads without a problem, as Swagger 2.0, with its base URL", async () => {
    const read = await spec();
    expect([read.format, read.formatVersion, read.info.title]).toEqual([
      "swagger-2.0",
      "2.0",
      "CyberSource Merged Spec",
    ]);
    expect(read.baseUrls.map((b) => b.url)).toEqual(["https://apitest.cybersource.com"]);
  });

  it("has 61 operations, each with its own name, and the ones paygen's services use", async () => {
    const { operations } = await spec();
    expect(operations).toHaveLength(61);
    const names = operations.map((o) => o.name);
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(61);
    expect(
      operations.filter((o) => o.nameFrom !== "operationId").map((o) => `${o.method} ${o.path}`),
    ).toEqual([]);
    for (const name of [
      "createPayment",
      "authReversal",
      "capturePayment",
      "createSearch",
      "getSearch",
      "getTransaction",
      "createInstrumentIdentifier",
    ]) {
      expect(names).toContain(name);
    }
    const createPayment = operations.find((o) => o.name === "createPayment")!;
    expect([createPayment.method, createPayment.path, createPayment.pointer]).toEqual([
      "post",
      "/pts/v2/payments",
      "#/paths/~1pts~1v2~1payments/post",
    ]);
    expect(createPayment.at).toMatchObject({ line: 190, col: 21 });
    expect(createPayment.requestBody?.content.map((c) => [c.mediaType, c.schema])).toEqual([
      [
        "application/json;charset=utf-8",
        expect.objectContaining({ kind: "ref", target: "CreatePaymentRequest" }),
      ],
    ]);
    expect(createPayment.responses.map((r) => [r.status, r.content[0]?.schema])).toEqual([
      ["201", expect.objectContaining({ target: "PtsV2PaymentsPost201Response" })],
      ["400", expect.objectContaining({ target: "PtsV2PaymentsPost400Response" })],
      ["502", expect.objectContaining({ target: "PtsV2PaymentsPost502Response" })],
    ]);
  });

  it("resolves every reference: the file's $refs, and every reference of the model to a named schema", async () => {
    const read = await spec();
    // The merged specification writes its schemas in place: it has no $ref to resolve.
    const raw = readJson(readFileSync(SPEC, "utf8"), "spec.json", sourceLimits("json")).root!;
    const refs: string[] = [];
    const stack = [raw];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind === "object")
        for (const m of node.members.values())
          m.key === "$ref" ? refs.push(m.key) : stack.push(m.value);
      else if (node.kind === "array") stack.push(...node.items);
    }
    expect(refs).toEqual([]);
    const names = new Set(read.schemas.map((s) => s.name));
    const references = everySchema(read).filter((s) => s.kind === "ref");
    expect(references.length).toBeGreaterThan(500);
    expect(references.filter((r) => !names.has(r.target)).map((r) => r.pointer)).toEqual([]);
  });

  it("names 520 schemas: its 60 definitions and 460 distinct inline objects", async () => {
    const { schemas } = await spec();
    const count = (origin: string): number => schemas.filter((s) => s.origin === origin).length;
    expect([schemas.length, count("component"), count("inline"), count("referenced")]).toEqual([
      520, 60, 460, 0,
    ]);
    expect(new Set(schemas.map((s) => s.name)).size).toBe(520);
  });
});
