import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

/**
 * Front ends do not import each other: what two of them share lives in a
 * module at the root of `generator/frontends/`, in the shared layer every
 * reader of positioned text uses (`source/`), or in a declared layer of
 * positioned text (`json/`: JSON and YAML text as positioned nodes and the
 * one member reader; `xml/`). Only that layer reads YAML text itself. The allowed edges between folders are this table; a
 * new folder, or a new edge, is a decision written here with its reason.
 */

const FRONTENDS = path.join(PROJECT_ROOT, "generator", "frontends");

/** A `shared` folder may be imported by every other one, and imports none itself. */
type Role = "front end" | "layer" | "shared";

/** Every folder of `generator/frontends/`, what it is, and the other folders it may import (with why). */
const FOLDERS: Readonly<
  Record<string, { role: Role; mayImport: Readonly<Record<string, string>> }>
> = {
  source: { role: "shared", mayImport: {} },
  json: { role: "layer", mayImport: {} },
  xml: { role: "layer", mayImport: {} },
  openapi: {
    role: "front end",
    mayImport: {
      json: "a Swagger/OpenAPI document is JSON or YAML text read into positioned nodes",
    },
  },
  wsdl: {
    role: "front end",
    mayImport: { xml: "WSDL and XSD files are XML text read into a positioned tree" },
  },
  yaml: {
    role: "front end",
    mayImport: {
      json: "a schema file is YAML text read into positioned nodes, its maps through the shared member reader",
    },
  },
  overlay: {
    role: "front end",
    mayImport: {
      yaml: "an overlay is written in the YAML schema language: its docs, flows and gaps are read by that language's readers",
    },
  },
};

/** Root modules that know every front end: the registry, and the format detection that picks one. No front end imports them. */
const REGISTRY_MODULES = ["registry.ts", "detect-contract-format.ts"];

/** Module (relative to `generator/frontends/`, `/` separators) → the modules it imports, resolved the same way; imports leaving the folder are kept as `../...`. */
type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The relative imports (static, re-exports and dynamic) of every TypeScript module under `generator/frontends/`. */
function frontEndImports(): ImportGraph {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(full, "utf8");
        const specs = [
          ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gms),
          ...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g),
        ].map((m) => m[1]!);
        graph.set(
          toPosix(path.relative(FRONTENDS, full)),
          specs.map((s) =>
            toPosix(
              path.relative(FRONTENDS, path.resolve(path.dirname(full), s.replace(/\.js$/, ".ts"))),
            ),
          ),
        );
      }
    }
  };
  walk(FRONTENDS);
  return graph;
}

const toPosix = (p: string): string => p.split(path.sep).join("/");

/** Every TypeScript module under `generator/` (relative to it, `/` separators) that imports the `yaml` package. */
function yamlPackageImporters(): string[] {
  const root = path.join(PROJECT_ROOT, "generator");
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith(".ts") &&
        /(?:\bfrom\s+|\bimport\(\s*|^import\s+)"yaml"/m.test(readFileSync(full, "utf8"))
      )
        out.push(toPosix(path.relative(root, full)));
    }
  };
  walk(root);
  return out.sort();
}

/** `json` for `json/read-json.ts`; undefined for a root module or one outside the front ends. */
const folderOf = (module: string): string | undefined =>
  module.startsWith("../") || !module.includes("/") ? undefined : module.split("/")[0];

/** Every import that breaks the table, as `from -> to: why`. */
function violations(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [from, imports] of graph) {
    const source = folderOf(from);
    if (source !== undefined && FOLDERS[source] === undefined)
      out.push(`${from}: the folder ${source} is not in the table`);
    for (const to of imports) {
      if (to.startsWith("../")) continue;
      const target = folderOf(to);
      if (target === undefined) {
        if (REGISTRY_MODULES.includes(to) && !REGISTRY_MODULES.includes(from))
          out.push(`${from} -> ${to}: only the registry knows every front end`);
        continue;
      }
      if (target === source || FOLDERS[target]?.role === "shared") continue;
      if (source === undefined) {
        // A root module: the registry's may import every front end; a shared one only the layers of text.
        if (!REGISTRY_MODULES.includes(from) && FOLDERS[target]?.role !== "layer")
          out.push(`${from} -> ${to}: a shared module imports no front end`);
      } else if (FOLDERS[source]?.mayImport[target] === undefined)
        out.push(`${from} -> ${to}: ${source} may not import ${target}`);
    }
  }
  return out.sort();
}

describe("the front ends' imports", () => {
  const graph = frontEndImports();

  it("reads every front end's modules", () => {
    for (const folder of Object.keys(FOLDERS))
      expect([...graph.keys()].some((m) => m.startsWith(`${folder}/`))).toBe(true);
    expect(graph.get("registry.ts")).toContain("openapi/front-end.ts");
    // The YAML schema language is registered like the others: the registry reads its folders.
    expect(graph.get("registry.ts")).toContain("yaml/read-yaml.ts");
  });

  it("has a row for every folder, and no front end imports another except by the table", () => {
    const folders = readdirSync(FRONTENDS, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(Object.keys(FOLDERS).sort());
    expect(violations(graph)).toEqual([]);
  });

  it("reads YAML text only in the shared layer: no front end imports the yaml package", () => {
    // One YAML decoder (its problems, depth limit and alias budget) for OpenAPI, overlays and the schema language.
    expect(yamlPackageImporters()).toEqual(["frontends/json/read-yaml-nodes.ts"]);
  });

  it("tells a contract's format in one module, which only the registry imports", () => {
    const importers = [...graph]
      .filter(([, imports]) => imports.includes("detect-contract-format.ts"))
      .map(([from]) => from);
    expect(importers).toEqual(["registry.ts"]);
  });

  it("reports each kind of edge the table forbids", () => {
    const bad: ImportGraph = new Map([
      ["xml/decode-xml.ts", ["yaml/load-schemas.ts", "source/source-problem.ts"]],
      ["source/source-limits.ts", ["json/read-json.ts"]],
      ["openapi/read-schema.ts", ["wsdl/xsd-builtins.ts", "json/json-node.ts"]],
      ["wsdl/read-wsdl.ts", ["registry.ts", "approximations.ts"]],
      ["approximations.ts", ["openapi/openapi-model.ts", "json/json-node.ts"]],
      ["graphql/read.ts", []],
    ]);
    expect(violations(bad)).toEqual([
      "approximations.ts -> openapi/openapi-model.ts: a shared module imports no front end",
      "graphql/read.ts: the folder graphql is not in the table",
      "openapi/read-schema.ts -> wsdl/xsd-builtins.ts: openapi may not import wsdl",
      "source/source-limits.ts -> json/read-json.ts: source may not import json",
      "wsdl/read-wsdl.ts -> registry.ts: only the registry knows every front end",
      "xml/decode-xml.ts -> yaml/load-schemas.ts: xml may not import yaml",
    ]);
  });
});
