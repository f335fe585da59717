/**
 * The lexer of the query language: a single left-to-right pass (linear in
 * the length of the text) that hands out one token at a time.
 */

import { diagnostic, type QueryDiagnostic } from "./diagnostics.js";
import { isControl, isSpace, isWordChar } from "./quote.js";

/** Kinds of token. */
export type TokenKind =
  | "lparen"
  | "rparen"
  | "lbracket"
  | "rbracket"
  | "lbrace"
  | "rbrace"
  | "colon"
  | "word"
  | "string"
  | "eof"
  | "invalid";

/** One token with its 1-based column. */
export interface Token {
  readonly kind: TokenKind;
  /** A word as written, the unescaped content of a string, or the punctuation character. */
  readonly text: string;
  readonly column: number;
  /** For `invalid` tokens: what is wrong. */
  readonly problem?: QueryDiagnostic;
}

const PUNCTUATION: Readonly<Record<string, TokenKind>> = {
  "(": "lparen",
  ")": "rparen",
  "[": "lbracket",
  "]": "rbracket",
  "{": "lbrace",
  "}": "rbrace",
  ":": "colon",
};

/** Reads tokens from query text, with one token of lookahead. */
export class Lexer {
  private pos = 0;
  private ahead: Token | undefined;

  constructor(private readonly text: string) {}

  /** The next token, without consuming it. */
  peek(): Token {
    if (this.ahead === undefined) this.ahead = this.scan();
    return this.ahead;
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.ahead = undefined;
    return t;
  }

  private scan(): Token {
    const s = this.text;
    const n = s.length;
    let i = this.pos;
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    const column = i + 1;
    if (i >= n) {
      this.pos = i;
      return { kind: "eof", text: "", column };
    }
    const ch = s.charAt(i);
    const kind = PUNCTUATION[ch];
    if (kind !== undefined) {
      this.pos = i + 1;
      return { kind, text: ch, column };
    }
    if (ch === '"') return this.scanString(i);
    const c = s.charCodeAt(i);
    if (ch === "\\") {
      this.pos = n;
      return invalid(
        column,
        "unexpected-character",
        "a backslash is only allowed inside double quotes; quote the value",
      );
    }
    if (isControl(c)) {
      this.pos = n;
      return invalid(
        column,
        "unexpected-character",
        "control characters are only allowed inside double quotes",
      );
    }
    let j = i;
    while (j < n && isWordChar(s.charCodeAt(j))) j++;
    this.pos = j;
    return { kind: "word", text: s.slice(i, j), column };
  }

  private scanString(start: number): Token {
    const s = this.text;
    const n = s.length;
    const parts: string[] = [];
    let from = start + 1;
    let i = from;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 34 /* " */) {
        parts.push(s.slice(from, i));
        this.pos = i + 1;
        return { kind: "string", text: parts.join(""), column: start + 1 };
      }
      if (c === 92 /* \ */) {
        if (i + 1 >= n) break;
        parts.push(s.slice(from, i));
        from = i + 1; // the escaped character is kept as is
        i += 2;
        continue;
      }
      i++;
    }
    this.pos = n;
    return invalid(start + 1, "unterminated-string", 'the quoted value is never closed with "');
  }
}

function invalid(
  column: number,
  code: "unexpected-character" | "unterminated-string",
  text: string,
): Token {
  return { kind: "invalid", text: "", column, problem: diagnostic(column, code, "error", text) };
}
