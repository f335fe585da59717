/**
 * `merchantAuthentication` of a SOAP request exactly as sent.
 *
 * The generated reader trims every text value, which suits the data it reads
 * but not credentials: docs/sandbox.md promises they are compared exactly, so
 * `" key"` or `"key "` must not pass for `"key"`. The sandbox therefore reads
 * the two credentials again from the raw body with trimming off. It is called
 * only after the generated reader accepted the body, so the document is known
 * to be well formed, DTD-free, UTF-8 and within the size and depth limits.
 */
import { XMLParser } from "fast-xml-parser";

export interface RawMerchantAuthentication {
  readonly name: string | undefined;
  readonly transactionKey: string | undefined;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};
const REFERENCE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const RESERVED_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The five predefined entities and numeric character references, as the generated reader decodes them. */
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
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    });
  },
};

let parser: XMLParser | undefined;

function rawParser(): XMLParser {
  parser ??= new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
    entityDecoder,
    // The body already passed the generated reader's depth limit; this only keeps the parser from refusing it.
    maxNestedTags: 1000,
    onDangerousProperty: (name: string) => name,
    // Names the parser refuses outright are renamed; credentials never use them.
    transformTagName: (name: string) => (RESERVED_NAMES.has(name) ? `#${name}` : name),
  });
  return parser;
}

function child(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, name)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** The text of a single element (`""` when empty), or undefined when absent, repeated or not text. */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  )
    return "";
  return undefined;
}

/**
 * `merchantAuthentication` inside the operation element `operation` of the
 * SOAP body, untrimmed; undefined when it is missing or cannot be read as one
 * element with text children (such a request is refused).
 */
export function rawMerchantAuthentication(
  body: Uint8Array,
  operation: string,
): RawMerchantAuthentication | undefined {
  let tree: unknown;
  try {
    tree = rawParser().parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
  const auth = child(
    child(child(child(tree, "Envelope"), "Body"), operation),
    "merchantAuthentication",
  );
  if (typeof auth !== "object" || auth === null || Array.isArray(auth)) return undefined;
  return { name: text(child(auth, "name")), transactionKey: text(child(auth, "transactionKey")) };
}
