import type { Entry, SchemaReader } from "./schema-reader.js";
import type { QueryAst, QueryFieldAst } from "./yaml-ast.js";
import { SENSITIVE_KINDS, type SensitiveKind } from "../../model/vocabulary.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";

/** Reads a `query:` block. */
export function readQuery(r: SchemaReader, entry: Entry): QueryAst | undefined {
  const what = "query";
  const e = r.map(entry.node, entry.at, what, [
    "fields",
    "wildcard",
    "recommend",
    "defaultWindowDays",
    "dateMathUnits",
    "timeZones",
    "presets",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const fields: QueryFieldAst[] = [];
  for (const item of r.seq(e.get("fields"), "query fields")) {
    const at = r.at(item);
    const f = r.map(item, at, "query field", ["name", "alias", "kind", "sensitive", ...DOC_KEYS]);
    if (!f) continue;
    const name = r.requiredString(f, "name", at, "a query field");
    const alias = r.string(f.get("alias"), "alias");
    const kind = r.string(f.get("kind"), "kind") ?? "text";
    if (kind !== "text" && kind !== "time")
      r.error(f.get("kind")!.at, 'query field kind must be "text" or "time"');
    const sensitive = r.string(f.get("sensitive"), "sensitive");
    const kinds = SENSITIVE_KINDS.filter((k) => k !== "query");
    if (sensitive !== undefined && !(kinds as readonly string[]).includes(sensitive))
      r.error(f.get("sensitive")!.at, `sensitive must be one of ${kinds.join(", ")}`);
    if (name === undefined) continue;
    fields.push({
      ...(sensitive !== undefined && (kinds as readonly string[]).includes(sensitive)
        ? { sensitive: sensitive as Exclude<SensitiveKind, "query"> }
        : {}),
      name,
      at: f.get("name")!.at,
      ...(alias !== undefined ? { alias: { name: alias, at: f.get("alias")!.at } } : {}),
      kind: kind === "time" ? "time" : "text",
      ...readDocs(r, f),
    });
  }
  const sub = (key: string, keys: readonly string[]) => {
    const se = e.get(key);
    if (!se) {
      r.error(entry.keyAt, `query needs "${key}"`);
      return undefined;
    }
    return r.map(se.node, se.at, key, keys);
  };
  const wildcard = sub("wildcard", ["leading", "minPrefix"]);
  const recommend = sub("recommend", ["maxValuesPerLookup", "maxWindowDays"]);
  const timeZones = r.requiredString(e, "timeZones", entry.keyAt, what);
  const defaultWindowDays = r.integer(e.get("defaultWindowDays"), "defaultWindowDays", 1, 3660);
  if (!e.has("defaultWindowDays")) r.error(entry.keyAt, 'query needs "defaultWindowDays"');
  const dateMathUnits = r
    .seq(e.get("dateMathUnits"), "dateMathUnits")
    .map((n) => r.scalarText(n, r.at(n), "a unit"))
    .filter((x): x is string => x !== undefined);
  const presets: QueryAst["presets"][number][] = [];
  for (const item of r.seq(e.get("presets"), "presets")) {
    const at = r.at(item);
    const p = r.map(item, at, "preset", ["name", "title", "range"]);
    if (!p) continue;
    const name = r.requiredString(p, "name", at, "a preset");
    const title = r.requiredProse(p, "title", at, "a preset");
    const range = r.requiredString(p, "range", at, "a preset");
    if (name !== undefined && !/^[a-z][A-Za-z0-9]*$/.test(name))
      r.error(p.get("name")!.at, `preset name "${name}" must be lowerCamel`);
    if (name !== undefined && title !== undefined && range !== undefined)
      presets.push({ name, title, range, at });
  }
  return {
    at: entry.keyAt,
    fields,
    wildcard: {
      leading: r.boolean(wildcard?.get("leading"), "leading") ?? false,
      minPrefix: r.integer(wildcard?.get("minPrefix"), "minPrefix", 0, 100) ?? 0,
    },
    recommend: {
      maxValuesPerLookup:
        r.integer(recommend?.get("maxValuesPerLookup"), "maxValuesPerLookup", 1) ??
        Number.MAX_SAFE_INTEGER,
      maxWindowDays:
        r.integer(recommend?.get("maxWindowDays"), "maxWindowDays", 1) ?? Number.MAX_SAFE_INTEGER,
    },
    defaultWindowDays: defaultWindowDays ?? 7,
    dateMathUnits,
    timeZones: { name: timeZones ?? "", at: e.get("timeZones")?.at ?? entry.keyAt },
    presets,
    ...readDocs(r, e),
  };
}
