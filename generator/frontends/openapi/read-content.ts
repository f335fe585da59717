import { pascalCase } from "../../naming/case.js";
import { toJsonValue, type JsonValue } from "../json/json-value.js";
import { FORMAT_NAMES } from "./detect-format.js";
import type { ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type { MediaContent, PropertyEncoding } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { baseSlot } from "./read-schema.js";
import { resolveObject } from "./resolve-object.js";

/** The content of a body whose `$ref` leads nowhere: any JSON value, as a schema that leads nowhere is. */
export function anyJsonContent(reader: ObjectReader<SourceDocument>): MediaContent[] {
  const schema = { kind: "shape" as const, at: reader.at, pointer: reader.pointer, types: [] };
  return [
    { mediaType: "application/json", schema, examples: [], at: reader.at, pointer: reader.pointer },
  ];
}

/**
 * An OpenAPI 3 `content` map: one entry per media type, in document order.
 * Inline schemas are named `slotName` (the first media type) or `slotName`
 * followed by the media type in PascalCase (the others), unless they are
 * the same shape as the first.
 */
export function readMediaTypeMap(
  context: ReadContext,
  content: ObjectReader<SourceDocument>,
  slotName: string,
): MediaContent[] {
  const out: MediaContent[] = [];
  let index = 0;
  for (const { key, reader } of content.entries("a media type")) {
    if (!/^[^\s/]+\/[^\s/]+$/.test(key.replace(/;.*$/, "").trim())) {
      content.warning(
        content.member(key)!.keyAt,
        "not-a-media-type",
        `"${key}" is not a media type (type/subtype, such as application/json): read past`,
        reader.pointer,
      );
      continue;
    }
    reader.checkKeys(`a media type of ${FORMAT_NAMES[context.format]}`, {
      known: ["schema", "example", "examples", "encoding"],
    });
    const node = reader.member("schema")?.value;
    const name = index === 0 ? slotName : `${slotName}${pascalCase(key)}`;
    index++;
    const schema = node
      ? context.schemas.read(node, {
          document: reader.document,
          pointer: reader.pointerOf("schema"),
          slot: baseSlot(name),
          nameable: true,
        })
      : undefined;
    const encoding = readEncoding(reader.object("encoding"));
    out.push({
      mediaType: key,
      ...(schema ? { schema } : {}),
      examples: readExamples(context, reader),
      ...(encoding.length > 0 ? { encoding } : {}),
      at: reader.at,
      pointer: reader.pointer,
    });
  }
  return out;
}

const ENCODING_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;

/**
 * A media type's `encoding`: per property, its part's content type
 * (multipart) and its `style`/`explode` (form bodies; the specification's
 * query parameter styles). Part `headers` are read past: the client sends
 * none.
 */
function readEncoding(encoding: ObjectReader<SourceDocument> | undefined): PropertyEncoding[] {
  const out: PropertyEncoding[] = [];
  for (const { key, reader } of encoding?.entries("an encoding") ?? []) {
    reader.checkKeys("an encoding", {
      known: ["contentType", "headers", "style", "explode", "allowReserved"],
    });
    const contentType = reader.string("contentType");
    const written = reader.string("style");
    const style = ENCODING_STYLES.find((s) => s === written);
    if (written !== undefined && style === undefined) {
      reader.error(
        reader.member("style")!.value.at,
        `style "${written}" is not a form style; use ${ENCODING_STYLES.map((s) => `"${s}"`).join(", ")}`,
        reader.pointerOf("style"),
      );
    }
    const explode = reader.boolean("explode");
    out.push({
      name: key,
      ...(contentType === undefined ? {} : { contentType }),
      ...(style === undefined ? {} : { style }),
      ...(explode === undefined ? {} : { explode }),
      ...(reader.boolean("allowReserved") ? { allowReserved: true as const } : {}),
      at: reader.at,
      pointer: reader.pointer,
    });
  }
  return out;
}

/** `example` and the values of `examples` (each an Example object, or a `$ref` to one); external values are not fetched. */
export function readExamples(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
): JsonValue[] {
  const out: JsonValue[] = [];
  const example = reader.member("example");
  if (example) out.push(toJsonValue(example.value));
  if (example && reader.has("examples"))
    reader.error(
      reader.member("examples")!.keyAt,
      'give either "example" or "examples", not both',
      reader.pointerOf("examples"),
    );
  for (const { reader: written } of reader.object("examples")?.entries("an example") ?? []) {
    const resolved = resolveObject(context, written, "example");
    if (!resolved) continue;
    const object = resolved.reader;
    object.checkKeys("an example", { known: ["summary", "description", "value", "externalValue"] });
    const value = object.member("value");
    if (value) out.push(toJsonValue(value.value));
  }
  return out;
}
