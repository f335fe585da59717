import type { ConstValue, Note } from "../../model/vocabulary.js";

/** A field's value as the description says it: a type name, whether it is a list, its facets and notes. */
export interface ValueShape {
  readonly type: string;
  readonly list?: { readonly min: number; readonly max?: number };
  /** An object mapping any key to the value (OpenAPI `additionalProperties` without `properties`). */
  readonly map?: true;
  readonly facets: { key: string; value: number | string }[];
  readonly notes: Note[];
  readonly examples: string[];
  readonly doc?: string;
  readonly deprecated?: true;
  /** The value may be null (3.0 `nullable`, 3.1 `"null"` among the types); for a list, each item. */
  readonly nullable?: true;
  /** The one value allowed (3.1 `const`, or a one-value `enum` is not this: only `const`). */
  readonly const?: ConstValue;
}

/** A list or map that may itself be null: the model's null is per value, so null reads as absent here. */
export const NULL_AS_ABSENT: Note = {
  kind: "interpretation",
  text: "The contract allows null here; null is read as absent.",
};

/** Any JSON value (`JsonValue`), with a note saying why. */
export function anyJson(why: string): ValueShape {
  return {
    type: "json",
    facets: [],
    notes: [
      {
        kind: "interpretation",
        text: `${why} It is a JsonValue: numbers keep their exact text.`,
      },
    ],
    examples: [],
  };
}

/** What a schema says of its value besides the type: its notes so far, examples, doc, deprecation and whether it may be null. */
export interface ValueAnnotations {
  readonly notes: Note[];
  readonly examples: string[];
  readonly doc: string | undefined;
  /** The doc and deprecation, as a value's fields. */
  readonly withDoc: { readonly doc?: string; readonly deprecated?: true };
  /** Whether the value may be null (`"null"` among the types), as a value's field. */
  readonly nullable: { readonly nullable?: true };
}
