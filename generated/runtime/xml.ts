/**
 * XML on the wire: a hardened parser into plain trees, a builder from ordered
 * object trees, and the SOAP 1.1 envelope.
 *
 * Parsing never expands entities beyond the five predefined ones and numeric
 * character references, refuses any DTD, checks size before reading and depth
 * with a linear pre-scan before the parser recurses, and never lets an element
 * name reach an object's prototype.
 */

import { XMLParser } from "fast-xml-parser";
import {
  bodyText,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  skipSpace,
  type ParseLimits,
} from "./body.js";
import { ParseError, ValidationError, type ValidationIssueCode } from "./errors.js";
import { CHILD_ORDER } from "./read-values.js";

export type { ParseLimits } from "./body.js";

/**
 * A parsed element's content: text (always a string, never a number), an
 * element with children, or the entries of a repeated element.
 */
export type XmlValue = string | XmlElement | XmlValue[];

/**
 * A parsed element with children: child name (namespace prefix removed) →
 * content, in document order of first appearance. Repeated children become
 * arrays. Attributes are dropped unless the parser is asked for them
 * (`XmlReadOptions.attributes`): then each is `@` + its local name (`@currency`,
 * `@nil` for `xsi:nil`), `xmlns` declarations aside, and an element with
 * attributes is an element even without children, its text under `#text` as
 * written. Text mixed with children is kept under `#text` (trimmed); white
 * space between children is not content. The names
 * of the children in document order, one per occurrence, are under the
 * (not enumerable) `CHILD_ORDER` symbol of `read-values.ts`.
 */
export interface XmlElement {
  [name: string]: XmlValue;
}

/** A value accepted by `buildXml`: text, a number or boolean (written as text), an element or repeated entries. `undefined` is omitted. */
export type XmlInputValue =
  string | number | boolean | undefined | XmlInput | readonly XmlInputValue[];

/**
 * An ordered element tree accepted by `buildXml`: element name → content,
 * written in insertion order. Keys starting with `@_` are attributes of the
 * enclosing element (`"@_xmlns"`); `#text` is its text.
 */
export interface XmlInput {
  readonly [name: string]: XmlInputValue;
}

/** The outcome of reading a SOAP response: a fault, or the first element inside `Body`. */
export type SoapBody =
  | {
      readonly kind: "fault";
      /** `faultcode` (SOAP 1.1) or `Code/Value` (SOAP 1.2) as sent, e.g. `soap:Client`. */
      readonly faultCode: string;
      /** `faultstring` (SOAP 1.1) or the first `Reason/Text` (SOAP 1.2). */
      readonly faultString: string;
      /** `detail` (SOAP 1.1) or `Detail` (SOAP 1.2), when present. */
      readonly detail: XmlValue | undefined;
    }
  | {
      readonly kind: "element";
      /** Local name of the first element inside `Body`. */
      readonly name: string;
      readonly value: XmlElement | string;
    };

/** How to read XML beyond the limits. */
export interface XmlReadOptions extends ParseLimits {
  /** Keep attributes (`@name`), for types with attributes, simple content or nillable elements. Default: dropped. */
  readonly attributes?: boolean;
}

/** The XML Schema instance namespace (`xsi:nil`). */
export const XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance";

/** What a writer writes for a null value: an element with `xsi:nil="true"`, its namespace declared on it. */
export const XML_NIL: XmlInput = { "@_xmlns:xsi": XSI_NAMESPACE, "@_xsi:nil": "true" };

/** The SOAP 1.1 envelope namespace. */
export const SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

/** The SOAP 1.2 envelope namespace. */
export const SOAP12_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";

/** A SOAP version: the envelope namespace and the HTTP binding differ. */
export type SoapVersion = "1.1" | "1.2";

const RESERVED_MARK = "#";
const RESERVED_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
const PREDEFINED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};
const REFERENCE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const DECIMAL_REF = /^#[0-9]{1,10}$/;
const HEX_REF = /^#x[0-9A-Fa-f]{1,8}$/;
/** A character XML 1.0 does not allow, or a lone surrogate. */
const ILLEGAL_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** ASCII names, a subset of the XML names below: most names pass here without the Unicode pattern. */
const ASCII_XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?$/;
/**
 * Compiled on first use: a Unicode property pattern costs about a millisecond
 * when the module is loaded, which every importer of the package would pay.
 */
