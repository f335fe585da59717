import { facetOf } from "../../facets/registry.js";
import type { Note } from "../../model/vocabulary.js";
import { canonicalNumberText } from "../json/json-value.js";
import type { SchemaShape } from "./openapi-model.js";
import type { ScalarChoice } from "./scalar-of-format.js";

/** The facets a value schema gives its scalar; one that does not apply to it is a note, not a facet. */
export const facetsOf = (
  shape: SchemaShape,
  { scalar, whole }: ScalarChoice,
  notes: Note[],
): { key: string; value: number | string }[] => {
  const wanted: { key: string; value: number | string }[] = [];
  if (shape.minLength !== undefined) wanted.push({ key: "minLength", value: shape.minLength });
  if (shape.maxLength !== undefined) wanted.push({ key: "maxLength", value: shape.maxLength });
  if (shape.pattern !== undefined) wanted.push({ key: "pattern", value: shape.pattern });
  if (shape.minimum !== undefined)
    wanted.push({
      key: shape.minimum.exclusive ? "exclusiveMinimum" : "minimum",
      value: canonicalNumberText(shape.minimum.value),
    });
  if (shape.maximum !== undefined)
    wanted.push({
      key: shape.maximum.exclusive ? "exclusiveMaximum" : "maximum",
      value: canonicalNumberText(shape.maximum.value),
    });
  if (whole) wanted.push({ key: "fractionDigits", value: 0 });
  if (shape.multipleOf !== undefined)
    wanted.push({ key: "multipleOf", value: canonicalNumberText(shape.multipleOf) });
  const kept: { key: string; value: number | string }[] = [];
  for (const f of wanted) {
    const facet = facetOf(f.key)!;
    const problem = facet.problem?.(f.value);
    if (!facet.appliesTo.includes(scalar) || problem !== undefined) {
      notes.push({
        kind: "contradiction",
        text: `The contract gives ${f.key} ${String(f.value)}${problem ? ` (${problem})` : ` for a ${scalar}`}; it is not checked.`,
      });
    } else kept.push(f);
  }
  return kept;
};
