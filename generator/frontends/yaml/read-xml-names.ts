import type { Entry, SchemaReader } from "./schema-reader.js";

/** An element name the schema language accepts (the wire code writes it as it is). */
const XML_ELEMENT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** A namespace URI: written into `xmlns` attributes, so no white space, quotes, angle brackets or braces. */
const NAMESPACE_URI = /^[^\s<>"'{}]+$/;

export function isXmlElementName(name: string): boolean {
  return XML_ELEMENT_NAME.test(name);
}

/** A namespace URI, or a positioned problem naming `what`. */
export function readNamespace(
  r: SchemaReader,
  entry: Entry | undefined,
  what: string,
): string | undefined {
  const value = r.string(entry, what);
  if (value !== undefined && !NAMESPACE_URI.test(value))
    r.error(entry!.at, `${what} must be a URI (no spaces, quotes or angle brackets)`);
  return value;
}
