/**
 * Reading typed values out of a parsed body (XML text or JSON values), for the
 * generated readers. A value that does not fit its type throws `ParseError`
 * (`unexpected-shape`) naming the path, never the value: the wrong form, a
 * missing required field, an enum value outside the list, two members of a
 * choice, XML elements out of schema order, and (per `onUnknown`) data the
 * schema does not name. Integers are range checked; longs and decimals stay
 * exact strings, and a decimal read from a JSON number keeps its digits and
 * scale as written (`12.30` is `"12.30"`).
 */
import { ParseError } from "./errors.js";
import type { OpaqueBody, OpaqueValue } from "./opaque.js";
import {
  attachUnknownData,
  unknownData,
  type ReadOptions,
  type UnknownData,
  type UnknownPolicy,
} from "./read-options.js";
import {
  decimalFromNumberText,
  doubleFromXsd,
  isBase64,
  isDecimal,
  isGYearMonth,
  isIsoDate,
  isIsoDateTime,
  isLong,
  isUri,
} from "./scalars.js";

/** The body format a value came from. */
export type BodyFormat = "xml" | "json";

/** A parsed object: JSON object or XML element, read through own properties only. */
export type ParsedObject = { readonly [key: string]: unknown };

/** A value read for a server: each value of its wire type, presence and enum values left to the validator. */
export type Draft = { [key: string]: unknown };

/**
 * A JSON number as the parser for readers gives it: its source text, and the
 * value `parseJson` would give (a number, or the exact text when a number
 * cannot hold it). Readers take decimals from the text, so no digit or scale is lost.
 */
export class JsonNumber {
  constructor(
    readonly text: string,
    readonly value: number | string,
  ) {}
}

/**
 * The names of an XML element's child elements in document order, one per
 * occurrence (the parsed tree groups repeated children, which loses the order
 * between different names). Set by `parseXml`, not enumerable.
 */
export const CHILD_ORDER: unique symbol = Symbol("paygen.xml.childOrder");

/** How one call reads: the body's format and what to do with unknown data. */
export interface ReadContext {
  readonly format: BodyFormat;
  readonly unknown: UnknownPolicy;
  /** Reading a SOAP result whose `resultCode` is Error: a required field may be absent (see `errorResult`). */
  readonly errorResult: boolean;
  /** What XML text needs checked besides (`xmlReadContext`); none in JSON, whose readers then bundle none of it. */
  readonly xml: XmlReading | undefined;
}

/** The checks of XML text the readers make, held by an XML context only. */
export interface XmlReading {
  /** An element without content (white space only) read as an object: it is an empty one. */
  readonly blankObject: (v: unknown) => boolean;
  /** An element without content read as text: it is "". */
  readonly emptyText: (v: unknown) => boolean;
  /** Throws when an object's elements are out of its type's schema order. */
  readonly checkOrder: (obj: ParsedObject, fields: FieldSet, o: ReadContext, path: string) => void;
}

/**
 * The context of one call reading JSON, from the parser's options (default:
 * unknown data ignored). An XML context comes from {@link xmlReadContext}.
 */
export function readContext(options?: ReadOptions): ReadContext {
  return context("json", options, undefined);
}

/** The context of one call reading XML: elements in schema order, empty elements as empty values. */
export function xmlReadContext(options?: ReadOptions): ReadContext {
  return context("xml", options, XML_READING);
}

/** Every context has the same properties, so the readers see one shape. */
function context(
  format: BodyFormat,
  options: ReadOptions | undefined,
  xml: XmlReading | undefined,
): ReadContext {
  const unknown = options?.onUnknown ?? "ignore";
  if (unknown !== "ignore" && unknown !== "keep" && unknown !== "reject")
    throw new TypeError('onUnknown must be "ignore", "keep" or "reject"');
  return { format, unknown, errorResult: false, xml };
}

/**
 * How an open type holds what the documents do not show: as properties of the
 * value (a type the caller sends), or kept beside it (`unknownData(value)`,
 * a type only read, whatever the `onUnknown` mode).
 */
export type Extras = "properties" | "kept";

