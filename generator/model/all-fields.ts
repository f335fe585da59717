import type { Field } from "./ir.js";

/** Bases deeper than this are not followed (a loop of bases is refused by the check; this bounds the rest). */
const MAX_BASE_DEPTH = 64;

/** A type as far as its fields go: its own, and the name of its base. */
interface Declared {
  readonly name: string;
  readonly base?: string;
  readonly fields: readonly Field[];
}

/**
 * Each type with `allFields`: its bases' fields (the farthest base's
 * first), then its own. The model builder and the model record's reader
 * both derive it here, so a recorded model reads back as it was built.
 */
export function withAllFields<T extends Declared>(
  types: readonly T[],
): (T & { allFields: Field[] })[] {
  const byName = new Map(types.map((t) => [t.name, t]));
  const allFieldsOf = (t: T, depth: number): Field[] => {
    const base = t.base !== undefined && depth < MAX_BASE_DEPTH ? byName.get(t.base) : undefined;
    return [...(base ? allFieldsOf(base, depth + 1) : []), ...t.fields];
  };
  return types.map((t) => ({ ...t, allFields: allFieldsOf(t, 0) }));
}
