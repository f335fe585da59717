import type { FieldDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";
import { describeUnion } from "./describe-union.js";
import { describeValue } from "./describe-value.js";
import { isMap } from "./map-schema.js";
import { addOpaqueType } from "./opaque-type.js";
import type { NamedSchema, Property, SchemaShape } from "./openapi-model.js";

/**
 * The object type a named schema is described as, made once (on first use),
 * or undefined when the schema is not an object (a scalar, an array, an enum
 * or a map: used in place). The context's `objectTypeOf`.
 */
export function objectTypeOf(ctx: DescribeContext, name: string): string | undefined {
  const found = ctx.objectTypes.get(name);
  if (found !== undefined) return found;
  const named = ctx.schemas.get(name);
  if (!named || named.schema.kind === "ref") return undefined;
  const shape = named.schema;
  const isObject =
    shape.properties !== undefined ||
    shape.union !== undefined ||
    shape.extends !== undefined ||
    shape.types.includes("object") ||
    shape.additionalProperties !== undefined;
  if (!isObject || isMap(shape)) return undefined;
  ctx.objectTypes.set(name, name);
  describeObject(ctx, name, named, shape);
  return name;
}

/** A named object schema as a type: a union, an object with its fields, or an opaque object (no properties). */
function describeObject(
  ctx: DescribeContext,
  name: string,
  named: NamedSchema,
  shape: SchemaShape,
): void {
  const notes: Note[] = [];
  const doc = shape.description ?? shape.title;
  const deprecated = shape.deprecated ? { deprecated: true as const } : {};
  if (shape.union || shape.discriminator) {
    const union = describeUnion(ctx, name, named, shape, notes, doc, deprecated);
    if (union) return;
    const kind = shape.union?.kind ?? "discriminated";
    notes.push({
      kind: "interpretation",
      text: `${kind === "anyOf" ? "An" : "A"} ${kind} union in the contract whose variants are not all named object schemas: read as an opaque object, its variants not checked.`,
    });
    addOpaqueType(ctx, name, named.at, notes, doc, { kind: "declared" }, deprecated);
    return;
  }
  if (shape.properties === undefined || shape.properties.length === 0) {
    addOpaqueType(ctx, name, named.at, notes, doc, { kind: "declared" }, deprecated);
    return;
  }
  const includes = (shape.extends ?? []).map((part) => ({ name: part, at: named.at }));
  const open = shape.additionalProperties !== undefined && shape.additionalProperties !== false;
  if (open)
    notes.push({
      kind: "interpretation",
      text: "Other properties are allowed by the contract: they are kept, unchecked.",
    });
  // The type comes before the types its fields make: its place is kept, its fields filled in after.
  const index = ctx.types.length;
  ctx.types.push({
    name,
    at: named.at,
    kind: "object",
    fields: [],
    open,
    origin: { kind: "declared" },
    notes,
    ...(includes.length > 0 ? { includes } : {}),
    ...(doc !== undefined ? { doc } : {}),
    ...deprecated,
  });
  const fields: FieldDescription[] = [];
  const marks = new Map<string, "readOnly" | "writeOnly">();
  for (const p of shape.properties) {
    const field = fieldOf(ctx, p, name);
    if (!field) continue;
    if (p.schema.readOnly) marks.set(p.name, "readOnly");
    else if (p.schema.writeOnly) marks.set(p.name, "writeOnly");
    fields.push(field);
  }
  ctx.types[index] = { ...ctx.types[index]!, fields };
  if (marks.size > 0) ctx.access.set(name, marks);
}

/** A property of the object type `parent` as its field; undefined when its value cannot be described. */
function fieldOf(ctx: DescribeContext, p: Property, parent: string): FieldDescription | undefined {
  const v = describeValue(ctx, p.schema, parent, p.name);
  if (!v) return undefined;
  const at = p.at;
  return {
    name: p.name,
    at,
    type: { name: v.type, at },
    required: p.required,
    ...(v.list ? { list: { ...v.list, at } } : {}),
    ...(v.map ? { map: { at } } : {}),
    ...(v.nullable ? { nullable: { at } } : {}),
    ...(v.const !== undefined ? { const: { value: v.const, at } } : {}),
    facets: v.facets.map((f) => ({ ...f, at })),
    examples: v.examples,
    notes: v.notes,
    ...(v.doc !== undefined ? { doc: v.doc } : {}),
    ...(v.deprecated ? { deprecated: true as const } : {}),
    ...(p.schema.kind === "shape" && p.schema.format === "password"
      ? { passwordFormat: true as const }
      : {}),
  };
}