/** The wire names of a type's fields in schema order, and how an open type holds the rest. Built once per type. */
export interface FieldSet {
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly extras?: Extras;
}

export function fieldSet(names: readonly string[], extras?: Extras): FieldSet {
  return {
    names,
    index: new Map(names.map((name, i) => [name, i])),
    ...(extras !== undefined ? { extras } : {}),
  };
}

/** What a reader in `keep` mode collects beside one object. */
export class Unknowns {
  readonly fields: { [name: string]: OpaqueValue } = {};
  readonly enumValues: { [field: string]: string[] } = {};
  private empty = true;

  field(name: string, value: unknown): void {
    defineOwn(this.fields, name, plain(value));
    this.empty = false;
  }

  enumValue(field: string, value: string): void {
    const values = Object.prototype.hasOwnProperty.call(this.enumValues, field)
      ? this.enumValues[field]
      : undefined;
    if (values) values.push(value);
    else defineOwn(this.enumValues, field, [value]);
    this.empty = false;
  }

  get isEmpty(): boolean {
    return this.empty;
  }
}

/** The error for a value that does not fit its type. The full path is only built when something is wrong. */
function shape(o: ReadContext, path: string, expected: string, key?: string): ParseError {
  const full = key === undefined ? path : at(path, key);
  return new ParseError(o.format, "unexpected-shape", `${full || "(root)"}: ${expected}`);
}

