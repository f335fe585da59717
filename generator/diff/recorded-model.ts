import { withAllFields } from "../model/all-fields.js";
import { deriveFacts } from "../model/derive-facts.js";
import type { Field, ObjectType, Service } from "../model/ir.js";

/**
 * A service as the model record holds it: without what the model builder
 * derives from the rest of the model, each object type's `allFields` (its
 * bases' fields, then its own) and `facts` (`derive-facts.ts`): together
 * more than half of a record's bytes, and derived again, the same way, when
 * the record is read. A type's field leaves out `required` when false and
 * `facets` when it has none, as most fields do.
 */
export type RecordedService = Omit<Service, "types"> & {
  readonly types: readonly RecordedType[];
};

type RecordedType = Omit<ObjectType, "allFields" | "facts" | "fields"> & {
  readonly fields: readonly RecordedField[];
};

type RecordedField = Omit<Field, "required" | "facets"> & {
  readonly required?: true;
  readonly facets?: Field["facets"];
};

export function recordedService(service: Service): RecordedService {
  return {
    ...service,
    types: service.types.map(({ allFields: _allFields, facts: _facts, fields, ...rest }) => ({
      ...rest,
      fields: fields.map(recordedField),
    })),
  };
}

function recordedField({ required, facets, ...rest }: Field): RecordedField {
  return {
    ...rest,
    ...(required ? { required: true as const } : {}),
    ...(facets.length > 0 ? { facets } : {}),
  };
}

function fieldOf({ required, facets, ...rest }: RecordedField): Field {
  return { ...rest, required: required === true, facets: facets ?? [] };
}

/** The service a record holds, with what the model builder derives restored. */
export function withDerivedMembers(service: RecordedService): Service {
  const unfinished = withAllFields(
    service.types.map((t) => ({ ...t, fields: t.fields.map(fieldOf) })),
  );
  const facts = deriveFacts(
    unfinished,
    service.operations,
    service.flows.flatMap((f) => (f.operation === undefined ? [f.type] : [])),
    (service.documents ?? []).map((d) => d.type),
    service.events.flatMap((e) => e.payloadTypes ?? []),
  );
  return { ...service, types: unfinished.map((t) => ({ ...t, facts: facts.get(t.name)! })) };
}
