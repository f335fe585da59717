import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/generated-file.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { CONTRACT_FIXTURES } from "../helpers/contract-fixtures.js";
import { FIXTURES } from "../helpers/generate-fixture.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../helpers/shared-specs.js";

/**
 * Every claim a generated README makes that can be checked against its own
 * package holds there: each name it writes as code is a name the package
 * declares; each import path of its examples is an entry of its manifest;
 * the dependencies it names are the manifest's; no table is empty.
 */
const PACKAGES: readonly {
  readonly name: string;
  readonly from?: string;
  readonly schemas?: string;
  readonly skip?: boolean;
}[] = [
  { name: "schemas/", schemas: path.join(PROJECT_ROOT, "schemas") },
  ...["names-rest", "names-soap", "rest-basic", "soap-basic"].map((f) => ({
    name: `fixture ${f}`,
    schemas: path.join(FIXTURES, f),
  })),
  ...CONTRACT_FIXTURES.map((c) => ({ name: c.name, from: c.file })),
  // A contract that shares a built-in service's name ("subscriptions"), not its operations.
  {
    name: "callbacks-3.0.yaml",
    from: path.join(PROJECT_ROOT, "test/frontends/openapi/fixtures/description/callbacks-3.0.yaml"),
  },
  ...[
    "cybersource-rest-spec.2020-02-17.json",
    "paypal-checkout-orders-v2.2024-02-02.json",
    "Service.2015-02-02.wsdl",
    "AnetApiSchema.xsd",
    "stripe-spec3.2022-04-12.json",
  ].map((file) => ({ name: file, from: sharedSpec(file), skip: !HAS_SHARED_SPECS })),
];

const WEB_GLOBALS = [
  "TypeError",
  "TextEncoder",
  "TextDecoder",
  "AbortController",
  "AbortSignal",
  "setTimeout",
  "URLSearchParams",
];

/** Every name the package's TypeScript declares: functions, constants, types, classes, and members of its interfaces and objects. */
function declaredNames(files: readonly GeneratedFile[]): Set<string> {
  // The platform's own names a README may point at, and the keys of the package's JSON files.
  const names = new Set<string>(WEB_GLOBALS);
  for (const f of files.filter((x) => x.path.endsWith(".json")))
    for (const m of f.content.matchAll(/"([A-Za-z_$][\w$]*)":/g)) names.add(m[1]!);
  for (const f of files) {
    if (!f.path.endsWith(".ts")) continue;
    for (const m of f.content.matchAll(
      /\b(?:function|const|let|type|interface|class|enum)\s+([A-Za-z_$][\w$]*)/g,
    ))
      names.add(m[1]!);
    for (const m of f.content.matchAll(/^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*[:(]/gm))
      names.add(m[1]!);
  }
  return names;
}

/** The code spans of a Markdown text that are one identifier written in camel or Pascal case (`createPaymentsClient`, `RetryPolicy`). */
function identifierSpans(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/`([A-Za-z_$][\w$]*)(?:\(\))?`/g)) {
    const name = m[1]!;
    if (/[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(name)) out.add(name);
  }
  return out;
}

/** The event types of the Events table: wire names the contract gives, not TypeScript names. */
function eventTypes(markdown: string): Set<string> {
  const section = /^### Events\n([\s\S]*?)(?=^#)/m.exec(markdown)?.[1] ?? "";
  return new Set([...section.matchAll(/^\| `([^`]+)` /gm)].map((m) => m[1]!));
}

/** The methods an example calls on a client it creates (`const client = createXClient(...)`, then `client.method(`). */
function clientCalls(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const [, variable] of markdown.matchAll(/const (\w+) = create\w+Client\(/g))
    for (const m of markdown.matchAll(new RegExp(`\\b${variable}\\.(\\w+)\\(`, "g")))
      out.add(m[1]!);
  return out;
}

describe.each(PACKAGES)("the README of $name", (pkg) => {
  it.skipIf(pkg.skip === true)(
    "names only what the package declares, imports only its entries, and has no empty table",
    async () => {
      const { files } = await generate({
        schemasDir: pkg.schemas ?? "",
        ...(pkg.from !== undefined ? { from: [pkg.from] } : {}),
        cwd: PROJECT_ROOT,
      });
      const readme = files.find((f) => f.path === "README.md")!.content;
      const manifest = JSON.parse(files.find((f) => f.path === "package.json")!.content) as {
        name: string;
        dependencies?: Record<string, string>;
        exports: Record<string, unknown>;
      };
      const declared = declaredNames(files);
      const events = eventTypes(readme);
      const undeclared = [...identifierSpans(readme), ...clientCalls(readme)].filter(
        (name) => !declared.has(name) && !events.has(name),
      );
      expect(undeclared).toEqual([]);
      const imports = [...readme.matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
      const entries = new Set(Object.keys(manifest.exports));
      expect(
        imports.filter(
          (i) =>
            i.startsWith(`${manifest.name}/`) && !entries.has(`.${i.slice(manifest.name.length)}`),
        ),
      ).toEqual([]);
      const dependencies = Object.keys(manifest.dependencies ?? {});
      expect(readme.includes("fast-xml-parser")).toBe(dependencies.includes("fast-xml-parser"));
      // A table's separator row followed by no data row.
      expect(readme).not.toMatch(/^\|(?: *-+ *\|)+\n(?!\|)/m);
    },
    240_000,
  );
});
