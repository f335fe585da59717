/**
 * How the generated readers treat data the schema does not name: elements or
 * properties a newer service added, and enum values outside the documented
 * list. One option, `onUnknown`, chooses:
 *
 * - `"ignore"` (the default): unknown elements and properties are dropped, so
 *   a service that adds a field does not break a client. An enum value
 *   outside the list is a `ParseError`: dropping it would misreport a status
 *   as absent. A list wrapper holding another element than its item element
 *   is a `ParseError` too: it would otherwise read as a shorter (or empty) list.
 * - `"keep"`: nothing is dropped. Unknown elements and properties, enum values
 *   outside the list (their field left out of the typed value) and foreign
 *   elements of a list wrapper are kept beside the typed value, read with
 *   `unknownData(value)`. A required enum field with an unknown value is still
 *   a `ParseError`: its type cannot hold the value. The generated JSON writers
 *   write the kept properties back after the documented fields, so a value
 *   read and written again loses nothing.
 * - `"reject"`: anything unknown is a `ParseError` naming its path (for tests
 *   against a service that must match the schemas exactly).
 *
 * Whatever the mode, a reader never returns a value that breaks its type: a
 * missing required field, a value of the wrong form, two members of a choice
 * or elements out of schema order are a `ParseError` with their path. Types
 * the schemas mark open keep what the documents do not show in every mode:
 * beside the value (`unknownData(value).fields`) for a type only read, whose
 * known fields stay closed, as properties for a type the caller sends.
 */
import type { ParseLimits } from "./body.js";
import type { OpaqueValue } from "./opaque.js";

/** What a reader does with elements, properties and enum values the schema does not name. */
export type UnknownPolicy = "ignore" | "keep" | "reject";

/** Options of a generated parser: the body limits, and what to do with unknown data. */
export interface ReadOptions extends ParseLimits {
  /** Default `"ignore"`. See {@link UnknownPolicy}. */
  readonly onUnknown?: UnknownPolicy;
}

/** What a reader in `"keep"` mode found beside one object that its type has no place for. */
export interface UnknownData {
  /** Elements or properties the schema does not name, by wire name, as parsed; and list wrappers holding other elements, under the list's name. */
  readonly fields: { readonly [name: string]: OpaqueValue };
  /** Values outside an enum's documented list, by field name, as sent (the typed field leaves them out). */
  readonly enumValues: { readonly [field: string]: readonly string[] };
}

const UNKNOWN: unique symbol = Symbol("paygen.unknownData");

/**
 * The unknown data a reader in `"keep"` mode found beside `value` (an object
 * it returned, at any depth), or `undefined` when there was none. It is held
 * under a symbol, so JSON, spreading and equality see the typed value only.
 */
export function unknownData(value: unknown): UnknownData | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const data: unknown = (value as { readonly [UNKNOWN]?: unknown })[UNKNOWN];
  return data === undefined ? undefined : (data as UnknownData);
}

/**
 * `value` with `fields` beside it, as a reader keeps what its type does not
 * name: for a server or a test double that answers data the documents do not
 * show (a response writer writes them after the documented fields).
 */
export function withUnknownFields<T extends object>(
  value: T,
  fields: { readonly [name: string]: OpaqueValue },
): T {
  const previous = unknownData(value);
  return attachUnknownData(value, {
    fields: { ...previous?.fields, ...fields },
    enumValues: previous?.enumValues ?? {},
  });
}

/** Attaches `data` to `value` (not enumerable, not writable). Used by the generated readers. */
export function attachUnknownData<T extends object>(value: T, data: UnknownData): T {
  Object.defineProperty(value, UNKNOWN, {
    value: data,
    enumerable: false,
    writable: false,
    configurable: true,
  });
  return value;
}
