import { readXml } from "./xml/read-xml.js";
import { SourceProblem } from "./source/source-problem.js";
import { WSDL_NAMESPACE, XSD_NAMESPACE } from "./wsdl/namespaces.js";

/** What a contract file is, as far as its first structure tells. */
export type ContractFormat =
  /** WSDL 1.1: a `{http://schemas.xmlsoap.org/wsdl/}definitions` root. */
  | { readonly kind: "wsdl" }
  /** XML Schema: a `{http://www.w3.org/2001/XMLSchema}schema` root. */
  | { readonly kind: "xsd" }
  /** OpenAPI 3: a top-level `openapi` key (JSON or YAML); `version` as written, when it is a plain value. */
  | { readonly kind: "openapi"; readonly version?: string }
  /** Swagger 2: a top-level `swagger` key. */
  | { readonly kind: "swagger"; readonly version?: string }
  /** A paygen overlay: YAML with a top-level `overlay` key, naming the contract it adds to. */
  | { readonly kind: "overlay" }
  | { readonly kind: "unknown"; readonly reason: string };

/** The WSDL 2.0 namespace, recognised only to say that it is not read. */
const WSDL20_NAMESPACE = "http://www.w3.org/ns/wsdl";

/**
 * Tells what kind of contract a text is, by content rather than file name:
 * the registry's one decision of which front end reads a file (`--from`,
 * and the contract an overlay names). XML is read only
 * as far as the root element's start tag (with the XML reader, so a DOCTYPE
 * is refused here too); JSON and YAML are scanned for a top-level `swagger`
 * or `openapi` key without being parsed. Linear in the text.
 */
export function detectContractFormat(text: string): ContractFormat {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < text.length && /\s/.test(text[start]!)) start++;
  const first = text[start];
  if (first === undefined) return { kind: "unknown", reason: "the file is empty" };
  if (first === "<") return detectXml(text);
  if (first === "{") return fromKey(topLevelJsonKey(text, start), "JSON");
  return fromKey(topLevelYamlKey(text), "YAML");
}

function detectXml(text: string): ContractFormat {
  let root;
  try {
    root = readXml(text, { file: "", rootOnly: true }).root;
  } catch (error) {
    if (error instanceof SourceProblem)
      return {
        kind: "unknown",
        reason: `the XML cannot be read (line ${error.line}, column ${error.col}: ${error.detail})`,
      };
    throw error;
  }
  const { namespace, local } = root.name;
  if (namespace === WSDL_NAMESPACE && local === "definitions") return { kind: "wsdl" };
  if (namespace === XSD_NAMESPACE && local === "schema") return { kind: "xsd" };
  if (namespace === WSDL20_NAMESPACE && local === "description")
    return { kind: "unknown", reason: "WSDL 2.0 is not read; only WSDL 1.1" };
  const shown = namespace === "" ? local : `${local} in namespace ${namespace}`;
  return {
    kind: "unknown",
    reason: `the root element ${shown} is neither a WSDL 1.1 wsdl:definitions nor an xs:schema`,
  };
}

function fromKey(
  found: { key: "swagger" | "openapi" | "overlay"; version?: string } | undefined,
  syntax: string,
): ContractFormat {
  if (found === undefined)
    return {
      kind: "unknown",
      reason: `the ${syntax} has no top-level "swagger" or "openapi" key${syntax === "YAML" ? ' (nor "overlay")' : ""}`,
    };
  if (found.key === "overlay") return { kind: "overlay" };
  const version = found.version === undefined ? {} : { version: found.version };
  return found.key === "swagger"
    ? { kind: "swagger", ...version }
    : { kind: "openapi", ...version };
}

/**
 * The `swagger` or `openapi` key of the top-level JSON object, found by
 * walking the text once and counting nesting (strings and escapes skipped).
 */
function topLevelJsonKey(
  text: string,
  start: number,
): { key: "swagger" | "openapi"; version?: string } | undefined {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      const key = text.slice(i + 1, end);
      i = end + 1;
      if (depth !== 1 || (key !== "swagger" && key !== "openapi")) continue;
      let j = i;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] !== ":") continue;
      j++;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] !== '"') return { key };
      const valueEnd = stringEnd(text, j);
      return valueEnd < 0 ? { key } : { key, version: text.slice(j + 1, valueEnd) };
    }
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    i++;
  }
  return undefined;
}

/** The index of the quote closing the JSON string that opens at `open`, or -1. */
function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') return i;
  }
  return -1;
}

/** A `swagger:`, `openapi:` or `overlay:` key at the start of a line (the top level of a YAML mapping), possibly quoted. */
function topLevelYamlKey(
  text: string,
): { key: "swagger" | "openapi" | "overlay"; version?: string } | undefined {
  for (const line of text.split("\n")) {
    const match = /^(["']?)(swagger|openapi|overlay)\1[ \t]*:(.*)$/.exec(line.trimEnd());
    if (match === null) continue;
    const key = match[2] === "swagger" ? "swagger" : match[2] === "overlay" ? "overlay" : "openapi";
    if (key === "overlay") return { key };
    const value = match[3]!
      .replace(/#.*$/, "")
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
    return value === "" ? { key } : { key, version: value };
  }
  return undefined;
}
