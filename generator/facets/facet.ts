import type { ScalarName } from "../model/vocabulary.js";

/** How a facet's value is written: a whole number, exact decimal text, or text. */
export type FacetValueKind = "count" | "decimal" | "text";

/** A facet's value: a whole number for counts, the exact text otherwise. */
export type FacetValue = number | string;

/**
 * Which way a change of the facet's value goes, for `paygen diff`:
 *
 * - `lower`: a lower bound (`minLength`, `minimum`): raising it accepts less;
 * - `upper`: an upper bound (`maxLength`, `maximum`, `totalDigits`,
 *   `fractionDigits`): lowering it accepts less;
 * - `step`: a step the value is a multiple of (`multipleOf`): a new step that
 *   is a whole multiple of the old one accepts less, one the old step is a
 *   whole multiple of accepts more, any other both (0.02 to 0.03);
 * - `any`: a constraint no order says more of (`pattern`): a change both
 *   accepts values it refused and refuses values it accepted.
 *
 * Adding the facet always accepts less, removing it always more.
 */
export type FacetDirection = "lower" | "upper" | "step" | "any";

/** A bound as Swagger 2.0 and OpenAPI 3.0 write it: the inclusive keyword, with or without its boolean modifier. */
export interface OpenApiBound {
  /** The keyword holding the number: `minimum` or `maximum`. */
  readonly keyword: "minimum" | "maximum";
  /** Whether the modifier (`exclusiveMinimum: true`, `exclusiveMaximum: true`) is set for this facet. */
  readonly exclusive: boolean;
}

/**
 * How Swagger 2.0, OpenAPI 3.x (and JSON Schema) write a facet. A bound has
 * two spellings: OpenAPI 3.1 writes each bound with its own keyword
 * (`exclusiveMinimum: 0`), 2.0 and 3.0 write an exclusive one as the
 * inclusive keyword with a boolean modifier (`minimum: 0` and
 * `exclusiveMinimum: true`); the reader turns both into one bound.
 */
export interface OpenApiSpelling {
  /** The schema keyword whose value is the facet's (in 3.1 for a bound): `maxLength`, `exclusiveMinimum`. */
  readonly keyword?: string;
  /** For a bound: how 2.0 and 3.0 write it. */
  readonly bound?: OpenApiBound;
  /** Not a keyword: the value `type: integer` gives the facet (`fractionDigits: 0`). */
  readonly integerType?: FacetValue;
}

/** A lower bound's sentence with its upper bound: the upper facet's key, and the sentence of the two values. */
export interface FacetSpan {
  readonly upper: string;
  readonly doc: (lower: FacetValue, upper: FacetValue) => string;
}

/**
 * A constraint on a scalar field (a length, a bound, a pattern...), defined in
 * one place: the key it is written with, what it applies to, how it reads in
 * a doc comment, which runtime function checks it, how OpenAPI and XML Schema
 * write it and which way a change of it goes. Front ends, the checker, the
 * model, the emitters and `paygen diff` handle every facet the same way, so a
 * new one is a new definition in this folder ({@link defineFacet}), one line
 * in `registry.ts` and its check in the runtime.
 */
export interface Facet<
  XsdName extends string = string,
  ValueKind extends FacetValueKind = FacetValueKind,
> {
  /** The key in the schema language, and in the model. */
  readonly key: string;
  readonly valueKind: ValueKind;
  /** The scalars it constrains. */
  readonly appliesTo: readonly ScalarName[];
  /** Those scalars in words, for messages: "strings", "numbers". */
  readonly appliesToText: string;
  /** What is wrong with a value written for it (a pattern that does not compile), if anything. */
  readonly problem?: (value: FacetValue) => string | undefined;
  /** One sentence for the field's doc comment. */
  readonly doc: (value: FacetValue) => string;
  /** For a lower bound: the upper one written in the same sentence when a field has both ("3 to 300 characters long"). */
  readonly span?: FacetSpan;
  /** The function of the runtime's `validate.ts` that checks it: `(value, argument, path, issues) => boolean`. */
  readonly runtimeCheck: string;
  /** How OpenAPI writes it; absent when OpenAPI cannot say it (`totalDigits`). */
  readonly openApi?: OpenApiSpelling;
  /**
   * The XML Schema facet elements that set it, in the order they are applied
   * (a later one wins): `length` sets both `minLength` and `maxLength`. Empty
   * when XML Schema has no such facet (`multipleOf`).
   */
  readonly xsdFacets: readonly XsdName[];
  /** Which way a change of its value goes, for `paygen diff`. */
  readonly direction: FacetDirection;
}

/**
 * A facet's definition, its value kind and XML Schema facet names kept as
 * literal types, so that the XSD model's facet keys derive from the
 * registry (`XsdFacetName` in `registry.ts`) instead of being written twice.
 */
export function defineFacet<const XsdName extends string, ValueKind extends FacetValueKind>(
  facet: Facet<XsdName, ValueKind>,
): Facet<XsdName, ValueKind> {
  return facet;
}
