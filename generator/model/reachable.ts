import type { ObjectType, Service } from "./ir.js";

/**
 * Object types reachable from `roots` through fields and (unless `bases` is
 * false) base types, in name order. Wire code inlines a base's fields into its
 * extensions, so it needs no functions for types used only as bases.
 */
export function reachableTypes(service: Service, roots: readonly string[], bases = true): ObjectType[] {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const type = byName.get(name);
    if (!type) return;
    seen.add(name);
    if (type.base && bases) visit(type.base);
    for (const f of type.allFields) if (f.type.kind === "object") visit(f.type.name);
  };
  for (const r of roots) visit(r);
  return service.types.filter((t) => seen.has(t.name));
}

/** Types a caller sends: operation requests and everything they contain. */
export function requestSideTypes(service: Service): ObjectType[] {
  return reachableTypes(
    service,
    service.operations.flatMap((op) => (op.protocol === "soap" ? [op.requestType] : op.requestType ? [op.requestType] : [])),
  );
}

/** Types a caller receives: operation results and everything they contain. */
export function responseSideTypes(service: Service): ObjectType[] {
  return reachableTypes(
    service,
    service.operations.flatMap((op) => (op.protocol === "soap" ? [op.resultType] : op.responseType ? [op.responseType] : [])),
  );
}

/** Whether a type holds a sensitive field, directly or in any type it contains. */
export function sensitiveTypes(service: Service): Set<string> {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const memo = new Map<string, boolean>();
  const holds = (name: string, stack: Set<string>): boolean => {
    const cached = memo.get(name);
    if (cached !== undefined) return cached;
    if (stack.has(name)) return false;
    const type = byName.get(name);
    if (!type) return false;
    stack.add(name);
    const result = type.allFields.some((f) => f.sensitive !== undefined || (f.type.kind === "object" && holds(f.type.name, stack)));
    stack.delete(name);
    memo.set(name, result);
    return result;
  };
  return new Set(service.types.filter((t) => holds(t.name, new Set())).map((t) => t.name));
}
