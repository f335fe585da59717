import type { Position } from "../../diagnostics/diagnostic.js";
import { pascalCase } from "../../naming/case.js";
import { withArticle } from "./detect-format.js";
import { objectReader, type ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import { childPointer } from "../json/json-pointer.js";
import type { Parameter, ParameterLocation, ParameterStyle, Schema } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { readExamples, readMediaTypeMap } from "./read-content.js";
import { baseSlot, type SchemaReadOptions } from "./read-schema.js";
import { resolveObjectOrMissing } from "./resolve-object.js";
import { SWAGGER2_SIMPLE_SCHEMA_KEYWORDS } from "./schema-keywords.js";

/** What one parameter object is: a parameter, or (Swagger 2.0) a request body or one field of a form body. */
export type ReadParameterResult =
  | { readonly kind: "parameter"; readonly parameter: Parameter }
  | {
      readonly kind: "body";
      readonly required: boolean;
      readonly description?: string;
      readonly schema: Schema;
      readonly at: Position;
      readonly pointer: string;
    }
  | {
      readonly kind: "form";
      readonly name: string;
      readonly required: boolean;
      readonly description?: string;
      readonly schema: Schema;
      readonly isFile: boolean;
      readonly at: Position;
      readonly pointer: string;
    };

/** The styles each location allows (OpenAPI 3), the first being the default. */
const STYLES: Readonly<Record<ParameterLocation, readonly ParameterStyle[]>> = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};

const SWAGGER2_PARAMETER_KEYS = [
  "name",
  "in",
  "description",
  "required",
  "allowEmptyValue",
] as const;

/** Items of a 2.0 parameter or header, and their items in turn: the simple keywords only. */
function swagger2ItemsOptions(): SchemaReadOptions {
  return {
    simpleKeys: SWAGGER2_SIMPLE_SCHEMA_KEYWORDS,
    itemOptions: { simpleKeys: SWAGGER2_SIMPLE_SCHEMA_KEYWORDS },
  };
}

/**
 * Reads one entry of a `parameters` list (following `$ref`). `operationName`
 * (PascalCase) names inline schemas: `<Operation>Request` for a 2.0 body.
 */
