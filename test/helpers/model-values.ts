import { synthesizeField } from "../../generator/mock/synthesize-value.js";
import { seededRandom } from "../../generator/mock/seeded-random.js";
import { valueFits } from "../../generator/mock/value-fits.js";
import type { Field, ObjectType, ScalarName, Service } from "../../generator/model/ir.js";

/** A small seeded PRNG (mulberry32), so property tests are reproducible. */
export const rng: (seed: number) => () => number = seededRandom;

export interface ValueOptions {
  /** "random": a seeded mix; "full": every field present, lists of two, deterministic. */
  readonly mode: "random" | "full";
  readonly random?: () => number;
  /** XML cannot tell an empty repeated list from an absent one: never generate one. */
  readonly xml?: boolean;
  /** Values for sensitive fields, to prove they never leak. */
  readonly sensitiveValue?: (field: Field) => string;
}

const TEXT = [
  "plain",
  "with space",
  "a<b&c>\"d'",
  "ünïcödé €",
  "x".repeat(40),
  "tab\tinside",
  "0042",
];

/** A value of `type` that the generated validator must accept. */
export function valueOf(
  service: Service,
  typeName: string,
  options: ValueOptions,
  depth = 0,
): unknown {
  const type = service.types.find((t) => t.name === typeName);
  if (!type) throw new Error(`no type ${typeName}`);
  return objectValue(service, type, options, depth);
}

function objectValue(
  service: Service,
  type: ObjectType,
  o: ValueOptions,
  depth: number,
): Record<string, unknown> {
  const r = o.random ?? (() => 0.5);
  const out: Record<string, unknown> = {};
  if (type.kind === "opaque") return o.mode === "full" ? { note: "opaque" } : {};
  if (type.kind === "union") {
    // A value of the first variant (another in "random" mode), with the tag that names it.
    const variants = type.variants ?? [];
    const pick = variants[o.mode === "full" ? 0 : Math.floor(r() * variants.length)]!;
    const value = valueOf(service, pick, o, depth);
    const tag = type.discriminator?.mapping.find((m) => m.type === pick);
    if (tag) Object.assign(value as object, { [type.discriminator!.property]: tag.value });
    return value as Record<string, unknown>;
  }
  if (type.kind === "choice") {
    const members = type.allFields;
    const pick = o.mode === "full" ? members[0]! : members[Math.floor(r() * members.length)]!;
    out[pick.name] = fieldValue(service, pick, o, depth + 1);
    return out;
  }
  // A choice group holds one member (the first in "full" mode, any or none in "random" mode): the others are left out.
  const left = new Set<string>();
  for (const group of choiceGroups(service, type)) {
    const pick =
      o.mode === "full" || group.required
        ? Math.floor(o.mode === "full" ? 0 : r() * group.fields.length)
        : r() < 0.5
          ? Math.floor(r() * group.fields.length)
          : -1;
    group.fields.forEach((name, i) => {
      if (i !== pick) left.add(name);
    });
  }
  for (const f of type.allFields) {
    if (left.has(f.name)) continue;
    const chosen =
      type.allFields.length > 0 &&
      choiceGroups(service, type).some((g) => g.fields.includes(f.name));
    const include = f.required || chosen || (depth < 6 && (o.mode === "full" || r() < 0.6));
    if (include) out[f.name] = fieldValue(service, f, o, depth + 1);
  }
  return out;
}

/** The choice groups of a type and its bases. */
function choiceGroups(
  service: Service,
  type: ObjectType,
): readonly { readonly fields: readonly string[]; readonly required: boolean }[] {
  const base =
    type.base !== undefined ? service.types.find((t) => t.name === type.base) : undefined;
  return [...(base && base !== type ? choiceGroups(service, base) : []), ...(type.choices ?? [])];
}

function fieldValue(service: Service, f: Field, o: ValueOptions, depth: number): unknown {
  // A map: two keys, one of them named like an Object.prototype member, each holding what the field holds.
  if (f.map) {
    const { map: _map, ...entry } = f;
    return {
      first: fieldValue(service, entry, o, depth),
      toString: fieldValue(service, entry, o, depth),
    };
  }
  const r = o.random ?? (() => 0.5);
  // A nullable value: null for the second list item in "full" mode, and now and then in "random" mode.
  const one = (i: number) =>
    f.nullable && (o.mode === "full" ? i === 1 : r() < 0.2)
      ? null
      : singleValue(service, f, o, depth, i);
  if (!f.list) return f.nullable && o.mode === "full" && depth % 2 === 1 ? null : one(0);
  const min = Math.max(f.list.min, o.xml && f.list.item === undefined ? 1 : 0);
  const max = Math.min(f.list.max ?? 3, 3);
  const n =
    o.mode === "full" ? Math.min(2, max) : min + Math.floor(r() * (Math.max(max, min) - min + 1));
  return Array.from({ length: Math.max(n, min) }, (_, i) => one(i));
}

