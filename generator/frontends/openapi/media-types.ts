import type { BodyEncoding, FormFieldEncoding, RestWire } from "../../model/vocabulary.js";
import type { MediaContent, NamedSchema, Operation, Parameter, Schema } from "./openapi-model.js";

/**
 * The media types of an operation as the client sends and reads them: the
 * `accept` header, the body's `content-type` and how the body is written,
 * how a success body is read. The contract's media types are written as
 * they are (`application/hal+json;charset=utf-8` stays so).
 */

/** A media type without its parameters, in lower case: `application/hal+json;charset=utf-8` → `application/hal+json`. */
export function mediaEssence(mediaType: string): string {
  return mediaType.split(";")[0]!.trim().toLowerCase();
}

/** JSON media types: `application/json`, `application/hal+json;charset=utf-8`, `*\/*`... */
export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaEssence(mediaType);
  return (
    base === "application/json" ||
    base.endsWith("+json") ||
    base === "*/*" ||
    base === "application/*"
  );
}

/** Text a client hands over as a string: `text/*` (CSV included), XML and its kin (`application/xml-dtd`, `+xml`). */
export function isTextMediaType(mediaType: string): boolean {
  const base = mediaEssence(mediaType);
  return base.startsWith("text/") || (base.startsWith("application/") && base.includes("xml"));
}

/** How a body of this media type is written. */
export function encodingOf(mediaType: string): BodyEncoding {
  const base = mediaEssence(mediaType);
  if (isJsonMediaType(mediaType)) return "json";
  if (base === "application/x-www-form-urlencoded") return "form";
  if (base === "multipart/form-data") return "multipart";
  if (isTextMediaType(mediaType)) return "text";
  return "bytes";
}

/** The request body's media type the client writes: JSON when the contract offers it, else a form, else the first. */
export function chosenRequestContent(content: readonly MediaContent[]): MediaContent | undefined {
  const rank = (c: MediaContent): number =>
    ["json", "form", "multipart", "text", "bytes"].indexOf(encodingOf(c.mediaType));
  return [...content].sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * The `accept` header: every media type the operation's responses are
 * written in (Swagger 2.0: its `produces`), JSON ones first, each once;
 * undefined when the contract names none.
 */
export function acceptOf(op: Operation): string | undefined {
  const all = [
    ...(op.produces ?? []),
    ...op.responses.flatMap((r) => r.content.map((c) => c.mediaType)),
  ];
  const unique = [...new Set(all.map((m) => m.trim()))];
  if (unique.length === 0) return undefined;
  const json = unique.filter(isJsonMediaType);
  return [...json, ...unique.filter((m) => !isJsonMediaType(m))].join(", ");
}

/** How a body of these media types is read: JSON (typed) when one is JSON, text when all are text, else bytes (which hold any of them). */
export function responseReading(mediaTypes: readonly string[]): "json" | "text" | "bytes" {
  if (mediaTypes.some(isJsonMediaType)) return "json";
  if (mediaTypes.every(isTextMediaType)) return "text";
  return "bytes";
}

/**
 * How each property of a form or multipart body is written: OpenAPI 3
 * `encoding` where it names the property, else `form`, exploded (the
 * specification's default). A multipart property holding binary data
 * (`format: binary`, 2.0 `type: file`) is a file.
 */
export function formFields(
  content: MediaContent,
  schemas: ReadonlyMap<string, NamedSchema>,
): FormFieldEncoding[] {
  const shape = objectShape(content.schema, schemas);
  const multipart = encodingOf(content.mediaType) === "multipart";
  const out: FormFieldEncoding[] = [];
  for (const property of shape?.properties ?? []) {
    const written = content.encoding?.find((e) => e.name === property.name);
    const style = written?.style ?? "form";
    const file = multipart && isBinary(property.schema, schemas);
    out.push({
      name: property.name,
      style,
      explode: written?.explode ?? style === "form",
      ...(written?.contentType !== undefined && multipart
        ? { contentType: written.contentType }
        : {}),
      ...(file ? { file: true as const } : {}),
    });
  }
  return out;
}

/** The request part of an operation's wire: the chosen content, its encoding, whether the contract requires it. */
export function requestWire(
  op: Operation,
  content: MediaContent,
  schemas: ReadonlyMap<string, NamedSchema>,
): NonNullable<RestWire["request"]> {
  const encoding = encodingOf(content.mediaType);
  const fields =
    encoding === "form" || encoding === "multipart" ? formFields(content, schemas) : [];
  return {
    mediaType: content.mediaType.trim(),
    encoding,
    required: op.requestBody?.required === true,
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/** Query parameters written otherwise than `form`, exploded, or holding an object: their style. */
export function queryStyles(
  op: Operation,
  schemas: ReadonlyMap<string, NamedSchema>,
): FormFieldEncoding[] {
  return op.parameters
    .filter((p) => writtenByStyle(p, schemas))
    .map((p) => ({ name: p.name, style: p.style, explode: p.explode }));
}

/**
 * Whether the client writes a query parameter as its style says (see
 * `queryStyles`): any style but `form` exploded, which is written so only
 * when it holds an object.
 */
export function writtenByStyle(
  p: Parameter,
  schemas: ReadonlyMap<string, NamedSchema>,
): p is Parameter & { readonly style: FormFieldEncoding["style"] } {
  if (p.in !== "query" || p.style === "simple" || p.style === "label" || p.style === "matrix")
    return false;
  return !(p.style === "form" && p.explode && !holdsObject(p.schema, schemas));
}

/** Whether a schema is an object's (of properties or typed values), which a deepObject or form query parameter writes. */
function holdsObject(schema: Schema, schemas: ReadonlyMap<string, NamedSchema>): boolean {
  const shape = objectShape(schema, schemas);
  return (
    shape !== undefined &&
    (shape.types.includes("object") ||
      shape.properties !== undefined ||
      shape.additionalProperties !== undefined)
  );
}

/** A GET or DELETE whose body is an empty form (no properties): the contract's way of saying it has none. */
export function isEmptyFormBody(op: Operation, schemas: ReadonlyMap<string, NamedSchema>): boolean {
  const body = op.requestBody;
  if (!body || (op.method !== "get" && op.method !== "delete")) return false;
  return body.content.every(
    (c) =>
      encodingOf(c.mediaType) === "form" &&
      (c.schema === undefined || (objectShape(c.schema, schemas)?.properties ?? []).length === 0),
  );
}

function objectShape(
  schema: Schema | undefined,
  schemas: ReadonlyMap<string, NamedSchema>,
  depth = 0,
): Extract<Schema, { kind: "shape" }> | undefined {
  if (!schema || depth > 32) return undefined;
  if (schema.kind === "shape") return schema;
  return objectShape(schemas.get(schema.target)?.schema, schemas, depth + 1);
}

function isBinary(schema: Schema, schemas: ReadonlyMap<string, NamedSchema>): boolean {
  const shape = objectShape(schema, schemas);
  if (!shape) return false;
  if (shape.types.includes("array") && shape.items) return isBinary(shape.items, schemas);
  return shape.types.includes("string") && shape.format === "binary";
}
