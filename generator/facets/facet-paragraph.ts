import type { FacetUse } from "../model/ir.js";
import { facetOf } from "./registry.js";

/**
 * A field's facets as one paragraph of its doc comment, in the order given
 * (the registry's): each facet's sentence, and a lower bound with its upper
 * one as one sentence when its definition has a `span` ("3 to 300
 * characters long" for "At least 3" and "At most 300"). Undefined when the
 * field has none the registry knows.
 */
export function facetParagraph(uses: readonly FacetUse[]): string | undefined {
  const values = new Map(uses.map((u) => [u.key, u.value]));
  const said = new Set<string>();
  const sentences: string[] = [];
  for (const use of uses) {
    const facet = facetOf(use.key);
    if (facet === undefined || said.has(use.key)) continue;
    const upper = facet.span ? values.get(facet.span.upper) : undefined;
    if (facet.span && upper !== undefined) {
      said.add(facet.span.upper);
      sentences.push(facet.span.doc(use.value, upper));
    } else sentences.push(facet.doc(use.value));
  }
  return sentences.length > 0 ? sentences.join(" ") : undefined;
}
