import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GeneratedFile } from "../emit/generated-file.js";
import type { Model } from "../model/ir.js";

/**
 * The model an output folder was generated from, and the package version it
 * was given, kept next to the generated files (`generated/.paygen-model.json`).
 * `generate --check` compares the schemas with it, so a stale output says what
 * the schema change does to the package and which release it needs. Prose
 * (`doc`, `source`, `notes`, `examples`, `approximations`) is left out: it changes no contract.
 */
export const MODEL_RECORD = ".paygen-model.json";

const PROSE = new Set(["doc", "source", "notes", "examples", "approximations"]);

export interface ModelRecord {
  readonly version: string;
  readonly model: Model;
}

export function modelRecordFile(model: Model, version: string): GeneratedFile {
  const record = {
    about:
      "Written by paygen: the model this folder was generated from (without its prose) and the package version, for `generate --check` and `diff`.",
    version,
    model,
  };
  return {
    path: MODEL_RECORD,
    content: `${JSON.stringify(record, (key, value: unknown) => (PROSE.has(key) ? undefined : value), 1)}\n`,
  };
}

/** The record of an output folder; undefined when it has none, or one this paygen cannot read. */
export async function readModelRecord(outDir: string): Promise<ModelRecord | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(outDir, MODEL_RECORD), "utf8"));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { version, model } = parsed as { version?: unknown; model?: unknown };
  if (
    typeof version !== "string" ||
    typeof model !== "object" ||
    model === null ||
    !Array.isArray((model as { services?: unknown }).services)
  )
    return undefined;
  // The prose left out is read by no rule of the diff.
  return { version, model: model as Model };
}
