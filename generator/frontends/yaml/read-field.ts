import type { JsonNode } from "../json/json-node.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { pattern, wholeValuePattern } from "../../facets/pattern.js";
import { FACETS } from "../../facets/registry.js";
import { JSON_STRING_SCALARS } from "../../model/scalar-forms.js";
import {
  SENSITIVE_KINDS,
  XML_NODES,
  type SensitiveKind,
  type XmlNode,
} from "../../model/vocabulary.js";
import type { FieldAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs, readExamples } from "./read-docs.js";
import { isXmlElementName, readNamespace } from "./read-xml-names.js";

const FIELD_KEYS = [
  "name",
  "type",
  "fields",
  "required",
  "list",
  "map",
  "const",
  "default",
  ...FACETS.map((f) => f.key),
  "sensitive",
  "gap",
  "xml",
  "nullable",
  "json",
  "namespace",
  "example",
  "examples",
  ...DOC_KEYS,
] as const;

const MAX_NESTING = 24;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Reads a list of fields; `depth` bounds inline nesting. */
export function readFields(r: SchemaReader, items: readonly JsonNode[], depth = 0): FieldAst[] {
  const out: FieldAst[] = [];
  for (const item of items) {
    const field = readField(r, item, depth);
    if (field) out.push(field);
  }
  return out;
}

