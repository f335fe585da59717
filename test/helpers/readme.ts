/**
 * The package README the templates write for a model, before formatting:
 * what the README tests read (tables unpadded, as the template writes them).
 */
import path from "node:path";
import { emitTemplates } from "../../generator/emit/emit-templates.js";
import { PROJECT_ROOT } from "../../generator/generate.js";
import type { Model } from "../../generator/model/ir.js";

/** The package facts the README tests use. */
export const README_PACKAGE = {
  packageName: "pkg",
  version: "1.0.0",
  fastXmlParserVersion: "5",
  buildDependencies: {},
};

/** The README of a package of `model`. */
export async function readme(model: Model): Promise<string> {
  const files = await emitTemplates(
    path.join(PROJECT_ROOT, "templates"),
    model,
    README_PACKAGE,
    [],
  );
  return files.find((f) => f.path === "README.md")!.content;
}