export function readParameter(
  context: ReadContext,
  written: ObjectReader<SourceDocument>,
  operationName: string,
): ReadParameterResult | undefined {
  const resolved = resolveObjectOrMissing(
    context,
    written,
    "parameter",
    "the parameter is left out",
  );
  if (resolved === "missing" || !resolved) return undefined;
  const reader = resolved.reader;
  const name = reader.requiredString("name", "a parameter");
  const location = reader.requiredString("in", "a parameter");
  if (name === undefined || location === undefined) return undefined;
  const description = resolved.description ?? reader.string("description");
  const docs = description === undefined ? {} : { description };
  const located = { at: reader.at, pointer: reader.pointer };
  if (context.format === "swagger-2.0") {
    if (location === "body") {
      reader.checkKeys("a Swagger 2.0 body parameter", {
        known: ["name", "in", "description", "required", "schema"],
      });
      const node = reader.member("schema")?.value;
      if (!node) {
        reader.error(reader.at, 'a body parameter needs "schema"');
        return undefined;
      }
      const schema = context.schemas.read(node, {
        document: reader.document,
        pointer: reader.pointerOf("schema"),
        slot: baseSlot(`${operationName}Request`),
        nameable: true,
      });
      return {
        kind: "body",
        required: reader.boolean("required") ?? false,
        ...docs,
        schema,
        ...located,
      };
    }
    if (location === "formData") {
      const schema = readSwagger2Value(
        context,
        reader,
        `${operationName}Request${pascalCase(name)}`,
        true,
      );
      return {
        kind: "form",
        name,
        required: reader.boolean("required") ?? false,
        ...docs,
        schema,
        isFile: reader.string("type") === "file",
        ...located,
      };
    }
  }
  if (!isLocation(location)) {
    const allowed =
      context.format === "swagger-2.0"
        ? '"path", "query", "header", "body" or "formData"'
        : '"path", "query", "header" or "cookie"';
    reader.error(
      reader.member("in")!.value.at,
      `a parameter's "in" must be ${allowed}, not "${location}"`,
      reader.pointerOf("in"),
    );
    return undefined;
  }
  if (location === "cookie" && context.format === "swagger-2.0") {
    reader.error(
      reader.member("in")!.value.at,
      "Swagger 2.0 has no cookie parameters (they are OpenAPI 3)",
      reader.pointerOf("in"),
    );
    return undefined;
  }
  const required = reader.boolean("required") ?? false;
  if (location === "path" && !required) {
    reader.error(
      reader.member("required")?.keyAt ?? reader.at,
      `the path parameter "${name}" must say required: true`,
      reader.pointer,
    );
  }
  const common = {
    name,
    in: location,
    required: location === "path" ? true : required,
    ...docs,
    ...(reader.boolean("allowEmptyValue") ? { allowEmptyValue: true as const } : {}),
    ...located,
  };
  const slotName = `${operationName}${pascalCase(name)}Parameter`;
  if (context.format === "swagger-2.0") {
    const schema = readSwagger2Value(context, reader, slotName, false);
    const style = swagger2Style(reader, location, schema);
    return style ? { kind: "parameter", parameter: { ...common, ...style, schema } } : undefined;
  }
  reader.checkKeys(`${withArticle(context.format)} parameter`, {
    known: ["name", "in", ...HEADER_OBJECT_KEYS],
  });
  const value = readOpenApi3Value(context, reader, slotName);
  if (!value) return undefined;
  const style = openApi3Style(reader, location);
  if (!style) return undefined;
  const examples = readExamples(context, reader);
  return {
    kind: "parameter",
    parameter: {
      ...common,
      ...(reader.boolean("deprecated") ? { deprecated: true as const } : {}),
      ...(reader.boolean("allowReserved") ? { allowReserved: true as const } : {}),
      ...style,
      ...value,
      ...(examples.length > 0 ? { examples } : {}),
    },
  };
}

/** The entries of the `parameters` list of a path item or an operation, as written (not yet following `$ref`). */
export function parameterReaders(
  context: ReadContext,
  owner: ObjectReader<SourceDocument>,
): ObjectReader<SourceDocument>[] {
  const list = owner.array("parameters");
  const pointer = owner.pointerOf("parameters");
  return (list?.items ?? []).flatMap((item, i) => {
    const reader = objectReader(
      item,
      owner.document,
      childPointer(pointer, i),
      context.problems,
      "a parameter",
    );
    return reader ? [reader] : [];
  });
}

function isLocation(value: string): value is ParameterLocation {
  return value === "path" || value === "query" || value === "header" || value === "cookie";
}

/**
 * The value of a 2.0 parameter or header, described by schema keywords on
 * the object itself (`type`, `format`, `items`, `enum`, ...).
 */
export function readSwagger2Value(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  slotName: string,
  allowFile: boolean,
  extraKeys: readonly string[] = SWAGGER2_PARAMETER_KEYS,
): Schema {
  if (!reader.has("type"))
    reader.error(
      reader.at,
      'a Swagger 2.0 parameter or header needs "type" (or, for a body parameter, in: body and a schema)',
    );
  if (reader.string("type") === "array" && !reader.has("items"))
    reader.error(reader.at, 'an array parameter or header needs "items"');
  return context.schemas.read(
    reader.node,
    {
      document: reader.document,
      pointer: reader.pointer,
      slot: baseSlot(slotName),
      nameable: true,
    },
    {
      simpleKeys: [...SWAGGER2_SIMPLE_SCHEMA_KEYWORDS, ...extraKeys],
      allowFileType: allowFile,
      itemOptions: swagger2ItemsOptions(),
    },
  );
}

