/**
 * The body of a transaction search (`POST /tss/v2/searches`), checked before
 * anything is sent.
 */

import type { QueryNode } from "./ast.js";
import { ValidationError, type ValidationIssue } from "../errors.js";
import type { ValidationResult } from "../validate.js";
import type { QueryLanguage } from "./language.js";
import { parseQuery } from "./parser.js";
import { toString } from "./render.js";
import { parseSort, type SortString } from "./sort.js";
import { isValidTimeZone } from "./time-zone.js";

/** What {@link createSearchRequest} takes. */
export interface SearchRequestInput<F extends string, Z extends string> {
  /** Query text, or a tree from the builder (rendered with `toString`). */
  readonly query: string | QueryNode<F>;
  /** `field:asc` or `field:desc`. */
  readonly sort: SortString<F>;
  /** Save the search (sent as the documented string `"true"` / `"false"`). */
  readonly save?: boolean;
  /** Name of the search. */
  readonly name?: string;
  /** Time zone of the search; date math in the query is evaluated in it. */
  readonly timezone?: Z;
  /** Start position: a whole number, 0 or more. */
  readonly offset?: number;
  /** Page size: a whole number, 1 or more. */
  readonly limit?: number;
}

/** The plain request body; absent options are left out. */
export interface SearchRequest<Z extends string = string> {
  query: string;
  sort: string;
  save?: "true" | "false";
  name?: string;
  timezone?: Z;
  offset?: number;
  limit?: number;
}

/**
 * Checks the input and returns the request body. Always checked: a
 * non-empty query, the `field:asc|desc` form of `sort`, a whole `offset` of
 * 0 or more, a whole `limit` of 1 or more, a non-empty `name`. With a
 * `language`, the query is parsed (errors reject it; warnings do not), the
 * sort field must be known and `timezone` must be one of the language's
 * zones. Throws `ValidationError` listing every problem.
 */
export function createSearchRequest<F extends string, Z extends string>(
  input: SearchRequestInput<NoInfer<F>, NoInfer<Z>>,
  language: QueryLanguage<F, Z>,
): SearchRequest<Z>;
/** Checks the input without a language (see the overload above). */
export function createSearchRequest<F extends string, Z extends string>(
  input: SearchRequestInput<F, Z>,
): SearchRequest<Z>;
export function createSearchRequest<F extends string, Z extends string>(
  input: SearchRequestInput<F, Z>,
  language?: QueryLanguage<F, Z>,
): SearchRequest<Z> {
  const issues: ValidationIssue[] = [];
  const issue = (path: string, code: ValidationIssue["code"], message: string): void => {
    issues.push({ path, code, message });
  };

  let query = "";
  if (typeof input.query === "string") {
    query = input.query;
  } else if (typeof input.query === "object" && input.query !== null) {
    try {
      query = toString(input.query);
    } catch {
      issue("query", "format", "the query tree nests too deeply");
    }
  } else {
    issue("query", "type", "query is a string or a query tree");
  }
  if (query.trim().length === 0) {
    if (issues.length === 0) issue("query", "required", "query must not be empty");
  } else if (language !== undefined) {
    checkQueryText(query, language, "query", issues, input.timezone);
  }

  if (typeof input.sort !== "string") {
    issue("sort", "type", "sort is a string such as submitTimeUtc:desc");
  } else if (language !== undefined) {
    const parsed = parseSort(input.sort, language);
    if (!parsed.ok) for (const e of parsed.errors) issue("sort", "format", e.message);
  } else if (!/^[A-Za-z_][A-Za-z0-9_.]*:(asc|desc)$/.test(input.sort)) {
    issue("sort", "format", "sort is field:asc or field:desc");
  }

  if (input.save !== undefined && typeof input.save !== "boolean")
    issue("save", "type", "save is a boolean");
  if (
    input.name !== undefined &&
    (typeof input.name !== "string" || input.name.trim().length === 0)
  ) {
    issue("name", "length", "name must be a non-empty string");
  }
  if (input.timezone !== undefined) {
    if (typeof input.timezone !== "string") issue("timezone", "type", "timezone is a string");
    else if (language !== undefined && !language.timeZones.includes(input.timezone)) {
      issue("timezone", "enum", "timezone is not one of the supported time zones");
    }
  }
  if (input.offset !== undefined && !(Number.isSafeInteger(input.offset) && input.offset >= 0)) {
    issue("offset", "range", "offset must be a whole number, 0 or more");
  }
  if (input.limit !== undefined && !(Number.isSafeInteger(input.limit) && input.limit >= 1)) {
    issue("limit", "range", "limit must be a whole number, 1 or more");
  }
  if (issues.length > 0) throw new ValidationError(issues);

  const request: SearchRequest<Z> = { query, sort: input.sort };
  if (input.save !== undefined) request.save = input.save ? "true" : "false";
  if (input.name !== undefined) request.name = input.name;
  if (input.timezone !== undefined) request.timezone = input.timezone;
  if (input.offset !== undefined) request.offset = input.offset;
  if (input.limit !== undefined) request.limit = input.limit;
  return request;
}

/**
 * Checks a query text against `language`, adding an issue at `path` per
 * error (`format`), or one `required` issue for an empty text; warnings (the
 * documented recommendations) add nothing. A value that is not a string is
 * left to the type check that reports it. Date math is evaluated in
 * `timeZone` when it is one of the language's usable zones, in UTC
 * otherwise. Messages never contain a value of the query.
 */
export function checkQueryText<F extends string, Z extends string>(
  value: unknown,
  language: QueryLanguage<F, Z>,
  path: string,
  issues: ValidationIssue[],
  timeZone?: unknown,
): void {
  if (typeof value !== "string") return;
  if (value.trim().length === 0) {
    issues.push({ path, code: "required", message: "query must not be empty" });
    return;
  }
  const usable =
    typeof timeZone === "string" &&
    (language.timeZones as readonly string[]).includes(timeZone) &&
    isValidTimeZone(timeZone);
  const parsed = parseQuery(value, language, usable ? { timeZone: timeZone as Z } : {});
  if (!parsed.ok)
    for (const e of parsed.errors) issues.push({ path, code: "format", message: e.message });
}

/**
 * The request check of a search operation: `validate` (the check of the
 * body's shape) followed by {@link checkQueryText} on its `field`, so that a
 * query that does not parse is refused with every other problem, before
 * anything is sent (`callRest` throws `ValidationError` for them). Its time
 * zone is the body's `timezone`.
 */
export function withQueryCheck<T, F extends string, Z extends string>(
  validate: (value: unknown) => ValidationResult<T>,
  language: QueryLanguage<F, Z>,
  field = "query",
): (value: unknown) => ValidationResult<T> {
  return (value) => {
    const checked = validate(value);
    if (typeof value !== "object" || value === null) return checked;
    const body = value as Readonly<Record<string, unknown>>;
    const own = (key: string): unknown =>
      Object.prototype.hasOwnProperty.call(body, key) ? body[key] : undefined;
    const issues: ValidationIssue[] = [];
    checkQueryText(own(field), language, field, issues, own("timezone"));
    if (issues.length === 0) return checked;
    return { ok: false, issues: [...(checked.ok ? [] : checked.issues), ...issues] };
  };
}
