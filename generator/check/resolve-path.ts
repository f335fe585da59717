import { didYouMean } from "../diagnostics/did-you-mean.js";
import type { FieldDescription, TypeDescription } from "../description/description.js";

/** Walks a dotted path through a type's fields (inherited ones included); a string explains a failure. */
export function resolvePath(
  type: TypeDescription,
  parts: readonly string[],
  types: ReadonlyMap<string, TypeDescription>,
): FieldDescription | string {
  let current: TypeDescription | undefined = type;
  let field: FieldDescription | undefined;
  for (const [i, part] of parts.entries()) {
    if (!current) return `"${parts.slice(0, i).join(".")}" is not an object`;
    const fields = allFields(current, types);
    field = fields.find((f) => f.name === part);
    if (!field)
      return `no field "${part}" in ${current.name}${didYouMean(
        part,
        fields.map((f) => f.name),
      )}`;
    current = types.get(field.type.name);
  }
  return field ?? "empty path";
}

function allFields(
  t: TypeDescription,
  types: ReadonlyMap<string, TypeDescription>,
  depth = 0,
): readonly FieldDescription[] {
  const base = t.extends && depth < 32 ? types.get(t.extends.name) : undefined;
  return base ? [...allFields(base, types, depth + 1), ...t.fields] : t.fields;
}
