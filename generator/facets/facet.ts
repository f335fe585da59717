import type { ScalarName } from "../model/vocabulary.js";

/** How a facet's value is written: a whole number, exact decimal text, or text. */
export type FacetValueKind = "count" | "decimal" | "text";

/** A facet's value: a whole number for counts, the exact text otherwise. */
export type FacetValue = number | string;

/**
 * A constraint on a scalar field (a length, a bound, a pattern...), defined in
 * one place: the key it is written with, what it applies to, how it reads in
 * a doc comment and which runtime function checks it. Front ends, the
 * checker, the model and the emitters handle every facet the same way, so a
 * new one is a new definition in this folder, one line in `registry.ts` and
 * its check in the runtime.
 */
export interface Facet {
  /** The key in the schema language, and in the model. */
  readonly key: string;
  readonly valueKind: FacetValueKind;
  /** The scalars it constrains. */
  readonly appliesTo: readonly ScalarName[];
  /** Those scalars in words, for messages: "strings", "numbers". */
  readonly appliesToText: string;
  /** What is wrong with a value written for it (a pattern that does not compile), if anything. */
  readonly problem?: (value: FacetValue) => string | undefined;
  /** One sentence for the field's doc comment. */
  readonly doc: (value: FacetValue) => string;
  /** The function of the runtime's `validate.ts` that checks it: `(value, argument, path, issues) => boolean`. */
  readonly runtimeCheck: string;
}
