import type { Position } from "../../diagnostics/diagnostic.js";
import type { FacetValueKind } from "../../facets/facet.js";
import { FACETS } from "../../facets/registry.js";
import { canonicalJsonText } from "../json/json-value.js";
import { SourceProblems } from "../source/source-problem.js";
import type { Bound, Property, Schema, SchemaShape, SchemaType } from "./openapi-model.js";

/** Keys of a shape that hold a count. */
type CountKey = {
  [K in keyof ShapeDraft]-?: ShapeDraft[K] extends number | undefined ? K : never;
}[keyof ShapeDraft];

/**
 * The facets kept on the shape under their keyword (a bound is one `Bound` a
 * side, merged apart), by how `allOf` merges them, from each facet's
 * definition: counts that bound from below or above, and the others.
 */
const KEYWORD_FACETS = (() => {
  const lower: CountKey[] = [];
  const upper: CountKey[] = [];
  const any: { keyword: keyof ShapeDraft; valueKind: FacetValueKind }[] = [];
  for (const { openApi, valueKind, direction } of FACETS) {
    if (openApi?.keyword === undefined || openApi.bound !== undefined) continue;
    if (valueKind === "count" && direction === "lower") lower.push(openApi.keyword as CountKey);
    else if (valueKind === "count" && direction === "upper")
      upper.push(openApi.keyword as CountKey);
    else any.push({ keyword: openApi.keyword as keyof ShapeDraft, valueKind });
  }
  return { lower, upper, any };
})();

/** A `SchemaShape` being built. */
export type ShapeDraft = { -readonly [K in keyof SchemaShape]: SchemaShape[K] };

/** One schema merged by `allOf`: the shape, and whether it was reached through a `$ref` (a named base). */
export interface AllOfPart {
  readonly shape: SchemaShape;
  /** True when the part is a reference: its documentation stays with the named schema, and it is a base. */
  readonly isReference: boolean;
  /** Where the part is written in the `allOf` list. */
  readonly at: Position;
  readonly pointer: string;
}

/** What merging needs from the reader: how schemas compare, and how a referenced property schema is annotated. */
export interface MergeHelpers {
  readonly problems: SourceProblems;
  /** Equal keys for schemas that say the same. */
  readonly keyOf: (schema: Schema) => string;
  /** `schema` with the annotations of `annotations` (description, readOnly, ...) added, as a new schema. */
  readonly annotate: (schema: Schema, annotations: SchemaShape) => Schema;
}

/**
 * The part whose reading a conflict keeps, told from the part the warning is
 * at: an earlier item of the same `allOf` by its index alone (`allOf/0`), so
 * that the same conflict repeated across a contract reads the same and the
 * README lists it once with every place; another part by its line (a file
 * name only when it is in another file: a file name would be the reader's
 * path, which the package README must not hold) and its pointer.
 */
function keptPart(first: AllOfPart, second: AllOfPart): string {
  const item = /^(.*)\/(allOf\/\d+)$/;
  const [a, b] = [item.exec(first.pointer), item.exec(second.pointer)];
  if (a !== null && b !== null && a[1] === b[1]) return `the earlier part (${a[2]})`;
  const place =
    first.at.file === second.at.file
      ? `line ${first.at.line}:${first.at.col}`
      : `${first.at.file}:${first.at.line}:${first.at.col}`;
  return `the part at ${place} (${first.pointer})`;
}

/**
 * Merges the parts of an `allOf` (in order) with the keywords written next
 * to it (`own`, last): every part applies, so types intersect, lower bounds
 * take the highest, upper bounds the lowest, enums intersect, properties and
 * required names unite; a property defined in two parts is the merge of
 * both definitions when they hold at once (one narrows the other). What
 * cannot hold at once (two types with nothing in common, two formats, two
 * patterns, a property defined two different ways, two unions) keeps the
 * first part's reading (a value both parts allow fits it: the read is safe,
 * only less precise) with an `allof-conflict` warning naming both parts. Documentation
 * comes from `own` and from parts written in place, not from referenced
 * parts: a derived schema does not take its base's description.
 */