let xmlName: RegExp | undefined;
const MAX_BUILD_DEPTH = 100;

/** Decodes the five predefined entities and numeric character references; nothing else exists without a DTD. */
const entityDecoder = {
  setExternalEntities(): void {},
  addInputEntities(): void {},
  reset(): void {},
  setXmlVersion(): void {},
  decode(text: string): string {
    if (text.indexOf("&") === -1) return text;
    return text.replace(REFERENCE, (whole: string, hex?: string, dec?: string, name?: string) => {
      if (name !== undefined) return PREDEFINED[name] ?? whole;
      const cp = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
      return isXmlChar(cp) ? String.fromCodePoint(cp) : whole;
    });
  },
};

/**
 * Parses an XML response body into a plain tree, or throws `ParseError` (`xml`):
 * `empty`, `not-xml` (e.g. an HTML error page), `too-large` (checked before
 * reading), `too-deep`, `dtd-forbidden` (any `<!DOCTYPE` or `<!ENTITY`) or
 * `malformed` (truncated, undeclared entity, illegal character, ...).
 * A leading byte-order mark is tolerated. The text of an element without
 * child elements is kept as written, white space included (XML Schema's
 * `xs:string` preserves it; readers of numbers, dates and the like drop it),
 * and is never converted to numbers. Elements named `__proto__` are dropped;
 * `constructor` and `prototype` are kept as ordinary own data.
 */
export function parseXml(input: string | Uint8Array, limits?: XmlReadOptions): XmlElement {
  const maxDepth = limits?.maxDepth ?? DEFAULT_MAX_DEPTH;
  const text = bodyText(input, "xml", limits?.maxBytes ?? DEFAULT_MAX_BYTES);
  const start = skipSpace(text, 0);
  if (start === text.length) throw new ParseError("xml", "empty", "XML body is empty");
  if (text.charCodeAt(start) !== 0x3c) throw notXml();
  // Leading white space is tolerated (an XML declaration must otherwise come first).
  const doc = start === 0 ? text : text.slice(start);
  scanXml(doc, maxDepth);
  if (ILLEGAL_CHAR.test(doc)) throw malformed("contains a character not allowed in XML 1.0");
  const parser = new XMLParser({
    // In document order, so elements out of schema order can be told apart.
    preserveOrder: true,
    ignoreAttributes: limits?.attributes !== true,
    jPath: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
    entityDecoder,
    maxNestedTags: maxDepth + 1,
    // Keep wire names verbatim (the default would rename `toString` and the like).
    onDangerousProperty: (name: string) => name,
    // The parser refuses these names outright; mark them so they are handled below.
    transformTagName: (name: string) => (RESERVED_NAMES.has(name) ? RESERVED_MARK + name : name),
  });
  let nodes: unknown;
  try {
    nodes = parser.parse(doc);
  } catch {
    // The parser's own message may quote the body, so it is not passed on.
    throw malformed("the parser rejected the document");
  }
  if (!Array.isArray(nodes)) throw malformed("no root element");
  // The pre-scan found a root element: without one here, it was a dropped `__proto__`.
  return elementOf(nodes) ?? {};
}

/** A single value as a one-entry list, a list as is, and `undefined` as an empty list. */
export function asArray<T>(v: T | readonly T[] | undefined): readonly T[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? (v as readonly T[]) : [v as T];
}

/**
 * The text of an element: its string content, `""` for an element without
 * content, and `undefined` for an element with children or a repeated element.
 */
export function textOf(v: XmlValue | undefined): string | undefined {
  if (typeof v === "string") return v;
  if (v === undefined || Array.isArray(v)) return undefined;
  return Object.keys(v).length === 0 ? "" : undefined;
}

