/**
 * A response body's JSON read with its schema known in advance: a generated
 * scanner per object type builds the same parsed object `parseJsonTree`
 * would, in a pass that knows which keys to expect, with no stack, no
 * duplicate lookups and no decoding. The reader that follows is the same
 * either way.
 *
 * A scanner only takes the plain case: objects with keys of its type, strings
 * without escapes, `true` and `false`. Anything else (a number, `null`, an
 * array, an unknown or repeated key, a backslash anywhere, a control
 * character, nesting beyond the limit, trailing text, any error at all) makes
 * it give up, and `parseJsonTree` reads the body from the start: every
 * refusal, and every value it returns, stays that parser's.
 */

import { bodyText, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, skipSpace, type ParseLimits } from "./body.js";
import { parseJsonTree } from "./json.js";
import type { ReadOptions } from "./read-options.js";
import { readContext, type ParsedObject, type ReadContext } from "./read-values.js";

/** Thrown by a scanner that gives up; never leaves `scanJson`. */
const GIVE_UP: unique symbol = Symbol("give up");

const CONTROL = /[\u0000-\u001f]/g;

/** The cursor a generated scanner reads with. */
export class JsonScan {
  /** The key just read by `open` or `next`. */
  key = "";
  private i = 0;
  private depth = 0;
  /** The next control character at or after a position (-1: none left), so that checking strings stays linear. */
  private nextControl = -2;

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
  ) {}

  /** Reads `{` and the first key; `false` for an empty object. */
  open(): boolean {
    const s = this.s;
    const i = skipSpace(s, this.i);
    // The tree parser's own depth rule, compared the same way.
    if (s.charCodeAt(i) !== 0x7b || this.depth >= this.maxDepth) throw GIVE_UP;
    this.depth++;
    const first = skipSpace(s, i + 1);
    if (s.charCodeAt(first) === 0x7d) {
      this.i = first + 1;
      this.depth--;
      return false;
    }
    this.i = first;
    this.readKey();
    return true;
  }

  /** After a value: reads `,` and the next key (`true`), or the closing `}` (`false`). */
  next(): boolean {
    const s = this.s;
    const i = skipSpace(s, this.i);
    const c = s.charCodeAt(i);
    if (c === 0x2c) {
      this.i = i + 1;
      this.readKey();
      return true;
    }
    if (c !== 0x7d) throw GIVE_UP;
    this.i = i + 1;
    this.depth--;
    return false;
  }

  /** A string, `true` or `false`, for a key whose value so far is `seen` (a key seen twice gives up). */
  scalar(seen: unknown): string | boolean {
    if (seen !== undefined) throw GIVE_UP;
    const s = this.s;
    const i = skipSpace(s, this.i);
    const c = s.charCodeAt(i);
    if (c === 0x22) return this.string(i);
    if (c === 0x74 && s.startsWith("true", i)) {
      this.i = i + 4;
      return true;
    }
    if (c === 0x66 && s.startsWith("false", i)) {
      this.i = i + 5;
      return false;
    }
    throw GIVE_UP;
  }

  /** The cursor, to read an object for a key whose value so far is `seen` (a key seen twice gives up). */
  once(seen: unknown): this {
    if (seen !== undefined) throw GIVE_UP;
    return this;
  }

  /** Gives up: a key the type has no branch for. */
  giveUp(): never {
    throw GIVE_UP;
  }

  /** Only white space is left. */
  end(): void {
    if (skipSpace(this.s, this.i) !== this.s.length) throw GIVE_UP;
  }

  private readKey(): void {
    const s = this.s;
    const i = skipSpace(s, this.i);
    if (s.charCodeAt(i) !== 0x22) throw GIVE_UP;
    this.key = this.string(i);
    const colon = skipSpace(s, this.i);
    if (s.charCodeAt(colon) !== 0x3a) throw GIVE_UP;
    this.i = colon + 1;
  }

  /** The string whose opening quote is at `i` (the body holds no backslash, so it is its text). */
  private string(i: number): string {
    const end = this.s.indexOf('"', i + 1);
    if (end === -1) throw GIVE_UP;
    if (this.nextControl !== -1 && this.nextControl <= i) {
      CONTROL.lastIndex = i + 1;
      this.nextControl = CONTROL.exec(this.s)?.index ?? -1;
    }
    if (this.nextControl !== -1 && this.nextControl < end) throw GIVE_UP;
    this.i = end + 1;
    return this.s.slice(i + 1, end);
  }
}

/**
 * The body's top-level object as `scan` builds it, or `undefined` when the
 * scanner gives up or anything throws: the caller then parses the body with
 * `parseJsonTree`, which decides.
 */
export function scanJson(body: string | Uint8Array, limits: ParseLimits | undefined, scan: (c: JsonScan) => ParsedObject): ParsedObject | undefined {
  try {
    const text = bodyText(body, "json", limits?.maxBytes ?? DEFAULT_MAX_BYTES);
    if (text.includes("\\")) return undefined;
    const cursor = new JsonScan(text, limits?.maxDepth ?? DEFAULT_MAX_DEPTH);
    const value = scan(cursor);
    cursor.end();
    return value;
  } catch {
    return undefined;
  }
}

/**
 * A response body read by its type's reader, from the object the scanner
 * built or, when it gives up, from `parseJsonTree`'s. A scanned body holds no
 * key its types do not name, so the reader skips looking for unknown data.
 */
export function readJsonBody<T>(
  body: string | Uint8Array,
  options: ReadOptions | undefined,
  scan: (c: JsonScan) => ParsedObject,
  read: (value: unknown, path: string, o: ReadContext) => T,
): T {
  const scanned = scanJson(body, options, scan);
  if (scanned === undefined) return read(parseJsonTree(body, options), "", readContext("json", options));
  return read(scanned, "", readContext("json", options, true));
}
