import { stringLiteral } from "./schema-text.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A key prettier writes bare: a name of ECMAScript 5, whose letters are
 * Unicode's (`café`, `中文`), of the Basic Multilingual Plane only (prettier
 * reads a key's UTF-16 code units, and keeps `"𐐀"` quoted); each character
 * also one of an identifier today (ID_Start, ID_Continue), so that
 * TypeScript reads it as one.
 */
const KEY_NAME =
  /^(?:[$_]|(?=\p{ID_Start})[\p{L}\p{Nl}])(?:[$\u200c\u200d]|(?=\p{ID_Continue})[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}])*$/u;
const ASTRAL = /[\u{10000}-\u{10ffff}]/u;

/**
 * A property name as written in a type or object literal: bare where
 * prettier writes it bare, quoted otherwise, and computed for `__proto__`:
 * in an object literal `__proto__: v` (bare or quoted) sets the prototype
 * instead of a property.
 */
export function propertyName(name: string): string {
  if (name === "__proto__") return '["__proto__"]';
  return KEY_NAME.test(name) && !ASTRAL.test(name) ? name : stringLiteral(name);
}

/**
 * Names every object inherits from `Object.prototype` (`constructor`,
 * `toString`, `hasOwnProperty`...): a field so named must be read as an own
 * property, or an absent field reads as the inherited function.
 */
export const INHERITED_NAMES: ReadonlySet<string> = new Set(
  Object.getOwnPropertyNames(Object.prototype),
);

/** Whether a type has a field named like an `Object.prototype` member: its values are built without a prototype. */
export function hasInheritedName(fields: readonly { readonly name: string }[]): boolean {
  return fields.some((f) => INHERITED_NAMES.has(f.name));
}

/**
 * An expression reading a field of an object: `value.name`, `value["@type"]`,
 * or, for a name every object inherits, the own property only
 * (`Object.hasOwn(value, "toString") ? value.toString : undefined`).
 */
export function propertyAccess(target: string, name: string): string {
  const access = IDENTIFIER.test(name) ? `${target}.${name}` : `${target}[${stringLiteral(name)}]`;
  return INHERITED_NAMES.has(name)
    ? `(Object.hasOwn(${target}, ${stringLiteral(name)}) ? ${access} : undefined)`
    : access;
}

/** `propertyAccess` of an optional object: undefined when the object is. */
export function optionalAccess(target: string, name: string): string {
  if (INHERITED_NAMES.has(name))
    return `(${target} !== undefined && Object.hasOwn(${target}, ${stringLiteral(name)}) ? ${target}[${stringLiteral(name)}] : undefined)`;
  return IDENTIFIER.test(name) ? `${target}?.${name}` : `${target}?.[${stringLiteral(name)}]`;
}

/** A statement setting a field of an object built by generated code (own property, whatever its name). */
export function propertySet(target: string, name: string, value: string): string {
  if (INHERITED_NAMES.has(name)) {
    return `Object.defineProperty(${target}, ${stringLiteral(name)}, { value: ${value}, enumerable: true, writable: true, configurable: true });`;
  }
  return `${IDENTIFIER.test(name) ? `${target}.${name}` : `${target}[${stringLiteral(name)}]`} = ${value};`;
}

/**
 * An expression of a field's value when it is present: `absent` when the
 * field is undefined, else `present(value)`. The field is read once: for a
 * name every object inherits, through a function whose parameter the
 * compiler types from the own-property read.
 */
export function whenPresent(
  target: string,
  name: string,
  present: (value: string) => string,
  absent = "undefined",
): string {
  const access = propertyAccess(target, name);
  if (!INHERITED_NAMES.has(name)) return `${access} === undefined ? ${absent} : ${present(access)}`;
  return `((field) => (field === undefined ? ${absent} : ${present("field")}))(${access})`;
}