function singleValue(
  service: Service,
  f: Field,
  o: ValueOptions,
  depth: number,
  index: number,
): unknown {
  const r = o.random ?? (() => 0.5);
  if (f.const !== undefined) return f.const;
  if (f.sensitive && o.sensitiveValue && f.type.kind === "scalar") return o.sensitiveValue(f);
  // A value the package cannot type, marked by its name (a card): the marker inside it, where a card's number would be.
  const opaque = f.type.kind === "object" ? opaqueType(service, f.type.name) : undefined;
  if (f.sensitive && o.sensitiveValue && opaque) {
    const card = { number: o.sensitiveValue(f), note: "opaque" };
    return opaque.list ? [card] : card;
  }
  switch (f.type.kind) {
    case "object":
      return valueOf(service, f.type.name, o, depth);
    case "enum": {
      const values = service.enums.find((e) => e.name === f.type.name)!.values;
      return values[o.mode === "full" ? index % values.length : Math.floor(r() * values.length)]!
        .value;
    }
    case "scalar": {
      // A sample value the field's facets refuse (a pattern, a bound) gives way to one synthesized from them.
      const value = scalarValue(f.type.name, f, o, index);
      if (valueFits(service, f, value)) return value;
      const { list: _list, map: _map, nullable: _nullable, ...single } = f;
      const seed = o.mode === "full" ? index : Math.floor(r() * 2 ** 32);
      return synthesizeField(service, single, { seed });
    }
  }
}

function opaqueType(service: Service, name: string): ObjectType | undefined {
  const type = service.types.find((t) => t.name === name);
  return type?.kind === "opaque" ? type : undefined;
}

function scalarValue(name: ScalarName, f: Field, o: ValueOptions, index: number): unknown {
  const r = o.random ?? (() => 0.5);
  const pick = <T>(xs: readonly T[]): T =>
    xs[o.mode === "full" ? index % xs.length : Math.floor(r() * xs.length)]!;
  switch (name) {
    case "string": {
      let s = o.mode === "full" ? `${f.name}-${index + 1}` : pick(TEXT);
      const facet = (key: string) => f.facets.find((x) => x.key === key)?.value;
      const max = facet("maxLength");
      const min = facet("minLength");
      if (typeof max === "number") s = s.slice(0, max);
      if (typeof min === "number") s = s.padEnd(min, "x");
      return s;
    }
    case "boolean":
      return o.mode === "full" ? index % 2 === 0 : r() < 0.5;
    case "short":
      return pick([0, 1, 7, -32768, 32767]);
    case "int":
      return pick([0, 12, 100, -2147483648, 2147483647]);
    case "long":
      return pick(["1", "9007199254740993", "9223372036854775807", "-9223372036854775808", "42"]);
    case "decimal":
      return pick(["10.25", "0.01", "12345678901234567890.123456789", "7", "-3.50"]);
    case "double": {
      // Values that fit the field's facets: a whole number when it must be one, within its bounds.
      const facet = (key: string) => f.facets.find((x) => x.key === key)?.value;
      const lowest = facet("minimum") ?? facet("exclusiveMinimum");
      const highest = facet("maximum") ?? facet("exclusiveMaximum");
      const fits = (n: number) =>
        (facet("fractionDigits") !== 0 || Number.isInteger(n)) &&
        (lowest === undefined || n > Number(lowest)) &&
        (highest === undefined || n < Number(highest));
      const candidates = [0.5, 3, -0.125, 1e21, 2, 1].filter(fits);
      return candidates.length > 0
        ? pick(candidates)
        : Number(facet("minimum") ?? facet("maximum") ?? 0);
    }
    case "date":
      return pick(["2024-02-29", "2026-11-22"]);
    case "dateTime":
      return pick(["2024-02-29T12:34:56Z", "2026-11-22T03:07:00.123+05:45"]);
    case "gYearMonth":
      return pick(["2027-12", "2030-01"]);
    case "base64":
      return pick(["QUJD", "eyJhIjoxfQ=="]);
    case "uri":
      return pick(["https://example.test/hook", "https://example.test/a?b=1"]);
  }
}
