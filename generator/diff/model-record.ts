import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GeneratedFile } from "../emit/generated-file.js";
import type { Model } from "../model/ir.js";
import { type RecordedService, recordedService, withDerivedMembers } from "./recorded-model.js";

/**
 * The model an output folder was generated from, and the package version it
 * was given, kept next to the generated files (`generated/.paygen-model.json`).
 * `generate --check` compares the schemas with it, so a stale output says what
 * the schema change does to the package and which release it needs. Prose
 * (`doc`, `source`, `notes`, `examples`, `approximations`) is left out, as is
 * how the types file writes a type (`includes`, `shapeOf`): neither changes a contract;
 * so is what the model builder derives from the rest (`recorded-model.ts`),
 * derived again when the record is read.
 */
export const MODEL_RECORD = ".paygen-model.json";

/** The members a record leaves out: prose, and how the types file writes a type. */
export const LEFT_OUT: ReadonlySet<string> = new Set([
  "doc",
  "source",
  "notes",
  "examples",
  "approximations",
  "includes",
  "shapeOf",
]);

/** Containers this deep or less are written one member a line: each type, enum and operation of a service is one line. */
const LINE_DEPTH = 4;

export interface ModelRecord {
  readonly version: string;
  readonly model: Model;
}

export function modelRecordFile(model: Model, version: string): GeneratedFile {
  const record = {
    about:
      "Written by paygen: the model this folder was generated from (without its prose and what is derived from the rest) and the package version, for `generate --check`.",
    version,
    model: { services: model.services.map(recordedService) },
  };
  const plain: unknown = JSON.parse(
    JSON.stringify(record, (key, value: unknown) => (LEFT_OUT.has(key) ? undefined : value)),
  );
  return { path: MODEL_RECORD, content: `${layOut(plain, 0)}\n` };
}

/**
 * JSON without indentation, containers down to `LINE_DEPTH` one member a line
 * and deeper ones on the line of their member: compact, the same bytes on any
 * machine, and a schema change shows as the lines of the types it changes.
 */
function layOut(value: unknown, depth: number): string {
  if (depth > LINE_DEPTH || value === null || typeof value !== "object")
    return JSON.stringify(value);
  const members = Array.isArray(value)
    ? value.map((item) => layOut(item, depth + 1))
    : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${layOut(v, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return members.length === 0 ? `${open}${close}` : `${open}\n${members.join(",\n")}\n${close}`;
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
  if (typeof version !== "string" || typeof model !== "object" || model === null) return undefined;
  const services = (model as { services?: unknown }).services;
  if (!Array.isArray(services) || !services.every(isRecordedService)) return undefined;
  // What is left out is read by no rule of the diff.
  return { version, model: { services: services.map(withDerivedMembers) } };
}

/** Enough of a recorded service to derive the rest from: its lists. */
function isRecordedService(value: unknown): value is RecordedService {
  if (typeof value !== "object" || value === null) return false;
  const s = value as Record<string, unknown>;
  return ["types", "enums", "operations", "flows", "events"].every((k) => Array.isArray(s[k]));
}