export function mergeAllOf(
  own: ShapeDraft,
  parts: readonly AllOfPart[],
  helpers: MergeHelpers,
): ShapeDraft {
  const ownPart: AllOfPart = { shape: own, isReference: false, at: own.at, pointer: own.pointer };
  const all = [...parts, ownPart];
  const merged: ShapeDraft = { kind: "shape", at: own.at, pointer: own.pointer, types: [] };
  const origin = new Map<string, AllOfPart>();
  const conflict = (what: string, first: AllOfPart, second: AllOfPart, detail: string): void => {
    helpers.problems.warning(
      second.at,
      "allof-conflict",
      `allOf parts disagree on ${what}: ${detail}; the reading of ${keptPart(first, second)} is kept, which every value both allow fits`,
      second.pointer,
    );
  };
  /** Keeps the first value of a keyword; a different later value is a conflict. */
  const same = <K extends keyof ShapeDraft>(
    key: K,
    part: AllOfPart,
    text: (v: NonNullable<ShapeDraft[K]>) => string,
  ): void => {
    const value = part.shape[key];
    if (value === undefined) return;
    const current = merged[key];
    if (current === undefined) {
      merged[key] = value as ShapeDraft[K];
      origin.set(key, part);
    } else if (
      text(current as NonNullable<ShapeDraft[K]>) !== text(value as NonNullable<ShapeDraft[K]>)
    ) {
      conflict(
        `"${key}"`,
        origin.get(key)!,
        part,
        `${text(current as NonNullable<ShapeDraft[K]>)} and ${text(value as NonNullable<ShapeDraft[K]>)}`,
      );
    }
  };
  const quoted = (v: string): string => JSON.stringify(v);

  // Documentation: own first, then parts written in place, in order.
  for (const part of [ownPart, ...parts]) {
    if (part.isReference) continue;
    const shape = part.shape;
    if (merged.title === undefined && shape.title !== undefined) merged.title = shape.title;
    if (merged.description === undefined && shape.description !== undefined)
      merged.description = shape.description;
    if (merged.default === undefined && shape.default !== undefined) merged.default = shape.default;
    if (merged.examples === undefined && shape.examples !== undefined)
      merged.examples = shape.examples;
  }

  let typesFrom: AllOfPart | undefined;
  const properties = new Map<string, { property: Property; part: AllOfPart }>();
  for (const part of all) {
    const shape = part.shape;
    if (shape.types.length > 0) {
      if (!typesFrom) {
        merged.types = shape.types;
        typesFrom = part;
      } else {
        const common = intersectTypes(merged.types, shape.types);
        if (common.length === 0)
          conflict(
            "the type",
            typesFrom,
            part,
            `${merged.types.map(quoted).join(" or ")} and ${shape.types.map(quoted).join(" or ")}`,
          );
        else merged.types = common;
      }
    }
    same("format", part, quoted);
    // A facet no order says more of (a pattern, a step) is kept from one part; the parts' bounds are merged below.
    for (const { keyword, valueKind } of KEYWORD_FACETS.any)
      same(keyword, part, (v) => (valueKind === "text" ? quoted(String(v)) : String(v)));
    same("const", part, canonicalJsonText);
    same("items", part, helpers.keyOf);
    same("union", part, (u) => `a ${u.kind} union at ${u.pointer}`);
    if (!part.isReference) same("discriminator", part, (d) => quoted(d.propertyName));
    if (shape.deprecated) merged.deprecated = true;
    if (shape.readOnly) merged.readOnly = true;
    if (shape.writeOnly) merged.writeOnly = true;
    if (shape.uniqueItems) merged.uniqueItems = true;
    // Every part holds: the highest lower bound, the lowest upper bound.
    for (const key of [...KEYWORD_FACETS.lower, "minItems", "minProperties"] as const) {
      const value = shape[key];
      if (value !== undefined) merged[key] = Math.max(merged[key] ?? value, value);
    }
    for (const key of [...KEYWORD_FACETS.upper, "maxItems", "maxProperties"] as const) {
      const value = shape[key];
      if (value !== undefined) merged[key] = Math.min(merged[key] ?? value, value);
    }
    if (shape.minimum) merged.minimum = tighter(merged.minimum, shape.minimum, "lower");
    if (shape.maximum) merged.maximum = tighter(merged.maximum, shape.maximum, "upper");
    if (shape.enum) {
      if (!merged.enum) {
        merged.enum = shape.enum;
        origin.set("enum", part);
      } else {
        const allowed = new Set(shape.enum.map(canonicalJsonText));
        const common = merged.enum.filter((v) => allowed.has(canonicalJsonText(v)));
        if (common.length === 0)
          conflict('"enum"', origin.get("enum")!, part, "no value is in both lists");
        else merged.enum = common;
      }
    }
    if (shape.additionalProperties !== undefined) {
      const current = merged.additionalProperties;
      const value = shape.additionalProperties;
      if (current === undefined || value === false) merged.additionalProperties = value;
      else if (current !== false && helpers.keyOf(current) !== helpers.keyOf(value)) {
        conflict(
          '"additionalProperties"',
          origin.get("additionalProperties")!,
          part,
          "two different schemas",
        );
      }
      if (current === undefined || value === false) origin.set("additionalProperties", part);
    }
    for (const property of shape.properties ?? []) {
      const known = properties.get(property.name);
      if (!known) {
        properties.set(property.name, { property, part });
        continue;
      }
      const required = known.property.required || property.required;
      const before = known.property.schema;
      const after = property.schema;
      let schema: Schema | undefined;
      if (helpers.keyOf(before) === helpers.keyOf(after)) schema = before;
      else if (isAnnotationOnly(after)) schema = helpers.annotate(before, after);
      else if (isAnnotationOnly(before)) schema = after;
      else schema = intersection(before, after, helpers);
      if (schema === undefined) {
        conflict(
          `property "${property.name}"`,
          known.part,
          part,
          "it is defined differently in each, and neither narrows the other",
        );
        schema = before;
      }
      properties.set(property.name, {
        property: { ...known.property, required, schema },
        part: known.part,
      });
    }
  }
  if (properties.size > 0 || all.some((p) => p.shape.properties !== undefined)) {
    merged.properties = [...properties.values()].map((p) => p.property);
  }
  return withoutUndefined(merged);
}

