/**
 * A response body's JSON read with its schema known in advance: a generated
 * scanner per object type reads the text straight into the typed value, the
 * way its reader would read `parseJsonTree`'s object, in one pass that knows
 * which keys to expect: no tree in between, no stack, no duplicate lookups,
 * no decoding.
 *
 * A scanner only takes the plain case: objects with keys of its type, strings
 * without escapes, `true` and `false`, values its reader accepts. Anything
 * else (a number, `null`, an array, an unknown or repeated key, a backslash
 * anywhere, a control character, nesting beyond the limit, trailing text, a
 * value the reader refuses, any error at all) makes it give up, and the body
 * is read from the start by `parseJsonTree` and the reader: every refusal,
 * and every value of a body the scanner cannot take, stays theirs.
 */

import { bodyText, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, skipSpace } from "./body.js";
import { ControlCharacters, parseJsonTree } from "./json.js";
import type { ReadOptions } from "./read-options.js";
import { readContext, type ReadContext } from "./read-values.js";

/** Thrown by a scanner that gives up; never leaves `scanJson`. */
const GIVE_UP: unique symbol = Symbol("give up");

/** The cursor a generated scanner reads with. */
export class JsonScan {
  /** The key just read by `open` or `next`. */
  key = "";
  private i = 0;
  private depth = 0;
  private readonly controls: ControlCharacters;

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
  ) {
    this.controls = new ControlCharacters(s);
  }

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
    if (end === -1 || this.controls.within(i + 1, end)) throw GIVE_UP;
    this.i = end + 1;
    return this.s.slice(i + 1, end);
  }
}

/**
 * The body's value as `scan` reads it, or `undefined` when the scanner gives
 * up or anything throws (an invalid `onUnknown` included): the caller then
 * reads the body the tree parser's way, which decides.
 */
export function scanJson<T>(
  body: string | Uint8Array,
  options: ReadOptions | undefined,
  scan: (c: JsonScan, o: ReadContext) => T,
): T | undefined {
  try {
    const text = bodyText(body, "json", options?.maxBytes ?? DEFAULT_MAX_BYTES);
    if (text.includes("\\")) return undefined;
    const cursor = new JsonScan(text, options?.maxDepth ?? DEFAULT_MAX_DEPTH);
    const value = scan(cursor, readContext("json", options));
    cursor.end();
    return value;
  } catch {
    return undefined;
  }
}

/**
 * A response body's typed value: as its scanner reads it, or, when the
 * scanner gives up, as its reader reads `parseJsonTree`'s object.
 */
export function readJsonBody<T>(
  body: string | Uint8Array,
  options: ReadOptions | undefined,
  scan: (c: JsonScan, o: ReadContext) => T,
  read: (value: unknown, path: string, o: ReadContext) => T,
): T {
  const scanned = scanJson(body, options, scan);
  return scanned !== undefined
    ? scanned
    : read(parseJsonTree(body, options), "", readContext("json", options));
}
