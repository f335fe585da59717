import type { ObjectType, Service } from "../model/ir.js";

/** One index per service, built on first use: the model is not changed once built. */
const INDEXES = new WeakMap<readonly ObjectType[], ReadonlyMap<string, ObjectType>>();

/**
 * The service's object types by name. Built once per service and shared by
 * every emitter that looks a type up while walking the types, so that
 * looking up each type's base or variants costs the same whatever the number
 * of types (a map built per call made a large `oneOf` quadratic).
 */
export function typesByName(service: Service): ReadonlyMap<string, ObjectType> {
  let index = INDEXES.get(service.types);
  if (index === undefined) {
    index = new Map(service.types.map((t) => [t.name, t]));
    INDEXES.set(service.types, index);
  }
  return index;
}