/**
 * Writes an ordered element tree as XML. Elements come out in insertion order,
 * arrays become repeated elements, text and attribute values are escaped
 * (`&`, `<`, `>`, quotes, and CR as `&#13;` so it survives end-of-line handling).
 * Throws `ValidationError` (code `format` or `type`, naming the element path,
 * never the value) for a character XML 1.0 does not allow, an invalid element
 * or attribute name, a non-finite number or a list of lists.
 */
export function buildXml(tree: XmlInput, options?: { readonly declaration?: boolean }): string {
  const normalized = normalizeElement(tree, "", 0);
  const out: string[] =
    options?.declaration === true ? ['<?xml version="1.0" encoding="utf-8"?>'] : [];
  for (const name of Object.keys(normalized)) writeNode(name, normalized[name] as Normalized, out);
  return out.join("");
}

/** The five characters XML text and attribute values cannot hold as they are, and CR, which end-of-line handling would turn into LF. */
const NEEDS_ESCAPE = /[&<>'"\r]/;
const ESCAPED = /[&<>'"\r]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "'": "&apos;",
  '"': "&quot;",
  "\r": "&#13;",
};

function escapeXml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (c) => ESCAPES[c] as string) : text;
}

/**
 * Writes one element (or, for a list, one element per entry) of a normalized
 * tree: attributes in insertion order, then its text, then its children in
 * insertion order; an element without content is `<a></a>`.
 */
function writeNode(name: string, value: Normalized, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) writeNode(name, item, out);
    return;
  }
  if (typeof value === "string") {
    out.push(`<${name}>`, escapeXml(value), `</${name}>`);
    return;
  }
  out.push(`<${name}`);
  const keys = Object.keys(value);
  for (const key of keys)
    if (key.startsWith("@_")) out.push(` ${key.slice(2)}="`, escapeXml(value[key] as string), '"');
  out.push(">");
  const text = value["#text"];
  if (typeof text === "string") out.push(escapeXml(text));
  for (const key of keys)
    if (!key.startsWith("@_") && key !== "#text") writeNode(key, value[key] as Normalized, out);
  out.push(`</${name}>`);
}

/**
 * A SOAP request (1.1 unless `version` says 1.2): `soap:Envelope` /
 * `soap:Body` / the operation element, which carries `xmlns` = `namespace`
 * and the given content in order. `header`, when it holds elements, is
 * written as `soap:Header` before the body (each element carrying its own
 * `@_xmlns`).
 */
export function soapEnvelope(
  namespace: string,
  bodyElementName: string,
  content: XmlInput,
  version: SoapVersion = "1.1",
  header?: XmlInput,
): string {
  // Without a prototype, any element name is an own property by plain assignment.
  const operation = Object.create(null) as Record<string, XmlInputValue>;
  operation["@_xmlns"] = namespace;
  for (const key of Object.keys(content)) if (key !== "@_xmlns") operation[key] = content[key];
  const body = Object.create(null) as Record<string, XmlInputValue>;
  body[bodyElementName] = operation;
  const envelope: Record<string, XmlInputValue> = {
    "@_xmlns:soap": version === "1.2" ? SOAP12_NAMESPACE : SOAP11_NAMESPACE,
  };
  if (header !== undefined && Object.keys(header).length > 0) envelope["soap:Header"] = header;
  envelope["soap:Body"] = body;
  return buildXml({ "soap:Envelope": envelope }, { declaration: true });
}

/**
 * Parses a SOAP response (1.1 or 1.2) and returns its fault or the first
 * element inside `Body`. Throws `ParseError` like `parseXml`, and
 * `unexpected-shape` when there is no `Envelope`/`Body` or `Body` is empty.
 */
