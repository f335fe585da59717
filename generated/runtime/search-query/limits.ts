/** Limits of the parser that keep every input cheap to process. */

/** The deepest nesting of parentheses the parser accepts (and builders produce). */
export const MAX_NESTING_DEPTH = 32;

/** The parser stops after this many errors. */
export const MAX_ERRORS = 50;

/** The most steps (`/UNIT`, `+nUNIT`, `-nUNIT`) one date-math value may have. */
export const MAX_DATE_MATH_STEPS = 32;

/**
 * The parser evaluates at most this many distinct ranges of a query against
 * NOW (window length, empty ranges, supported years); later ones are not
 * evaluated, and an info says so.
 */
export const MAX_EVALUATED_RANGES = 64;
