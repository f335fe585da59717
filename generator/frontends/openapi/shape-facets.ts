import type { Facet, FacetValue } from "../../facets/facet.js";
import { FACETS } from "../../facets/registry.js";
import type { NoteKind } from "../../model/vocabulary.js";
import { isDecimal } from "../../runtime/scalars.js";
import { canonicalNumberText } from "../json/json-value.js";
import type { SchemaShape } from "./openapi-model.js";
import type { ScalarChoice } from "./scalar-of-format.js";

/** A facet a schema gives a scalar: its key and value, as the description says them. */
export interface ShapeFacet {
  readonly key: string;
  readonly value: number | string;
}

/**
 * The facets of a scalar schema, read with each facet's OpenAPI spelling
 * (`Facet.openApi`) in the registry's order: a keyword's value, a bound the
 * reader merged from its 2.0/3.0 or 3.1 form, or what `type: integer` says.
 * A facet that does not apply to the scalar chosen, or whose value the facet
 * refuses, is left out with a `contradiction` note saying so.
 */
export function shapeFacets(
  shape: SchemaShape,
  choice: ScalarChoice,
  notes: { kind: NoteKind; text: string }[],
): ShapeFacet[] {
  const kept: ShapeFacet[] = [];
  for (const facet of FACETS) {
    const value = writtenValue(facet, shape, choice);
    if (value === undefined) continue;
    const problem = facet.problem?.(value) ?? decimalProblem(facet, value);
    if (!facet.appliesTo.includes(choice.scalar) || problem !== undefined)
      notes.push({
        kind: "contradiction",
        text: `The contract gives ${facet.key} ${String(value)}${problem ? ` (${problem})` : ` for a ${choice.scalar}`}; it is not checked.`,
      });
    else kept.push({ key: facet.key, value });
  }
  return kept;
}

/**
 * A decimal facet's value that is no decimal text: a number whose exponent is
 * too large to write out in digits (`1e999999999`), which the canonical form
 * leaves as written.
 */
function decimalProblem(facet: Facet, value: FacetValue): string | undefined {
  return facet.valueKind === "decimal" && !isDecimal(String(value))
    ? "an exponent too large to write out in digits"
    : undefined;
}

/** The value a schema writes for `facet`, or undefined when it writes none. */
function writtenValue(
  { openApi: spelling, valueKind }: Facet,
  shape: SchemaShape,
  { whole }: ScalarChoice,
): FacetValue | undefined {
  if (spelling === undefined) return undefined;
  if (spelling.integerType !== undefined) return whole ? spelling.integerType : undefined;
  if (spelling.bound !== undefined) {
    // The reader keeps one bound a side, from either spelling: this facet's when its exclusiveness matches.
    const bound = shape[spelling.bound.keyword];
    return bound !== undefined && bound.exclusive === spelling.bound.exclusive
      ? canonicalNumberText(bound.value)
      : undefined;
  }
  if (spelling.keyword === undefined) return undefined;
  const written: unknown = (shape as unknown as Readonly<Record<string, unknown>>)[
    spelling.keyword
  ];
  if (valueKind === "count") return typeof written === "number" ? written : undefined;
  if (typeof written !== "string") return undefined;
  // A decimal keeps its exact text, in one canonical form; text (a pattern) is kept as written.
  return valueKind === "decimal" ? canonicalNumberText(written) : written;
}

/** Every schema keyword that writes a facet, in any version (`minimum`, and `exclusiveMinimum` as a 3.1 bound or a 2.0/3.0 modifier). */
export const FACET_KEYWORDS: readonly string[] = [
  ...new Set(
    FACETS.flatMap(({ openApi }) => [
      ...(openApi?.bound !== undefined ? [openApi.bound.keyword] : []),
      ...(openApi?.keyword !== undefined ? [openApi.keyword] : []),
    ]),
  ),
];
