/**
 * A JSON number kept as its source text, the number form of `JsonValue`
 * (`json-value.ts`). A module of its own, importing nothing, so that the
 * scrubber (`redact.ts`) can keep such numbers without loading the readers.
 */

/** A JSON number literal, exactly as written. */
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** A JSON number held as its source text (`new JsonNumberText("12.30")`); written back as that text. */
export class JsonNumberText {
  readonly text: string;
  constructor(text: string) {
    if (!NUMBER_TEXT.test(text)) throw new TypeError("JsonNumberText: not a JSON number literal");
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}
