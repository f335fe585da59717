/**
 * Reading an operation's path, query, header and cookie parameters on the
 * server side: each value of the type the contract gives it, every problem
 * collected with its place (`query.limit`), none of them quoting the value.
 */

import { isDecimal, isGYearMonth, isIsoDate, isIsoDateTime, isLong } from "../scalars.js";
import type { ValidationIssue } from "../errors.js";
import type { ScalarName } from "../described-scalars.js";
import type { Problem } from "./problem.js";

/** The scalars a parameter can hold: the model's, as the runtime names them (see described-scalars.ts). */
export type ParamScalar = ScalarName;

/** Where a parameter is sent. */
export type ParamPlace = "path" | "query" | "header" | "cookie";

/** What the server knows of one parameter, from the contract. */
export interface ParamSpec {
  /** The wire name. */
  readonly name: string;
  /** The property the handler's `params` holds it under, when not its wire name (another parameter has that name). */
  readonly key?: string;
  readonly in: ParamPlace;
  /** The scalar its values are; absent for an object-valued parameter (read as text, unchecked). */
  readonly scalar?: ParamScalar;
  readonly required?: true;
  /** Several values: repeated, or separated by commas. */
  readonly list?: true;
  /** The values an enum parameter allows. */
  readonly values?: readonly string[];
  /** Checks the value's facets (lengths, bounds, a pattern) with the validators' own checks. */
  check?(value: unknown, path: string, issues: ValidationIssue[]): boolean;
}

/** The parameters of a request, by name, each of its TypeScript form. */
export type ParamValues = Readonly<Record<string, unknown>>;

/** Reads every parameter of `specs` from the request; problems are added to `problems`. */
export function readParams(
  specs: readonly ParamSpec[],
  path: Readonly<Record<string, string>>,
  url: URL,
  headers: Headers,
  problems: Problem[],
): ParamValues {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const cookies = cookieValues(headers.get("cookie"));
  for (const spec of specs) {
    const texts = textsOf(spec, path, url, headers, cookies);
    const where = `${spec.in}.${spec.name}`;
    if (texts.length === 0) {
      if (spec.required) problems.push({ path: where, message: "is required" });
      continue;
    }
    const values = texts.map((text, i) => {
      const path = spec.list ? `${where}[${i}]` : where;
      const before = problems.length;
      const value = valueOf(spec, text, path, problems);
      if (problems.length === before && spec.check !== undefined) {
        const issues: ValidationIssue[] = [];
        spec.check(value, path, issues);
        for (const issue of issues) problems.push({ path: issue.path, message: issue.message });
      }
      return value;
    });
    out[spec.key ?? spec.name] = spec.list ? values : values[0];
  }
  return out;
}

function textsOf(
  spec: ParamSpec,
  path: Readonly<Record<string, string>>,
  url: URL,
  headers: Headers,
  cookies: ReadonlyMap<string, string>,
): string[] {
  const one = (text: string | null | undefined): string[] =>
    text === null || text === undefined ? [] : spec.list ? text.split(",") : [text];
  switch (spec.in) {
    case "path":
      return one(Object.hasOwn(path, spec.name) ? path[spec.name] : undefined);
    case "header":
      return one(headers.get(spec.name));
    case "cookie":
      return one(cookies.get(spec.name));
    case "query": {
      const all = url.searchParams.getAll(spec.name);
      if (!spec.list) return all.slice(0, 1);
      return all.flatMap((text) => text.split(","));
    }
  }
}

/** One text as the parameter's TypeScript value: numbers for short and int and double, booleans, exact text otherwise. */
function valueOf(spec: ParamSpec, text: string, path: string, problems: Problem[]): unknown {
  const fail = (message: string) => {
    problems.push({ path, message });
    return text;
  };
  if (spec.values !== undefined && !spec.values.includes(text))
    return fail("must be one of the documented values");
  switch (spec.scalar) {
    case "short":
    case "int":
      return /^-?\d{1,10}$/.test(text) ? Number(text) : fail("must be an integer");
    case "double": {
      const n = Number(text);
      return text.trim() !== "" && Number.isFinite(n) ? n : fail("must be a number");
    }
    case "long":
      return isLong(text) ? text : fail("must be an integer");
    case "decimal":
      return isDecimal(text) ? text : fail("must be a decimal number");
    case "boolean":
      return text === "true" ? true : text === "false" ? false : fail("must be true or false");
    case "date":
      return isIsoDate(text) ? text : fail("must be a date (YYYY-MM-DD)");
    case "dateTime":
      return isIsoDateTime(text) ? text : fail("must be a date and time (ISO 8601)");
    case "gYearMonth":
      return isGYearMonth(text) ? text : fail("must be a year and month (YYYY-MM)");
    default:
      return text;
  }
}

/** The `cookie` header's pairs. */
function cookieValues(header: string | null): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) out.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return out;
}
