/**
 * The description of a query language: its fields, wildcard rules,
 * documented recommendations, date-math units, time zones and presets. The
 * code generator emits one from the schema; everything in this runtime is
 * generic over its field-name union `F` and time-zone union `Z`.
 */

import { isDateMathUnit, type DateMathUnit } from "./date-math.js";

/** `text` fields take values and wildcards; `time` fields take ranges. */
export type QueryFieldKind = "text" | "time";

/** One field of the query language. */
export interface QueryFieldSpec<F extends string = string> {
  /** The dotted name, e.g. `orderInformation.billTo.email`. */
  readonly name: F;
  /** A shorter name accepted in queries for the same field, e.g. `reconciliationId`. */
  readonly alias?: F;
  readonly kind: QueryFieldKind;
}

/** A documented range, e.g. `{ name: "lastHour", title: "last hour", range: "[NOW/HOUR-1HOUR TO NOW/HOUR}" }`. */
export interface QueryPreset {
  readonly name: string;
  readonly title: string;
  readonly range: string;
}

/**
 * A query language. `F` is the union of field names and aliases, `Z` the
 * union of supported time zones. Declare it `as const satisfies
 * QueryLanguage<F, Z>` so that the builder can tell time fields from text
 * fields at the type level.
 */
export interface QueryLanguage<F extends string = string, Z extends string = string> {
  readonly fields: readonly QueryFieldSpec<F>[];
  /** Whether `*abc` is accepted, and how many characters must precede a `*`. */
  readonly wildcard: { readonly leading: boolean; readonly minPrefix: number };
  /** Documented recommendations; breaking one is a warning, not an error. */
  readonly recommend: { readonly maxValuesPerLookup: number; readonly maxWindowDays: number };
  /** The window the service applies when no time field is filtered. */
  readonly defaultWindowDays: number;
  /** Units accepted in date math, e.g. `DAY`, `DAYS`. */
  readonly dateMathUnits: readonly string[];
  readonly timeZones: readonly Z[];
  readonly presets: readonly QueryPreset[];
}

type SpecOf<L> = L extends { readonly fields: readonly (infer S)[] } ? S : never;
type NamesOf<S> = S extends { readonly name: infer N extends string }
  ? N | (S extends { readonly alias: infer A extends string } ? A : never)
  : never;
type OfKind<S, K extends QueryFieldKind> = S extends { readonly kind: infer SK }
  ? K extends SK
    ? S
    : never
  : never;

/** Every field name and alias of a language. */
export type FieldOf<L> = NamesOf<SpecOf<L>>;
/** Names and aliases of the time fields (all fields when the language's kinds are not literal types). */
export type TimeFieldOf<L> = NamesOf<OfKind<SpecOf<L>, "time">>;
/** Names and aliases of the text fields (all fields when the language's kinds are not literal types). */
export type TextFieldOf<L> = NamesOf<OfKind<SpecOf<L>, "text">>;
/** The time-zone union of a language. */
export type TimeZoneOf<L> = L extends { readonly timeZones: readonly (infer Z)[] }
  ? Extract<Z, string>
  : never;

/** Lookup tables derived from a language (computed once per language object). */
export interface LanguageIndex {
  /** Field names and aliases → their field. */
  readonly fields: ReadonlyMap<string, QueryFieldSpec>;
  /** Every name and alias, in declaration order. */
  readonly names: readonly string[];
  /** Names and aliases of time fields. */
  readonly timeFields: ReadonlySet<string>;
  /** The canonical name of the first time field, for messages. */
  readonly primaryTimeField: string | undefined;
  /** Accepted date-math units (the language's units that the evaluator understands). */
  readonly units: ReadonlySet<DateMathUnit>;
  readonly timeZones: ReadonlySet<string>;
}

const indexes = new WeakMap<object, LanguageIndex>();

/** The lookup tables of a language. */
export function indexLanguage(language: QueryLanguage): LanguageIndex {
  const cached = indexes.get(language);
  if (cached !== undefined) return cached;
  const fields = new Map<string, QueryFieldSpec>();
  const names: string[] = [];
  const timeFields = new Set<string>();
  let primaryTimeField: string | undefined;
  for (const spec of language.fields) {
    for (const name of spec.alias === undefined ? [spec.name] : [spec.name, spec.alias]) {
      if (!fields.has(name)) names.push(name);
      fields.set(name, spec);
      if (spec.kind === "time") timeFields.add(name);
    }
    if (spec.kind === "time" && primaryTimeField === undefined) primaryTimeField = spec.name;
  }
  const index: LanguageIndex = {
    fields,
    names,
    timeFields,
    primaryTimeField,
    units: new Set(language.dateMathUnits.filter(isDateMathUnit)),
    timeZones: new Set(language.timeZones),
  };
  indexes.set(language, index);
  return index;
}

/** The field a name or alias stands for, or `undefined` for an unknown name. */
export function resolveField<F extends string>(
  language: QueryLanguage<F, string>,
  name: string,
): QueryFieldSpec<F> | undefined {
  return indexLanguage(language).fields.get(name) as QueryFieldSpec<F> | undefined;
}
