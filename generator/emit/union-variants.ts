import type { ObjectType, Service } from "../model/ir.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { typesByName } from "./type-index.js";

/** The variant types of a union, in order. */
export function variantsOf(service: Service, union: ObjectType): ObjectType[] {
  const byName = typesByName(service);
  return (union.variants ?? []).flatMap((name) => byName.get(name) ?? []);
}

/** The `VariantShape` literals of a union's variants (see runtime/union.ts): names, fields, required fields. */
export function variantShapes(service: Service, union: ObjectType): string {
  const shapes = variantsOf(service, union).map(
    (v) =>
      `{ name: ${stringLiteral(v.name)}, fields: [${v.allFields.map((f) => stringLiteral(f.name)).join(", ")}], required: [${v.allFields
        .filter((f) => f.required)
        .map((f) => stringLiteral(f.name))
        .join(", ")}] }`,
  );
  return `[${shapes.join(", ")}]`;
}

/** Tag value → variant index, as an object literal, for a discriminated union. */
export function tagIndexes(union: ObjectType): string {
  const order = new Map<string, number>();
  (union.variants ?? []).forEach((name, i) => order.has(name) || order.set(name, i));
  return `{ ${(union.discriminator?.mapping ?? []).map((m) => `${stringLiteral(m.value)}: ${order.get(m.type) ?? -1}`).join(", ")} }`;
}

/** Tag value → an expression for the variant, as an object literal, for a discriminated union. */
export function tagCases(union: ObjectType, expression: (variant: string) => string): string {
  return `{ ${(union.discriminator?.mapping ?? []).map((m) => `${stringLiteral(m.value)}: ${expression(m.type)}`).join(", ")} }`;
}

/**
 * Statements that hand a union value to its variant: the index from the tag
 * (or, untagged, from the keys), then one `return` per variant, the first
 * variant last as the fallback for a value that names none.
 */
export function unionDispatch(
  file: TsFile,
  service: Service,
  type: ObjectType,
  call: (variant: string) => string,
): string[] {
  const UNION = paths.runtime("union.ts");
  const variants = type.variants ?? [];
  const index = type.discriminator
    ? `${file.value("variantByTag", UNION)}(value, ${stringLiteral(type.discriminator.property)}, ${tagIndexes(type)})`
    : `${file.value("variantByKeys", UNION)}(value, ${variantShapes(service, type)})`;
  return [
    `const variant = ${index};`,
    ...variants.slice(1).map((v, i) => `if (variant === ${i + 1}) return ${call(v)};`),
    `return ${call(variants[0]!)};`,
  ];
}
