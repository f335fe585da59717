import type { FormFieldEncoding } from "./vocabulary.js";

/**
 * Whether a form field is written as the runtime writes a field it is not
 * told of (`form` style, exploded, a plain value, no part media type): the
 * emitted field lists and the model record leave such a field's entry out,
 * decided here once for both.
 */
export function isDefaultFormField(f: FormFieldEncoding): boolean {
  return isPlainFormField(f) && f.style === "form" && f.explode;
}

/** Whether a form field holds a plain value: neither a file nor a part with its own media type. */
export function isPlainFormField(f: FormFieldEncoding): boolean {
  return f.contentType === undefined && f.file === undefined;
}
