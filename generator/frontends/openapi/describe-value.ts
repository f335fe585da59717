import { pascalCase } from "../../naming/case.js";
import type { Note, TypeOrigin } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";
import { describeScalarValue } from "./describe-scalar-value.js";
import { exampleText } from "./example-text.js";
import { isMap } from "./map-schema.js";
import { addOpaqueType } from "./opaque-type.js";
import type { Schema, SchemaRef, SchemaShape } from "./openapi-model.js";
import { anyJson, NULL_AS_ABSENT, type ValueAnnotations, type ValueShape } from "./value-shape.js";

/**
 * The value a use of a schema means (a field, a parameter, a body, a list's
 * items, a map's values), with the annotations of the use: references are
 * followed to scalar, array and map schemas; a named object schema is its
 * object type. `parent` and `field` name what the use makes (an inline
 * object, an enum); undefined when the schema cannot be used (a problem says why).
 * `origin` is how an object made in place here came to be: by default the
 * `field` object of the type `parent`; a body, a parameter or an event's
 * payload says so, since its `parent` is a name prefix, not a type.
 */
export function describeValue(
  ctx: DescribeContext,
  schema: Schema,
  parent: string,
  field: string,
  depth = 0,
  origin: TypeOrigin = { kind: "inline", parent, field },
): ValueShape | undefined {
  return schema.kind === "ref"
    ? referenceValue(ctx, schema, parent, field, depth, origin)
    : shapeValue(ctx, schema, parent, field, depth, origin);
}

/** How many references and nested schemas a value is read through, at most. */
const MAX_DEPTH = 32;

/** A reference: the object type it names, else the value of its target with the reference's annotations. */
function referenceValue(
  ctx: DescribeContext,
  schema: SchemaRef,
  parent: string,
  field: string,
  depth: number,
  origin: TypeOrigin,
): ValueShape | undefined {
  const notes: Note[] = [];
  const target = ctx.schemas.get(schema.target);
  if (schema.readOnly)
    notes.push({ kind: "info", text: "Read-only: sent by the service, ignored in requests." });
  if (schema.writeOnly)
    notes.push({ kind: "info", text: "Write-only: sent in requests, never returned." });
  const objectType = ctx.objectTypeOf(schema.target);
  const base = {
    facets: [],
    notes,
    examples: (schema.examples ?? []).map(exampleText),
    ...(schema.description !== undefined ? { doc: schema.description } : {}),
    ...(schema.deprecated ? { deprecated: true as const } : {}),
  };
  if (objectType !== undefined)
    return {
      type: objectType,
      ...base,
      ...(schema.nullable ? { nullable: true as const } : {}),
    };
  if (!target) {
    ctx.refuse(schema.at, schema.pointer, `the schema "${schema.target}" cannot be used here`);
    return undefined;
  }
  if (depth > MAX_DEPTH) {
    ctx.refuse(
      schema.at,
      schema.pointer,
      `the schema "${schema.target}" is reached through more than ${MAX_DEPTH} references and nested schemas; paygen reads ${MAX_DEPTH} at most`,
    );
    return undefined;
  }
  const inner = describeValue(ctx, target.schema, parent, field, depth + 1, origin);
  if (!inner) return undefined;
  const nullable = schema.nullable === true || inner.nullable === true;
  if (schema.nullable && (inner.list || inner.map)) notes.push(NULL_AS_ABSENT);
  return {
    ...inner,
    ...(nullable && !inner.list && !inner.map ? { nullable: true as const } : {}),
    notes: [...notes, ...inner.notes],
    examples: base.examples.length > 0 ? base.examples : inner.examples,
    ...(schema.description !== undefined ? { doc: schema.description } : {}),
    ...(schema.deprecated ? { deprecated: true as const } : {}),
  };
}