/**
 * Two definitions of one property that hold at once (`{type: string}` and
 * `{type: string, maxLength: 5}`): their merge, when merging them finds no
 * conflict (one narrows the other, or each adds facets the other lacks);
 * undefined otherwise. References are compared as they are, not followed.
 */
function intersection(a: Schema, b: Schema, helpers: MergeHelpers): Schema | undefined {
  if (a.kind !== "shape" || b.kind !== "shape") return undefined;
  const trial = new SourceProblems();
  const part = (shape: SchemaShape): AllOfPart => ({
    shape,
    isReference: false,
    at: shape.at,
    pointer: shape.pointer,
  });
  const own: ShapeDraft = {
    kind: "shape",
    at: a.at,
    pointer: a.pointer,
    types: [],
  };
  const merged = mergeAllOf(own, [part(a), part(b)], {
    ...helpers,
    problems: trial,
  });
  return trial.sorted().length === 0 ? merged : undefined;
}

/** The types both lists allow (`integer` is a `number`). */
export function intersectTypes(a: readonly SchemaType[], b: readonly SchemaType[]): SchemaType[] {
  const out: SchemaType[] = [];
  for (const t of a) {
    if (b.includes(t)) out.push(t);
    else if (t === "number" && b.includes("integer")) out.push("integer");
    else if (t === "integer" && b.includes("number")) out.push("integer");
  }
  return [...new Set(out)];
}

/** Of two bounds, the one that allows less. */
function tighter(current: Bound | undefined, next: Bound, side: "lower" | "upper"): Bound {
  if (!current) return next;
  const a = Number(current.value);
  const b = Number(next.value);
  if (a === b) return { value: current.value, exclusive: current.exclusive || next.exclusive };
  return (side === "lower" ? b > a : b < a) ? next : current;
}

/** A schema that only documents or marks (description, readOnly, ...) and constrains nothing. */
function isAnnotationOnly(schema: Schema): schema is SchemaShape {
  if (schema.kind !== "shape") return false;
  const annotations = new Set([
    "kind",
    "at",
    "pointer",
    "types",
    "title",
    "description",
    "deprecated",
    "readOnly",
    "writeOnly",
    "default",
    "examples",
  ]);
  return schema.types.length === 0 && Object.keys(schema).every((k) => annotations.has(k));
}

function withoutUndefined(draft: ShapeDraft): ShapeDraft {
  for (const key of Object.keys(draft) as (keyof ShapeDraft)[])
    if (draft[key] === undefined) delete draft[key];
  return draft;
}
