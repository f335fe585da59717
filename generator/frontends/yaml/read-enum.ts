import type { JsonNode } from "../json/json-node.js";
import type { EnumAst, EnumValueAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";

/** Reads one entry of `enums:`. */
export function readEnum(r: SchemaReader, entry: Entry): EnumAst | undefined {
  const e = r.map(entry.node, entry.at, `enum "${entry.key}"`, [
    "values",
    "default",
    "groups",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const values = e.has("values") ? readValues(r, r.seq(e.get("values"), "values")) : [];
  let groups: EnumAst["groups"];
  const groupsEntry = e.get("groups");
  if (groupsEntry) {
    const g = r.map(groupsEntry.node, groupsEntry.at, "groups", ["by", "members"]);
    const by = g ? r.requiredString(g, "by", groupsEntry.at, "groups") : undefined;
    const members = g?.get("members")
      ? r.namedMap(g.get("members")!.node, g.get("members")!.at, "groups members").map((m) => ({
          group: m.key,
          at: m.keyAt,
          values: readValues(r, r.seq(m, `members of "${m.key}"`)),
        }))
      : [];
    if (g && !g.has("members")) r.error(groupsEntry.at, 'groups needs "members"');
    if (by !== undefined) groups = { by: { name: by, at: g!.get("by")!.at }, members };
  }
  if (values.length === 0 && !groups) r.error(entry.keyAt, `enum "${entry.key}" has no values`);
  if (e.has("values") && groups)
    r.error(
      e.get("values")!.keyAt,
      `enum "${entry.key}" has "groups": its values are the group members, so leave "values" out`,
    );
  const def = r.string(e.get("default"), "default");
  return {
    name: entry.key,
    at: entry.keyAt,
    values,
    ...(def !== undefined ? { default: { value: def, at: e.get("default")!.at } } : {}),
    ...(groups ? { groups } : {}),
    ...readDocs(r, e),
  };
}

function readValues(r: SchemaReader, items: readonly JsonNode[]): EnumValueAst[] {
  const out: EnumValueAst[] = [];
  for (const item of items) {
    const at = r.at(item);
    const text = r.itemText(item);
    if (text !== undefined) {
      out.push({ value: text, at, notes: [] });
      continue;
    }
    const e = r.map(item, at, "enum value", ["value", ...DOC_KEYS]);
    if (!e) continue;
    const value = r.requiredString(e, "value", at, "an enum value");
    if (value !== undefined) out.push({ value, at, ...readDocs(r, e) });
  }
  return out;
}
