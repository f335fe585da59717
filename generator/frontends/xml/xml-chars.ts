/**
 * The character classes of XML 1.0 (fifth edition): which characters may
 * appear at all, which may start and continue a name, and what is white space.
 */

/** Whether `c` (a code point) is XML white space: space, tab, CR or LF. */
export function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Whether `c` (a code point) may start an XML name (the colon included; namespaces are checked apart). */
export function isNameStartChar(c: number): boolean {
  if (c < 0x80) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
  }
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

/** Whether `c` (a code point) may continue an XML name. */
export function isNameChar(c: number): boolean {
  if (isNameStartChar(c)) return true;
  return (
    c === 0x2d ||
    c === 0x2e ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x203f && c <= 0x2040)
  );
}

/** Whether `c` (a code point) is an XML `Char`: what a character reference may name. */
export function isXmlChar(c: number): boolean {
  return (
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0d ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/**
 * Any character XML does not allow: C0 controls other than tab, CR and LF,
 * U+FFFE, U+FFFF and unpaired surrogates. A single character class with the
 * `u` flag: the search is linear, nothing to backtrack.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The offset of the first character XML does not allow, or -1. */
export function firstNonXmlChar(text: string): number {
  const match = NOT_XML_CHAR.exec(text);
  return match === null ? -1 : match.index;
}

/** `U+XXXX`, how a character is named in a message. */
export function codePointName(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Whether `text` is an NCName: an XML name without a colon (what XSD and WSDL component names are). */
export function isNCName(text: string): boolean {
  if (text.length === 0) return false;
  let i = 0;
  while (i < text.length) {
    const c = text.codePointAt(i)!;
    if (c === 0x3a || !(i === 0 ? isNameStartChar(c) : isNameChar(c))) return false;
    i += c > 0xffff ? 2 : 1;
  }
  return true;
}