/** An own property, never one inherited from a prototype (so `constructor` is just a name). */
export function own(obj: ParsedObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** A child path: `a.b`, or `b` at the root. */
export function at(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** An object. In XML an element without content (`<a/>`, or white space only) is an empty object. */
export function readObject(v: unknown, o: ReadContext, path: string): ParsedObject {
  if (typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber))
    return v as ParsedObject;
  if (o.xml !== undefined && o.xml.blankObject(v)) return {};
  throw shape(o, path, "expected an object");
}

/**
 * An element with simple content (a value with attributes): its attributes
 * and its text under `#text`. Without attributes the parsed element is its
 * text alone, and an element with attributes and no text has the text "".
 */
export function readSimpleContent(v: unknown, o: ReadContext, path: string): ParsedObject {
  if (typeof v === "string") return textOnly({ "#text": v });
  const obj = readObject(v, o, path);
  return Object.prototype.hasOwnProperty.call(obj, "#text")
    ? obj
    : textOnly({ ...obj, "#text": "" });
}

/** An element without child elements: its (empty) child order says so, whatever its keys. */
function textOnly(obj: { [key: string]: unknown }): ParsedObject {
  Object.defineProperty(obj, CHILD_ORDER, { value: [], enumerable: false });
  return obj;
}

/** Whether a value is null: JSON `null`, or an XML element marked `xsi:nil="true"` (read with attributes). */
export function isNil(v: unknown, o: ReadContext): boolean {
  if (v === null) return true;
  if (o.format !== "xml" || typeof v !== "object" || Array.isArray(v)) return false;
  const nil = own(v as ParsedObject, "@nil");
  return nil === "true" || nil === "1";
}

/**
 * Checks an object's members against its type's fields: XML elements must come
 * in schema order (a list's elements next to each other), and a member the
 * schema does not name is dropped, kept or refused as `o.unknown` says. An
 * open type's members are expected: kept as properties, or kept beside the
 * value in every mode. Returns the collector of what is kept beside it.
 */
export function checkFields(
  obj: ParsedObject,
  fields: FieldSet,
  o: ReadContext,
  path: string,
): Unknowns | undefined {
  const kept = fields.extras === "kept";
  let unknowns = unknownsOf(o);
  if (o.xml !== undefined) o.xml.checkOrder(obj, fields, o, path);
  if (fields.extras === "properties" || (o.unknown === "ignore" && !kept)) return unknowns;
  // `for...in` sees the own keys in `Object.keys` order without copying them (and inherited ones, skipped).
  for (const name in obj) {
    if (fields.index.has(name) || !Object.prototype.hasOwnProperty.call(obj, name)) continue;
    // XML attributes the schema does not name (xsi:type, xml:lang, ...) are not data: they are dropped.
    if (o.format === "xml" && name.charCodeAt(0) === 0x40) continue;
    if (o.unknown === "reject" && !kept)
      throw shape(
        o,
        path,
        `${o.format === "xml" ? "element" : "property"} ${quoteName(name)} is not in the schema`,
      );
    (unknowns ??= new Unknowns()).field(name, obj[name]);
  }
  return unknowns;
}

/**
 * Where a reader collects unknown data: a collector in a `keep` call; else
 * none, and an open type's reader makes one only once it finds something
 * (most answers hold nothing more).
 */
function unknownsOf(o: ReadContext): Unknowns | undefined {
  return o.unknown === "keep" ? new Unknowns() : undefined;
}

/** Attaches what a `keep` call collected beside `value`, if anything. */
export function finish<T extends object>(value: T, unknowns: Unknowns | undefined): T {
  if (unknowns === undefined || unknowns.isEmpty) return value;
  const data: UnknownData = { fields: unknowns.fields, enumValues: unknowns.enumValues };
  return attachUnknownData(value, data);
}

/**
 * The last argument of a reader for a required field: the reader then returns
 * the value's type, and an absent value (`undefined`, JSON `null`) is a
 * `ParseError` naming the field.
 */
export const REQUIRED = true;
export type Required = typeof REQUIRED;

/** Absent: `undefined`, or the error of a missing required field. */
function absent(
  o: ReadContext,
  path: string,
  key: string | undefined,
  need: Required | undefined,
): undefined {
  if (need === REQUIRED && o.errorResult !== true) throw missing(o, path, key);
  return undefined;
}

function missing(o: ReadContext, path: string, key: string | undefined): ParseError {
  return shape(o, path, `required ${o.format === "xml" ? "element" : "property"} is missing`, key);
}

/** An object field read with its type's reader, or `undefined` when absent (`undefined` or JSON `null`). */
export function readChild<T>(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  read: (value: unknown, path: string, o: ReadContext) => T,
  need: Required,
): T;
export function readChild<T>(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  read: (value: unknown, path: string, o: ReadContext) => T,
): T | undefined;
export function readChild<T>(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  read: (value: unknown, path: string, o: ReadContext) => T,
  need?: Required,
): T | undefined {
  return v === undefined || v === null ? absent(o, path, key, need) : read(v, at(path, key), o);
}

/**
 * A request as a server reads it (a draft: each value of its wire type), typed
 * as the request for the validator's sake. Its presence, enum and choice rules
 * are not checked yet: a server runs the generated validator before using it,
 * and answers a failure with a validation result rather than a parse error.
 */
export function unvalidated<T>(draft: Draft | readonly OpaqueValue[]): T {
  return draft as unknown as T;
}

/** Whether a parsed SOAP result says `resultCode` Error. */
export function isErrorResult(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    own(value as ParsedObject, "resultCode") === "Error"
  );
}

/**
 * The context for reading a result whose `resultCode` is Error: such a result
 * usually lacks the ids and totals the schema requires of a success, so a
 * required field may be absent; every value present is read and checked as
 * usual. This is the one case where a reader's value may lack what its type
 * requires: the generated client hands an Error result over as `Partial<R>`
 * (`ApiOutcome`) or as an `ApiError`, never as `R`.
 */
export function errorResultContext(o: ReadContext): ReadContext {
  return { ...o, errorResult: true };
}

/** An Error result as read in `errorResultContext`: the fields it lacks are no properties at all. */
export function errorResult<R>(value: R): R {
  dropAbsent(value, 0);
  return value;
}

function dropAbsent(value: unknown, depth: number): void {
  if (typeof value !== "object" || value === null || depth > 200) return;
  if (Array.isArray(value)) {
    for (const item of value) dropAbsent(item, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) delete (value as Record<string, unknown>)[key];
    else dropAbsent(v, depth + 1);
  }
}

