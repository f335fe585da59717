import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/generated-file.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { listFiles } from "../../generator/write/write-atomic.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const OPENAPI = path.join(PROJECT_ROOT, "test", "frontends", "openapi", "fixtures", "description");

/** Every specifier a module imports or re-exports, static or dynamic. */
function specifiers(content: string): string[] {
  return [
    ...content.matchAll(
      /^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gms,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4])!);
}

/** The client entries of a package (its exports but the server entries), as source paths: `payments/index.ts`. */
function clientEntries(files: ReadonlyMap<string, string>): string[] {
  const manifest = JSON.parse(files.get("package.json")!) as {
    exports: Record<string, { import: string }>;
  };
  return Object.entries(manifest.exports)
    .filter(([key]) => !key.endsWith("/server"))
    .map(([, target]) => target.import.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts"));
}

/** Each module an entry reaches through relative imports, with the `node:` modules it imports. */
function nodeImportsReached(
  files: ReadonlyMap<string, string>,
  entry: string,
): { reached: number; nodeImports: string[] } {
  const seen = new Set<string>();
  const nodeImports: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const content = files.get(file);
    if (content === undefined) throw new Error(`${file} is imported but not generated`);
    seen.add(file);
    for (const specifier of specifiers(content)) {
      if (specifier.startsWith("node:")) nodeImports.push(`${file}: ${specifier}`);
      else if (specifier.startsWith("."))
        visit(path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, ".ts"));
    }
  };
  visit(entry);
  return { reached: seen.size, nodeImports };
}

const asMap = (files: readonly GeneratedFile[]) => new Map(files.map((f) => [f.path, f.content]));

/**
 * A client entry runs wherever `fetch` does (browsers, workers, edge
 * runtimes): no module it reaches imports a `node:` module (HTTP signatures
 * use Web Crypto; the XML parser is a plain ES module import).
 */
describe("the client entries of a generated package import no node: module", () => {
  it.each([
    { label: "the SOAP fixture", input: { schemasDir: path.join(FIXTURES, "soap-basic") } },
    { label: "the REST fixture", input: { schemasDir: path.join(FIXTURES, "rest-basic") } },
    {
      label: "an OpenAPI contract",
      input: { schemasDir: "", from: [path.join(OPENAPI, "pets-3.0.yaml")] },
    },
  ])("$label", async ({ input }) => {
    const files = asMap((await generate({ ...input, cwd: PROJECT_ROOT })).files);
    const entries = clientEntries(files);
    expect(entries).toContain("runtime/http/http-signature.ts");
    for (const entry of entries) {
      const { reached, nodeImports } = nodeImportsReached(files, entry);
      expect(reached, entry).toBeGreaterThan(1);
      expect(nodeImports, entry).toEqual([]);
    }
  });

  it("generated/ (the project's package)", async () => {
    const root = path.join(PROJECT_ROOT, "generated");
    const files = new Map<string, string>();
    for (const rel of await listFiles(root))
      files.set(rel, await readFile(path.join(root, rel), "utf8"));
    const entries = clientEntries(files);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries)
      expect(nodeImportsReached(files, entry).nodeImports, entry).toEqual([]);
  });
});
