/**
 * The typed error of the search-query runtime. Builders throw it when an
 * argument would produce an invalid query; the evaluators throw it for
 * malformed date math or an unusable time zone. The parser never throws it
 * for query text: it reports diagnostics instead.
 */

import { PaygenError } from "../errors.js";
import type { QueryDiagnostic } from "./diagnostics.js";

/** Why a query could not be built or evaluated. */
export type QueryErrorReason =
  /** An argument is not of the expected shape (empty list, non-integer, ...). */
  | "invalid-argument"
  /** The field is not a field of the query language. */
  | "unknown-field"
  /** The field has the wrong kind for the operation (a range on a text field, ...). */
  | "field-kind"
  /** A wildcard breaks the wildcard rules (leading `*`, too few characters before `*`). */
  | "wildcard"
  /** A string given to an evaluator or to `parseSort`-style helpers does not parse. */
  | "syntax"
  /** The time zone is not known to the platform's `Intl` implementation. */
  | "time-zone"
  /** A date-math result falls outside the supported instants (years 1900 to 9998). */
  | "out-of-range"
  /** Boolean groups are nested deeper than the parser accepts. */
  | "too-deep";

/** A query that cannot be built, or a range that cannot be evaluated. */
export class QueryError extends PaygenError {
  readonly code: `query.${QueryErrorReason}`;
  constructor(
    readonly reason: QueryErrorReason,
    message: string,
    /** The diagnostics behind the error, when it comes from parsing a string. */
    readonly diagnostics: readonly QueryDiagnostic[] = [],
  ) {
    super(message);
    this.code = `query.${reason}`;
  }
}
