import type { Named } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";
import type { NamedSchema, SchemaShape } from "./openapi-model.js";

/**
 * A oneOf/anyOf whose variants are all named object schemas: a union type,
 * told apart by its discriminator when it has one (its mapping, explicit or
 * implicit, naming the variants). False when it cannot be one.
 */
export function describeUnion(
  ctx: DescribeContext,
  name: string,
  named: NamedSchema,
  shape: SchemaShape,
  notes: Note[],
  doc: string | undefined,
  deprecated: { deprecated?: true },
): boolean {
  const variantSchemas = shape.union?.variants ?? [];
  if (variantSchemas.length < 2 || shape.properties?.length) return false;
  const variants: Named[] = [];
  for (const v of variantSchemas) {
    if (v.kind !== "ref") return false;
    const typeName = ctx.objectTypeOf(v.target);
    if (typeName === undefined) return false;
    variants.push({ name: typeName, at: v.at });
  }
  // Only object variants make a union; a variant that turned out opaque (no properties) leaves it opaque.
  if (variants.some((v) => ctx.types.find((t) => t.name === v.name)?.kind !== "object"))
    return false;
  const d = shape.discriminator;
  const names = new Set(variants.map((v) => v.name));
  const mapping = d?.mapping.flatMap((c) => {
    const typeName = ctx.objectTypeOf(c.target);
    return typeName !== undefined && names.has(typeName)
      ? [{ value: c.value, type: { name: typeName, at: d.at } }]
      : [];
  });
  ctx.types.push({
    name,
    at: named.at,
    kind: "union",
    fields: [],
    open: false,
    origin: { kind: "declared" },
    notes,
    variants,
    ...(d && mapping ? { discriminator: { property: d.propertyName, at: d.at, mapping } } : {}),
    ...(doc !== undefined ? { doc } : {}),
    ...deprecated,
  });
  if (shape.union?.kind === "anyOf")
    notes.push({
      kind: "interpretation",
      text: "anyOf in the contract: a value is read and checked as the first variant it fits.",
    });
  return true;
}
