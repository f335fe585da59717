import type { Position } from "../../diagnostics/diagnostic.js";
import type { FieldDescription } from "../../description/description.js";
import { sortFacets } from "./sort-facets.js";
import type { XsdMapping } from "./xsd-mapping.js";
import type { Derivation, Facets } from "./xsd-model.js";

/** The text of a value with attributes (simple content), as a field named `value` (or another name no attribute has). */
export function textField(
  ctx: XsdMapping,
  derivation: Derivation,
  facetsHere: Facets,
  parent: string,
  attributes: readonly FieldDescription[],
): FieldDescription | undefined {
  const taken = new Set(attributes.map((a) => a.name));
  const name = ["value", "text", "content"].find((n) => !taken.has(n)) ?? "value";
  const restricted =
    derivation.method === "restriction"
      ? ctx.simple.simpleShape(
          {
            kind: "simpleType",
            at: derivation.at,
            content: {
              kind: "restriction",
              base: derivation.base,
              facets: facetsHere,
              at: derivation.at,
            },
          },
          `${parent}Value`,
        )
      : ctx.simple.simpleRef(derivation.base);
  if (!restricted) return undefined;
  return {
    name,
    at: derivation.at,
    type: {
      name: restricted.kind === "enum" ? restricted.name : restricted.scalar,
      at: derivation.base.at,
    },
    required: true,
    facets: restricted.kind === "scalar" ? sortFacets(restricted.facets) : [],
    examples: [],
    xml: { node: "text", at: derivation.at },
    notes: restricted.kind === "scalar" ? [...restricted.notes] : [],
  };
}

/** The text of a mixed type: a string field `text` (or another name no field has), carried as the element's text. */
export function mixedTextField(at: Position, taken: readonly FieldDescription[]): FieldDescription {
  const names = new Set(taken.map((f) => f.name));
  const name = ["text", "content", "value", "mixedText"].find((n) => !names.has(n)) ?? "mixedText";
  return {
    name,
    at,
    type: { name: "string", at },
    required: false,
    facets: [],
    examples: [],
    xml: { node: "text", at },
    notes: [],
  };
}
