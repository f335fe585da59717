import { deriveFacts } from "../model/derive-facts.js";
import type { Field, ObjectType, Service } from "../model/ir.js";

/**
 * A service as the model record holds it: without what the model builder
 * derives from the rest of the model, each object type's `allFields` (its
 * bases' fields, then its own) and `facts` (`derive-facts.ts`): together
 * more than half of a record's bytes, and derived again, the same way, when
 * the record is read.
 */
export type RecordedService = Omit<Service, "types"> & {
  readonly types: readonly Omit<ObjectType, "allFields" | "facts">[];
};

/** Bases deeper than this are not followed (as when the model is built). */
const MAX_BASE_DEPTH = 64;

export function recordedService(service: Service): RecordedService {
  return {
    ...service,
    types: service.types.map(({ allFields: _allFields, facts: _facts, ...rest }) => rest),
  };
}

/** The service a record holds, with what the model builder derives restored. */
export function withDerivedMembers(service: RecordedService): Service {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const allFieldsOf = (t: Omit<ObjectType, "allFields" | "facts">, depth = 0): Field[] => {
    const base = t.base !== undefined && depth < MAX_BASE_DEPTH ? byName.get(t.base) : undefined;
    return [...(base ? allFieldsOf(base, depth + 1) : []), ...t.fields];
  };
  const unfinished = service.types.map((t) => ({ ...t, allFields: allFieldsOf(t) }));
  const facts = deriveFacts(
    unfinished,
    service.operations,
    service.flows.flatMap((f) => (f.operation === undefined ? [f.type] : [])),
    (service.documents ?? []).map((d) => d.type),
    service.events.flatMap((e) => e.payloadTypes ?? []),
  );
  return { ...service, types: unfinished.map((t) => ({ ...t, facts: facts.get(t.name)! })) };
}
