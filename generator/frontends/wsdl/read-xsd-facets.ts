import type { FacetValue, FacetValueKind } from "../../facets/facet.js";
import { FACETS } from "../../facets/registry.js";
import type { XmlElement } from "../xml/xml-tree.js";
import type { XsdContext } from "./xsd-context.js";
import { collapse } from "./attribute-reader.js";
import type {
  BoundFacet,
  CountFacet,
  EnumerationFacet,
  Facets,
  PatternFacet,
  WhiteSpaceFacet,
  XsdBoundFacetName as BoundFacetName,
  XsdCountFacetName as CountFacetName,
} from "./xsd-model.js";

/** The XML Schema facets that set a facet of the registry whose value is `kind` (`Facet.xsdFacets`). */
function xsdFacetsOf(kind: FacetValueKind): readonly string[] {
  return [...new Set(FACETS.filter((f) => f.valueKind === kind).flatMap((f) => f.xsdFacets))];
}

/** Facets holding a count (`length`, `totalDigits`...), a bound (`minInclusive`...) or a pattern (read into a list: several mean any). */
const COUNT_FACETS = xsdFacetsOf("count");
const BOUND_FACETS = xsdFacetsOf("decimal");
const PATTERN_FACETS = xsdFacetsOf("text");

/** What the registry's facets set by the XML Schema facet `name` say is wrong with `value`, if anything. */
function problemOf(name: string, value: FacetValue): string | undefined {
  for (const facet of FACETS) {
    const problem = facet.xsdFacets.includes(name) ? facet.problem?.(value) : undefined;
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Whether an XSD element is a facet, for the readers of restrictions. */
export function isFacet(local: string): boolean {
  return (
    local === "enumeration" ||
    local === "whiteSpace" ||
    COUNT_FACETS.includes(local) ||
    BOUND_FACETS.includes(local) ||
    PATTERN_FACETS.includes(local)
  );
}

/** No facet: what an extension or an unrestricted type has. */
export const NO_FACETS: Facets = { enumerations: [], patterns: [] };

/**
 * The facets among the children of a restriction (the caller passes only
 * facet elements, see {@link isFacet}). A facet given twice, or facets that
 * contradict each other in the same restriction, are reported.
 */
export function readFacets(elements: readonly XmlElement[], context: XsdContext): Facets {
  const enumerations: EnumerationFacet[] = [];
  const patterns: PatternFacet[] = [];
  const counts = new Map<CountFacetName, CountFacet>();
  const bounds = new Map<BoundFacetName, BoundFacet>();
  let whiteSpace: WhiteSpaceFacet | undefined;
  for (const element of elements) {
    const local = element.name.local;
    const { doc, children } = context.content(element);
    for (const child of children) context.unexpected(child, element);
    const value = context.attribute(element, "value");
    if (value === undefined) {
      context.error(element.at, `<${element.qname}> needs a value attribute`);
      continue;
    }
    if (local === "enumeration" || local === "pattern") {
      context.checkAttributes(element, ["value", "id"]);
      // Kept as written: how white space counts depends on the base type, which is for the mapping to know.
      if (local === "enumeration")
        enumerations.push({
          value: value.value,
          at: element.at,
          ...(doc === undefined ? {} : { doc }),
        });
      else patterns.push({ value: value.value, at: element.at });
      continue;
    }
    context.checkAttributes(element, ["value", "fixed", "id"]);
    const fixed = context.flag(element, "fixed", false);
    if (
      counts.has(local as CountFacetName) ||
      bounds.has(local as BoundFacetName) ||
      (local === "whiteSpace" && whiteSpace !== undefined)
    ) {
      context.error(element.at, `<${element.qname}> is given twice in one restriction`);
      continue;
    }
    if (local === "whiteSpace") {
      const space = collapse(value.value);
      if (space === "preserve" || space === "replace" || space === "collapse")
        whiteSpace = { value: space, fixed, at: element.at };
      else
        context.error(
          value.valueAt,
          `whiteSpace must be "preserve", "replace" or "collapse", not "${value.value}"`,
        );
    } else if (COUNT_FACETS.includes(local)) {
      const count = context.countValue(value);
      if (count === undefined) continue;
      const problem = problemOf(local, count);
      if (problem !== undefined) context.error(value.valueAt, `${local} ${problem}`);
      counts.set(local as CountFacetName, { value: count, fixed, at: element.at });
    } else {
      const bound = collapse(value.value);
      if (bound === "") {
        context.error(value.valueAt, `<${element.qname}> needs a value`);
        continue;
      }
      const problem = problemOf(local, bound);
      if (problem !== undefined) context.error(value.valueAt, `${local} ${problem}`);
      bounds.set(local as BoundFacetName, { value: bound, fixed, at: element.at });
    }
  }
  checkCombinations(counts, bounds, context);
  const facets: { -readonly [K in keyof Facets]: Facets[K] } = { enumerations, patterns };
  for (const [name, facet] of counts) facets[name] = facet;
  for (const [name, facet] of bounds) facets[name] = facet;
  if (whiteSpace !== undefined) facets.whiteSpace = whiteSpace;
  return facets;
}

/** What XML Schema 1.0 forbids within one restriction: length with min/maxLength, both bounds of a side, crossed counts. */
function checkCombinations(
  counts: ReadonlyMap<CountFacetName, CountFacet>,
  bounds: ReadonlyMap<BoundFacetName, BoundFacet>,
  context: XsdContext,
): void {
  const length = counts.get("length");
  const minLength = counts.get("minLength");
  const maxLength = counts.get("maxLength");
  if (length !== undefined && (minLength !== undefined || maxLength !== undefined)) {
    context.error(length.at, "length cannot be given together with minLength or maxLength");
  }
  if (minLength !== undefined && maxLength !== undefined && minLength.value > maxLength.value) {
    context.error(
      minLength.at,
      `minLength ${minLength.value} is greater than maxLength ${maxLength.value}`,
    );
  }
  const totalDigits = counts.get("totalDigits");
  const fractionDigits = counts.get("fractionDigits");
  if (
    totalDigits !== undefined &&
    fractionDigits !== undefined &&
    fractionDigits.value > totalDigits.value
  ) {
    context.error(
      fractionDigits.at,
      `fractionDigits ${fractionDigits.value} is greater than totalDigits ${totalDigits.value}`,
    );
  }
  for (const [inclusive, exclusive] of [
    ["minInclusive", "minExclusive"],
    ["maxInclusive", "maxExclusive"],
  ] as const) {
    const facet = bounds.get(exclusive);
    if (bounds.has(inclusive) && facet !== undefined)
      context.error(facet.at, `${inclusive} and ${exclusive} cannot both be given`);
  }
}
