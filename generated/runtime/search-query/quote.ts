/**
 * Quoting and escaping of values, and the character classes of the lexer.
 *
 * Rules:
 * - A value is written bare when it is non-empty, starts with a letter,
 *   digit, `_`, `.` or `@`, continues with those or `-` and `+`, and is not
 *   one of the words AND, OR, NOT, TO in any letter case. Letters and digits
 *   are Unicode letters, marks and digits.
 * - Every other value is written in double quotes, with `"` and `\` escaped
 *   by a backslash: `say "hi"` → `"say \"hi\""`, `a\b` → `"a\\b"`. This
 *   covers spaces, parentheses, brackets, braces, colons, quotes,
 *   backslashes, `*`, `?`, `/`, the reserved words and the empty value.
 * - Inside quotes `*` is an ordinary character, never a wildcard.
 * - A wildcard pattern (`abc*`) is always bare, so its characters must be
 *   bare-value characters.
 */

const RESERVED = new Set(["AND", "OR", "NOT", "TO"]);

// Unicode property classes cost a millisecond or two to compile: built on first use, not at import.
let bare: RegExp | undefined;
let barePattern: RegExp | undefined;
const ASCII_BARE = /^[A-Za-z0-9_.@][A-Za-z0-9_.@+-]*$/;
const ASCII_BARE_PATTERN = /^[A-Za-z0-9_.@*][A-Za-z0-9_.@+*-]*$/;

/** Whether a word is one of the reserved words AND, OR, NOT, TO (any case). */
export function isReservedWord(word: string): boolean {
  return word.length <= 3 && RESERVED.has(word.toUpperCase());
}

/** Whether a value can be written without quotes (see the module rules). */
export function isBareValue(value: string): boolean {
  const ok =
    ASCII_BARE.test(value) ||
    (/[^\x00-\x7F]/.test(value) &&
      (bare ??= /^[\p{L}\p{M}\p{N}_.@][\p{L}\p{M}\p{N}_.@+-]*$/u).test(value));
  return ok && !isReservedWord(value);
}

/** Whether a wildcard pattern (letters, digits, `_ . @ + - *`) can be written bare. */
export function isBarePattern(pattern: string): boolean {
  return (
    ASCII_BARE_PATTERN.test(pattern) ||
    (/[^\x00-\x7F]/.test(pattern) &&
      (barePattern ??= /^[\p{L}\p{M}\p{N}_.@*][\p{L}\p{M}\p{N}_.@+*-]*$/u).test(pattern))
  );
}

/** The value in double quotes with `"` and `\` escaped. */
export function quoteValue(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/** The value as written in a query: bare when allowed, quoted otherwise. */
export function formatValue(value: string): string {
  return isBareValue(value) ? value : quoteValue(value);
}

/** Whitespace separating tokens (ASCII and Unicode spaces, line breaks). */
export function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Characters with a meaning of their own: `( ) [ ] { } : " \`. */
export function isSpecial(c: number): boolean {
  return (
    c === 40 ||
    c === 41 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125 ||
    c === 58 ||
    c === 34 ||
    c === 92
  );
}

/** Control characters, allowed only inside quotes. */
export function isControl(c: number): boolean {
  return (c < 32 && !isSpace(c)) || c === 127;
}

/** Characters of a bare word as the lexer reads it (more than the renderer writes bare). */
export function isWordChar(c: number): boolean {
  return !isSpace(c) && !isSpecial(c) && !isControl(c);
}