export function readSoapBody(xml: string | Uint8Array, limits?: XmlReadOptions): SoapBody {
  const body = own(soapEnvelopeOf(xml, limits), "Body");
  if (!isElement(body)) throw shape("no SOAP Body");
  const fault = own(body, "Fault");
  if (fault !== undefined) {
    const f = first(fault);
    if (!isElement(f)) return { kind: "fault", faultCode: "", faultString: "", detail: undefined };
    if (own(f, "faultcode") !== undefined || own(f, "faultstring") !== undefined) {
      return {
        kind: "fault",
        faultCode: trimmed(textOf(first(own(f, "faultcode")))),
        faultString: trimmed(textOf(first(own(f, "faultstring")))),
        detail: own(f, "detail"),
      };
    }
    const code = first(own(f, "Code"));
    const reason = first(own(f, "Reason"));
    return {
      kind: "fault",
      faultCode: trimmed(isElement(code) ? textOf(first(own(code, "Value"))) : textOf(code)),
      faultString: trimmed(isElement(reason) ? textOf(first(own(reason, "Text"))) : textOf(reason)),
      detail: own(f, "Detail"),
    };
  }
  for (const name of Object.keys(body)) {
    if (name.startsWith("#")) continue;
    const value = first(body[name]);
    if (value === undefined || Array.isArray(value)) break;
    return { kind: "element", name, value };
  }
  throw shape("the SOAP Body is empty");
}

/**
 * The content of an XML document's root element, which must be `rootName`
 * (its local name). Throws `ParseError` like `parseXml`, and
 * `unexpected-shape` for a document with another root.
 */
export function readXmlDocument(
  xml: string | Uint8Array,
  rootName: string,
  options?: XmlReadOptions,
): XmlValue {
  const tree = parseXml(xml, options);
  const content = own(tree, rootName);
  if (content === undefined)
    throw new ParseError("xml", "unexpected-shape", `expected a ${rootName} document`);
  return content;
}

/**
 * The `Header` element of a SOAP envelope (1.1 or 1.2): its child elements by
 * local name, or an empty element when there is no header. Throws
 * `ParseError` like `readSoapBody`.
 */
export function readSoapHeader(xml: string | Uint8Array, limits?: XmlReadOptions): XmlElement {
  const header = first(own(soapEnvelopeOf(xml, limits), "Header"));
  return isElement(header) ? header : {};
}

/** The `Envelope` element of a SOAP message (1.1 or 1.2), parsed; `ParseError` when there is none. */
function soapEnvelopeOf(xml: string | Uint8Array, limits: XmlReadOptions | undefined): XmlElement {
  const envelope = own(parseXml(xml, limits), "Envelope");
  if (!isElement(envelope)) throw shape("no SOAP Envelope");
  return envelope;
}

// ---------------------------------------------------------------------------

/**
 * Linear well-formedness pre-scan: rejects HTML, DTDs, undeclared entities,
 * bad character references, truncation, several roots, excessive depth,
 * closing tags that do not match, and start tags whose names or attributes
 * are not well formed, before the (recursive) parser sees the document. It
 * is the only well-formedness pass: the parser runs without its validator
 * and without path bookkeeping (`jPath: false`), which paygen never reads.
 */