/** A required value (a list): present, or `ParseError` naming the field. */
export function required<T>(v: T | undefined, o: ReadContext, path: string, key: string): T {
  if (v === undefined && o.errorResult !== true) throw missing(o, path, key);
  return v as T;
}

/** An optional value as an object to spread: `{ [key]: v }`, or nothing when absent. */
export function opt<K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } | undefined {
  if (v === undefined) return undefined;
  const out: { [P in K]?: V } = {};
  out[key] = v;
  return out;
}

/**
 * Checks a choice group among an object's members (wire names): exactly one
 * present (`required`), or at most one; `ParseError` otherwise.
 */
export function choiceGroup(
  obj: ParsedObject,
  members: readonly string[],
  required: boolean,
  o: ReadContext,
  path: string,
): void {
  const found = onlyMember(obj, members, "at most", o, path);
  if (found === undefined && required && o.errorResult !== true)
    throw shape(
      o,
      path,
      `holds none of ${members.map(quoteName).join(", ")}, and its type exactly one`,
    );
}

/** The one member present (not absent, not null), undefined for none; `ParseError` when two are, naming how many the type holds. */
function onlyMember<K extends string>(
  obj: ParsedObject,
  members: readonly K[],
  holds: "exactly" | "at most",
  o: ReadContext,
  path: string,
): K | undefined {
  let found: K | undefined;
  for (const member of members) {
    const v = own(obj, member);
    if (v === undefined || v === null) continue;
    if (found !== undefined)
      throw shape(
        o,
        path,
        `holds both ${quoteName(found)} and ${quoteName(member)}, and its type ${holds} one of ${members.map(quoteName).join(", ")}`,
      );
    found = member;
  }
  return found;
}

/**
 * The one member of a choice that is present; `ParseError` when none or more
 * than one is (the type holds exactly one).
 */
export function choiceOf<K extends string>(
  obj: ParsedObject,
  members: readonly K[],
  o: ReadContext,
  path: string,
): K {
  const found = onlyMember(obj, members, "exactly", o, path);
  if (found === undefined)
    throw shape(
      o,
      path,
      `holds none of ${members.map(quoteName).join(", ")}, and its type exactly one`,
    );
  return found;
}

export function readString(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): string;
export function readString(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): string | undefined;
export function readString(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): string | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  if (typeof v === "string") return v;
  if (o.xml !== undefined && o.xml.emptyText(v)) return "";
  throw shape(o, path, "expected text", key);
}

/**
 * A text form whose lexical space XML Schema collapses (white space around it
 * is not part of the value): its test and its name in a message. One constant
 * per form, so a package bundles the tests of the forms its readers read only.
 */
export interface TextForm {
  readonly test: (s: string) => boolean;
  readonly name: string;
}

/** `xs:date`: YYYY-MM-DD, a calendar date. */
export const DATE_TEXT: TextForm = { test: isIsoDate, name: "a date (YYYY-MM-DD)" };
/** `xs:dateTime`. */
export const DATE_TIME_TEXT: TextForm = { test: isIsoDateTime, name: "a date and time" };
/** `xs:gYearMonth`: YYYY-MM. */
export const G_YEAR_MONTH_TEXT: TextForm = {
  test: isGYearMonth,
  name: "a year and month (YYYY-MM)",
};
/** `xs:base64Binary`: in XML, white space inside it is dropped too. */
export const BASE64_TEXT: TextForm = { test: isBase64, name: "Base64 text" };
/** `xs:anyURI`: an absolute URI. */
export const URI_TEXT: TextForm = { test: isUri, name: "an absolute URI" };

/** Text of one of the checked forms; in XML, white space around it (and inside Base64) is dropped. */
export function readText(
  v: unknown,
  form: TextForm,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): string;
export function readText(
  v: unknown,
  form: TextForm,
  o: ReadContext,
  path: string,
  key?: string,
): string | undefined;
export function readText(
  v: unknown,
  form: TextForm,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): string | undefined {
  const s = readString(v, o, path, key);
  if (s === undefined) return absent(o, path, key, need);
  const t =
    o.format === "xml" ? (form === BASE64_TEXT ? s.replace(/[ \t\r\n]+/g, "") : s.trim()) : s;
  if (form.test(t)) return t;
  throw shape(o, path, `expected ${form.name}`, key);
}

