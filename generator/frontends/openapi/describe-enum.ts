import type { DescribeContext } from "./describe-context.js";
import type { SchemaShape } from "./openapi-model.js";

/**
 * The enum of a string schema's values, made once per list of values (the
 * same values in the same order: a named schema used by many fields, and
 * identical inline enums wherever they are written, are one enum), named
 * `candidate` (made unique) where it is first used.
 */
export function describeEnum(
  ctx: DescribeContext,
  shape: SchemaShape,
  values: readonly string[],
  candidate: string,
): string {
  const distinct = [...new Set(values)];
  const key = JSON.stringify(distinct);
  let enumName = ctx.enumsByValues.get(key);
  if (enumName === undefined) {
    enumName = ctx.unique(candidate);
    ctx.enumsByValues.set(key, enumName);
    ctx.enums.push({
      name: enumName,
      at: shape.at,
      notes: [],
      values: distinct.map((value) => ({ value, at: shape.at, notes: [] })),
    });
  }
  return enumName;
}
