/**
 * A `multipart/form-data` body (RFC 7578), written as bytes with a boundary
 * of its own: one part per property with a value, in the body's order. A
 * file (a `Blob` or a `Uint8Array`) is sent as its bytes
 * (`application/octet-stream` unless the contract names the part's media
 * type, or the Blob has one); an object or a list of objects as JSON; other
 * values as text (a list of scalars: one part per item, under the same
 * name).
 */

import type { FormField } from "./form-body.js";
import { ValidationError } from "./errors.js";
import type { BodyEncoder } from "./request-body.js";
import type { ValidationResult } from "./validate.js";

/** What a file property takes. */
export type FileValue = Blob | Uint8Array;

/** Bytes and the content type that names their boundary. */
export interface MultipartBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly contentType: string;
}

const encoder = new TextEncoder();

function isFile(value: unknown): value is FileValue {
  return value instanceof Uint8Array || (typeof Blob !== "undefined" && value instanceof Blob);
}

/** A header parameter value: quotes and line breaks escaped as RFC 7578 says browsers do. */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22")}"`;
}

function boundary(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `paygen-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

async function partOf(
  name: string,
  value: unknown,
  field: FormField | undefined,
): Promise<{ head: string; bytes: Uint8Array }> {
  const disposition = `content-disposition: form-data; name=${quoted(name)}`;
  if (isFile(value)) {
    const type =
      field?.contentType ??
      (value instanceof Uint8Array || value.type === "" ? "application/octet-stream" : value.type);
    const filename =
      typeof Blob !== "undefined" &&
      value instanceof Blob &&
      "name" in value &&
      typeof value.name === "string"
        ? value.name
        : name;
    const bytes = value instanceof Uint8Array ? value : new Uint8Array(await value.arrayBuffer());
    return {
      head: `${disposition}; filename=${quoted(filename)}\r\ncontent-type: ${type}`,
      bytes,
    };
  }
  if (field?.file)
    throw new ValidationError([
      {
        path: name,
        code: "type",
        message: "must be a Blob or a Uint8Array (a file)",
      },
    ]);
  const json = typeof value === "object" && value !== null;
  const type = field?.contentType ?? (json ? "application/json" : "text/plain; charset=utf-8");
  const text = json ? JSON.stringify(value) : String(value);
  return {
    head: `${disposition}\r\ncontent-type: ${type}`,
    bytes: encoder.encode(text),
  };
}

/** The body of an object: each property with a value a part (a list of scalars or files: a part per item). */
export async function multipartBody(
  value: object,
  fields: readonly FormField[],
): Promise<MultipartBody> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const parts: { head: string; bytes: Uint8Array }[] = [];
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const field = byName.get(name);
    const items: readonly unknown[] =
      Array.isArray(v) &&
      (v as unknown[]).every((x) => isFile(x) || typeof x !== "object" || x === null)
        ? (v as unknown[])
        : [v];
    for (const item of items) parts.push(await partOf(name, item, field));
  }
  const mark = boundary();
  const chunks: Uint8Array[] = [];
  for (const part of parts)
    chunks.push(
      encoder.encode(`--${mark}\r\n${part.head}\r\n\r\n`),
      part.bytes,
      encoder.encode("\r\n"),
    );
  chunks.push(encoder.encode(`--${mark}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${mark}` };
}

/** A `multipart/form-data` body of an object, each property written as `fields` says; the content type names the boundary. */
export function multipartEncoder<Req extends object>(
  fields: readonly FormField[],
): BodyEncoder<Req> {
  return async (value) => {
    const written = await multipartBody(value, fields);
    return { body: written.bytes, contentType: written.contentType };
  };
}

/** `T` with its file properties (`K`) taking a `Blob` or a `Uint8Array` (a list of them for a list), optionality kept. */
export type WithFiles<T, K extends keyof T> = {
  readonly [P in keyof T]: P extends K
    ? NonNullable<T[P]> extends readonly unknown[]
      ? readonly FileValue[]
      : FileValue
    : T[P];
};

/**
 * A validator of `T` for a body whose file properties hold files: each file
 * stands in as empty text for the check (the contract types a file as a
 * binary string), and a property that holds no file is reported.
 */
export function validateWithFiles<T, K extends keyof T & string>(
  validate: (value: unknown) => ValidationResult<T>,
  files: readonly K[],
): (value: unknown) => ValidationResult<WithFiles<T, K>> {
  return (value) => {
    if (typeof value !== "object" || value === null)
      return {
        ok: false,
        issues: [{ path: "", code: "type", message: "must be an object" }],
      };
    const copy: Record<string, unknown> = { ...value };
    for (const name of files) {
      const v = copy[name];
      if (v === undefined) continue;
      const ok = Array.isArray(v) ? v.every(isFile) : isFile(v);
      if (!ok)
        return {
          ok: false,
          issues: [
            {
              path: name,
              code: "type",
              message: "must be a Blob or a Uint8Array (a file)",
            },
          ],
        };
      copy[name] = Array.isArray(v) ? v.map(() => "") : "";
    }
    const checked = validate(copy);
    return checked.ok ? { ok: true, value: value as WithFiles<T, K> } : checked;
  };
}
