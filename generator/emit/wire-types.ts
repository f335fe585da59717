import type { ObjectType, Service } from "../model/ir.js";
import { reachableTypes } from "../model/reachable.js";

/**
 * The base whose wire functions an extension reuses: an object type that is
 * closed, like every type it extends. (An open base would carry the
 * extension's own fields along as unknown extras, out of schema order.)
 */
export function delegatedBase(service: Service, type: ObjectType): ObjectType | undefined {
  if (!type.base) return undefined;
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const base = byName.get(type.base);
  for (let t = base; t; t = t.base ? byName.get(t.base) : undefined) if (t.kind !== "object" || t.open) return undefined;
  return base;
}

/** Types that need wire functions: those reachable from `roots` through fields, plus the bases they reuse. */
export function wireTypes(service: Service, roots: readonly string[]): ObjectType[] {
  const needed = new Set(reachableTypes(service, roots, false).map((t) => t.name));
  const queue = [...needed];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const type = service.types.find((t) => t.name === name);
    const base = type ? delegatedBase(service, type) : undefined;
    if (base && !needed.has(base.name)) {
      needed.add(base.name);
      queue.push(base.name);
    }
  }
  return service.types.filter((t) => needed.has(t.name));
}

/** The body types a client sends: SOAP requests, REST request bodies. */
export function requestBodies(service: Service): string[] {
  return service.operations.flatMap((op) => (op.protocol === "soap" ? [op.requestType] : op.requestType !== undefined ? [op.requestType] : []));
}

/** The body types a client receives: SOAP results, REST response bodies. */
export function responseBodies(service: Service): string[] {
  return service.operations.flatMap((op) => (op.protocol === "soap" ? [op.resultType] : op.responseType !== undefined ? [op.responseType] : []));
}
