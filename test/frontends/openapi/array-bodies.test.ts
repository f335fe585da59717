import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { writePackage, type TempPackage } from "../../helpers/temp-package.js";

/** A JSON Patch body, as the wallet provider's Orders API has: an array of operations. */
const CONTRACT = `openapi: 3.0.3
info: { title: Orders, version: "1" }
servers: [{ url: https://api.example.com }]
paths:
  /orders/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    patch:
      operationId: patchOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: array, items: { $ref: "#/components/schemas/Patch" } }
      responses:
        "200":
          description: The changes made.
          content: { application/json: { schema: { type: array, items: { type: string } } } }
components:
  schemas:
    Patch:
      type: object
      required: [op]
      properties: { op: { type: string }, path: { type: string }, value: {} }
`;

describe("an OpenAPI body that is an array", () => {
  let pkg: TempPackage;
  let types: string;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-array-body-"));
    const file = path.join(dir, "orders.yaml");
    await writeFile(file, CONTRACT);
    const { files } = await generate({ schemasDir: "", from: [file], cwd: PROJECT_ROOT });
    types = files.find((f) => f.path === "orders/types.ts")!.content;
    pkg = await writePackage(files);
  }, 60_000);

  it("is typed as a list of untyped values, not as an object", () => {
    expect(types).toMatch(/export type PatchOrderRequest = readonly OpaqueValue\[\];/);
    expect(types).toMatch(/export type PatchOrderResponse = readonly OpaqueValue\[\];/);
  });

  it("is validated as a list, written as a list, and read back as one", async () => {
    const validators = await pkg.load("orders", "validators");
    const validate = validators["validatePatchOrderRequest"] as (v: unknown) => { ok: boolean };
    expect(validate([{ op: "replace", path: "/intent", value: "CAPTURE" }]).ok).toBe(true);
    expect(validate({ op: "replace" }).ok).toBe(false);
    const json = await pkg.load("orders", "json");
    const serialize = json["serializePatchOrderRequest"] as (v: unknown) => string;
    expect(serialize([{ op: "remove", path: "/a" }])).toBe('[{"op":"remove","path":"/a"}]');
    const parse = json["parsePatchOrderResponse"] as (body: string) => unknown;
    expect(parse('["a","b"]')).toEqual(["a", "b"]);
    expect(() => parse('{"a":1}')).toThrow(/expected a list/);
  });
});
