import type { Position } from "../../diagnostics/diagnostic.js";
import type { JsonArrayNode, JsonMember, JsonNode, JsonObjectNode } from "./json-node.js";
import { LineIndex } from "../source/line-index.js";
import type { SourceLimits } from "../source/source-limits.js";
import { SourceProblems } from "../source/source-problem.js";

/** What reading a document gives: its root, unless the text could not be read, and every problem found. */
export interface ParsedDocument {
  /** Absent when the text is not a value (syntax error, size or depth limit); present with duplicate keys (the first is kept). */
  readonly root?: JsonNode;
  readonly problems: SourceProblems;
}

/**
 * Reads JSON text (RFC 8259, strict: no comments, no trailing commas) into
 * positioned nodes. Hand-written for speed (a single pass over character
 * codes; strings without escapes are sliced, not built) and for safety:
 * duplicate keys, nesting deeper than `limits.maxDepth` and text longer than
 * `limits.maxBytes` are positioned problems; objects are `Map`s; numbers keep
 * their text. A syntax error ends the read (JSON has no safe place to
 * resume); duplicate keys and too-deep values do not, so one read reports
 * them all.
 */
export function readJson(text: string, file: string, limits: SourceLimits): ParsedDocument {
  const problems = new SourceProblems();
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > limits.maxBytes) {
    problems.error(
      { file, line: 1, col: 1 },
      `the file is ${bytes} bytes; at most ${limits.maxBytes} are read (raise the size limit to read it)`,
    );
    return { problems };
  }
  const parser = new JsonParser(text, file, limits.maxDepth, problems);
  return parser.document();
}

/** Signals a syntax error already recorded; unwinds to `document()`. */
class SyntaxStop {}

const enum Code {
  Tab = 9,
  Newline = 10,
  Return = 13,
  Space = 32,
  Quote = 34,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  UpperE = 69,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  LowerE = 101,
  OpenBrace = 123,
  CloseBrace = 125,
}