/** A 3.x parameter's or header's value: `schema`, or `content` with one media type. */
export function readOpenApi3Value(
  context: ReadContext,
  reader: ObjectReader<SourceDocument>,
  slotName: string,
): { schema: Schema; mediaType?: string } | undefined {
  const schemaNode = reader.member("schema")?.value;
  const content = reader.object("content");
  if (schemaNode && content) {
    reader.error(
      reader.member("content")!.keyAt,
      'give either "schema" or "content", not both',
      reader.pointerOf("content"),
    );
  }
  if (schemaNode)
    return {
      schema: context.schemas.read(schemaNode, {
        document: reader.document,
        pointer: reader.pointerOf("schema"),
        slot: baseSlot(slotName),
        nameable: true,
      }),
    };
  if (content) {
    const media = readMediaTypeMap(context, content, slotName);
    if (media.length !== 1) {
      reader.error(
        content.at,
        `"content" of a parameter or header must hold exactly one media type, not ${media.length}`,
        content.pointer,
      );
      return undefined;
    }
    const only = media[0]!;
    return {
      schema: only.schema ?? { kind: "shape", types: [], at: only.at, pointer: only.pointer },
      mediaType: only.mediaType,
    };
  }
  reader.error(reader.at, 'a parameter or header needs "schema" or "content"');
  return undefined;
}

/** 2.0 `collectionFormat` as a 3.x style: `csv` (the default), `ssv`, `pipes`, `multi`; `tsv` has no 3.x counterpart. */
function swagger2Style(
  reader: ObjectReader<SourceDocument>,
  location: ParameterLocation,
  schema: Schema,
): { style: ParameterStyle; explode: boolean } | undefined {
  const plain = STYLES[location][0]!;
  const isArray = schema.kind === "shape" && schema.types.includes("array");
  const format = reader.string("collectionFormat");
  if (!isArray) {
    if (format !== undefined)
      reader.error(
        reader.member("collectionFormat")!.keyAt,
        "collectionFormat applies to arrays only",
        reader.pointerOf("collectionFormat"),
      );
    return { style: plain, explode: plain === "form" };
  }
  const at = reader.member("collectionFormat")?.value.at ?? reader.at;
  switch (format ?? "csv") {
    case "csv":
      return { style: plain, explode: false };
    case "multi":
      if (location !== "query") {
        reader.error(
          at,
          'collectionFormat "multi" is for query and form parameters only',
          reader.pointerOf("collectionFormat"),
        );
        return undefined;
      }
      return { style: "form", explode: true };
    case "ssv":
    case "pipes":
      if (location !== "query") {
        reader.error(
          at,
          `collectionFormat "${format!}" is supported for query parameters only`,
          reader.pointerOf("collectionFormat"),
        );
        return undefined;
      }
      return { style: format === "ssv" ? "spaceDelimited" : "pipeDelimited", explode: false };
    case "tsv":
      reader.error(
        at,
        'collectionFormat "tsv" is not supported (OpenAPI 3 has no counterpart): use csv, ssv, pipes or multi',
        reader.pointerOf("collectionFormat"),
      );
      return undefined;
    default:
      reader.error(
        at,
        `unknown collectionFormat "${format!}"; the formats are csv, ssv, tsv, pipes and multi`,
        reader.pointerOf("collectionFormat"),
      );
      return undefined;
  }
}

/** 3.x `style` (checked against the location) and `explode` (its default: true for `form`). */
function openApi3Style(
  reader: ObjectReader<SourceDocument>,
  location: ParameterLocation,
): { style: ParameterStyle; explode: boolean } | undefined {
  const allowed = STYLES[location];
  const written = reader.string("style");
  let style = allowed[0]!;
  if (written !== undefined) {
    const found = allowed.find((s) => s === written);
    if (!found) {
      reader.error(
        reader.member("style")!.value.at,
        `style "${written}" is not allowed for ${location} parameters; use ${allowed.map((s) => `"${s}"`).join(", ")}`,
        reader.pointerOf("style"),
      );
      return undefined;
    }
    style = found;
  }
  return { style, explode: reader.boolean("explode") ?? style === "form" };
}

/** The keys of a 3.x header object: a parameter's, but for `name` and `in`. */
export const HEADER_OBJECT_KEYS = [
  "description",
  "required",
  "deprecated",
  "allowEmptyValue",
  "style",
  "explode",
  "allowReserved",
  "schema",
  "content",
  "example",
  "examples",
] as const;
