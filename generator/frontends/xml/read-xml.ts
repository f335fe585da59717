import type { Position } from "../../diagnostics/diagnostic.js";
import { sourceLimits, type SourceLimits } from "../source/source-limits.js";
import { SourceProblem } from "../source/source-problem.js";
import { NamespaceScope, XML_NAMESPACE, XMLNS_NAMESPACE } from "./namespace-scope.js";
import { SourceLocator } from "./source-locator.js";
import {
  codePointName,
  firstNonXmlChar,
  isNameChar,
  isNameStartChar,
  isXmlChar,
  isXmlSpace,
} from "./xml-chars.js";
import {
  attributeKey,
  type XmlAttribute,
  type XmlDeclaration,
  type XmlDocument,
  type XmlElement,
  type XmlNode,
} from "./xml-tree.js";

export interface ReadXmlOptions {
  /** The file as the user names it; every position carries it. */
  readonly file: string;
  /** Bounds other than XML's defaults (`sourceLimits("xml")`). */
  readonly limits?: Partial<SourceLimits>;
  /** Stop after the root element's start tag (the root then has no children): enough to tell what a document is. */
  readonly rootOnly?: boolean;
}

/**
 * Reads an XML 1.0 document with namespaces into a positioned tree, or throws
 * a {@link SourceProblem} at the first problem.
 *
 * Contracts come from elsewhere, so hostile input is normal input: a DOCTYPE
 * (hence any DTD, internal or external), an entity other than the five
 * predefined ones, and any processing instruction other than the XML
 * declaration are refused, never expanded or fetched; nesting and size are
 * bounded. The reader is a single forward pass with no recursion and no
 * regular expression that could backtrack: its time is linear in the input.
 */
export function readXml(text: string, options: ReadXmlOptions): XmlDocument {
  const limits = sourceLimits("xml", options.limits);
  return new XmlParser(text, options.file, limits, options.rootOnly === true).parse();
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const SEMICOLON = 0x3b;
const HASH = 0x23;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const RIGHT_BRACKET = 0x5d;

/** The five entities every XML document has without a DTD. */
const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["apos", "'"],
  ["quot", '"'],
]);

/** The pseudo-attributes of the XML declaration, in the order they must come. */
const DECLARATION_NAMES = ["version", "encoding", "standalone"];

const DOCTYPE_REFUSED =
  "a DOCTYPE declaration is refused: a DTD can declare entities that expand without bound or read other files and URLs, so none is ever read; remove it";

/** The attributes of every element that has none. */
const NO_ATTRIBUTES: Map<string, XmlAttribute> = new Map();

/** The children of every empty-element tag (`<a/>`): nothing is ever pushed to it, as such an element is never open. */
const NO_CHILDREN: XmlNode[] = [];

/** An element whose end tag has not been read yet. */
interface OpenElement {
  readonly element: XmlElement;
  /** The element's children, filled as they are read. */
  readonly children: XmlNode[];
}

/** An attribute as written, before its name is resolved. */
interface RawAttribute {
  readonly qname: string;
  readonly value: string;
  readonly at: Position;
  readonly valueAt: Position;
}

