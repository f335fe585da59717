import type {
  FieldDescription,
  OperationDescription,
  TypeDescription,
} from "../../description/description.js";

/** Which properties of each object type the contract marks `readOnly` or `writeOnly`, by type and wire name. */
export type FieldAccess = ReadonlyMap<string, ReadonlyMap<string, "readOnly" | "writeOnly">>;

/**
 * Separate request and response shapes where `readOnly` and `writeOnly` make
 * them differ. A type that has such a property, or holds a type that does,
 * keeps its name for what the service sends (its `writeOnly` properties
 * left out), and gets `<Name>Writable` for what a caller sends (its
 * `readOnly` properties left out, its fields holding the writable shapes),
 * made only for the types a request reaches. Request bodies and their
 * fields then refer to the writable shapes.
 */
export function splitReadWrite(
  types: readonly TypeDescription[],
  operations: readonly OperationDescription[],
  access: FieldAccess,
  unique: (name: string) => string,
): { types: TypeDescription[]; operations: OperationDescription[] } {
  const byName = new Map(types.map((t) => [t.name, t]));
  // Types whose shapes differ: marked properties, or a field (or base) of a type that differs. Fixpoint over references.
  const differs = new Set<string>(
    [...access.keys()].filter((name) => (access.get(name)?.size ?? 0) > 0 && byName.has(name)),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const t of types) {
      if (differs.has(t.name)) continue;
      if (
        (t.extends && differs.has(t.extends.name)) ||
        t.fields.some((f) => differs.has(f.type.name))
      ) {
        differs.add(t.name);
        changed = true;
      }
    }
  }
  if (differs.size === 0) return { types: [...types], operations: [...operations] };
  // The differing types a request reaches get a writable shape.
  const requestRoots = operations.flatMap((op) =>
    op.protocol === "rest" && op.requestType ? [op.requestType.name] : [],
  );
  const writable = new Map<string, string>();
  const queue = [...requestRoots];
  const seen = new Set<string>();
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const t = byName.get(name);
    if (!t || seen.has(name)) continue;
    seen.add(name);
    if (differs.has(name)) writable.set(name, unique(`${name}Writable`));
    if (t.extends) queue.push(t.extends.name);
    for (const f of t.fields) queue.push(f.type.name);
  }
  const keep = (t: TypeDescription, f: FieldDescription, drop: "readOnly" | "writeOnly") =>
    access.get(t.name)?.get(f.name) !== drop;
  const out: TypeDescription[] = [];
  for (const t of types) {
    // The service's shape: what it sends, without what only a caller sends.
    out.push(
      differs.has(t.name) ? { ...t, fields: t.fields.filter((f) => keep(t, f, "writeOnly")) } : t,
    );
    const name = writable.get(t.name);
    if (name === undefined) continue;
    out.push({
      ...t,
      name,
      shapeOf: t.name,
      ...(t.extends
        ? { extends: { ...t.extends, name: writable.get(t.extends.name) ?? t.extends.name } }
        : {}),
      ...(t.includes
        ? { includes: t.includes.map((n) => ({ ...n, name: writable.get(n.name) ?? n.name })) }
        : {}),
      fields: t.fields
        .filter((f) => keep(t, f, "readOnly"))
        .map((f) =>
          writable.has(f.type.name)
            ? { ...f, type: { ...f.type, name: writable.get(f.type.name)! } }
            : f,
        ),
    });
  }
  return {
    types: out,
    operations: operations.map((op) =>
      op.protocol === "rest" && op.requestType && writable.has(op.requestType.name)
        ? { ...op, requestType: { ...op.requestType, name: writable.get(op.requestType.name)! } }
        : op,
    ),
  };
}
