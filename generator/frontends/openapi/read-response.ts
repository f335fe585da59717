import { pascalCase } from "../../naming/case.js";
import { toJsonValue, type JsonValue } from "../json/json-value.js";
import { compareText } from "../../diagnostics/diagnostic.js";
import { FORMAT_NAMES, withArticle } from "./detect-format.js";
import type { ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type { MediaContent, Response, ResponseHeader } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { anyJsonContent, readExamples, readMediaTypeMap } from "./read-content.js";
import { HEADER_OBJECT_KEYS, readOpenApi3Value, readSwagger2Value } from "./read-parameter.js";
import { baseSlot } from "./read-schema.js";
import { resolveObject, resolveObjectOrMissing } from "./resolve-object.js";

/**
 * An operation's `responses`, in document order. Inline schemas are named
 * `<Operation>Response` for the first success status (the lowest 2xx) and
 * `<Operation>Response<Status>` for the others (`...Response400`,
 * `...ResponseDefault`). `produces` (2.0) gives the media types of bodies.
 */
export function readResponses(
  context: ReadContext,
  responses: ObjectReader<SourceDocument>,
  operationName: string,
  produces: readonly string[],
): Response[] {
  const statuses = [...responses.node.members.keys()].filter((k) => !k.startsWith("x-"));
  const isStatus = (key: string) =>
    /^[1-5][0-9][0-9]$/.test(key) ||
    key === "default" ||
    (/^[1-5]XX$/.test(key) && context.format !== "swagger-2.0");
  const success = statuses.filter((s) => isStatus(s) && /^2/.test(s)).sort(compareText)[0];
  const out: Response[] = [];
  for (const { key: status, keyAt, reader: written } of responses.entries("a response")) {
    if (!isStatus(status)) {
      const ranges = context.format === "swagger-2.0" ? "" : ", a range such as 4XX";
      responses.warning(
        keyAt,
        "response-status",
        `"${status}" is not a response status (a code from 100 to 599${ranges}, or default): this response is left out`,
        written.pointer,
      );
      continue;
    }
    const resolved = resolveObjectOrMissing(
      context,
      written,
      "response",
      "the answer is read as any JSON value",
    );
    if (resolved === "missing") {
      const content = anyJsonContent(written);
      out.push({
        status,
        description: "",
        content,
        headers: [],
        at: written.at,
        pointer: written.pointer,
      });
      continue;
    }
    if (!resolved) continue;
    const name =
      status === success
        ? `${operationName}Response`
        : `${operationName}Response${status === "default" ? "Default" : status}`;
    const response =
      context.format === "swagger-2.0"
        ? readSwagger2Response(context, resolved.reader, status, name, produces)
        : readOpenApi3Response(context, resolved.reader, status, name);
    if (response)
      out.push(
        resolved.description === undefined
          ? response
          : { ...response, description: resolved.description },
      );
  }
  if (out.length === 0 && statuses.length === 0 && context.format !== "openapi-3.1") {
    responses.error(responses.at, `${FORMAT_NAMES[context.format]} requires at least one response`);
  }
  return out;
}

function readSwagger2Response(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  status: string,
  name: string,
  produces: readonly string[],
): Response | undefined {
  reader.checkKeys("a Swagger 2.0 response", {
    known: ["description", "schema", "headers", "examples"],
  });
  const description = reader.requiredString("description", "a response") ?? "";
  const node = reader.member("schema")?.value;
  const schema = node
    ? context.schemas.read(
        node,
        {
          document: reader.document,
          pointer: reader.pointerOf("schema"),
          slot: baseSlot(name),
          nameable: true,
        },
        { allowFileType: true },
      )
    : undefined;
  const content: (MediaContent & { examples: JsonValue[] })[] = schema
    ? (produces.length > 0 ? produces : ["application/json"]).map((mediaType) => ({
        mediaType,
        schema,
        examples: [] as JsonValue[],
        at: reader.at,
        pointer: reader.pointerOf("schema"),
      }))
    : [];
  attachSwagger2Examples(reader, content);
  const headers: ResponseHeader[] = [];
  for (const { key, reader: header } of reader.object("headers")?.entries("a header") ?? []) {
    const schema = readSwagger2Value(context, header, `${name}${pascalCase(key)}Header`, false, [
      "description",
    ]);
    const headerDescription = header.string("description");
    headers.push({
      name: key,
      required: false,
      ...(headerDescription === undefined ? {} : { description: headerDescription }),
      schema,
      at: header.at,
      pointer: header.pointer,
    });
  }
  return { status, description, content, headers, at: reader.at, pointer: reader.pointer };
}

/**
 * 2.0 `examples`, keyed by media type, go to the body of that media type
 * (compared without parameters: `application/json` is the example of
 * `application/json;charset=utf-8`); an example under any other key (some
 * descriptions name them, `Missing Headers`) goes to the first. A response
 * without a schema has no body, so its examples describe nothing the model
 * holds and are read past.
 */
function attachSwagger2Examples(
  reader: ObjectReader<SourceDocument>,
  content: { mediaType: string; examples: JsonValue[] }[],
): void {
  const essence = (mediaType: string): string => mediaType.split(";")[0]!.trim().toLowerCase();
  for (const member of reader.object("examples")?.node.members.values() ?? []) {
    if (member.key.startsWith("x-") || content.length === 0) continue;
    const target = content.find((c) => essence(c.mediaType) === essence(member.key)) ?? content[0]!;
    target.examples.push(toJsonValue(member.value));
  }
}

function readOpenApi3Response(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  status: string,
  name: string,
): Response | undefined {
  reader.checkKeys(`${withArticle(context.format)} response`, {
    known: ["description", "headers", "content"],
    approximated: new Map([
      [
        "links",
        {
          kind: "links",
          reading:
            "a link names a follow-up operation, which the caller calls with the values it needs (no method follows it)",
        },
      ],
    ]),
  });
  const description =
    context.format === "openapi-3.1"
      ? (reader.string("description") ?? "")
      : (reader.requiredString("description", "a response") ?? "");
  const content = reader.object("content");
  const headers: ResponseHeader[] = [];
  for (const { key, reader: written } of reader.object("headers")?.entries("a header") ?? []) {
    if (key.toLowerCase() === "content-type") continue; // the specification says a Content-Type header here is ignored: content says it
    const resolved = resolveObject(context, written, "header");
    if (!resolved) continue;
    const header = resolved.reader;
    header.checkKeys(`${withArticle(context.format)} header`, {
      known: HEADER_OBJECT_KEYS,
    });
    const style = header.string("style");
    if (style !== undefined && style !== "simple")
      header.error(
        header.member("style")!.value.at,
        'a header\'s style can only be "simple"',
        header.pointerOf("style"),
      );
    const value = readOpenApi3Value(context, header, `${name}${pascalCase(key)}Header`);
    if (!value) continue;
    const headerDescription = resolved.description ?? header.string("description");
    const examples = readExamples(context, header);
    headers.push({
      name: key,
      required: header.boolean("required") ?? false,
      ...(headerDescription === undefined ? {} : { description: headerDescription }),
      ...(header.boolean("deprecated") ? { deprecated: true as const } : {}),
      schema: value.schema,
      ...(examples.length > 0 ? { examples } : {}),
      at: header.at,
      pointer: header.pointer,
    });
  }
  return {
    status,
    description,
    content: content ? readMediaTypeMap(context, content, name) : [],
    headers,
    at: reader.at,
    pointer: reader.pointer,
  };
}
