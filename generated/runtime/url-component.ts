/**
 * Text percent-encoded for a URL, a form body or a cookie, refusing by name
 * what no such text can carry: a lone UTF-16 surrogate has no UTF-8 form, so
 * `encodeURIComponent` would throw a bare `URIError`.
 */
import { ValidationError } from "./errors.js";

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a lone UTF-16 surrogate (it has no UTF-8 form). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * `value` as `encodeURIComponent` writes it; a value holding a lone
 * surrogate is refused with a `ValidationError` naming `path` (never quoting
 * the value, which may be a secret).
 */
export function urlComponent(value: string, path: string): string {
  if (hasLoneSurrogate(value))
    throw new ValidationError([
      {
        path,
        code: "format",
        message: "holds a lone UTF-16 surrogate, which no URL or form can carry",
      },
    ]);
  return encodeURIComponent(value);
}
