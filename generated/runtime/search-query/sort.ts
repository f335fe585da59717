/**
 * The `sort` parameter of a search: one field and a direction, written
 * `field:asc` or `field:desc`.
 */

import { diagnostic, type QueryDiagnostic } from "./diagnostics.js";
import { QueryError } from "./errors.js";
import { indexLanguage, type QueryLanguage } from "./language.js";
import { unknownFieldText } from "./validate.js";

/** Sort direction. */
export type SortDirection = "asc" | "desc";

/** A sort string over the fields `F`, e.g. `submitTimeUtc:desc`. */
export type SortString<F extends string = string> = `${F}:${SortDirection}`;

/** Builds sort strings over the known fields of a language; the result type is the exact string. */
export type SortFunction<F extends string> = <K extends F, D extends SortDirection>(
  field: K,
  direction: D,
) => `${K}:${D}`;

/**
 * A `sort(field, direction)` function for a language. It throws
 * {@link QueryError} for an unknown field or direction (possible only when
 * the types are bypassed).
 */
export function createSort<F extends string>(language: QueryLanguage<F, string>): SortFunction<F> {
  const index = indexLanguage(language);
  return <K extends F, D extends SortDirection>(field: K, direction: D): `${K}:${D}` => {
    if (typeof field !== "string" || !index.fields.has(field)) {
      throw new QueryError("unknown-field", `sort: ${unknownFieldText(String(field), index)}`);
    }
    if (direction !== "asc" && direction !== "desc") {
      throw new QueryError("invalid-argument", "sort: the direction is asc or desc");
    }
    return `${field}:${direction}`;
  };
}

/** The result of {@link parseSort}. */
export type SortParseResult<F extends string = string> =
  | {
      readonly ok: true;
      readonly field: F;
      readonly direction: SortDirection;
      readonly sort: SortString<F>;
    }
  | { readonly ok: false; readonly errors: readonly QueryDiagnostic[] };

/** Parses `field:asc` / `field:desc` over the fields of a language (no spaces, lower-case direction). */
export function parseSort<F extends string>(
  text: string,
  language: QueryLanguage<F, string>,
): SortParseResult<F> {
  const index = indexLanguage(language);
  const colon = text.lastIndexOf(":");
  if (colon < 0) {
    return {
      ok: false,
      errors: [
        diagnostic(text.length + 1, "expected-colon", "error", "expected field:asc or field:desc"),
      ],
    };
  }
  const field = text.slice(0, colon);
  const direction = text.slice(colon + 1);
  const errors: QueryDiagnostic[] = [];
  if (!index.fields.has(field)) {
    errors.push(diagnostic(1, "unknown-field", "error", unknownFieldText(field, index)));
  }
  if (direction !== "asc" && direction !== "desc") {
    const lower = direction.toLowerCase();
    const hint = lower === "asc" || lower === "desc" ? `; write ${lower}` : "";
    errors.push(
      diagnostic(colon + 2, "expected-value", "error", `the sort direction is asc or desc${hint}`),
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  const f = field as F;
  const d = direction as SortDirection;
  return { ok: true, field: f, direction: d, sort: `${f}:${d}` };
}