/** A schema written in place: an array, any value, a map, an object without a name, or a scalar. */
function shapeValue(
  ctx: DescribeContext,
  shape: SchemaShape,
  parent: string,
  field: string,
  depth: number,
  origin: TypeOrigin,
): ValueShape | undefined {
  const notes: Note[] = [];
  if (shape.readOnly)
    notes.push({ kind: "info", text: "Read-only: sent by the service, ignored in requests." });
  if (shape.writeOnly)
    notes.push({ kind: "info", text: "Write-only: sent in requests, never returned." });
  if (shape.default !== undefined)
    notes.push({
      kind: "info",
      text: `Default (applied by the service when absent): ${exampleText(shape.default)}.`,
    });
  const examples = (shape.examples ?? []).map(exampleText);
  const doc = shape.description ?? shape.title;
  const withDoc = {
    ...(doc !== undefined ? { doc } : {}),
    ...(shape.deprecated ? { deprecated: true as const } : {}),
  };
  const kinds = shape.types.filter((t) => t !== "null");
  const nullable = shape.types.includes("null") ? ({ nullable: true } as const) : {};
  const annotations: ValueAnnotations = { notes, examples, doc, withDoc, nullable };
  if (kinds.length === 1 && kinds[0] === "array")
    return arrayValue(ctx, shape, parent, field, depth, annotations, origin);
  if (
    kinds.length === 0 &&
    shape.additionalProperties === undefined &&
    shape.properties === undefined
  ) {
    // The contract allows any value here: said so, not approximated.
    const any = anyJson("The contract allows any JSON value here.");
    return { ...any, notes: [...notes, ...any.notes], examples, ...withDoc };
  }
  if (isMap(shape)) return mapValue(ctx, shape, parent, field, depth, annotations, origin);
  if (kinds.length === 0 || (kinds.length === 1 && kinds[0] === "object")) {
    // An object that was not named (no properties, no typed values): any object.
    const name = ctx.unique(`${parent}${pascalCase(field)}`);
    addOpaqueType(ctx, name, shape.at, [], undefined, origin);
    return { type: name, facets: [], notes, examples: [], ...withDoc, ...nullable };
  }
  return describeScalarValue(ctx, shape, kinds, parent, field, annotations);
}

/** An array: a list of its items' value; an array of arrays or maps is a list of JSON values. */
function arrayValue(
  ctx: DescribeContext,
  shape: SchemaShape,
  parent: string,
  field: string,
  depth: number,
  { notes, examples, doc }: ValueAnnotations,
  origin: TypeOrigin,
): ValueShape | undefined {
  if (shape.types.includes("null")) notes.push(NULL_AS_ABSENT);
  // An array without items allows items of any kind; an array of arrays or maps has its items read as JSON values.
  const read = shape.items
    ? describeValue(ctx, shape.items, parent, field, depth + 1, origin)
    : anyJson("The contract says nothing of the items: each is any JSON value.");
  if (!read) return undefined;
  if (read.list || read.map)
    ctx.approximate(
      shape.at,
      shape.pointer,
      read.list ? "nested-array" : "array-of-maps",
      `an array of ${read.list ? "arrays" : "maps"}: each item is read as any JSON value (JsonValue)`,
    );
  const item =
    read.list || read.map
      ? anyJson(
          `Each item is ${read.list ? "an array" : "a map"} in the contract, read as any JSON value.`,
        )
      : read;
  if (shape.uniqueItems) notes.push({ kind: "info", text: "Items are unique (not checked)." });
  return {
    type: item.type,
    list: {
      min: shape.minItems ?? 0,
      ...(shape.maxItems !== undefined ? { max: shape.maxItems } : {}),
    },
    ...(item.nullable ? { nullable: true as const } : {}),
    facets: item.facets,
    notes: [...notes, ...item.notes],
    examples: examples.length > 0 ? examples : item.examples,
    ...(doc !== undefined ? { doc } : item.doc !== undefined ? { doc: item.doc } : {}),
    ...(shape.deprecated ? { deprecated: true as const } : {}),
  };
}

/** A map: a map field of its entries' value; a map of maps is a map of JSON values. */
function mapValue(
  ctx: DescribeContext,
  shape: SchemaShape,
  parent: string,
  field: string,
  depth: number,
  { notes, examples, withDoc }: ValueAnnotations,
  origin: TypeOrigin,
): ValueShape | undefined {
  const entry = describeValue(
    ctx,
    shape.additionalProperties as Schema,
    parent,
    `${field}Value`,
    depth + 1,
    origin.kind === "inline" ? { ...origin, field: `${field}Value` } : origin,
  );
  if (!entry) return undefined;
  // A map of lists is a map field of list values; a map of maps has its inner maps as JSON values.
  if (entry.map) {
    ctx.approximate(
      shape.at,
      shape.pointer,
      "nested-map",
      "a map of maps: each value is read as any JSON value (JsonValue)",
    );
    const any = anyJson("Each value is a map in the contract, read as any JSON value.");
    return { ...any, map: true, notes: [...notes, ...any.notes], examples, ...withDoc };
  }
  if (shape.minProperties !== undefined || shape.maxProperties !== undefined)
    notes.push({
      kind: "info",
      text: `Between ${shape.minProperties ?? 0} and ${shape.maxProperties ?? "any number of"} entries (not checked).`,
    });
  if (shape.types.includes("null") || entry.nullable) notes.push(NULL_AS_ABSENT);
  const { nullable: _entryNull, ...value } = entry;
  return { ...value, map: true, notes: [...notes, ...entry.notes], examples, ...withDoc };
}
