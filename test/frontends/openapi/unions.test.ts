import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { fn } from "../../helpers/generated.js";
import { writePackage, type TempPackage } from "../../helpers/temp-package.js";

const run = promisify(execFile);

/**
 * oneOf and anyOf of named object schemas are unions: with a discriminator,
 * each variant carries its tag in the type (a switch on it narrows) and the
 * reader picks the variant the tag names; without one, the keys tell.
 */
const SPEC = `openapi: 3.0.3
info: { title: Zoo, version: "1" }
servers: [{ url: "https://zoo.example.test" }]
paths:
  /animals:
    post:
      operationId: addAnimal
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Animal" }
      responses:
        "200":
          description: Added.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Enclosure" }
components:
  schemas:
    Animal:
      oneOf:
        - { $ref: "#/components/schemas/Cat" }
        - { $ref: "#/components/schemas/Dog" }
      discriminator:
        propertyName: kind
        mapping:
          cat: "#/components/schemas/Cat"
          dog: "#/components/schemas/Dog"
    Cat:
      type: object
      required: [kind, lives]
      properties:
        kind: { type: string }
        lives: { type: integer, minimum: 1, maximum: 9 }
    Dog:
      type: object
      required: [kind, breed]
      properties:
        kind: { type: string }
        breed: { type: string }
    Enclosure:
      type: object
      properties:
        resident: { $ref: "#/components/schemas/Animal" }
        keeper: { $ref: "#/components/schemas/Keeper" }
    Keeper:
      anyOf:
        - { $ref: "#/components/schemas/Person" }
        - { $ref: "#/components/schemas/Robot" }
    Person:
      type: object
      required: [name]
      properties:
        name: { type: string }
    Robot:
      type: object
      required: [serial]
      properties:
        serial: { type: string }
`;

describe("unions from oneOf and anyOf", () => {
  let pkg: TempPackage;
  let json: Record<string, unknown>;
  let validators: Record<string, unknown>;
  let types: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-unions-"));
    await writeFile(path.join(dir, "zoo.yaml"), SPEC);
    const { files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "zoo.yaml")],
      cwd: PROJECT_ROOT,
    });
    pkg = await writePackage(files);
    types = files.find((f) => f.path === "zoo/types.ts")!.content;
    [json, validators] = await Promise.all([
      pkg.load("zoo", "json"),
      pkg.load("zoo", "validators"),
    ]);
  });

  it("types a discriminated union so a switch on the tag narrows", async () => {
    expect(types).toContain(
      'export type Animal = (Cat & { readonly kind: "cat" }) | (Dog & { readonly kind: "dog" });',
    );
    expect(types).toContain("export type Keeper = Person | Robot;");
    // A consumer's switch narrows: this compiles only if the tag narrows the union.
    await writeFile(
      path.join(pkg.root, "narrow.ts"),
      `import type { Animal } from "./zoo/types.js";\nexport function describe(a: Animal): string {\n  switch (a.kind) {\n    case "cat": return String(a.lives);\n    case "dog": return a.breed;\n  }\n}\n`,
    );
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--skipLibCheck",
        path.join(pkg.root, "narrow.ts"),
      ],
      { cwd: pkg.root },
    ).then(
      () => "",
      (e: { stdout: string }) => e.stdout,
    );
    expect(result).toBe("");
  });

  it("reads the variant the tag names, and refuses a tag that names none", () => {
    const parse = fn<(text: string) => unknown>(json, "parseEnclosure");
    expect(parse('{"resident":{"kind":"dog","breed":"collie"}}')).toEqual({
      resident: { kind: "dog", breed: "collie" },
    });
    expect(parse('{"resident":{"kind":"cat","lives":9}}')).toEqual({
      resident: { kind: "cat", lives: 9 },
    });
    expect(() => parse('{"resident":{"kind":"fish","fins":2}}')).toThrow(
      /resident\.kind: expected one of "cat", "dog"/,
    );
    // A required field of the named variant is missing: the variant's own reader says so.
    expect(() => parse('{"resident":{"kind":"dog"}}')).toThrow(
      /resident\.breed: required property is missing/,
    );
  });

  it("tells untagged variants apart by their keys", () => {
    const parse = fn<(text: string) => unknown>(json, "parseEnclosure");
    expect(parse('{"keeper":{"serial":"R2"}}')).toEqual({ keeper: { serial: "R2" } });
    expect(parse('{"keeper":{"name":"Ada"}}')).toEqual({ keeper: { name: "Ada" } });
    expect(() => parse('{"keeper":{"wings":2}}')).toThrow(
      /keeper: expected a value of one of Person, Robot/,
    );
  });

  it("validates and writes a value as the variant it is", () => {
    const validate = fn<(v: unknown) => { ok: boolean; issues?: { path: string; code: string }[] }>(
      validators,
      "validateAnimal",
    );
    expect(validate({ kind: "cat", lives: 3 }).ok).toBe(true);
    expect(validate({ kind: "cat", lives: 12 }).issues).toEqual([
      expect.objectContaining({ path: "lives", code: "range" }),
    ]);
    expect(validate({ kind: "bird" }).issues).toEqual([
      expect.objectContaining({ path: "kind", code: "choice" }),
    ]);
    const serialize = fn<(v: object) => string>(json, "serializeAnimal");
    expect(serialize({ kind: "dog", breed: "collie", extra: "dropped" })).toBe(
      '{"kind":"dog","breed":"collie"}',
    );
  });
});
