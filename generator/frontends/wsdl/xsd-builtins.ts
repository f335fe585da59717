import { XML_NAMESPACE } from "../xml/namespace-scope.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import type { ScalarName } from "../../model/vocabulary.js";
import type { QName } from "./xsd-model.js";

/** The simple types XML Schema 1.0 Part 2 defines, `anySimpleType` included. */
const BUILTIN_SIMPLE_TYPES: ReadonlySet<string> = new Set([
  "anySimpleType",
  "string",
  "normalizedString",
  "token",
  "language",
  "Name",
  "NCName",
  "ID",
  "IDREF",
  "IDREFS",
  "ENTITY",
  "ENTITIES",
  "NMTOKEN",
  "NMTOKENS",
  "boolean",
  "base64Binary",
  "hexBinary",
  "float",
  "double",
  "decimal",
  "integer",
  "nonPositiveInteger",
  "negativeInteger",
  "long",
  "int",
  "short",
  "byte",
  "nonNegativeInteger",
  "unsignedLong",
  "unsignedInt",
  "unsignedShort",
  "unsignedByte",
  "positiveInteger",
  "duration",
  "dateTime",
  "time",
  "date",
  "gYearMonth",
  "gYear",
  "gMonthDay",
  "gDay",
  "gMonth",
  "anyURI",
  "QName",
  "NOTATION",
]);

/** Every built-in simple type's local name, for suggestions. */
export const BUILTIN_SIMPLE_TYPE_NAMES: readonly string[] = [...BUILTIN_SIMPLE_TYPES];

/** Whether `name` is a built-in simple type (`xs:string`, `xs:long`, ...). */
export function isBuiltinSimpleType(name: QName): boolean {
  return name.namespace === XSD_NAMESPACE && BUILTIN_SIMPLE_TYPES.has(name.local);
}

/** Whether `name` is `xs:anyType`, the one built-in complex type. */
export function isAnyType(name: QName): boolean {
  return name.namespace === XSD_NAMESPACE && name.local === "anyType";
}

/**
 * The attributes of the XML namespace (`xml:lang`, `xml:space`, `xml:base`,
 * `xml:id`): schemas reference them after importing a schema for that
 * namespace, usually by URL; they are known without reading it.
 */
const XML_NAMESPACE_ATTRIBUTES: ReadonlySet<string> = new Set(["lang", "space", "base", "id"]);

/** Whether `name` is one of the attributes of the XML namespace. */
export function isXmlNamespaceAttribute(name: QName): boolean {
  return name.namespace === XML_NAMESPACE && XML_NAMESPACE_ATTRIBUTES.has(name.local);
}

/** The scalar a built-in simple type becomes, with the bounds or pattern that narrow it. */
export interface BuiltinScalar {
  readonly scalar: ScalarName;
  readonly min?: string;
  readonly max?: string;
  /** Whole numbers only (a `fractionDigits: 0` facet). */
  readonly integer?: boolean;
  /** The lexical form a string must have (a `pattern` facet). */
  readonly pattern?: string;
  /** What the reader of the generated type should know, on the field's note. */
  readonly note?: string;
}

/**
 * `xs:duration`'s lexical form (XML Schema 1.0 Part 2, 3.2.6.1): an optional
 * `-`, `P`, years, months, days, then after `T` hours, minutes and seconds
 * (with an optional fraction); at least one part, and `T` only before a time part.
 */
export const XSD_DURATION_PATTERN =
  "-?P(?=[0-9]|T[0-9])(?:[0-9]+Y)?(?:[0-9]+M)?(?:[0-9]+D)?(?:T(?=[0-9])(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+(?:\\.[0-9]+)?S)?)?";

const BUILTIN_SCALARS: ReadonlyMap<string, BuiltinScalar> = new Map<string, BuiltinScalar>([
  ...[
    "string",
    "normalizedString",
    "token",
    "language",
    "Name",
    "NCName",
    "ID",
    "IDREF",
    "ENTITY",
    "NMTOKEN",
    "anySimpleType",
  ].map((n): [string, BuiltinScalar] => [n, { scalar: "string" }]),
  ["boolean", { scalar: "boolean" }],
  ["short", { scalar: "short" }],
  ["byte", { scalar: "short", min: "-128", max: "127" }],
  ["unsignedByte", { scalar: "short", min: "0", max: "255" }],
  ["int", { scalar: "int" }],
  ["unsignedShort", { scalar: "int", min: "0", max: "65535" }],
  ["long", { scalar: "long" }],
  ["unsignedInt", { scalar: "long", min: "0", max: "4294967295" }],
  ["integer", { scalar: "decimal", integer: true }],
  ["nonNegativeInteger", { scalar: "decimal", integer: true, min: "0" }],
  ["positiveInteger", { scalar: "decimal", integer: true, min: "1" }],
  ["nonPositiveInteger", { scalar: "decimal", integer: true, max: "0" }],
  ["negativeInteger", { scalar: "decimal", integer: true, max: "-1" }],
  ["unsignedLong", { scalar: "decimal", integer: true, min: "0", max: "18446744073709551615" }],
  ["decimal", { scalar: "decimal" }],
  // A binary float is the contract's own type here: a JavaScript number holds every double exactly.
  ["double", { scalar: "double" }],
  [
    "float",
    {
      scalar: "double",
      note: "A 32-bit float, held as a JavaScript number: a value sent is rounded to 32 bits by the receiver.",
    },
  ],
  [
    "duration",
    {
      scalar: "string",
      pattern: XSD_DURATION_PATTERN,
      note: "An ISO 8601 duration (`P1Y2M3DT4H5M6.5S`), checked against its lexical form.",
    },
  ],
  ["date", { scalar: "date" }],
  ["dateTime", { scalar: "dateTime" }],
  ["gYearMonth", { scalar: "gYearMonth" }],
  ["base64Binary", { scalar: "base64" }],
  ["anyURI", { scalar: "uri" }],
]);

/** The scalar of a built-in simple type (by local name), or undefined when it has none yet. */
export function builtinScalarOf(local: string): BuiltinScalar | undefined {
  return BUILTIN_SCALARS.get(local);
}