/**
 * A value of an enum. One outside the list is a `ParseError`, except in `keep`
 * mode when `unknowns` is given (an optional field): it is kept there under
 * `field` and the typed value leaves it out.
 */
export function readEnum<E extends string>(
  v: unknown,
  values: readonly E[],
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): E;
export function readEnum<E extends string>(
  v: unknown,
  values: readonly E[],
  o: ReadContext,
  path: string,
  key: string | undefined,
  unknowns?: Unknowns,
  field?: string,
): E | undefined;
export function readEnum<E extends string>(
  v: unknown,
  values: readonly E[],
  o: ReadContext,
  path: string,
  key: string | undefined,
  aside?: Unknowns | Required,
  field?: string,
): E | undefined {
  const s = readString(v, o, path, key);
  if (s === undefined) return absent(o, path, key, aside === REQUIRED ? REQUIRED : undefined);
  for (let i = 0; i < values.length; i++) if (values[i] === s) return values[i];
  if (aside instanceof Unknowns && o.unknown === "keep" && field !== undefined) {
    aside.enumValue(field, s);
    return undefined;
  }
  throw shape(o, path, "is not one of the documented values", key);
}

export function readBoolean(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): boolean;
export function readBoolean(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): boolean | undefined;
export function readBoolean(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): boolean | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const t = v.trim();
    if (t === "true" || t === "1") return true;
    if (t === "false" || t === "0") return false;
  }
  throw shape(o, path, "expected a boolean", key);
}

/** A 16- or 32-bit integer. */
export function readInteger(
  v: unknown,
  o: ReadContext,
  path: string,
  bits: 16 | 32,
  key: string,
  need: Required,
): number;
export function readInteger(
  v: unknown,
  o: ReadContext,
  path: string,
  bits: 16 | 32,
  key?: string,
): number | undefined;
export function readInteger(
  v: unknown,
  o: ReadContext,
  path: string,
  bits: 16 | 32,
  key?: string,
  need?: Required,
): number | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  const limit = bits === 16 ? 0x8000 : 0x80000000;
  let n: number | undefined;
  if (typeof v === "number") n = v;
  else if (v instanceof JsonNumber) {
    const text = integerText(v.text);
    if (text !== undefined && text.length <= 12) n = Number(text);
  } else if (typeof v === "string" && /^\s*[-+]?\d{1,12}\s*$/.test(v)) n = Number(v);
  if (n === undefined || !Number.isInteger(n) || n < -limit || n >= limit)
    throw shape(o, path, `expected a ${bits}-bit integer`, key);
  return n;
}

/** A 64-bit integer as exact text. A JSON number is read from its source text. */
export function readLong(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): string;
export function readLong(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): string | undefined;
export function readLong(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): string | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  if (typeof v === "string") {
    const t = v.trim();
    if (isLong(t)) return t;
  } else if (v instanceof JsonNumber) {
    const t = integerText(v.text);
    if (t !== undefined && isLong(t)) return t;
  } else if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  throw shape(o, path, "expected a 64-bit integer", key);
}

/** A decimal as exact text. A JSON number is read from its source text, scale included; an exponent is written out. */
export function readDecimal(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): string;
export function readDecimal(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): string | undefined;
export function readDecimal(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): string | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  if (typeof v === "string") {
    const t = v.trim();
    if (isDecimal(t)) return t;
  } else if (v instanceof JsonNumber) {
    const d = decimalFromNumberText(v.text);
    if (d !== undefined) return d;
  }
  throw shape(o, path, "expected a decimal", key);
}

/**
 * A double (XML Schema `double`/`float`, a contract's `number` of format
 * double): a JSON number, or XSD lexical text (`1.5`, `-1E4`, `INF`, `-INF`,
 * `NaN`), read as the nearest JavaScript number.
 */