function scanXml(s: string, maxDepth: number): void {
  const n = s.length;
  let depth = 0;
  /** The names of the elements open at this point, innermost last. */
  const open: string[] = [];
  let rootSeen = false;
  let nextAmp = -2;
  let i = 0;
  while (i < n) {
    const lt = s.indexOf("<", i);
    const end = lt === -1 ? n : lt;
    if (end > i) {
      if (depth === 0) {
        if (skipSpace(s, i) < end) throw malformed("text outside the root element");
      } else {
        // References in text [i, end); `nextAmp` is cached so the scan stays linear.
        if (nextAmp !== -1 && nextAmp < i) nextAmp = s.indexOf("&", i);
        while (nextAmp !== -1 && nextAmp < end) {
          const semi = s.indexOf(";", nextAmp + 1);
          if (semi === -1 || semi > end) throw malformed("unterminated entity reference");
          checkReference(s.slice(nextAmp + 1, semi));
          nextAmp = s.indexOf("&", semi + 1);
        }
      }
    }
    if (lt === -1) break;
    const c1 = s.charCodeAt(lt + 1);
    if (c1 === 0x3f) {
      // <? processing instruction or declaration ?>
      i = closeAfter(s, "?>", lt + 2);
    } else if (c1 === 0x21) {
      if (s.startsWith("--", lt + 2)) i = closeAfter(s, "-->", lt + 4);
      else if (s.startsWith("[CDATA[", lt + 2)) {
        if (depth === 0) throw malformed("CDATA outside the root element");
        i = closeAfter(s, "]]>", lt + 9);
      } else {
        const word = s.slice(lt + 2, lt + 10).toUpperCase();
        if (word.startsWith("DOCTYPE")) {
          const nameAt = skipSpace(s, lt + 9);
          if (!rootSeen && /^html(?![\w.:-])/i.test(s.slice(nameAt, nameAt + 5))) throw notXml();
          throw dtdForbidden();
        }
        if (/^(?:ENTITY|ELEMENT|ATTLIST|NOTATION)/.test(word)) throw dtdForbidden();
        throw malformed("unknown markup declaration");
      }
    } else if (c1 === 0x2f) {
      const close = s.indexOf(">", lt + 2);
      if (close === -1) throw malformed("truncated closing tag");
      if (--depth < 0) throw malformed("closing tag without an opening tag");
      // The closing tag names the element it closes (white space may follow the name).
      const name = open.pop() as string;
      if (!s.startsWith(name, lt + 2) || skipSpace(s, lt + 2 + name.length) !== close)
        throw malformed("a closing tag does not match the element it closes");
      i = close + 1;
    } else {
      if (!isNameStart(c1)) throw malformed("'<' not followed by a name");
      if (rootSeen && depth === 0) throw malformed("more than one root element");
      if (!rootSeen) {
        rootSeen = true;
        if (isHtmlName(s, lt + 1)) throw notXml();
      }
      let j = lt + 1;
      let quote = 0;
      for (; j < n; j++) {
        const c = s.charCodeAt(j);
        if (quote !== 0) {
          if (c === quote) quote = 0;
          else if (c === 0x3c) throw malformed("'<' in an attribute value");
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3e) break;
        else if (c === 0x3c) throw malformed("'<' inside a tag");
      }
      if (j === n) throw malformed("truncated tag");
      if (depth + 1 > maxDepth) {
        throw new ParseError(
          "xml",
          "too-deep",
          `XML elements are nested deeper than ${maxDepth} levels`,
        );
      }
      const selfClosing = s.charCodeAt(j - 1) === 0x2f;
      const nameEnd = checkStartTag(s, lt + 1, selfClosing ? j - 1 : j);
      if (!selfClosing) {
        depth++;
        open.push(s.slice(lt + 1, nameEnd));
      }
      i = j + 1;
    }
  }
  if (!rootSeen) throw malformed("no root element");
  if (depth > 0) throw malformed("truncated: an element is not closed");
}

/**
 * Checks a start tag between `from` (its name) and `end` (its `>`, or the `/`
 * of `/>`): a name, then attributes `name="value"` or `name='value'`, each
 * after white space, each name once. Returns where the element name ends.
 */
