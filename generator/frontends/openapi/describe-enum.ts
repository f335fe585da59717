import type { DescribeContext } from "./describe-context.js";
import type { SchemaShape } from "./openapi-model.js";

/**
 * The enum of a string schema's values, made once per schema (by its JSON
 * pointer: a named schema used by many fields is one enum), named
 * `candidate` (made unique) where it is first used.
 */
export function describeEnum(
  ctx: DescribeContext,
  shape: SchemaShape,
  values: readonly string[],
  candidate: string,
): string {
  const key = shape.pointer;
  let enumName = ctx.enumsByPointer.get(key);
  if (enumName === undefined) {
    enumName = ctx.unique(candidate);
    ctx.enumsByPointer.set(key, enumName);
    ctx.enums.push({
      name: enumName,
      at: shape.at,
      notes: [],
      values: [...new Set(values)].map((value) => ({ value, at: shape.at, notes: [] })),
    });
  }
  return enumName;
}
