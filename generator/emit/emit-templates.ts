import { readFile } from "node:fs/promises";
import path from "node:path";
import Handlebars from "handlebars";
import type { Model, Service } from "../model/ir.js";
import type { GeneratedFile } from "./generated-file.js";
import { PACKAGE_FILES } from "./paths.js";

export interface PackageInfo {
  readonly packageName: string;
  readonly version: string;
  readonly fastXmlParserVersion: string;
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
  const view = packageView(model, info);
  const out: GeneratedFile[] = [];
  for (const name of PACKAGE_FILES) {
    const source = await readFile(path.join(templatesDir, `${name}.hbs`), "utf8");
    const template = hb.compile(source, { noEscape: true, strict: true });
    out.push({ path: name, content: template(view) });
  }
  return out;
}

function packageView(model: Model, info: PackageInfo) {
  return {
    ...info,
    hasSoap: model.services.some((s) => s.protocol === "soap"),
    services: model.services.map(serviceView),
  };
}

function serviceView(s: Service) {
  return {
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