function checkStartTag(s: string, from: number, end: number): number {
  let i = from;
  while (i < end && !isSpace(s.charCodeAt(i))) i++;
  const nameEnd = i;
  if (!isXmlName(s.slice(from, nameEnd)))
    throw malformed("an element name is not a valid XML name");
  let seen: Set<string> | undefined;
  for (;;) {
    const before = i;
    i = skipSpace(s, i);
    if (i >= end) return nameEnd;
    if (i === before) throw malformed("attributes must be separated by white space");
    const nameStart = i;
    while (i < end && s.charCodeAt(i) !== 0x3d && !isSpace(s.charCodeAt(i))) i++;
    const attribute = s.slice(nameStart, i);
    if (!isXmlName(attribute)) throw malformed("an attribute name is not a valid XML name");
    i = skipSpace(s, i);
    if (s.charCodeAt(i) !== 0x3d) throw malformed("an attribute has no value");
    i = skipSpace(s, i + 1);
    const quote = s.charCodeAt(i);
    if (quote !== 0x22 && quote !== 0x27) throw malformed("an attribute value is not quoted");
    const close = s.indexOf(quote === 0x22 ? '"' : "'", i + 1);
    if (close === -1 || close >= end) throw malformed("an attribute value is not closed");
    if ((seen ??= new Set()).has(attribute)) throw malformed("an attribute is repeated");
    seen.add(attribute);
    // References in the value, as in text: the five predefined entities and character references only.
    for (
      let amp = s.indexOf("&", i + 1);
      amp !== -1 && amp < close;
      amp = s.indexOf("&", amp + 1)
    ) {
      const semi = s.indexOf(";", amp + 1);
      if (semi === -1 || semi > close) throw malformed("unterminated entity reference");
      checkReference(s.slice(amp + 1, semi));
    }
    i = close + 1;
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function closeAfter(s: string, terminator: string, from: number): number {
  const at = s.indexOf(terminator, from);
  if (at === -1) throw malformed("truncated comment, CDATA section or processing instruction");
  return at + terminator.length;
}

function checkReference(ref: string): void {
  if (Object.prototype.hasOwnProperty.call(PREDEFINED, ref)) return;
  let cp: number;
  if (DECIMAL_REF.test(ref)) cp = parseInt(ref.slice(1), 10);
  else if (HEX_REF.test(ref)) cp = parseInt(ref.slice(2), 16);
  else throw malformed("undeclared entity or invalid character reference");
  if (!isXmlChar(cp)) throw malformed("character reference to a character XML 1.0 does not allow");
}

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

function isNameStart(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a || c >= 0x80
  );
}

/** True when the tag name at `i` is `html` (any case, any prefix). */
function isHtmlName(s: string, i: number): boolean {
  let j = i;
  while (j < s.length && j - i < 64 && !/[\s/>]/.test(s.charAt(j))) j++;
  const name = s.slice(i, j).toLowerCase();
  return name === "html" || name.endsWith(":html");
}

function isElement(v: unknown): v is XmlElement {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function own(e: XmlElement, key: string): XmlValue | undefined {
  return Object.prototype.hasOwnProperty.call(e, key) ? e[key] : undefined;
}

function first(v: XmlValue | undefined): XmlElement | string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return Array.isArray(x) ? undefined : x;
}

function defineOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Fault texts are reported without the white space around them. */
function trimmed(text: string | undefined): string {
  return text === undefined ? "" : text.trim();
}

/**
 * The content of an element from the parser's ordered nodes (`{ name: nodes }`
 * per child element, `{ "#text": text }` per text): its text as written when it
 * has no child elements, else its children (repeated ones as arrays) with their
 * document order, dropping `__proto__` elements and white space between them.
 */
function contentOf(nodes: readonly unknown[], attributes?: unknown): XmlValue {
  let element: XmlElement | undefined;
  let order: string[] | undefined;
  const texts: string[] = [];
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) continue;
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (key === "#text") {
        if (typeof value === "string") texts.push(value);
        continue;
      }
      if (key === ":@") continue;
      let name = key;
      if (key.startsWith(RESERVED_MARK)) {
        if (key === RESERVED_MARK + "__proto__") continue;
        if (RESERVED_NAMES.has(key.slice(1))) name = key.slice(1);
      }
      const content = contentOf(
        Array.isArray(value) ? value : [],
        (node as Record<string, unknown>)[":@"],
      );
      element ??= {};
      order ??= [];
      order.push(name);
      // A child's own content is never an array, so an array here is the list of a repeated child.
      // (`name` is never `__proto__`: assignment makes an own property.)
      const previous = Object.prototype.hasOwnProperty.call(element, name)
        ? element[name]
        : undefined;
      if (previous === undefined) element[name] = content;
      else if (Array.isArray(previous)) previous.push(content);
      else element[name] = [previous, content];
    }
  }
  const attrs = attributesOf(attributes);
  // No child element: the text as written ("" for an element without content).
  if (element === undefined) {
    const text = texts.length === 1 ? (texts[0] as string) : texts.join("");
    if (attrs === undefined) return text;
    if (text !== "") attrs["#text"] = text;
    Object.defineProperty(attrs, CHILD_ORDER, { value: [], enumerable: false });
    return attrs;
  }
  const mixed = texts.map((t) => t.trim()).join("");
  if (mixed !== "") element["#text"] = mixed;
  if (attrs !== undefined)
    for (const key of Object.keys(attrs)) defineOwn(element, key, attrs[key] as XmlValue);
  Object.defineProperty(element, CHILD_ORDER, { value: order, enumerable: false });
  return element;
}

