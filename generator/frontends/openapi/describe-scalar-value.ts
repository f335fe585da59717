import { pascalCase } from "../../naming/case.js";
import type { SchemaShape, SchemaType } from "./openapi-model.js";
import { constOf } from "./const-value.js";
import type { DescribeContext } from "./describe-context.js";
import { describeEnum } from "./describe-enum.js";
import { exampleText } from "./example-text.js";
import { scalarOfShape } from "./scalar-of-format.js";
import { shapeFacets } from "./shape-facets.js";
import { anyJson, type ValueAnnotations, type ValueShape } from "./value-shape.js";

/**
 * A value of one scalar type (`kinds`: the schema's types but null): the
 * scalar of its type and format with its facets and `const`, or an enum of
 * its strings; a value of several types is any JSON value, approximated.
 */
export function describeScalarValue(
  ctx: DescribeContext,
  shape: SchemaShape,
  kinds: readonly SchemaType[],
  parent: string,
  field: string,
  { notes, examples, withDoc, nullable }: ValueAnnotations,
): ValueShape {
  const chosen = scalarOfShape(shape, notes);
  if (chosen === undefined) {
    ctx.approximate(
      shape.at,
      shape.pointer,
      "several-types",
      `a value of types ${kinds.join(", ")} is read as any JSON value (JsonValue)`,
    );
    const any = anyJson(
      `The contract allows a value of types ${kinds.join(", ")}: read as any JSON value.`,
    );
    return { ...any, notes: [...notes, ...any.notes], examples, ...withDoc };
  }
  const scalar = chosen.scalar;
  // const: the one value allowed, checked by the validator, when it fits the scalar; a note otherwise.
  // An enum of one value that is not text (`enum: [true]`) says the same: text makes an enum below.
  const only =
    shape.const === undefined && shape.enum?.length === 1 && typeof shape.enum[0] !== "string"
      ? shape.enum[0]
      : undefined;
  const written = shape.const !== undefined ? shape.const : only;
  const constant = written !== undefined ? constOf(written, scalar) : undefined;
  if (shape.const !== undefined && constant === undefined)
    notes.push({ kind: "info", text: `Always ${exampleText(shape.const)} (not checked).` });
  const fixed = constant !== undefined ? { const: constant } : {};
  // The enum of one value is said by the constant, when it is one.
  if (shape.enum !== undefined && (only === undefined || constant === undefined)) {
    const strings = shape.enum.filter((v): v is string => typeof v === "string");
    if (scalar === "string" && strings.length === shape.enum.length && strings.length > 0) {
      const enumName = describeEnum(ctx, shape, strings, `${parent}${pascalCase(field)}`);
      return { type: enumName, facets: [], notes, examples, ...withDoc, ...nullable };
    }
    notes.push({
      kind: "info",
      text: `One of ${shape.enum.map(exampleText).join(", ")} (not checked).`,
    });
  }
  return {
    type: scalar,
    facets: shapeFacets(shape, chosen, notes),
    notes,
    examples,
    ...withDoc,
    ...nullable,
    ...fixed,
  };
}
