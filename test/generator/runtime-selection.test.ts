import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const OPENAPI = path.join(PROJECT_ROOT, "test", "frontends", "openapi", "fixtures", "description");

async function generatedPackage(input: { schemas: string } | { from: string }) {
  const { files } = await generate(
    "from" in input
      ? { schemasDir: "", from: [input.from], cwd: PROJECT_ROOT }
      : { schemasDir: input.schemas, cwd: PROJECT_ROOT },
  );
  const manifest = JSON.parse(files.find((f) => f.path === "package.json")!.content) as {
    dependencies: Record<string, string>;
  };
  const runtime = files
    .filter((f) => f.path.startsWith("runtime/"))
    .map((f) => f.path.slice("runtime/".length));
  return { manifest, runtime };
}

const XML_RUNTIME = ["xml.ts", "soap-call.ts", "soap-result.ts"];

/**
 * A generated package ships the runtime modules its code reaches, and its
 * package.json declares every package they import, at the version paygen is
 * tested with: `npm install` in it alone is enough to build it.
 */
describe("the runtime a generated package ships, and the dependencies it declares", () => {
  it("a REST package without a query language: no XML or SOAP runtime, no query language, no dependency", async () => {
    const { manifest, runtime } = await generatedPackage({
      from: path.join(OPENAPI, "pets-3.0.yaml"),
    });
    expect(manifest.dependencies).toEqual({});
    for (const file of XML_RUNTIME) expect(runtime).not.toContain(file);
    expect(runtime.filter((f) => f.startsWith("search-query/"))).toEqual([]);
    expect(runtime).toEqual(
      expect.arrayContaining([
        "errors.ts",
        "json.ts",
        "rest-call.ts",
        "http/transport.ts",
        "http/http-signature.ts",
      ]),
    );
  });

  it("a REST package with a query language: its runtime, and still no XML and no dependency", async () => {
    const { manifest, runtime } = await generatedPackage({
      schemas: path.join(FIXTURES, "rest-basic"),
    });
    expect(manifest.dependencies).toEqual({});
    for (const file of XML_RUNTIME) expect(runtime).not.toContain(file);
    expect(runtime).toContain("search-query/parser.ts");
  });

  it("a SOAP package: the XML runtime, and fast-xml-parser declared at the version paygen uses", async () => {
    const own = JSON.parse(await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const { manifest, runtime } = await generatedPackage({
      schemas: path.join(FIXTURES, "soap-basic"),
    });
    expect(manifest.dependencies).toEqual({
      "fast-xml-parser": `^${own.dependencies["fast-xml-parser"]}`,
    });
    expect(runtime).toEqual(expect.arrayContaining(XML_RUNTIME));
    expect(runtime.filter((f) => f.startsWith("search-query/"))).toEqual([]);
  });
});