/** The attributes the parser found (`@name` → value), as own data; `undefined` when there are none. */
function attributesOf(attributes: unknown): XmlElement | undefined {
  if (typeof attributes !== "object" || attributes === null) return undefined;
  let out: XmlElement | undefined;
  for (const key of Object.keys(attributes)) {
    const value = (attributes as Record<string, unknown>)[key];
    if (typeof value !== "string" || !key.startsWith("@")) continue;
    defineOwn((out ??= {}), key, value);
  }
  return out;
}

/** The document element of the parser's top-level nodes, as `{ name: content }`. */
function elementOf(nodes: readonly unknown[]): XmlElement | undefined {
  const content = contentOf(nodes);
  return typeof content === "string" || Array.isArray(content) ? undefined : content;
}

type Normalized = string | NormalizedElement | Normalized[];
interface NormalizedElement {
  [name: string]: Normalized;
}

function normalizeElement(node: XmlInput, path: string, depth: number): NormalizedElement {
  if (depth > MAX_BUILD_DEPTH)
    fail(path, "type", `is nested deeper than ${MAX_BUILD_DEPTH} levels`);
  // Without a prototype, any name (`__proto__` included) is an own property by plain assignment.
  const out: NormalizedElement = Object.create(null) as NormalizedElement;
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (v === undefined) continue;
    if (key.startsWith("@_")) {
      const attrPath = `${path}@${key.slice(2)}`;
      if (!isXmlName(key.slice(2))) fail(attrPath, "format", "is not a valid XML attribute name");
      out[key] = scalarText(v, attrPath);
    } else if (key === "#text") {
      out[key] = scalarText(v, path);
    } else {
      const childPath = path === "" ? key : `${path}.${key}`;
      if (!isXmlName(key)) fail(childPath, "format", "is not a valid XML element name");
      if (isList(v)) {
        const items: Normalized[] = [];
        v.forEach((item, index) => {
          if (item !== undefined)
            items.push(normalizeContent(item, `${childPath}[${index}]`, depth + 1));
        });
        out[key] = items;
      } else out[key] = normalizeContent(v, childPath, depth + 1);
    }
  }
  return out;
}

function isXmlName(name: string): boolean {
  if (ASCII_XML_NAME.test(name)) return true;
  xmlName ??= /^[\p{L}_][\p{L}\p{N}_.\-\u00B7]*(?::[\p{L}_][\p{L}\p{N}_.\-\u00B7]*)?$/u;
  return xmlName.test(name);
}

function normalizeContent(
  v: XmlInputValue,
  path: string,
  depth: number,
): string | NormalizedElement {
  if (isList(v)) fail(path, "type", "must not be a list of lists");
  if (typeof v === "object" && v !== null) return normalizeElement(v, path, depth);
  return scalarText(v, path);
}

function scalarText(v: XmlInputValue, path: string): string {
  if (typeof v === "string") {
    if (ILLEGAL_CHAR.test(v)) fail(path, "format", "contains a character not allowed in XML 1.0");
    return v;
  }
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) fail(path, "type", "must be a finite number");
    return String(v);
  }
  return fail(path, "type", "must be text, a number or a boolean");
}

function isList(v: XmlInputValue): v is readonly XmlInputValue[] {
  return Array.isArray(v);
}

function fail(path: string, code: ValidationIssueCode, message: string): never {
  throw new ValidationError([{ path, code, message }]);
}

function notXml(): ParseError {
  return new ParseError("xml", "not-xml", "the body is not XML (an HTML page or plain text)");
}

function malformed(reason: string): ParseError {
  return new ParseError("xml", "malformed", `malformed XML: ${reason}`);
}

function dtdForbidden(): ParseError {
  return new ParseError("xml", "dtd-forbidden", "XML with a DTD or entity declaration is refused");
}

function shape(reason: string): ParseError {
  return new ParseError("xml", "unexpected-shape", `unexpected SOAP response: ${reason}`);
}
