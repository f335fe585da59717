import { pascalCase } from "../../naming/case.js";
import { HTTP_METHODS, type Schema, type Webhook } from "./openapi-model.js";
import type { ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type { ReadContext } from "./read-context.js";
import { baseSlot } from "./read-schema.js";
import { resolveObject } from "./resolve-object.js";
import { isJsonMediaType } from "./media-types.js";

/**
 * OpenAPI 3.1 `webhooks`: requests the API sends to the caller. Each is an
 * event named by its key; the JSON schema of its request body (the payload)
 * is read like any schema, so it becomes a type with its reader and
 * validator (named `<Key>Payload` when written in place). Nothing else of a
 * webhook (parameters, responses) is read: a client never sends them.
 */
export function readWebhooks(
  context: ReadContext,
  webhooks: ObjectReader<SourceDocument> | undefined,
): Webhook[] {
  const out: Webhook[] = [];
  for (const { key, reader: written } of webhooks?.entries("a webhook") ?? []) {
    const webhook = readEventPathItem(
      context,
      written,
      key,
      `${pascalCase(key) || "Webhook"}Payload`,
    );
    if (webhook) out.push(webhook);
  }
  return out;
}

/**
 * OpenAPI 3 `callbacks` of an operation: requests the API sends to a URL
 * the caller gave in that operation. They are read as webhooks are: each
 * runtime expression's path item is an event, named by the callback's key
 * (with the expression's position when a callback has several), its
 * payload typed as `<Operation><Key>Payload`.
 */
export function readCallbacks(
  context: ReadContext,
  callbacks: ObjectReader<SourceDocument> | undefined,
  operationName: string,
): Webhook[] {
  const out: Webhook[] = [];
  for (const { key, reader: written } of callbacks?.entries("a callback") ?? []) {
    const callback = resolveObject(context, written, "callback");
    if (!callback) continue;
    const expressions = callback.reader.entries("a path item");
    expressions.forEach(({ key: expression, reader: item }, index) => {
      const name = expressions.length === 1 ? key : `${key}${index + 1}`;
      const slot = `${pascalCase(operationName)}${pascalCase(name) || "Callback"}Payload`;
      const event = readEventPathItem(context, item, name, slot);
      if (event) out.push({ ...event, callback: { operation: operationName, expression } });
    });
  }
  return out;
}

/** One path item of requests the API sends: its summary and the JSON schemas of its request bodies. */
function readEventPathItem(
  context: ReadContext,
  written: ObjectReader<SourceDocument>,
  name: string,
  payloadSlot: string,
): Webhook | undefined {
  const resolved = resolveObject(context, written, "path item");
  if (!resolved) return undefined;
  const item = resolved.reader;
  const payloads: Schema[] = [];
  let summary = item.string("summary") ?? item.string("description");
  for (const method of HTTP_METHODS) {
    const operation = item.object(method);
    if (!operation) continue;
    summary ??= operation.string("summary") ?? operation.string("description");
    const body = operation.object("requestBody");
    const request = body ? resolveObject(context, body, "request body")?.reader : undefined;
    const content = request?.object("content");
    for (const media of content?.entries("a media type") ?? []) {
      const schema = media.reader.member("schema");
      if (!isJsonMediaType(media.key) || !schema) continue;
      payloads.push(
        context.schemas.read(schema.value, {
          document: media.reader.document,
          pointer: media.reader.pointerOf("schema"),
          slot: baseSlot(payloadSlot),
          nameable: true,
        }),
      );
      break;
    }
  }
  return {
    name,
    payloads,
    at: written.at,
    pointer: written.pointer,
    ...(summary === undefined ? {} : { description: summary }),
  };
}
