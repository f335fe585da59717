import path from "node:path";
import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { SENSITIVE_KINDS, type SensitiveKind } from "../../model/vocabulary.js";
import { SchemaReader, type Entries, type Entry } from "../yaml/schema-reader.js";
import { readDocs } from "../yaml/read-docs.js";
import { readFlow } from "../yaml/read-flow.js";
import { readGap } from "../yaml/read-gap.js";
import type { SchemaFile } from "../yaml/schema-file.js";
import type {
  FieldPatch,
  OperationPatch,
  OverlayAst,
  OverlayDocs,
  ParameterPatch,
  TypePatch,
} from "./overlay-ast.js";

const TOP_KEYS = ["overlay", "types", "operations", "gaps", "flows"] as const;
const OVERLAY_KEYS = ["contract", "service", "title", "doc", "source", "notes"] as const;
const DOC_KEYS = ["doc", "source", "notes"] as const;
const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads an overlay file (a YAML document with a top-level `overlay:` key) into
 * its edits; every problem goes to `diagnostics` with its position. The
 * contract path is resolved relative to the overlay file and shown relative
 * to `cwd`, like every other path in messages.
 */
export function readOverlay(
  file: SchemaFile,
  overlayPath: string,
  cwd: string,
  diagnostics: Diagnostics,
): OverlayAst | undefined {
  const r = new SchemaReader(file, diagnostics);
  const root = r.map(
    file.root,
    { file: file.displayPath, line: 1, col: 1 },
    "the overlay",
    TOP_KEYS,
  );
  if (!root) return undefined;
  const head = root.get("overlay");
  if (!head) return undefined;
  const o = r.map(head.node, head.at, "overlay", OVERLAY_KEYS);
  if (!o) return undefined;
  const written = r.requiredString(o, "contract", head.keyAt, "overlay");
  if (written === undefined) return undefined;
  const contractFile = path
    .relative(cwd, path.resolve(path.dirname(overlayPath), written))
    .split(path.sep)
    .join("/");
  const serviceName = r.string(o.get("service"), "service");
  if (serviceName !== undefined && !SERVICE_NAME.test(serviceName))
    r.error(
      o.get("service")!.at,
      `service name "${serviceName}" must be lower-case words joined by "-"`,
    );
  const title = r.string(o.get("title"), "title");
  return {
    at: head.keyAt,
    contract: { written, file: contractFile, at: o.get("contract")!.at },
    ...(serviceName !== undefined
      ? { service: { name: serviceName, at: o.get("service")!.at } }
      : {}),
    ...(title !== undefined ? { title } : {}),
    docs: docsOf(r, o),
    types: root.has("types")
      ? r
          .namedMap(root.get("types")!.node, root.get("types")!.at, "types")
          .flatMap((e) => typePatch(r, e) ?? [])
      : [],
    operations: root.has("operations")
      ? r
          .namedMap(root.get("operations")!.node, root.get("operations")!.at, "operations")
          .flatMap((e) => operationPatch(r, e) ?? [])
      : [],
    gaps: root.has("gaps")
      ? r
          .namedMap(root.get("gaps")!.node, root.get("gaps")!.at, "gaps")
          .flatMap((e) => readGap(r, e) ?? [])
      : [],
    flows: root.has("flows")
      ? r
          .namedMap(root.get("flows")!.node, root.get("flows")!.at, "flows")
          .flatMap((e) => readFlow(r, e) ?? [])
      : [],
  };
}

function docsOf(r: SchemaReader, e: Entries): OverlayDocs {
  const { doc, source, notes } = readDocs(r, e);
  return { ...(doc !== undefined ? { doc } : {}), ...(source ? { source } : {}), notes };
}

function typePatch(r: SchemaReader, entry: Entry): TypePatch | undefined {
  const e = r.map(entry.node, entry.at, `type "${entry.key}"`, [
    "rename",
    "gap",
    "fields",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const rename = r.string(e.get("rename"), "rename");
  if (rename !== undefined && !TYPE_NAME.test(rename))
    r.error(e.get("rename")!.at, `"${rename}" is not a type name (letters, digits and "_")`);
  const gap = r.string(e.get("gap"), "gap");
  return {
    name: entry.key,
    at: entry.keyAt,
    ...(rename !== undefined ? { rename: { name: rename, at: e.get("rename")!.at } } : {}),
    ...(gap !== undefined ? { gap: { name: gap, at: e.get("gap")!.at } } : {}),
    docs: docsOf(r, e),
    fields: e.has("fields")
      ? r
          .namedMap(e.get("fields")!.node, e.get("fields")!.at, "fields")
          .flatMap((f) => fieldPatch(r, f) ?? [])
      : [],
  };
}

function fieldPatch(r: SchemaReader, entry: Entry): FieldPatch | undefined {
  const e = r.map(entry.node, entry.at, `field "${entry.key}"`, [
    "type",
    "sensitive",
    "required",
    "gap",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const type = r.string(e.get("type"), "type");
  const sensitiveText = r.string(e.get("sensitive"), "sensitive");
  let sensitive: SensitiveKind | "none" | undefined;
  if (sensitiveText !== undefined) {
    if (sensitiveText === "none" || SENSITIVE_KINDS.includes(sensitiveText as SensitiveKind))
      sensitive = sensitiveText as SensitiveKind | "none";
    else
      r.error(
        e.get("sensitive")!.at,
        `sensitive must be one of ${SENSITIVE_KINDS.join(", ")}, or none`,
      );
  }
  const required = r.boolean(e.get("required"), "required");
  const gap = r.string(e.get("gap"), "gap");
  const at = (key: string): Position => e.get(key)!.at;
  return {
    name: entry.key,
    at: entry.keyAt,
    ...(type !== undefined ? { type: { name: type, at: at("type") } } : {}),
    ...(sensitive ? { sensitive } : {}),
    ...(required !== undefined ? { required: { value: required, at: at("required") } } : {}),
    ...(gap !== undefined ? { gap: { name: gap, at: at("gap") } } : {}),
    docs: docsOf(r, e),
  };
}

function operationPatch(r: SchemaReader, entry: Entry): OperationPatch | undefined {
  const e = r.map(entry.node, entry.at, `operation "${entry.key}"`, ["parameters", ...DOC_KEYS]);
  if (!e) return undefined;
  return {
    name: entry.key,
    at: entry.keyAt,
    docs: docsOf(r, e),
    parameters: e.has("parameters")
      ? r
          .namedMap(e.get("parameters")!.node, e.get("parameters")!.at, "parameters")
          .flatMap((p) => parameterPatch(r, p) ?? [])
      : [],
  };
}

/** `name: { sensitive: <kind> | none }`: a REST parameter's mark. */
function parameterPatch(r: SchemaReader, entry: Entry): ParameterPatch | undefined {
  const e = r.map(entry.node, entry.at, `parameter "${entry.key}"`, ["sensitive"]);
  if (!e) return undefined;
  const text = r.string(e.get("sensitive"), "sensitive");
  if (text === undefined) {
    r.error(entry.keyAt, `parameter "${entry.key}" needs "sensitive"`);
    return undefined;
  }
  const kinds: readonly string[] = SENSITIVE_KINDS.filter((k) => k !== "query");
  if (text !== "none" && !kinds.includes(text)) {
    r.error(e.get("sensitive")!.at, `sensitive must be one of ${kinds.join(", ")}, or none`);
    return undefined;
  }
  return {
    name: entry.key,
    at: entry.keyAt,
    sensitive: text as ParameterPatch["sensitive"],
  };
}
