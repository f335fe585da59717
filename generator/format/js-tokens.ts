/**
 * The tokens of generated TypeScript or JavaScript, as far as the statement
 * layout needs them (see statement-layout.ts): comments, strings, template
 * literals and regular expressions each one token, so that brackets and
 * semicolons inside them are never taken for code; each bracket paired with
 * its match. Not a full lexer: operators are single characters, and a `/`
 * is read as a regular expression where an operand is expected (after an
 * operator, an opening bracket, a comma or a keyword such as `return`).
 * `undefined` for text it cannot read exactly (an unterminated string,
 * comment or template, unpaired brackets): the caller then formats the file
 * as a whole.
 */

export type TokenKind = "comment" | "word" | "string" | "template" | "regex" | "number" | "punct";

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /** For a bracket, the index (in the list of code tokens) of the bracket it pairs with. */
  match: number;
}

export interface Tokens {
  /** Every token but comments, in order. */
  readonly code: readonly Token[];
  /** The comments, in order. */
  readonly comments: readonly Token[];
}

/** Words after which a `/` starts a regular expression. */
const OPERAND_KEYWORDS = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "instanceof",
  "yield",
  "await",
]);

const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

export function tokenize(text: string): Tokens | undefined {
  const code: Token[] = [];
  const comments: Token[] = [];
  const open: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\n" || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    const start = i;
    if (c === "/" && text[i + 1] === "/") {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? text.length : eol;
      comments.push({ kind: "comment", start, end: i, match: -1 });
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return undefined;
      i = close + 2;
      comments.push({ kind: "comment", start, end: i, match: -1 });
      continue;
    }
    let kind: TokenKind;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      kind = "string";
    } else if (c === "`") {
      const end = templateEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      kind = "template";
    } else if (c === "/" && operandExpected(text, code)) {
      const end = regexEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      kind = "regex";
    } else if (/[\w$\\]/.test(c) || c.charCodeAt(0) > 0x7f) {
      const number = /\d/.test(c);
      i++;
      while (i < text.length && (/[\w$\\]/.test(text[i]!) || text.charCodeAt(i) > 0x7f)) {
        // An exponent's sign, or a decimal point, belongs to the number.
        if (number && /[eE]/.test(text[i]!) && /[+-]/.test(text[i + 1] ?? "")) i++;
        i++;
        if (number && text[i] === ".") i++;
      }
      kind = number ? "number" : "word";
    } else {
      i++;
      kind = "punct";
    }
    const index = code.length;
    code.push({ kind, start, end: i, match: -1 });
    if (kind !== "punct") continue;
    if (OPENERS[c] !== undefined) open.push(index);
    else if (c === ")" || c === "]" || c === "}") {
      const opener = open.pop();
      if (opener === undefined || OPENERS[text[code[opener]!.start]!] !== c) return undefined;
      code[opener]!.match = index;
      code[index]!.match = opener;
    }
  }
  return open.length === 0 ? { code, comments } : undefined;
}

function operandExpected(text: string, code: readonly Token[]): boolean {
  const previous = code[code.length - 1];
  if (previous === undefined) return true;
  const value = text.slice(previous.start, previous.end);
  if (previous.kind === "word") return OPERAND_KEYWORDS.has(value);
  if (previous.kind === "punct") return value !== ")" && value !== "]" && value !== "}";
  return false;
}

function stringEnd(text: string, start: number): number | undefined {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === quote) return i + 1;
    else if (c === "\n") return undefined;
  }
  return undefined;
}

function regexEnd(text: string, start: number): number | undefined {
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "\n") return undefined;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) {
      let end = i + 1;
      while (end < text.length && /[a-z]/.test(text[end]!)) end++;
      return end;
    }
  }
  return undefined;
}

/** The end of a template literal; its substitutions may hold strings, templates and braces. */
function templateEnd(text: string, start: number): number | undefined {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "`") return i + 1;
    else if (c === "$" && text[i + 1] === "{") {
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (i >= text.length) return undefined;
        const d = text[i];
        if (d === '"' || d === "'" || d === "`") {
          const end = d === "`" ? templateEnd(text, i) : stringEnd(text, i);
          if (end === undefined) return undefined;
          i = end;
          continue;
        }
        if (d === "{") depth++;
        else if (d === "}") depth--;
        i++;
      }
      i--;
    }
  }
  return undefined;
}
