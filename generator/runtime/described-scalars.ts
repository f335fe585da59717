/**
 * The scalars a description's field may hold (`FieldDescription.type`), one
 * constant each: its name, its JSON read and its check. A description
 * imports the ones its fields use, so a bundle keeps the reads and checks of
 * those scalars only; the generic walkers (`validate-description.ts`,
 * `read-description.ts`) call what the constant holds. Each is plain data
 * with no side effect: one no code reaches is dropped by a bundler.
 */
import type { FieldDescription } from "./description.js";
import { checkJsonValue, readJsonValue } from "./json-value.js";
import {
  BASE64_TEXT,
  DATE_TEXT,
  DATE_TIME_TEXT,
  G_YEAR_MONTH_TEXT,
  type ReadContext,
  readBoolean,
  readDecimal,
  readDouble,
  readInteger,
  readLong,
  readString,
  readText,
  type Required,
  type TextForm,
  URI_TEXT,
} from "./read-values.js";
import {
  checkBase64,
  checkBoolean,
  checkDate,
  checkDateTime,
  checkDecimal,
  checkDouble,
  checkGYearMonth,
  checkInt,
  checkLong,
  checkShort,
  checkString,
  checkUri,
  type TypeCheck,
} from "./validate.js";

/** The scalars of the model (its `ScalarName`), by name. */
export type ScalarName =
  | "string"
  | "boolean"
  | "short"
  | "int"
  | "long"
  | "decimal"
  | "double"
  | "base64"
  | "date"
  | "dateTime"
  | "gYearMonth"
  | "uri"
  | "json";

/** A scalar's read of `read-values.ts` without its overloads: `need` is `REQUIRED` or not given. */
export type ScalarRead = (
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
) => unknown;

/** A scalar a field may hold. */
export interface DescribedScalar {
  readonly name: ScalarName;
  /** A JSON value's read, as the generated readers call it. */
  readonly read: ScalarRead;
  /** The check of a value of `field` (a string's constant, a double's finiteness are the field's). */
  readonly check: (field: FieldDescription) => TypeCheck;
  /** The field's constant and facets are checked after the value's check (a date or a JSON value has neither; a URI's are a string's). */
  readonly facets: boolean;
}

type LooseInteger = (
  v: unknown,
  o: ReadContext,
  path: string,
  bits: 16 | 32,
  key?: string,
  need?: Required,
) => unknown;

type LooseText = (
  v: unknown,
  form: TextForm,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
) => unknown;

export const stringScalar: DescribedScalar = {
  name: "string",
  read: readString as ScalarRead,
  check: (field) => {
    const c = field.const !== undefined ? { const: String(field.const[1]) } : undefined;
    return (v, path, issues) => checkString(v, path, issues, c);
  },
  facets: true,
};

export const booleanScalar: DescribedScalar = {
  name: "boolean",
  read: readBoolean as ScalarRead,
  check: () => checkBoolean,
  facets: true,
};

export const shortScalar: DescribedScalar = {
  name: "short",
  read: (v, o, path, key, need) => (readInteger as LooseInteger)(v, o, path, 16, key, need),
  check: () => checkShort,
  facets: true,
};

export const intScalar: DescribedScalar = {
  name: "int",
  read: (v, o, path, key, need) => (readInteger as LooseInteger)(v, o, path, 32, key, need),
  check: () => checkInt,
  facets: true,
};

export const longScalar: DescribedScalar = {
  name: "long",
  read: readLong as ScalarRead,
  check: () => checkLong,
  facets: true,
};

export const decimalScalar: DescribedScalar = {
  name: "decimal",
  read: readDecimal as ScalarRead,
  check: () => checkDecimal,
  facets: true,
};

export const doubleScalar: DescribedScalar = {
  name: "double",
  read: readDouble as ScalarRead,
  check: (field) => {
    const finite = field.finite === true;
    return (v, path, issues) => checkDouble(v, path, issues, finite);
  },
  facets: true,
};

export const base64Scalar: DescribedScalar = {
  name: "base64",
  read: (v, o, path, key, need) => (readText as LooseText)(v, BASE64_TEXT, o, path, key, need),
  check: () => checkBase64,
  facets: true,
};

export const dateScalar: DescribedScalar = {
  name: "date",
  read: (v, o, path, key, need) => (readText as LooseText)(v, DATE_TEXT, o, path, key, need),
  check: () => checkDate,
  facets: false,
};

export const dateTimeScalar: DescribedScalar = {
  name: "dateTime",
  read: (v, o, path, key, need) => (readText as LooseText)(v, DATE_TIME_TEXT, o, path, key, need),
  check: () => checkDateTime,
  facets: false,
};

export const gYearMonthScalar: DescribedScalar = {
  name: "gYearMonth",
  read: (v, o, path, key, need) =>
    (readText as LooseText)(v, G_YEAR_MONTH_TEXT, o, path, key, need),
  check: () => checkGYearMonth,
  facets: false,
};

export const uriScalar: DescribedScalar = {
  name: "uri",
  read: (v, o, path, key, need) => (readText as LooseText)(v, URI_TEXT, o, path, key, need),
  check: () => checkUri,
  facets: true,
};

export const jsonScalar: DescribedScalar = {
  name: "json",
  read: readJsonValue as ScalarRead,
  check: () => checkJsonValue,
  facets: false,
};
