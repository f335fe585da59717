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

/**
 * Tokens as columns (a table of numbers rather than an object per token:
 * a large file has hundreds of thousands of tokens).
 */
export class TokenTable {
  readonly start: number[] = [];
  readonly end: number[] = [];
  /** For a bracket, the index of the bracket it pairs with; -1 for any other token. */
  readonly match: number[] = [];

  get length(): number {
    return this.start.length;
  }

  push(start: number, end: number): number {
    this.start.push(start);
    this.end.push(end);
    this.match.push(-1);
    return this.start.length - 1;
  }
}

export interface Tokens {
  /** Every token but comments, in order. */
  readonly code: TokenTable;
  /** The comments, in order. */
  readonly comments: TokenTable;
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
  const code = new TokenTable();
  const comments = new TokenTable();
  const open: number[] = [];
  let lastKind = "";
  let i = 0;
  while (i < text.length) {
    const code0 = text.charCodeAt(i);
    if (code0 === 32 || code0 === 10 || code0 === 9 || code0 === 13) {
      i++;
      continue;
    }
    const c = text[i]!;
    const start = i;
    if (c === "/" && text[i + 1] === "/") {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? text.length : eol;
      comments.push(start, i);
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return undefined;
      i = close + 2;
      comments.push(start, i);
      continue;
    }
    let kind: "string" | "template" | "regex" | "number" | "word" | "punct";
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
    } else if (c === "/" && operandExpected(text, code, lastKind)) {
      const end = regexEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      kind = "regex";
    } else if (wordCode(code0)) {
      const number = code0 >= 48 && code0 <= 57;
      i++;
      while (i < text.length && wordCode(text.charCodeAt(i))) {
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
    const index = code.push(start, i);
    if (kind !== "punct") {
      lastKind = kind;
      continue;
    }
    lastKind = kind;
    if (OPENERS[c] !== undefined) open.push(index);
    else if (c === ")" || c === "]" || c === "}") {
      const opener = open.pop();
      if (opener === undefined || OPENERS[text[code.start[opener]!]!] !== c) return undefined;
      code.match[opener] = index;
      code.match[index] = opener;
    }
  }
  return open.length === 0 ? { code, comments } : undefined;
}

/** A character of a name or number: a letter, digit, `_`, `$`, a backslash (an escape), or any outside ASCII. */
function wordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    code === 92 ||
    code > 0x7f
  );
}

function operandExpected(text: string, code: TokenTable, lastKind: string): boolean {
  const last = code.length - 1;
  if (last < 0) return true;
  const value = text.slice(code.start[last], code.end[last]);
  if (lastKind === "word") return OPERAND_KEYWORDS.has(value);
  if (lastKind === "punct") return value !== ")" && value !== "]" && value !== "}";
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