class XmlParser {
  private pos = 0;
  private readonly locator: SourceLocator;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly limits: SourceLimits,
    private readonly rootOnly: boolean,
  ) {
    this.locator = new SourceLocator(text, file);
  }

  parse(): XmlDocument {
    const text = this.text;
    if (text.length > this.limits.maxBytes) {
      throw this.fail(
        0,
        `the document is ${text.length} characters long; at most ${this.limits.maxBytes} are read`,
      );
    }
    const bad = firstNonXmlChar(text);
    if (bad >= 0)
      throw this.fail(
        bad,
        `character ${codePointName(text.codePointAt(bad)!)} is not allowed in XML`,
      );
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
    const declaration = this.readDeclaration();
    this.readMisc();
    if (this.pos >= text.length) throw this.fail(this.pos, "the document has no root element");
    if (text.charCodeAt(this.pos) !== LT)
      throw this.fail(this.pos, "text is not allowed before the root element");
    const root = this.readStartTag(NamespaceScope.ROOT);
    if (!this.rootOnly) {
      if (!root.selfClosing) this.readContent(root.open);
      this.readMisc();
      if (this.pos < text.length)
        throw this.fail(this.pos, "only comments and white space may follow the root element");
    }
    return declaration === undefined
      ? { file: this.file, root: root.open.element }
      : { file: this.file, declaration, root: root.open.element };
  }

  /** The content of the root element and all its descendants, with an explicit stack rather than recursion. */
  private readContent(root: OpenElement): void {
    const text = this.text;
    const stack: OpenElement[] = [root];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (this.pos >= text.length) {
        const { line, col } = top.element.at;
        throw this.fail(
          this.pos,
          `the document ends before <${top.element.qname}> (line ${line}, column ${col}) is closed`,
        );
      }
      if (text.charCodeAt(this.pos) !== LT) {
        top.children.push(this.readText());
        continue;
      }
      const next = text.charCodeAt(this.pos + 1);
      if (next === SLASH) {
        this.readEndTag(top.element);
        stack.pop();
      } else if (next === BANG) {
        if (text.startsWith("<!--", this.pos)) this.skipComment();
        else if (text.startsWith("<![CDATA[", this.pos)) top.children.push(this.readCdata());
        else if (text.startsWith("<!DOCTYPE", this.pos)) throw this.fail(this.pos, DOCTYPE_REFUSED);
        else
          throw this.fail(
            this.pos,
            `"<!" starts no markup allowed here (a comment is <!-- -->, a CDATA section <![CDATA[ ]]>)`,
          );
      } else if (next === QUESTION) {
        throw this.processingInstruction();
      } else {
        const depth = stack.length + 1;
        if (depth > this.limits.maxDepth) {
          throw this.fail(
            this.pos,
            `elements are nested more than ${this.limits.maxDepth} deep; at most ${this.limits.maxDepth} levels are read`,
          );
        }
        const child = this.readStartTag(top.element.namespaces);
        top.children.push(child.open.element);
        if (!child.selfClosing) stack.push(child.open);
      }
    }
  }

  /** The XML declaration, when the document starts with one. */
  private readDeclaration(): XmlDeclaration | undefined {
    const text = this.text;
    if (
      !text.startsWith("<?xml", this.pos) ||
      !(isXmlSpace(text.charCodeAt(this.pos + 5)) || text.charCodeAt(this.pos + 5) === QUESTION)
    ) {
      return undefined;
    }
    const start = this.pos;
    this.pos += 5;
    const values = new Map<string, { value: string; at: Position }>();
    let lastIndex = -1;
    for (;;) {
      const hadSpace = this.skipSpace();
      if (text.startsWith("?>", this.pos)) {
        this.pos += 2;
        break;
      }
      if (this.pos >= text.length)
        throw this.fail(start, 'the XML declaration is not closed by "?>"');
      if (!hadSpace)
        throw this.fail(this.pos, 'expected white space or "?>" in the XML declaration');
      const nameAt = this.pos;
      const name = this.readName("a name in the XML declaration (version, encoding or standalone)");
      // version, then optionally encoding, then optionally standalone, in that order.
      const index = DECLARATION_NAMES.indexOf(name);
      if (index < 0 || index <= lastIndex || (index > 0 && lastIndex < 0)) {
        throw this.fail(
          nameAt,
          `"${name}" is not expected here in the XML declaration (version, encoding, standalone, in that order)`,
        );
      }
      lastIndex = index;
      this.skipSpace();
      if (text.charCodeAt(this.pos) !== EQUALS)
        throw this.fail(this.pos, `expected "=" after ${name}`);
      this.pos++;
      this.skipSpace();
      const quote = text.charCodeAt(this.pos);
      if (quote !== QUOTE && quote !== APOSTROPHE)
        throw this.fail(this.pos, `the value of ${name} must be quoted`);
      const valueStart = this.pos + 1;
      const valueEnd = text.indexOf(String.fromCharCode(quote), valueStart);
      const lineEnd = text.indexOf("?>", valueStart);
      if (valueEnd < 0 || (lineEnd >= 0 && lineEnd < valueEnd))
        throw this.fail(this.pos, `the value of ${name} is not closed`);
      const at = this.locator.positionAt(valueStart);
      values.set(name, { value: text.slice(valueStart, valueEnd), at });
      this.pos = valueEnd + 1;
    }
    const version = values.get("version");
    if (version === undefined) throw this.fail(start, "the XML declaration has no version");
    if (version.value !== "1.0")
      throw new SourceProblem(
        version.at,
        `XML version "${version.value}" is not read; only 1.0 is`,
      );
    const encoding = values.get("encoding");
    if (encoding !== undefined && !isEncodingName(encoding.value)) {
      throw new SourceProblem(encoding.at, `"${encoding.value}" is not an encoding name`);
    }
    const standalone = values.get("standalone");
    if (standalone !== undefined && standalone.value !== "yes" && standalone.value !== "no") {
      throw new SourceProblem(
        standalone.at,
        `standalone must be "yes" or "no", not "${standalone.value}"`,
      );
    }
    return {
      version: version.value,
      ...(encoding === undefined ? {} : { encoding: encoding.value, encodingAt: encoding.at }),
      ...(standalone === undefined ? {} : { standalone: standalone.value === "yes" }),
    };
  }

  /** White space and comments, as allowed before and after the root element; refuses a DOCTYPE and processing instructions. */
  private readMisc(): void {
    const text = this.text;
    for (;;) {
      this.skipSpace();
      if (text.startsWith("<!--", this.pos)) this.skipComment();
      else if (text.startsWith("<!DOCTYPE", this.pos)) throw this.fail(this.pos, DOCTYPE_REFUSED);
      else if (text.startsWith("<?", this.pos)) throw this.processingInstruction();
      else if (text.startsWith("<!", this.pos))
        throw this.fail(this.pos, `"<!" starts no markup allowed here (a comment is <!-- -->)`);
      else return;
    }
  }

  /** A start tag: the element with its namespaces and attributes resolved. */
  private readStartTag(parentScope: NamespaceScope): { open: OpenElement; selfClosing: boolean } {
    const text = this.text;
    const at = this.locator.positionAt(this.pos);
    this.pos++;
    const qname = this.readName('an element name after "<"');
    const raw: RawAttribute[] = [];
    const written = new Set<string>();
    let declared: Map<string, string> | undefined;
    let selfClosing: boolean;
    for (;;) {
      const hadSpace = this.skipSpace();
      const c = text.charCodeAt(this.pos);
      if (c === GT) {
        this.pos++;
        selfClosing = false;
        break;
      }
      if (c === SLASH && text.charCodeAt(this.pos + 1) === GT) {
        this.pos += 2;
        selfClosing = true;
        break;
      }
      if (this.pos >= text.length)
        throw this.fail(this.pos, `the document ends inside the start tag <${qname}>`);
      if (!hadSpace)
        throw this.fail(this.pos, `expected white space, ">" or "/>" in the start tag <${qname}>`);
      const attributeAt = this.locator.positionAt(this.pos);
      const name = this.readName(`an attribute name, ">" or "/>" in the start tag <${qname}>`);
      this.skipSpace();
      if (text.charCodeAt(this.pos) !== EQUALS)
        throw this.fail(this.pos, `expected "=" after the attribute name ${name}`);
      this.pos++;
      this.skipSpace();
      const quote = text.charCodeAt(this.pos);
      if (quote !== QUOTE && quote !== APOSTROPHE)
        throw this.fail(this.pos, `the value of attribute ${name} must be quoted`);
      const valueAt = this.locator.positionAt(this.pos + 1);
      const value = this.readAttributeValue(quote);
      if (written.has(name)) throw new SourceProblem(attributeAt, `attribute ${name} is repeated`);
      written.add(name);
      if (name === "xmlns" || name.startsWith("xmlns:")) {
        declared ??= new Map();
        this.declareNamespace(declared, name, value, attributeAt);
      } else {
        raw.push({ qname: name, value, at: attributeAt, valueAt });
      }
    }
    const namespaces =
      declared === undefined ? parentScope : new NamespaceScope(parentScope, declared);
    const elementName = splitQName(qname, at, "element");
    const elementNamespace =
      elementName.prefix === ""
        ? namespaces.defaultNamespace
        : resolvePrefix(namespaces, elementName.prefix, qname, at);
    const attributes = raw.length === 0 ? NO_ATTRIBUTES : new Map<string, XmlAttribute>();
    for (const attribute of raw) {
      const name = splitQName(attribute.qname, attribute.at, "attribute");
      // An unprefixed attribute is in no namespace, whatever the default namespace is.
      const namespace =
        name.prefix === ""
          ? ""
          : resolvePrefix(namespaces, name.prefix, attribute.qname, attribute.at);
      const key = attributeKey(namespace, name.local);
      const same = attributes.get(key);
      if (same !== undefined) {
        throw new SourceProblem(
          attribute.at,
          `attribute ${attribute.qname} is the same attribute as ${same.qname} (both are ${key})`,
        );
      }
      attributes.set(key, {
        name: { namespace, local: name.local },
        qname: attribute.qname,
        value: attribute.value,
        at: attribute.at,
        valueAt: attribute.valueAt,
      });
    }
    // Most elements of a contract have no attributes or no children: they share one empty table (never written to).
    const children: XmlNode[] = selfClosing ? NO_CHILDREN : [];
    const element: XmlElement = {
      kind: "element",
      name: { namespace: elementNamespace, local: elementName.local },
      qname,
      at,
      attributes,
      namespaces,
      children,
    };
    return { open: { element, children }, selfClosing };
  }

  /** Records an `xmlns` or `xmlns:p` attribute, refusing what the Namespaces in XML recommendation forbids. */
  private declareNamespace(
    declared: Map<string, string>,
    name: string,
    uri: string,
    at: Position,
  ): void {
    if (name === "xmlns") {
      if (uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE)
        throw new SourceProblem(at, `${uri} cannot be the default namespace`);
      declared.set("", uri);
      return;
    }
    const prefix = name.slice("xmlns:".length);
    if (prefix === "" || prefix.includes(":"))
      throw new SourceProblem(at, `"${name}" does not declare a valid prefix`);
    if (prefix === "xmlns") throw new SourceProblem(at, "the prefix xmlns cannot be declared");
    if (prefix === "xml") {
      if (uri !== XML_NAMESPACE)
        throw new SourceProblem(
          at,
          `the prefix xml is bound to ${XML_NAMESPACE} and cannot be bound to another namespace`,
        );
      return;
    }
    if (uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE)
      throw new SourceProblem(at, `${uri} cannot be bound to the prefix ${prefix}`);
    if (uri === "")
      throw new SourceProblem(
        at,
        `xmlns:${prefix}="" is not allowed: XML 1.0 namespaces cannot undeclare a prefix`,
      );
    declared.set(prefix, uri);
  }

  /** An end tag, which must close the innermost open element. */
  private readEndTag(open: XmlElement): void {
    const start = this.pos;
    this.pos += 2;
    const name = this.readName('an element name after "</"');
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== GT)
      throw this.fail(this.pos, `expected ">" to close the end tag </${name}>`);
    this.pos++;
    if (name !== open.qname) {
      const { line, col } = open.at;
      throw this.fail(
        start,
        `the end tag </${name}> does not match the start tag <${open.qname}> (line ${line}, column ${col})`,
      );
    }
  }

  /** Character data up to the next markup, references replaced and line ends normalised. */
  private readText(): XmlNode {
    const text = this.text;
    const at = this.locator.positionAt(this.pos);
    let out = "";
    let chunk = this.pos;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === LT) break;
      if (c === AMP) {
        out += text.slice(chunk, this.pos) + this.readReference();
        chunk = this.pos;
      } else if (c === CR) {
        out += `${text.slice(chunk, this.pos)}\n`;
        this.pos += text.charCodeAt(this.pos + 1) === LF ? 2 : 1;
        chunk = this.pos;
      } else if (c === RIGHT_BRACKET && text.startsWith("]]>", this.pos)) {
        throw this.fail(this.pos, '"]]>" is not allowed in text; write "]]&gt;"');
      } else {
        this.pos++;
      }
    }
    out += text.slice(chunk, this.pos);
    return { kind: "text", text: out, at, cdata: false };
  }

  /** A quoted attribute value: references replaced, tab, CR and LF turned into spaces (CR LF into one). */
  private readAttributeValue(quote: number): string {
    const text = this.text;
    const open = this.pos;
    this.pos++;
    let out = "";
    let chunk = this.pos;
    for (;;) {
      if (this.pos >= text.length) throw this.fail(open, "the attribute value is not closed");
      const c = text.charCodeAt(this.pos);
      if (c === quote) {
        out += text.slice(chunk, this.pos);
        this.pos++;
        return out;
      }
      if (c === LT)
        throw this.fail(this.pos, '"<" is not allowed in an attribute value; write "&lt;"');
      if (c === AMP) {
        out += text.slice(chunk, this.pos) + this.readReference();
        chunk = this.pos;
      } else if (c === TAB || c === LF || c === CR) {
        out += `${text.slice(chunk, this.pos)} `;
        this.pos += c === CR && text.charCodeAt(this.pos + 1) === LF ? 2 : 1;
        chunk = this.pos;
      } else {
        this.pos++;
      }
    }
  }

  /** A reference at `&`: one of the five predefined entities or a character reference; any other entity is refused. */
  private readReference(): string {
    const text = this.text;
    const start = this.pos;
    this.pos++;
    if (text.charCodeAt(this.pos) === HASH) {
      this.pos++;
      const hex = text.charCodeAt(this.pos) === 0x78;
      if (hex) this.pos++;
      let value = 0;
      let digits = 0;
      for (;;) {
        const digit = digitValue(text.charCodeAt(this.pos), hex);
        if (digit < 0) break;
        // Capped so that a long run of digits stays a small number; anything above U+10FFFF is refused below.
        value = Math.min(value * (hex ? 16 : 10) + digit, 0x110000);
        digits++;
        this.pos++;
      }
      if (digits === 0 || text.charCodeAt(this.pos) !== SEMICOLON) {
        throw this.fail(
          start,
          'a character reference is written &#NNN; or &#xHHH; (write "&amp;" for a literal "&")',
        );
      }
      this.pos++;
      if (!isXmlChar(value))
        throw this.fail(
          start,
          `the character reference ${text.slice(start, this.pos)} names a character XML does not allow`,
        );
      return String.fromCodePoint(value);
    }
    if (!isNameStartChar(text.codePointAt(this.pos) ?? -1))
      throw this.fail(start, '"&" must start a reference; write "&amp;" for a literal "&"');
    const name = this.readName("an entity name");
    if (text.charCodeAt(this.pos) !== SEMICOLON)
      throw this.fail(start, `the reference &${name} is not closed by ";"`);
    this.pos++;
    const replacement = PREDEFINED_ENTITIES.get(name);
    if (replacement !== undefined) return replacement;
    throw this.fail(
      start,
      `the entity reference &${name}; is refused: only &lt; &gt; &amp; &apos; &quot; and character references are read (any other entity would need a DTD, which is never read)`,
    );
  }

  /** Skips a comment at `<!--`, refusing `--` inside it as XML does. */
  private skipComment(): void {
    const text = this.text;
    const start = this.pos;
    const end = text.indexOf("-->", start + 4);
    if (end < 0) throw this.fail(start, 'the comment is not closed by "-->"');
    const dashes = text.indexOf("--", start + 4);
    if (dashes < end) throw this.fail(dashes, '"--" is not allowed inside a comment');
    this.pos = end + 3;
  }

  /** A CDATA section at `<![CDATA[`, as text. */
  private readCdata(): XmlNode {
    const text = this.text;
    const start = this.pos;
    const at = this.locator.positionAt(start);
    const end = text.indexOf("]]>", start + 9);
    if (end < 0) throw this.fail(start, 'the CDATA section is not closed by "]]>"');
    this.pos = end + 3;
    return { kind: "text", text: normalizeLineEnds(text.slice(start + 9, end)), at, cdata: true };
  }

  /** The error for a processing instruction at `<?`: none is read, and the XML declaration only at the start. */
  private processingInstruction(): SourceProblem {
    const start = this.pos;
    this.pos += 2;
    const target = isNameStartChar(this.text.codePointAt(this.pos) ?? -1)
      ? this.readName("a target")
      : "";
    if (target.toLowerCase() === "xml")
      return this.fail(
        start,
        "the XML declaration is only allowed at the very start of the document",
      );
    return this.fail(start, `processing instructions are refused (<?${target} ...?>); remove it`);
  }

  /** An XML name at the current position; `what` says what was expected when there is none. */
  private readName(what: string): string {
    const text = this.text;
    const start = this.pos;
    const first = text.codePointAt(start);
    if (first === undefined || !isNameStartChar(first)) {
      throw this.fail(
        start,
        start >= text.length ? `the document ends where ${what} was expected` : `expected ${what}`,
      );
    }
    let i = start + (first > 0xffff ? 2 : 1);
    for (;;) {
      const c = text.codePointAt(i);
      if (c === undefined || !isNameChar(c)) break;
      i += c > 0xffff ? 2 : 1;
    }
    this.pos = i;
    return text.slice(start, i);
  }

  /** Skips white space; whether there was any. */
  private skipSpace(): boolean {
    const start = this.pos;
    const text = this.text;
    while (this.pos < text.length && isXmlSpace(text.charCodeAt(this.pos))) this.pos++;
    return this.pos > start;
  }

  private fail(offset: number, message: string): SourceProblem {
    return new SourceProblem(this.locator.positionAt(offset), message);
  }
}