export function readDouble(
  v: unknown,
  o: ReadContext,
  path: string,
  key: string,
  need: Required,
): number;
export function readDouble(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
): number | undefined;
export function readDouble(
  v: unknown,
  o: ReadContext,
  path: string,
  key?: string,
  need?: Required,
): number | undefined {
  if (v === undefined || v === null) return absent(o, path, key, need);
  if (typeof v === "number") return v;
  if (v instanceof JsonNumber) return typeof v.value === "number" ? v.value : Number(v.text);
  if (typeof v === "string") {
    const n = doubleFromXsd(v.trim());
    if (n !== undefined) return n;
  }
  throw shape(o, path, "expected a floating-point number", key);
}

/** Entries of a list: an array, or one value standing alone (XML repeats elements without a wrapper). */
export function readList<T>(
  v: unknown,
  o: ReadContext,
  path: string,
  item: (value: unknown, path: string) => T | undefined,
): T[] | undefined {
  if (v === undefined || v === null) return undefined;
  const values = Array.isArray(v) ? v : o.format === "xml" ? [v] : undefined;
  if (values === undefined) throw shape(o, path, "expected a list");
  const out: T[] = [];
  for (let index = 0; index < values.length; index++) {
    const read = item(values[index], `${path}[${index}]`);
    if (read !== undefined) out.push(read);
  }
  return out;
}

/**
 * A JSON object used as a map (OpenAPI `additionalProperties`): each member
 * read by `entry`, under its key. The result has no prototype, so any key,
 * `constructor` or `toString` included, is data and nothing inherited.
 */
export function readMap<T>(
  v: unknown,
  o: ReadContext,
  path: string,
  entry: (value: unknown, path: string) => T | undefined,
): { [key: string]: T } | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v) || v instanceof JsonNumber)
    throw shape(o, path, "expected an object");
  const out = Object.create(null) as { [key: string]: T };
  for (const [key, value] of Object.entries(v)) {
    const read = entry(value, at(path, key));
    if (read !== undefined) out[key] = read;
  }
  return out;
}

/** A map's values written by `write`, keys kept (the counterpart of `readMap`). */
export function mapValues<T, R>(
  map: { readonly [key: string]: T },
  write: (value: T) => R,
): { [key: string]: R } {
  const out = Object.create(null) as { [key: string]: R };
  for (const [key, value] of Object.entries(map)) out[key] = write(value);
  return out;
}

/**
 * An XML list inside a wrapper element: `<ids><long>1</long><long>2</long></ids>`.
 * The wrapper holds item elements only: another element means the list is not
 * the schema's (a `ParseError`, or in `keep` mode the wrapper kept under `field`
 * beside the items it does hold), never a silently shorter or empty list.
 */
export function readWrappedList<T>(
  v: unknown,
  itemName: string,
  o: ReadContext,
  path: string,
  item: (value: unknown, path: string) => T | undefined,
  unknowns?: Unknowns,
  field?: string,
): T[] | undefined {
  if (v === undefined || v === null) return undefined;
  const wrapper = readObject(v, o, path);
  for (const name of Object.keys(wrapper)) {
    if (name === itemName || name.charCodeAt(0) === 0x40) continue;
    if (o.unknown === "keep" && unknowns !== undefined && field !== undefined) {
      unknowns.field(field, wrapper);
      break;
    }
    throw shape(
      o,
      path,
      `holds ${quoteName(name)} where only ${quoteName(itemName)} elements belong`,
    );
  }
  return readList(own(wrapper, itemName), o, at(path, itemName), item) ?? [];
}

/** A body the documents do not show, handed over as parsed (JSON numbers as `parseJson` gives them). */
export function readOpaque(v: unknown, o: ReadContext, path: string): OpaqueBody {
  const obj = readObject(v, o, path);
  const out: { [key: string]: OpaqueValue } = {};
  for (const key of Object.keys(obj)) defineOwn(out, key, plain(obj[key]));
  return out;
}

/** An opaque list body: an array of values the package does not type, each as parsed. */
export function readOpaqueList(v: unknown, o: ReadContext, path: string): readonly OpaqueValue[] {
  if (!Array.isArray(v)) throw shape(o, path, "expected a list");
  return v.map(plain);
}