class JsonParser {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private readonly lineIndex: LineIndex | undefined;
  private tooDeep = false;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly maxDepth: number,
    private readonly problems: SourceProblems,
  ) {
    // Only texts with characters outside the Basic Multilingual Plane need the index to count columns in characters.
    this.lineIndex = /[\uD800-\uDBFF]/.test(text) ? new LineIndex(text) : undefined;
    if (text.charCodeAt(0) === 0xfeff) {
      this.pos = 1;
      this.lineStart = 1;
    }
  }

  document(): ParsedDocument {
    try {
      this.skipWhitespace();
      if (this.pos >= this.text.length) this.fail("the file holds no JSON value");
      const root = this.value(1);
      this.skipWhitespace();
      if (this.pos < this.text.length)
        this.fail(`unexpected ${this.describeHere()} after the JSON value`);
      return this.tooDeep ? { problems: this.problems } : { root, problems: this.problems };
    } catch (error) {
      if (error instanceof SyntaxStop) return { problems: this.problems };
      throw error;
    }
  }

  private at(offset = this.pos): Position {
    const col = this.lineIndex
      ? this.lineIndex.column(this.lineStart, offset)
      : offset - this.lineStart + 1;
    return { file: this.file, line: this.line, col };
  }

  private fail(message: string, offset = this.pos): never {
    this.problems.error(this.at(offset), message);
    throw new SyntaxStop();
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return "end of file";
    const ch = String.fromCodePoint(this.text.codePointAt(this.pos)!);
    return /^[\x20-\x7e]$/.test(ch)
      ? `"${ch}"`
      : `character U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Code.Space || c === Code.Tab || c === Code.Return) pos++;
      else if (c === Code.Newline) {
        pos++;
        this.line++;
        this.lineStart = pos;
      } else break;
    }
    this.pos = pos;
  }

  private value(depth: number): JsonNode {
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case Code.OpenBrace:
        return depth > this.maxDepth ? this.skipTooDeep() : this.object(depth);
      case Code.OpenBracket:
        return depth > this.maxDepth ? this.skipTooDeep() : this.array(depth);
      case Code.Quote: {
        const at = this.at();
        return { kind: "string", at, value: this.string() };
      }
      case 116: // t
        return this.literal("true", { kind: "boolean", at: this.at(), value: true });
      case 102: // f
        return this.literal("false", { kind: "boolean", at: this.at(), value: false });
      case 110: // n
        return this.literal("null", { kind: "null", at: this.at() });
      default:
        if (c === Code.Minus || (c >= Code.Zero && c <= Code.Nine)) return this.number();
        return this.fail(`expected a JSON value, found ${this.describeHere()}`);
    }
  }

  private literal<T extends JsonNode>(word: string, node: T): T {
    if (!this.text.startsWith(word, this.pos))
      this.fail(`expected a JSON value, found ${this.describeHere()}`);
    this.pos += word.length;
    return node;
  }

  private object(depth: number): JsonObjectNode {
    const at = this.at();
    const members = new Map<string, JsonMember>();
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Code.CloseBrace) {
      this.pos++;
      return { kind: "object", at, members };
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== Code.Quote)
        this.fail(`expected a key in double quotes, found ${this.describeHere()}`);
      const keyAt = this.at();
      const key = this.string();
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== Code.Colon)
        this.fail(`expected ":" after the key, found ${this.describeHere()}`);
      this.pos++;
      this.skipWhitespace();
      if (this.pos >= this.text.length) this.fail("unexpected end of file: expected a value");
      const value = this.value(depth + 1);
      const first = members.get(key);
      if (first) {
        this.problems.error(
          keyAt,
          `duplicate key ${JSON.stringify(key)} (first at line ${first.keyAt.line}, column ${first.keyAt.col})`,
        );
      } else members.set(key, { key, keyAt, value });
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      if (c === Code.Comma) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === Code.CloseBrace) {
        this.pos++;
        return { kind: "object", at, members };
      } else this.fail(`expected "," or "}" after a member, found ${this.describeHere()}`);
    }
  }

  private array(depth: number): JsonArrayNode {
    const at = this.at();
    const items: JsonNode[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === Code.CloseBracket) {
      this.pos++;
      return { kind: "array", at, items };
    }
    for (;;) {
      if (this.pos >= this.text.length) this.fail("unexpected end of file: expected a value");
      items.push(this.value(depth + 1));
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      if (c === Code.Comma) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === Code.CloseBracket) {
        this.pos++;
        return { kind: "array", at, items };
      } else this.fail(`expected "," or "]" after an item, found ${this.describeHere()}`);
    }
  }

  /**
   * Reports an object or array nested deeper than the limit and steps over
   * it without building it (and without recursion), so that the rest of the
   * file is still checked.
   */
  private skipTooDeep(): JsonNode {
    const at = this.at();
    this.problems.error(
      at,
      `nesting deeper than ${this.maxDepth} levels; the reader stops at ${this.maxDepth}`,
    );
    this.tooDeep = true;
    let open = 0;
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail("unexpected end of file inside a nested value");
      if (c === Code.Quote) {
        this.string();
        continue;
      }
      if (c === Code.Newline) {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
        continue;
      }
      this.pos++;
      if (c === Code.OpenBrace || c === Code.OpenBracket) open++;
      else if (c === Code.CloseBrace || c === Code.CloseBracket) {
        open--;
        if (open === 0) return { kind: "null", at };
      }
    }
  }

  /** A string starting at the opening quote; leaves `pos` after the closing one. */
  private string(): string {
    const text = this.text;
    const start = ++this.pos;
    let pos = start;
    // Fast path: no escape.
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Code.Quote) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (c === Code.Backslash) break;
      if (c < 0x20 || Number.isNaN(c)) this.badStringCharacter(pos, c, start - 1);
      pos++;
    }
    const parts: string[] = [text.slice(start, pos)];
    let chunkStart = pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Code.Quote) {
        parts.push(text.slice(chunkStart, pos));
        this.pos = pos + 1;
        return parts.join("");
      }
      if (c === Code.Backslash) {
        parts.push(text.slice(chunkStart, pos));
        const e = text.charCodeAt(pos + 1);
        switch (e) {
          case Code.Quote:
            parts.push('"');
            break;
          case Code.Backslash:
            parts.push("\\");
            break;
          case Code.Slash:
            parts.push("/");
            break;
          case 98: // b
            parts.push("\b");
            break;
          case 102: // f
            parts.push("\f");
            break;
          case 110: // n
            parts.push("\n");
            break;
          case 114: // r
            parts.push("\r");
            break;
          case 116: // t
            parts.push("\t");
            break;
          case 117: {
            // u
            const hex = text.slice(pos + 2, pos + 6);
            if (!/^[0-9A-Fa-f]{4}$/.test(hex))
              this.fail("expected four hexadecimal digits after \\u", pos);
            parts.push(String.fromCharCode(parseInt(hex, 16)));
            pos += 4;
            break;
          }
          default:
            if (Number.isNaN(e)) this.fail("unterminated string", start - 1);
            this.fail(`invalid escape "\\${String.fromCharCode(e)}" in a string`, pos);
        }
        pos += 2;
        chunkStart = pos;
        continue;
      }
      if (c < 0x20 || Number.isNaN(c)) this.badStringCharacter(pos, c, start - 1);
      pos++;
    }
  }

  private badStringCharacter(pos: number, c: number, quote: number): never {
    if (Number.isNaN(c) || c === Code.Newline) this.fail("unterminated string", quote);
    this.fail(
      `control character U+${c.toString(16).toUpperCase().padStart(4, "0")} in a string; write it escaped`,
      pos,
    );
  }

  /** A number in JSON syntax; its text is kept as written. */
  private number(): JsonNode {
    const text = this.text;
    const start = this.pos;
    const at = this.at();
    let pos = start;
    if (text.charCodeAt(pos) === Code.Minus) pos++;
    const first = text.charCodeAt(pos);
    if (first === Code.Zero) {
      pos++;
      const next = text.charCodeAt(pos);
      if (next >= Code.Zero && next <= Code.Nine)
        this.fail("a number may not start with 0 followed by digits", start);
    } else if (first >= Code.Zero && first <= Code.Nine) pos = this.digits(pos);
    else this.fail('expected digits after "-"', pos);
    if (text.charCodeAt(pos) === Code.Dot) {
      const after = this.digits(pos + 1);
      if (after === pos + 1) this.fail("expected digits after the decimal point", pos + 1);
      pos = after;
    }
    const e = text.charCodeAt(pos);
    if (e === Code.LowerE || e === Code.UpperE) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === Code.Plus || sign === Code.Minus) pos++;
      const after = this.digits(pos);
      if (after === pos) this.fail("expected digits in the exponent", pos);
      pos = after;
    }
    this.pos = pos;
    return { kind: "number", at, text: text.slice(start, pos) };
  }

  private digits(pos: number): number {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c >= Code.Zero && c <= Code.Nine) pos++;
      else return pos;
    }
  }
}
