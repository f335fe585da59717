import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { fn } from "../../helpers/generated.js";
import { writePackage } from "../../helpers/temp-package.js";

/**
 * Null as OpenAPI 3.0 (`nullable: true`) and 3.1 (`type: [T, "null"]`) say
 * it: `T | null` in the types, kept by readers and writers, accepted by
 * validators only where the contract allows it.
 */
const SPEC = (version: "3.0" | "3.1") => {
  const nullableString =
    version === "3.0" ? "{ type: string, nullable: true }" : '{ type: [string, "null"] }';
  const nullableOwner =
    version === "3.0"
      ? '{ nullable: true, allOf: [{ $ref: "#/components/schemas/Owner" }] }'
      : '{ oneOf: [{ $ref: "#/components/schemas/Owner" }, { type: "null" }] }';
  return `openapi: ${version === "3.0" ? "3.0.3" : "3.1.0"}
info: { title: Pets, version: "1" }
servers: [{ url: "https://pets.example.test" }]
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Pet" }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
components:
  schemas:
    Owner:
      type: object
      properties:
        name: { type: string }
    Pet:
      type: object
      required: [name, nickname]
      properties:
        name: { type: string }
        nickname: ${nullableString}
        owner: ${nullableOwner}
        tags:
          type: array
          items: ${nullableString}
`;
};

describe.each(["3.0", "3.1"] as const)("null in OpenAPI %s", (version) => {
  let json: Record<string, unknown>;
  let validators: Record<string, unknown>;
  let types: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-nullable-"));
    const file = path.join(dir, "pets.yaml");
    await writeFile(file, SPEC(version));
    const { files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [file],
      cwd: PROJECT_ROOT,
    });
    const pkg = await writePackage(files);
    types = files.find((f) => f.path === "pets/types.ts")!.content;
    [json, validators] = await Promise.all([
      pkg.load("pets", "json"),
      pkg.load("pets", "validators"),
    ]);
  });

  it("types a nullable value T | null, and a list's items one by one", () => {
    expect(types).toMatch(/nickname: string \| null;/);
    expect(types).toMatch(/tags\?: \(string \| null\)\[\];/);
  });

  it("reads and writes null where the contract allows it, and reads it as absent elsewhere", () => {
    const parse = fn<(text: string) => unknown>(json, "parsePet");
    const serialize = fn<(value: object) => string>(json, "serializePet");
    expect(parse('{"name":"Rex","nickname":null,"tags":["a",null]}')).toEqual({
      name: "Rex",
      nickname: null,
      tags: ["a", null],
    });
    expect(serialize({ name: "Rex", nickname: null, tags: ["a", null] })).toBe(
      '{"name":"Rex","nickname":null,"tags":["a",null]}',
    );
    // name is not nullable: null there is a missing required property.
    expect(() => parse('{"name":null,"nickname":"r"}')).toThrow(
      /name: required property is missing/,
    );
  });

  it("validates null only where the contract allows it", () => {
    const validate = fn<(value: unknown) => { ok: boolean; issues?: { path: string }[] }>(
      validators,
      "validatePet",
    );
    expect(validate({ name: "Rex", nickname: null, tags: [null] }).ok).toBe(true);
    expect(validate({ name: null, nickname: null }).issues?.map((i) => i.path)).toEqual(["name"]);
  });
});
