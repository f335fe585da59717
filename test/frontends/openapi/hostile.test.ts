import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  readOpenApi,
  type ReadOpenApiResult,
} from "../../../generator/frontends/openapi/read-openapi.js";
import { withoutPlaces } from "./read-fixture.js";

/** Descriptions no one should write, generated here, read from a temporary folder. */
describe("hostile descriptions", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "paygen-openapi-hostile-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function read(
    files: Record<string, string>,
    options: { maxBytes?: number; maxDepth?: number } = {},
  ): Promise<ReadOpenApiResult> {
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return readOpenApi({ file: Object.keys(files)[0]!, cwd: dir, limits: options });
  }

  const messages = (result: ReadOpenApiResult): string[] => result.problems.map((p) => p.message);

  /** A 3.0 document with the given components/schemas (JSON text of the map). */
  const withSchemas = (schemas: string): string =>
    `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": ${schemas}}}`;

  it("reports every duplicate key, in every file, at its position", async () => {
    const result = await read({
      "dup.json":
        '{"openapi": "3.0.3", "info": {"title": "t", "title": "u", "version": "1"},\n "paths": {"/a": {"$ref": "dup-paths.yaml#/a"}}}',
      "dup-paths.yaml":
        "a:\n  get:\n    responses: {'200': {description: ok}}\n  get:\n    responses: {}\n",
    });
    expect(result.document).toBeUndefined();
    expect(messages(result)).toEqual([
      'dup-paths.yaml:4:3: duplicate key "get" (first at line 2, column 3)',
      'dup.json:1:45: duplicate key "title" (first at line 1, column 31)',
    ]);
  });

  it("refuses nesting deeper than the limit, reading nothing of the file", async () => {
    const level = '{"type": "object", "properties": {"a": ';
    let schema = '{"type": "string"}';
    for (let i = 0; i < 5_000; i++) schema = `${level}${schema}}}`;
    const text = withSchemas(`{"Deep": ${schema}}`);
    const result = await read({ "deep.json": text });
    expect(result.document).toBeUndefined();
    // The document, components, schemas and Deep's schema are levels 1 to 4; each schema level adds two
    // (the schema, its properties), so level 513 is the properties object of the 255th schema.
    const col = text.indexOf(level) + 254 * level.length + level.indexOf('{"a"') + 1;
    expect(messages(result)).toEqual([
      `deep.json:1:${col}: nesting deeper than 512 levels; the reader stops at 512`,
    ]);
  });

  it("reads nesting within the limit without running out of stack, naming every level", async () => {
    let schema = '{"type": "string"}';
    for (let i = 0; i < 250; i++) schema = `{"type": "object", "properties": {"a": ${schema}}}`;
    const result = await read({ "nested.json": withSchemas(`{"Deep": ${schema}}`) });
    expect(messages(result)).toEqual([]);
    expect(result.document!.schemas.map((s) => s.name).slice(0, 3)).toEqual([
      "Deep",
      "DeepA",
      "DeepAA",
    ]);
    expect(result.document!.schemas).toHaveLength(250);
  });

  it("refuses a file over the size limit before reading it", async () => {
    const schemas = Array.from(
      { length: 20_000 },
      (_, i) =>
        `"S${i}": {"type": "object", "properties": {"id": {"type": "string", "maxLength": ${i}}}}`,
    ).join(",\n");
    const text = withSchemas(`{${schemas}}`);
    const result = await read({ "huge.json": text }, { maxBytes: 1024 * 1024 });
    expect(messages(result)).toEqual([
      `huge.json:1:1: the file is ${Buffer.byteLength(text)} bytes; at most 1048576 are read (raise the size limit to read it)`,
    ]);
  });

  it("reads a large generated description in time linear in its size", async () => {
    const make = (n: number): string => {
      const paths = Array.from(
        { length: n },
        (_, i) =>
          `"/items${i}/{id}": {"get": {"operationId": "get${i}", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item${i}"}}}}}}}`,
      );
      const schemas = Array.from(
        { length: n },
        (_, i) =>
          `"Item${i}": {"type": "object", "properties": {"id": {"type": "string"}, "next": {"$ref": "#/components/schemas/Item${(i + 1) % n}"}, "tags": {"type": "array", "items": {"type": "object", "properties": {"label${i}": {"type": "string"}}}}}}`,
      );
      return `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {${paths.join(",")}}, "components": {"schemas": {${schemas.join(",")}}}}`;
    };
    await writeFile(path.join(dir, "small.json"), make(40));
    await writeFile(path.join(dir, "large.json"), make(320));
    const cpu = (): number => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    const cost = async (file: string): Promise<number> => {
      const started = cpu();
      const result = await readOpenApi({ file, cwd: dir });
      expect(result.problems).toEqual([]);
      return cpu() - started;
    };
    for (let i = 0; i < 3; i++) await cost("small.json");
    await cost("large.json");
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      small = Math.min(small, await cost("small.json"));
      large = Math.min(large, await cost("large.json"));
    }
    // Linear work costs about 8 times as much; quadratic work 64 times.
    expect(large, `8n cost ${large} ms, n cost ${small} ms`).toBeLessThan(
      40 * Math.max(small, 0.5),
    );
    const document = (await readOpenApi({ file: "large.json", cwd: dir })).document!;
    expect(document.operations).toHaveLength(320);
    expect(document.schemas).toHaveLength(640);
  });

  it("keeps __proto__ and constructor as names like any other, polluting nothing", async () => {
    const result = await read({
      "proto.yaml": [
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        "paths:",
        "  /__proto__:",
        "    get:",
        "      operationId: constructor",
        "      parameters: [{name: __proto__, in: query, schema: {type: string}}]",
        "      responses:",
        "        '200':",
        "          description: ok",
        "          headers: {__proto__: {schema: {type: string}}}",
        "          content: {application/json: {schema: {$ref: '#/components/schemas/__proto__'}}}",
        "components:",
        "  schemas:",
        "    __proto__:",
        "      type: object",
        "      properties:",
        "        __proto__: {type: string}",
        "        constructor: {$ref: '#/components/schemas/constructor'}",
        "    constructor: {type: integer}",
        "",
      ].join("\n"),
    });
    expect(messages(result)).toEqual([]);
    const document = result.document!;
    expect(
      document.operations.map((o) => [
        o.name,
        o.path,
        o.parameters[0]!.name,
        o.responses[0]!.headers[0]!.name,
      ]),
    ).toEqual([["constructor", "/__proto__", "__proto__", "__proto__"]]);
    expect(withoutPlaces(document.schemas)).toEqual([
      {
        name: "__proto__",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "__proto__", required: false, schema: { kind: "shape", types: ["string"] } },
            {
              name: "constructor",
              required: false,
              schema: { kind: "ref", target: "constructor" },
            },
          ],
        },
      },
      { name: "constructor", origin: "component", schema: { kind: "shape", types: ["integer"] } },
    ]);
    expect(Object.prototype).not.toHaveProperty("type");
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it("reports loops of references between path items and between parameters, and a schema reference to something else", async () => {
    const result = await read({
      "loops.yaml": [
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        "paths:",
        "  /a:",
        "    $ref: 'loops.yaml#/paths/~1b'",
        "  /b:",
        "    $ref: 'loops.yaml#/paths/~1a'",
        "  /c:",
        "    get:",
        "      parameters: [{$ref: '#/components/parameters/p'}]",
        "      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: 'other.yaml#/Thing'}}}}}",
        "components:",
        "  parameters:",
        "    p: {$ref: '#/components/parameters/q'}",
        "    q: {$ref: '#/components/parameters/p'}",
        "",
      ].join("\n"),
      "other.yaml":
        "Thing:\n  type: object\n  properties:\n    back: {$ref: 'loops.yaml#/components/parameters'}\n    self: {$ref: '#/Thing'}\n",
    });
    expect(messages(result)).toEqual([
      'loops.yaml:5:5: $ref "loops.yaml#/paths/~1b" is part of a loop of references that never reaches a path item (at #/paths/~1a)',
      'loops.yaml:7:5: $ref "loops.yaml#/paths/~1a" is part of a loop of references that never reaches a path item (at #/paths/~1b)',
      'loops.yaml:15:8: $ref "#/components/parameters/p" is part of a loop of references that never reaches a parameter (at #/components/parameters/q)',
    ]);
    // other.yaml's "back" is a schema reference to the parameters: read as a schema, its keys are unknown (read past).
    expect(result.warnings.map((p) => p.message)).toEqual([
      'loops.yaml:14:5: warning: unknown key "p" in an OpenAPI 3.0 schema is read past (at #/components/parameters/p)',
      'loops.yaml:15:5: warning: unknown key "q" in an OpenAPI 3.0 schema is read past (at #/components/parameters/q)',
    ]);
  });

  it("refuses references to files it does not read: other kinds of files, folders, absent files", async () => {
    const result = await read({
      "files.yaml": [
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        "paths: {}",
        "components:",
        "  schemas:",
        "    Secret: {$ref: '/etc/passwd#/x'}",
        "    Folder: {$ref: './#/x'}",
        "    Absent: {$ref: 'absent.json#/x'}",
        "",
      ].join("\n"),
    });
    expect(messages(result)).toEqual([
      'files.yaml:6:20: $ref "/etc/passwd#/x": only .json, .yaml and .yml files are read (at #/components/schemas/Secret)',
      'files.yaml:7:20: $ref "./#/x": only .json, .yaml and .yml files are read (at #/components/schemas/Folder)',
      'files.yaml:8:20: $ref "absent.json#/x": the file absent.json does not exist (at #/components/schemas/Absent)',
    ]);
  });

  it("refuses a YAML description whose aliases would multiply it", async () => {
    const levels = ["x0: &a0 [s, s, s, s, s, s, s, s, s, s]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `x${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    const result = await read({
      "laughs.yaml": `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\nx-laughs:\n${levels.map((l) => `  ${l}`).join("\n")}\n`,
    });
    expect(result.document).toBeUndefined();
    expect(messages(result)).toEqual([
      "laughs.yaml:10:47: YAML: aliases expand the document beyond 1000000 nodes",
    ]);
  });
});
