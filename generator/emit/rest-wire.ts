import type { RestOperation } from "../model/ir.js";
import type { FormFieldEncoding } from "../model/vocabulary.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { isDefaultFormField, isPlainFormField } from "../model/form-fields.js";

/**
 * The media types of a REST operation in its client: what its method takes
 * and returns, and the `operations` table entries that write and read its
 * bodies (`accept`, `contentType`, `encode`, `readAs`).
 */

/** The names of a multipart body's file properties. */
export function fileFields(op: RestOperation): string[] {
  const request = op.wire?.request;
  return request?.encoding === "multipart"
    ? (request.fields ?? []).filter((f) => f.file).map((f) => f.name)
    : [];
}

/** The type of the method's `request` argument: the request type (files as `Blob | Uint8Array`), a string, bytes; undefined when it takes no body. */
export function requestArgumentType(
  file: TsFile,
  op: RestOperation,
  requestType: () => string,
): string | undefined {
  const encoding = op.wire?.request?.encoding;
  if (encoding === "text") return "string";
  if (encoding === "bytes") return "Uint8Array | Blob";
  if (op.requestType === undefined) return undefined;
  const files = fileFields(op);
  if (files.length === 0) return requestType();
  return `${file.type("WithFiles", paths.runtime("multipart-body.ts"))}<${requestType()}, ${files.map(stringLiteral).join(" | ")}>`;
}

/** Whether the method takes a body at all. */
export function takesBody(op: RestOperation): boolean {
  const encoding = op.wire?.request?.encoding;
  return op.requestType !== undefined || encoding === "text" || encoding === "bytes";
}

/** The value a success resolves to, before `Received<>`: a string, bytes; undefined for a JSON (typed) or empty body. */
export function rawResponseType(op: RestOperation): string | undefined {
  return op.wire?.response === "text"
    ? "string"
    : op.wire?.response === "bytes"
      ? "Uint8Array"
      : undefined;
}

function fieldLiteral(f: FormFieldEncoding): string {
  const parts = [
    `name: ${stringLiteral(f.name)}`,
    `style: ${stringLiteral(f.style)}`,
    `explode: ${f.explode}`,
    ...(f.contentType !== undefined ? [`contentType: ${stringLiteral(f.contentType)}`] : []),
    ...(f.file ? ["file: true"] : []),
  ];
  return `{ ${parts.join(", ")} }`;
}

/** A list of form field encodings as code. */
export function formFieldsLiteral(fields: readonly FormFieldEncoding[]): string {
  return `[${fields.map(fieldLiteral).join(", ")}]`;
}

/**
 * The fields of a form (a urlencoded body, a styled query) as code, but
 * those written as the runtime writes an unlisted field (`form`, exploded:
 * `formPairs`): only what differs from that needs an entry. The fields
 * written as exploded `deepObject`s are named in one `deepObjectFields`
 * call, not an entry each.
 */
export function styledFieldsLiteral(file: TsFile, fields: readonly FormFieldEncoding[]): string {
  const listed = fields.filter((f) => !isDefaultFormField(f));
  const deep = listed.filter((f) => f.style === "deepObject" && f.explode && isPlainFormField(f));
  if (deep.length === 0) return formFieldsLiteral(listed);
  const call = `${file.value("deepObjectFields", paths.runtime("form-body.ts"))}(${deep.map((f) => stringLiteral(f.name)).join(", ")})`;
  const rest = listed.filter((f) => !deep.includes(f));
  return rest.length === 0 ? call : `[...${call}, ${rest.map(fieldLiteral).join(", ")}]`;
}

/** The table entries that say how the operation's bodies are written and read (none for JSON both ways). */
export function wireEntries(file: TsFile, op: RestOperation): string[] {
  const wire = op.wire;
  if (!wire) return [];
  const body = paths.runtime("request-body.ts");
  const out: string[] = [];
  // `application/json` is the runtime's own default.
  if (wire.accept !== undefined && wire.accept !== "application/json") {
    out.push(`accept: ${stringLiteral(wire.accept)}`);
  }
  const request = wire.request;
  const fields = formFieldsLiteral(request?.fields ?? []);
  switch (request?.encoding) {
    case "json":
      out.push(`contentType: ${stringLiteral(request.mediaType)}`);
      break;
    case "form":
      out.push(
        `encode: ${file.value("formEncoder", body)}(${stringLiteral(request.mediaType)}, ${styledFieldsLiteral(file, request.fields ?? [])})`,
      );
      break;
    case "multipart":
      out.push(
        `encode: ${file.value("multipartEncoder", paths.runtime("multipart-body.ts"))}(${fields})`,
      );
      break;
    case "text":
      out.push(`encode: ${file.value("textEncoder", body)}(${stringLiteral(request.mediaType)})`);
      break;
    case "bytes":
      out.push(`encode: ${file.value("bytesEncoder", body)}(${stringLiteral(request.mediaType)})`);
      break;
    default:
      break;
  }
  if (wire.response !== undefined) out.push(`readAs: ${stringLiteral(wire.response)}`);
  return out;
}