/** Prefix and local part of a name; a namespace-well-formed name has at most one colon, not at either end. */
function splitQName(
  qname: string,
  at: Position,
  what: "element" | "attribute",
): { prefix: string; local: string } {
  const colon = qname.indexOf(":");
  if (colon < 0) return { prefix: "", local: qname };
  const prefix = qname.slice(0, colon);
  const local = qname.slice(colon + 1);
  if (
    prefix === "" ||
    local === "" ||
    local.includes(":") ||
    !isNameStartChar(local.codePointAt(0) ?? -1)
  ) {
    throw new SourceProblem(
      at,
      `the ${what} name ${qname} is not a valid prefixed name (prefix:local)`,
    );
  }
  return { prefix, local };
}

function resolvePrefix(
  namespaces: NamespaceScope,
  prefix: string,
  qname: string,
  at: Position,
): string {
  const uri = namespaces.lookup(prefix);
  if (uri === undefined)
    throw new SourceProblem(at, `the prefix "${prefix}" of ${qname} is not declared`);
  return uri;
}

/** The value of a decimal or hexadecimal digit, or -1. */
function digitValue(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** `EncName` of XML 1.0: a letter, then letters, digits, `.`, `_`, `-`. */
function isEncodingName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
    if (
      i === 0
        ? !letter
        : !(letter || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x5f || c === 0x2d)
    )
      return false;
  }
  return true;
}

/** CR LF and lone CR become LF, as XML normalises line ends before anything else. */
function normalizeLineEnds(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}
