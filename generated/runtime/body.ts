/**
 * Turning a response body into text before it is parsed: the byte limit is
 * checked first (in constant time when possible), bytes are decoded as strict
 * UTF-8 and a leading byte-order mark is dropped.
 */

import { ParseError } from "./errors.js";

/** Limits applied to a response body before and while it is parsed. */
export interface ParseLimits {
  /** Largest accepted body in bytes (UTF-8). Default 10 MiB. */
  readonly maxBytes?: number;
  /** Deepest accepted nesting of elements, objects or arrays. Default 100. */
  readonly maxDepth?: number;
}

/** The default `maxBytes`: 10 MiB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The default `maxDepth`: 100. */
export const DEFAULT_MAX_DEPTH = 100;

/**
 * Returns the body as text without a leading byte-order mark, or throws
 * `ParseError` `too-large` (before looking at the content) or `malformed`
 * (bytes that are not UTF-8).
 */
export function bodyText(
  input: string | Uint8Array,
  format: "xml" | "json",
  maxBytes: number,
): string {
  let text: string;
  if (typeof input === "string") {
    // Every UTF-16 code unit takes at least one UTF-8 byte and at most three.
    if (input.length > maxBytes || (input.length * 3 > maxBytes && utf8Length(input) > maxBytes)) {
      throw tooLarge(format, maxBytes);
    }
    text = input;
  } else {
    if (input.byteLength > maxBytes) throw tooLarge(format, maxBytes);
    try {
      // The decoder drops a leading byte-order mark itself.
      return new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch (cause) {
      throw new ParseError(format, "malformed", `${format.toUpperCase()} body is not valid UTF-8`, {
        cause,
      });
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Index of the first character that is not XML/JSON white space, or the length when there is none. */
export function skipSpace(s: string, i: number): number {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
  }
  return i;
}

function tooLarge(format: "xml" | "json", maxBytes: number): ParseError {
  return new ParseError(
    format,
    "too-large",
    `${format.toUpperCase()} body is larger than ${maxBytes} bytes`,
  );
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
