import type { ModelGroup, Occurs, Particle } from "./xsd-model.js";

/**
 * A sequence that repeats holding one element (or element reference), the
 * SOAP-encoding era's `ArrayOfX` idiom (`<xs:sequence maxOccurs="unbounded">`
 * around one `xs:element`), as the same sequence once around that element
 * repeated: its occurrence the product of both. The reading is exact when
 * the element may occur at most once per repetition or its minimum is 0 or
 * 1 (`exact`); otherwise the counts allowed are a superset of the
 * contract's (three repetitions of exactly two elements allow six, not
 * five). Undefined for any other group.
 */
export function soleRepeatedElement(
  group: ModelGroup,
): { group: ModelGroup; exact: boolean } | undefined {
  const repeats = group.occurs.max === "unbounded" || group.occurs.max > 1;
  const only = group.particles.length === 1 ? group.particles[0]! : undefined;
  if (group.kind !== "sequence" || !repeats || !only) return undefined;
  if (only.kind !== "element" && only.kind !== "elementRef") return undefined;
  const occurs: Occurs = {
    min: group.occurs.min * only.occurs.min,
    max: times(group.occurs.max, only.occurs.max),
  };
  const element: Particle = { ...only, occurs };
  return {
    group: { ...group, occurs: { min: 1, max: 1 }, particles: [element] },
    exact: only.occurs.min <= 1,
  };
}

function times(a: Occurs["max"], b: Occurs["max"]): Occurs["max"] {
  if (a === 0 || b === 0) return 0;
  return a === "unbounded" || b === "unbounded" ? "unbounded" : a * b;
}
