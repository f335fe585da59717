import type { FieldDescription } from "../../description/description.js";
import { FACETS } from "../../facets/registry.js";

/** A facet of a field, positioned. */
export type FacetUse = FieldDescription["facets"][number];

/** Facets in the registry's order. */
export function sortFacets(facets: readonly FacetUse[]): FacetUse[] {
  const order = (key: string) => FACETS.findIndex((f) => f.key === key);
  return [...facets].sort((a, b) => order(a.key) - order(b.key));
}
