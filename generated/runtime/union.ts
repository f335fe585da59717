/**
 * Values of one of several object types (OpenAPI `oneOf`/`anyOf`): which
 * variant a value is, told by its discriminator property when the contract
 * has one, else by its keys; and the checks and reads that follow from it.
 * A reader that cannot tell throws `ParseError`; a validator reports an
 * issue with code `choice`, never the value.
 */
import { ParseError, type ValidationIssue } from "./errors.js";
import { at, readObject, type ParsedObject, type ReadContext } from "./read-values.js";

/** What tells a variant apart without a discriminator: its fields, and those it requires. */
export interface VariantShape {
  readonly name: string;
  readonly fields: readonly string[];
  readonly required: readonly string[];
}

/**
 * The index of the variant a plain object is, by its keys: the first whose
 * required fields are all present and which names every key of the value,
 * else the first whose required fields are all present; -1 for none.
 */
export function variantByKeys(value: object, shapes: readonly VariantShape[]): number {
  const keys = Object.keys(value).filter(
    (k) => (value as Record<string, unknown>)[k] !== undefined,
  );
  let fallback = -1;
  for (let i = 0; i < shapes.length; i++) {
    const shape = shapes[i] as VariantShape;
    if (!shape.required.every((r) => keys.includes(r))) continue;
    if (keys.every((k) => shape.fields.includes(k))) return i;
    if (fallback === -1) fallback = i;
  }
  return fallback;
}

/** The discriminator value of a plain object, when it is a string. */
export function tagOf(value: object, property: string): string | undefined {
  const tag = Object.prototype.hasOwnProperty.call(value, property)
    ? (value as Record<string, unknown>)[property]
    : undefined;
  return typeof tag === "string" ? tag : undefined;
}

/** Checks a value of a discriminated union: an object whose tag names a variant, checked as that variant. */
export function checkTagged(
  value: unknown,
  path: string,
  issues: ValidationIssue[],
  property: string,
  cases: Readonly<Record<string, (v: unknown, p: string, i: ValidationIssue[]) => void>>,
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    issues.push({ path, code: "type", message: "must be an object" });
    return;
  }
  const tag = tagOf(value, property);
  const check =
    tag !== undefined && Object.prototype.hasOwnProperty.call(cases, tag) ? cases[tag] : undefined;
  if (!check) {
    issues.push({
      path: path === "" ? property : `${path}.${property}`,
      code: "choice",
      message: `must be one of: ${Object.keys(cases).join(", ")}`,
    });
    return;
  }
  check(value, path, issues);
}

/** Checks a value of an untagged union: valid when it is a valid value of one variant (the one its keys point at first). */
export function checkUntagged(
  value: unknown,
  path: string,
  issues: ValidationIssue[],
  shapes: readonly VariantShape[],
  checks: readonly ((v: unknown, p: string, i: ValidationIssue[]) => void)[],
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    issues.push({ path, code: "type", message: "must be an object" });
    return;
  }
  const order = orderByKeys(value, shapes);
  for (const i of order) {
    const found: ValidationIssue[] = [];
    (checks[i] as (v: unknown, p: string, x: ValidationIssue[]) => void)(value, path, found);
    if (found.length === 0) return;
  }
  issues.push({
    path,
    code: "choice",
    message: `must be a valid value of one of: ${shapes.map((s) => s.name).join(", ")}`,
  });
}

/** Reads a value of a discriminated union with the reader of the variant its tag names. */
export function readTagged(
  value: unknown,
  o: ReadContext,
  path: string,
  property: string,
  cases: Readonly<Record<string, (v: unknown, p: string, o: ReadContext) => unknown>>,
): unknown {
  const obj = readObject(value, o, path);
  const tag = tagOf(obj, property);
  const read =
    tag !== undefined && Object.prototype.hasOwnProperty.call(cases, tag) ? cases[tag] : undefined;
  if (!read)
    throw new ParseError(
      o.format,
      "unexpected-shape",
      `${at(path, property) || "(root)"}: expected one of ${Object.keys(cases)
        .map((c) => JSON.stringify(c))
        .join(", ")}`,
    );
  return read(obj, path, o);
}

/** Reads a value of an untagged union: the variant its keys point at first, then the others in order; the first that reads. */
export function readUntagged(
  value: unknown,
  o: ReadContext,
  path: string,
  shapes: readonly VariantShape[],
  readers: readonly ((v: unknown, p: string, o: ReadContext) => unknown)[],
): unknown {
  const obj: ParsedObject = readObject(value, o, path);
  for (const i of orderByKeys(obj, shapes)) {
    try {
      return (readers[i] as (v: unknown, p: string, o: ReadContext) => unknown)(obj, path, o);
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
    }
  }
  throw new ParseError(
    o.format,
    "unexpected-shape",
    `${path || "(root)"}: expected a value of one of ${shapes.map((s) => s.name).join(", ")}`,
  );
}

/** The variants in the order to try them: the one the keys point at first, then the rest in order. */
function orderByKeys(value: object, shapes: readonly VariantShape[]): number[] {
  const first = variantByKeys(value, shapes);
  const rest = shapes.map((_, i) => i).filter((i) => i !== first);
  return first === -1 ? rest : [first, ...rest];
}

/** The index of the variant a tag names (`indexes`: tag → variant index), -1 when the value has no such tag. */
export function variantByTag(
  value: object,
  property: string,
  indexes: Readonly<Record<string, number>>,
): number {
  const tag = tagOf(value, property);
  return tag !== undefined && Object.prototype.hasOwnProperty.call(indexes, tag)
    ? (indexes[tag] as number)
    : -1;
}