/** Copies onto `target` the members of `source` its type does not name (open types keep what the documents show only in part). */
export function keepOpen<T extends object>(target: T, source: ParsedObject, fields: FieldSet): T {
  for (const key of Object.keys(source)) {
    if (!fields.index.has(key) && key !== "__proto__")
      defineOwn(target as Record<string, unknown>, key, plain(source[key]));
  }
  return target;
}

/**
 * What an open type's value holds beyond the fields `known`, for writing it:
 * what was kept beside it (`unknownData(value).fields`, a type only read), then
 * its own extra properties (a type the caller sends).
 */
export function extraProperties(
  value: object,
  known: ReadonlySet<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  copyProperties(out, unknownData(value)?.fields ?? {}, known);
  copyProperties(out, value as Record<string, unknown>, known);
  return out;
}

/**
 * What a reader in `"keep"` mode kept beside a closed type's value
 * (`unknownData(value).fields`), for writing it after the documented fields:
 * a value read and written again loses nothing. A value built by a caller
 * has none.
 */
export function keptProperties(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  copyProperties(out, unknownData(value)?.fields ?? {}, undefined);
  return out;
}

/** Copies `from`'s own properties into `out` as own data, but `__proto__` and those named in `known`. */
function copyProperties(
  out: Record<string, unknown>,
  from: { readonly [key: string]: unknown },
  known: ReadonlySet<string> | undefined,
): void {
  for (const key of Object.keys(from))
    if (known?.has(key) !== true && key !== "__proto__") defineOwn(out, key, from[key]);
}

/** A parsed value as plain data: JSON numbers as `parseJson` gives them, everything else as is. */
export function plain(v: unknown): OpaqueValue {
  if (v instanceof JsonNumber) return v.value;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v === null)
    return v;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "object") {
    const out: { [key: string]: OpaqueValue } = {};
    for (const key of Object.keys(v)) defineOwn(out, key, plain((v as ParsedObject)[key]));
    return out;
  }
  return null;
}

// ---------------------------------------------------------------------------

/** The exact integer a JSON number literal is (`12`, `12.0`, `1.2e1`), as text; `undefined` when it has a fraction. */
function integerText(text: string): string | undefined {
  const d = decimalFromNumberText(text);
  if (d === undefined) return undefined;
  const point = d.indexOf(".");
  if (point === -1) return d === "-0" ? "0" : d;
  for (let i = point + 1; i < d.length; i++) if (d.charCodeAt(i) !== 0x30) return undefined;
  const int = d.slice(0, point);
  return int === "-0" ? "0" : int;
}

/** XML elements must come in schema order (a list's elements next to each other). */
function checkXmlOrder(obj: ParsedObject, fields: FieldSet, o: ReadContext, path: string): void {
  const order = childOrder(obj);
  let last = -1;
  for (let i = 0; i < order.length; i++) {
    const name = order[i] as string;
    const index = fields.index.get(name);
    if (index === undefined) continue;
    if (index < last)
      throw shape(
        o,
        path,
        `element ${quoteName(name)} is out of schema order (it comes after ${quoteName(fields.names[last] as string)})`,
      );
    last = index;
  }
}

/** XML's checks, reached only through {@link xmlReadContext}. */
const XML_READING: XmlReading = {
  blankObject: (v) => typeof v === "string" && isBlank(v),
  emptyText: isEmptyElement,
  checkOrder: checkXmlOrder,
};

function childOrder(obj: ParsedObject): readonly string[] {
  const order = (obj as { readonly [CHILD_ORDER]?: readonly string[] })[CHILD_ORDER];
  return order ?? Object.keys(obj);
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

function isEmptyElement(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/** A wire name for a message: quoted when it looks like a name, else left out (names come from the body). */
function quoteName(name: string): string {
  return /^[A-Za-z_#][\w.:-]{0,63}$/.test(name) ? `"${name}"` : "(a name)";
}

/** Sets an own, enumerable data property, whatever its name (`__proto__` included). */
export function defineOwn<T>(obj: { [key: string]: T }, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
