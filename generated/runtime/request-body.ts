/**
 * Request bodies that are not JSON, as a generated operation writes them:
 * each encoder gives the bytes or text to send and the `content-type` that
 * names them. Generated clients import only the encoders their operations
 * use.
 */

import { ValidationError } from "./errors.js";
import { formBody, type FormField } from "./form-body.js";

/** A body ready to send. */
export interface EncodedBody {
  readonly body: string | Uint8Array<ArrayBuffer>;
  readonly contentType: string;
}

/** What an operation's `encode` is. */
export type BodyEncoder<Req> = (value: Req) => EncodedBody | Promise<EncodedBody>;

/** An `application/x-www-form-urlencoded` body of an object, each property written as `fields` says. */
export function formEncoder<Req extends object>(
  mediaType: string,
  fields: readonly FormField[],
): BodyEncoder<Req> {
  return (value) => ({ body: formBody(value, fields), contentType: mediaType });
}

/** A text body (`text/plain`, `text/csv`, XML): the string as given. */
export function textEncoder(mediaType: string): BodyEncoder<string> {
  return (value) => {
    if (typeof value !== "string")
      throw new ValidationError([{ path: "", code: "type", message: "must be a string" }]);
    return { body: value, contentType: mediaType };
  };
}

/** A binary body (`application/octet-stream`, a PDF...): the bytes as given, a `Blob` read whole. */
export function bytesEncoder(mediaType: string): BodyEncoder<Uint8Array | Blob> {
  return async (value) => {
    if (value instanceof Uint8Array) return { body: new Uint8Array(value), contentType: mediaType };
    if (typeof Blob !== "undefined" && value instanceof Blob)
      return {
        body: new Uint8Array(await value.arrayBuffer()),
        contentType: mediaType,
      };
    throw new ValidationError([
      { path: "", code: "type", message: "must be a Uint8Array or a Blob" },
    ]);
  };
}
