import { readFile } from "node:fs/promises";
import path from "node:path";
import Handlebars from "handlebars";
import { compareText } from "../diagnostics/diagnostic.js";
import type { Model, RestOperation, Service } from "../model/ir.js";
import type { GeneratedFile } from "./generated-file.js";
import { PACKAGE_FILES } from "./paths.js";

export interface PackageInfo {
  readonly packageName: string;
  readonly version: string;
  readonly fastXmlParserVersion: string;
  /** devDependencies of the package: what its build script runs (name → version range). */
  readonly buildDependencies: Readonly<Record<string, string>>;
}

/**
 * Renders the non-code files of the package from `templates/*.hbs`. The view
 * handed to a template is plain data computed here: templates hold layout, no logic.
 */
export async function emitTemplates(templatesDir: string, model: Model, info: PackageInfo): Promise<GeneratedFile[]> {
  const hb = Handlebars.create();
  hb.registerHelper("json", (value: unknown) => JSON.stringify(value));
  hb.registerHelper("placeholder", (value: unknown) => `{${String(value)}}`);
  hb.registerHelper("md", (value: unknown) => markdownCell(typeof value === "string" ? value : ""));
  const examples = new Map<string, string>();
  for (const service of model.services) {
    try {
      examples.set(service.name, (await readFile(path.join(templatesDir, "examples", `${service.name}.ts`), "utf8")).trimEnd());
    } catch {
      // No example for this service.
    }
  }
  const view = packageView(model, info, examples);
  const out: GeneratedFile[] = [];
  for (const name of PACKAGE_FILES) {
    const source = await readFile(path.join(templatesDir, `${name}.hbs`), "utf8");
    const template = hb.compile(source, { noEscape: true, strict: true });
    out.push({ path: name, content: template(view) });
  }
  return out;
}

function packageView(model: Model, info: PackageInfo, examples: ReadonlyMap<string, string>) {
  return {
    ...info,
    buildDependencies: Object.entries(info.buildDependencies)
      .sort(([a], [b]) => compareText(a, b))
      .map(([name, version]) => ({ name, version })),
    hasSoap: model.services.some((s) => s.protocol === "soap"),
    hasRest: model.services.some((s) => s.protocol === "rest"),
    services: model.services.map((s) => serviceView(s, examples.get(s.name))),
  };
}

function serviceView(s: Service, example: string | undefined) {
  return {
    example: example ?? "",
    retries: s.operations.flatMap((op) => (op.protocol === "rest" ? [retryRow(op)] : [])),
    name: s.name,
    title: s.title,
    doc: s.doc ?? "",
    protocol: s.protocol.toUpperCase(),
    isRest: s.protocol === "rest",
    soap: s.soap ?? false,
    operationCount: s.operations.length,
    typeCount: s.types.length,
    enumCount: s.enums.length,
    operations: s.operations.map((op) => ({
      name: op.name,
      method: op.method,
      httpMethod: op.protocol === "rest" ? op.httpMethod : "",
      path: op.protocol === "rest" ? op.path : "",
      summary: firstSentence(op.doc ?? ""),
    })),
    flows: s.flows.map((f) => ({ name: f.name, operation: f.operation, summary: f.title ?? firstSentence(f.doc ?? "") })),
    gaps: s.gaps.map((g) => ({
      id: g.id,
      sourceLabel: g.source ? `${g.source.document} §${g.source.section}` : "",
      text: g.text,
      extension: g.extension,
    })),
  };
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(flat);
  return m ? m[1]! : flat;
}

/** Text safe inside a Markdown table cell: no pipes, no line breaks, no raw HTML. */
export function markdownCell(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** How the client retries one REST operation, in words, from its documented statuses. */
function retryRow(op: RestOperation) {
  const rules: string[] = [];
  const notFound = op.statuses.find((s) => s.code === 404 && s.retry);
  if (op.idempotent) {
    rules.push("429 after Retry-After (or back-off)", "500/502/503/504 and network failures with exponential back-off and jitter", "a timeout, never immediately");
    if (notFound?.retry) rules.push(`404 after ${Math.round((notFound.retry.delayMs ?? 0) / 60000)} minutes, at most ${notFound.retry.maxAttempts ?? 5} tries`);
  } else {
    rules.push("only when the request provably never left (connection refused, DNS failure)");
  }
  return { name: op.name, method: op.method, idempotent: op.idempotent ? "yes" : "no", rules: rules.join("; ") };
}