function readField(r: SchemaReader, node: JsonNode, depth: number): FieldAst | undefined {
  const at = r.at(node);
  if (depth > MAX_NESTING) {
    r.error(at, `fields are nested more than ${MAX_NESTING} levels deep`);
    return undefined;
  }
  const e = r.map(node, at, "field", FIELD_KEYS);
  if (!e) return undefined;
  const name = r.requiredString(e, "name", at, "a field");
  if (name === undefined) return undefined;
  if (
    name.length === 0 ||
    name.length > 200 ||
    /[\s<>&"'`]/.test(name) ||
    name.split(".").includes("__proto__")
  ) {
    r.error(e.get("name")!.at, `field name "${truncate(name)}" is not a valid wire name`);
    return undefined;
  }
  const typeEntry = e.get("type");
  const typeName = r.string(typeEntry, "type");
  const fieldsEntry = e.get("fields");
  const fields = fieldsEntry ? readFields(r, r.seq(fieldsEntry, "fields"), depth + 1) : undefined;
  if (typeName !== undefined && fieldsEntry)
    r.error(typeEntry!.keyAt, `field "${name}" has both "type" and "fields"; give one`);
  if (typeName === undefined && !fieldsEntry && !typeEntry)
    r.error(at, `field "${name}" needs a "type" (or inline "fields")`);

  const required = r.boolean(e.get("required"), "required") ?? false;
  const list = readList(r, e.get("list"), name);
  const sensitiveText = r.string(e.get("sensitive"), "sensitive");
  let sensitive: SensitiveKind | undefined;
  if (sensitiveText !== undefined) {
    if (SENSITIVE_KINDS.includes(sensitiveText as SensitiveKind))
      sensitive = sensitiveText as SensitiveKind;
    else r.error(e.get("sensitive")!.at, `sensitive must be one of ${SENSITIVE_KINDS.join(", ")}`);
  }
  const xmlEntry = e.get("xml");
  const xmlText = r.string(xmlEntry, "xml");
  let xml: XmlNode | undefined;
  if (xmlText !== undefined) {
    if (XML_NODES.includes(xmlText as XmlNode)) xml = xmlText as XmlNode;
    else
      r.error(
        xmlEntry!.at,
        `xml must be one of ${XML_NODES.join(", ")} (a field is a child element unless it says otherwise)`,
      );
  }
  const namespace = readNamespace(r, e.get("namespace"), "namespace");
  const constEntry = e.get("const");
  const constValue = constEntry ? r.constant(constEntry, "const") : undefined;
  const defaultEntry = e.get("default");
  const defaultValue = defaultEntry ? r.string(defaultEntry, "default") : undefined;
  const jsonString = readJsonForm(r, e.get("json"), typeName);
  const gapEntry = e.get("gap");
  const gap = r.string(gapEntry, "gap");
  const facets: FieldAst["facets"][number][] = [];
  for (const facet of FACETS) {
    const entry = e.get(facet.key);
    if (!entry) continue;
    const value =
      facet.valueKind === "count"
        ? r.integer(entry, facet.key)
        : facet.valueKind === "decimal"
          ? readDecimalText(r, entry.node, entry.at, facet.key)
          : r.string(entry, facet.key);
    // The schema language's patterns match the whole value (docs/schema-language.md).
    if (value !== undefined)
      facets.push({
        key: facet.key,
        value: facet === pattern && typeof value === "string" ? wholeValuePattern(value) : value,
        at: entry.at,
      });
  }
  return {
    name,
    at: e.get("name")!.at,
    ...(typeName !== undefined ? { type: { name: typeName, at: typeEntry!.at } } : {}),
    ...(fields ? { fields } : {}),
    required,
    ...(e.get("required") ? { requiredAt: e.get("required")!.keyAt } : {}),
    ...(list ? { list } : {}),
    ...(r.boolean(e.get("map"), "map") ? { map: { at: e.get("map")!.at } } : {}),
    ...(constValue !== undefined ? { const: { value: constValue, at: constEntry!.at } } : {}),
    ...(defaultValue !== undefined
      ? { default: { value: defaultValue, at: defaultEntry!.at } }
      : {}),
    facets,
    ...(sensitive ? { sensitive } : {}),
    examples: readExamples(r, e),
    ...(gap !== undefined ? { gap: { name: gap, at: gapEntry!.at } } : {}),
    ...(xml ? { xml: { node: xml, at: xmlEntry!.at } } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(r.boolean(e.get("nullable"), "nullable")
      ? { nullable: { at: e.get("nullable")!.at } }
      : {}),
    ...(jsonString ? { jsonString: true as const } : {}),
    ...readDocs(r, e),
  };
}

/**
 * `json: string` or `json: number`: how a JSON body carries a long or decimal.
 * The schema language's default is a string (`"12.50"`), as the gateway's
 * documents write amounts; `json: number` for a contract that writes a number.
 * Returns whether the field is carried as a string.
 */
function readJsonForm(
  r: SchemaReader,
  entry: Entry | undefined,
  typeName: string | undefined,
): boolean {
  const exact =
    typeName !== undefined && (JSON_STRING_SCALARS as readonly string[]).includes(typeName);
  const form = r.string(entry, "json");
  if (form === undefined) return exact;
  if (form !== "string" && form !== "number")
    r.error(
      entry!.at,
      `json must be "string" or "number" (how a JSON body carries a long or decimal)`,
    );
  else if (!exact)
    r.error(
      entry!.keyAt,
      `json applies to long and decimal fields only: every other type has one JSON form`,
    );
  return exact && form !== "number";
}

function readList(r: SchemaReader, entry: Entry | undefined, fieldName: string): FieldAst["list"] {
  if (!entry) return undefined;
  const at: Position = entry.at;
  if (entry.node.kind === "boolean") return entry.node.value ? { min: 0, at } : undefined;
  const e = r.map(entry.node, at, `list of "${fieldName}"`, [
    "min",
    "max",
    "item",
    "itemNamespace",
  ]);
  if (!e) return undefined;
  const min = r.integer(e.get("min"), "list min") ?? 0;
  let max: number | undefined;
  const maxEntry = e.get("max");
  if (maxEntry && !(maxEntry.node.kind === "string" && maxEntry.node.value === "unbounded")) {
    max = r.integer(maxEntry, 'list max (a whole number or "unbounded")', 1);
    if (max !== undefined && max < min) r.error(maxEntry.at, "list max is below list min");
  }
  const item = r.string(e.get("item"), "list item");
  if (item !== undefined && !isXmlElementName(item)) {
    r.error(e.get("item")!.at, `list item "${truncate(item)}" is not a valid XML element name`);
  }
  const itemNamespace = readNamespace(r, e.get("itemNamespace"), "list itemNamespace");
  if (itemNamespace !== undefined && item === undefined)
    r.error(
      e.get("itemNamespace")!.keyAt,
      "itemNamespace is the namespace of the item elements: give their name (item) too",
    );
  return {
    min,
    ...(max !== undefined ? { max } : {}),
    ...(item !== undefined ? { item } : {}),
    ...(itemNamespace !== undefined ? { itemNamespace } : {}),
    at,
  };
}

function readDecimalText(
  r: SchemaReader,
  node: JsonNode,
  at: Position | undefined,
  what: string,
): string | undefined {
  if (!at) return undefined;
  const text = r.scalarText(node, at, what);
  if (text === undefined) return undefined;
  if (!DECIMAL.test(text)) {
    r.error(at, `${what} must be a decimal number such as 0.01`);
    return undefined;
  }
  return text;
}

export function truncate(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
