import { XML_NAMESPACE } from "../xml/namespace-scope.js";
import { XSD_NAMESPACE } from "./namespaces.js";
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
