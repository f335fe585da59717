import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOpenApi } from "../../../generator/frontends/openapi/read-openapi.js";

describe("recognising a description by its content", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "paygen-openapi-formats-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function read(
    name: string,
    text: string,
  ): Promise<{ format?: string; version?: string; messages: string[] }> {
    await writeFile(path.join(dir, name), text);
    const result = await readOpenApi({ file: name, cwd: dir });
    return {
      ...(result.document
        ? { format: result.document.format, version: result.document.formatVersion }
        : {}),
      messages: result.problems.map((p) => p.message),
    };
  }

  it.each([
    [
      "swagger.yaml",
      'swagger: "2.0"\ninfo: {title: t, version: "1"}\npaths: {}\n',
      "swagger-2.0",
      "2.0",
    ],
    [
      "unquoted.yaml",
      "swagger: 2.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
      "swagger-2.0",
      "2.0",
    ],
    [
      "v30.json",
      '{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}}',
      "openapi-3.0",
      "3.0.0",
    ],
    [
      "v303.yml",
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n",
      "openapi-3.0",
      "3.0.3",
    ],
    ["v31.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n", "openapi-3.1", "3.1.0"],
    [
      "v311.json",
      '{"openapi": "3.1.1", "info": {"title": "t", "version": "1"}}',
      "openapi-3.1",
      "3.1.1",
    ],
  ])("reads %s as %s", async (name, text, format, version) => {
    expect(await read(name, text)).toEqual({ format, version, messages: [] });
  });

  it.each([
    [
      "v12.yaml",
      'swagger: "1.2"\n',
      'v12.yaml:1:10: unsupported Swagger version "1.2": only "2.0" is read (at #/swagger)',
    ],
    [
      "v32.yaml",
      "openapi: 3.2.0\n",
      'v32.yaml:1:10: unsupported OpenAPI version "3.2.0": 3.0.x and 3.1.x are read (at #/openapi)',
    ],
    [
      "none.yaml",
      "info: {title: t}\n",
      'none.yaml:1:1: none.yaml is not a Swagger 2.0 or OpenAPI 3.0/3.1 document: it has neither "swagger" nor "openapi" at the top (at #)',
    ],
    [
      "both.yaml",
      'swagger: "2.0"\nopenapi: 3.0.0\n',
      'both.yaml:2:1: a document has either "swagger" (2.0) or "openapi" (3.x), not both (at #/openapi)',
    ],
    [
      "list.json",
      "[]",
      'list.json:1:1: an API description must be an object with "swagger" or "openapi" at the top (at #)',
    ],
    ["missing.yaml", null, "missing.yaml:1:1: the file does not exist"],
    ["spec.txt", "openapi: 3.0.0\n", "spec.txt:1:1: only .json, .yaml and .yml files can be read"],
  ])("refuses %s", async (name, text, message) => {
    if (text !== null) await writeFile(path.join(dir, name), text);
    const result = await readOpenApi({ file: name, cwd: dir });
    expect(result.document).toBeUndefined();
    expect(result.problems.map((p) => p.message)).toEqual([message]);
  });

  it("reports the info an OpenAPI document needs", async () => {
    expect((await read("noinfo.yaml", "openapi: 3.0.0\npaths: {}\n")).messages).toEqual([
      'noinfo.yaml:1:1: a document needs "info" (with a title and a version) (at #)',
    ]);
    expect(
      (await read("notitle.yaml", "openapi: 3.0.0\ninfo: {version: '1'}\npaths: {}\n")).messages,
    ).toEqual(['notitle.yaml:2:7: info needs "title" (at #/info)']);
    expect(
      (await read("nopaths.yaml", "openapi: 3.0.0\ninfo: {title: t, version: '1'}\n")).messages,
    ).toEqual(['nopaths.yaml:1:1: an OpenAPI 3.0 document needs "paths" (at #)']);
  });
});
