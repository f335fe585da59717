import { withAllFields } from "../model/all-fields.js";
import { deriveFacts } from "../model/derive-facts.js";
import type {
  EnumType,
  EnumValue,
  Field,
  ObjectType,
  Operation,
  Service,
  TypeOrigin,
  PathParam,
  RestOperation,
  SoapOperation,
  TypeRef,
} from "../model/ir.js";
import { type FormFieldEncoding, type RestWire, SCALAR_NAMES } from "../model/vocabulary.js";
import { isDefaultFormField } from "../model/form-fields.js";

/**
 * A service as the model record holds it: without what the model builder
 * derives from the rest of the model, each object type's `allFields` (its
 * bases' fields, then its own) and `facts` (`derive-facts.ts`): together
 * more than half of a record's bytes, and derived again, the same way, when
 * the record is read. Members at their usual value are left out too, and
 * given back when the record is read:
 *
 * - a type's `kind` when `object`, `open` when false, `origin` when
 *   `declared`, `fields` when it has none;
 * - a field's `required` when false, `facets` when it has none, and its
 *   facets written as one object (`{"maxLength":5}`, in registry order);
 * - a field's type written as its name alone (`"Address"`) when the name
 *   says its kind: a scalar's name that no type or enum of the service
 *   takes, or the name of exactly one of its types or enums;
 * - an enum value written as its text alone when it carries nothing else;
 * - a REST operation's `protocol` (an operation without one is REST), its
 *   `baseUrl` when it is the service's only one, `method` when it is its
 *   name, `links` when it has none, and a form field of its request body
 *   written as its name alone when it is written `form`, exploded, as a
 *   field not listed is.
 */
export type RecordedService = Omit<Service, "types" | "enums" | "operations"> & {
  readonly types: readonly RecordedType[];
  readonly enums: readonly RecordedEnum[];
  readonly operations: readonly RecordedOperation[];
};

type RecordedOperation =
  | SoapOperation
  | (Omit<
      RestOperation,
      | "params"
      | "query"
      | "headers"
      | "cookies"
      | "method"
      | "links"
      | "wire"
      | "protocol"
      | "baseUrl"
    > & {
      readonly protocol?: "rest";
      readonly baseUrl?: string;
      readonly method?: string;
      readonly links?: RestOperation["links"];
      readonly wire?: RecordedWire;
      readonly params: readonly RecordedParam[];
      readonly query?: readonly RecordedField[];
      readonly headers?: readonly RecordedField[];
      readonly cookies?: readonly RecordedField[];
    });

type RecordedWire = Omit<RestWire, "request"> & {
  readonly request?: Omit<NonNullable<RestWire["request"]>, "fields"> & {
    readonly fields?: readonly (FormFieldEncoding | string)[];
  };
};

type RecordedParam = Omit<PathParam, "facets"> & { readonly facets?: RecordedFacets };

/** Facets as one object; a record written before that holds the model's list, read as it is. */
type RecordedFacets = Readonly<Record<string, number | string>> | Field["facets"];

type RecordedType = Omit<
  ObjectType,
  "allFields" | "facts" | "fields" | "kind" | "open" | "origin"
> & {
  readonly kind?: ObjectType["kind"];
  readonly open?: true;
  readonly origin?: TypeOrigin;
  readonly fields?: readonly RecordedField[];
};

type RecordedField = Omit<Field, "required" | "facets" | "type"> & {
  readonly type: TypeRef | string;
  readonly required?: true;
  readonly facets?: RecordedFacets;
};

type RecordedEnum = Omit<EnumType, "values"> & {
  readonly values: readonly (EnumValue | string)[];
};

/** The kind a bare type name stands for in a service; undefined when the name alone does not say. */
type KindOfName = (name: string) => TypeRef["kind"] | undefined;

function kindsOfNames(types: readonly { name: string }[], enums: readonly { name: string }[]) {
  const objects = new Set(types.map((t) => t.name));
  const enumNames = new Set(enums.map((e) => e.name));
  const scalars = new Set<string>(SCALAR_NAMES);
  return (name: string): TypeRef["kind"] | undefined => {
    const kinds = [
      ...(scalars.has(name) ? (["scalar"] as const) : []),
      ...(objects.has(name) ? (["object"] as const) : []),
      ...(enumNames.has(name) ? (["enum"] as const) : []),
    ];
    return kinds.length === 1 ? kinds[0] : undefined;
  };
}

export function recordedService(service: Service): RecordedService {
  const kindOf = kindsOfNames(service.types, service.enums);
  return {
    ...service,
    types: service.types.map((type) => recordedType(type, kindOf)),
    operations: service.operations.map((op) => recordedOperation(op, kindOf, onlyBaseUrl(service))),
    enums: service.enums.map(({ values, ...rest }) => ({
      ...rest,
      values: values.map((v) => (Object.keys(withoutProse(v)).length === 1 ? v.value : v)),
    })),
  };
}

/** The name of a service's base URL when it has exactly one. */
function onlyBaseUrl(service: Pick<Service, "rest">): string | undefined {
  const list = service.rest?.baseUrls ?? [];
  return list.length === 1 ? list[0]!.name : undefined;
}

function recordedOperation(
  op: Operation,
  kindOf: KindOfName,
  baseUrlOfService: string | undefined,
): RecordedOperation {
  if (op.protocol === "soap") return op;
  const {
    params,
    query,
    headers,
    cookies,
    method,
    links,
    wire,
    protocol: _rest,
    baseUrl,
    ...rest
  } = op;
  const fields = (list: readonly Field[] | undefined) =>
    list && list.map((f) => recordedField(f, kindOf));
  const request = wire?.request;
  return {
    ...rest,
    ...(baseUrl !== baseUrlOfService ? { baseUrl } : {}),
    ...(method !== op.name ? { method } : {}),
    ...(links.length > 0 ? { links } : {}),
    ...(wire
      ? {
          wire: {
            ...wire,
            ...(request?.fields
              ? {
                  request: {
                    ...request,
                    fields: request.fields.map((f) => (isDefaultFormField(f) ? f.name : f)),
                  },
                }
              : {}),
          },
        }
      : {}),
    params: params.map(({ facets, ...param }) => ({
      ...param,
      ...(facets ? { facets: recordedFacets(facets) } : {}),
    })),
    ...(query ? { query: fields(query) } : {}),
    ...(headers ? { headers: fields(headers) } : {}),
    ...(cookies ? { cookies: fields(cookies) } : {}),
  };
}

function operationOf(
  op: RecordedOperation,
  kindOf: KindOfName,
  baseUrlOfService: string | undefined,
): Operation {
  if (op.protocol === "soap") return op;
  const {
    params,
    query,
    headers,
    cookies,
    method,
    links,
    wire,
    protocol: _rest,
    baseUrl,
    ...rest
  } = op;
  const fields = (list: readonly RecordedField[] | undefined) =>
    list && list.map((f) => fieldOf(f, kindOf));
  return {
    protocol: "rest",
    ...rest,
    baseUrl: baseUrl ?? baseUrlOfService!,
    method: method ?? rest.name,
    links: links ?? [],
    ...(wire ? { wire: wireOf(wire) } : {}),
    params: params.map(({ facets, ...param }) => ({
      ...param,
      ...(facets ? { facets: facetsOf(facets) } : {}),
    })),
    ...(query ? { query: fields(query) } : {}),
    ...(headers ? { headers: fields(headers) } : {}),
    ...(cookies ? { cookies: fields(cookies) } : {}),
  };
}

/** A recorded wire with each form field a name alone given back its encoding. */
function wireOf({ request, ...rest }: RecordedWire): RestWire {
  if (!request) return rest;
  const { fields, ...body } = request;
  return {
    ...rest,
    request: {
      ...body,
      ...(fields
        ? {
            fields: fields.map((f) =>
              typeof f === "string" ? { name: f, style: "form" as const, explode: true } : f,
            ),
          }
        : {}),
    },
  };
}

/** A form field written as one not listed would be: `form`, exploded, nothing else said. */
const recordedFacets = (facets: Field["facets"]): RecordedFacets =>
  Object.fromEntries(facets.map((f) => [f.key, f.value]));

const facetsOf = (facets: RecordedFacets): Field["facets"] =>
  Array.isArray(facets) ? facets : Object.entries(facets).map(([key, value]) => ({ key, value }));

function recordedType(
  { allFields: _allFields, facts: _facts, fields, kind, open, origin, ...rest }: ObjectType,
  kindOf: KindOfName,
): RecordedType {
  return {
    ...rest,
    ...(kind !== "object" ? { kind } : {}),
    ...(open ? { open: true as const } : {}),
    ...(origin.kind !== "declared" ? { origin } : {}),
    ...(fields.length > 0 ? { fields: fields.map((f) => recordedField(f, kindOf)) } : {}),
  };
}

function recordedField(
  { type, required, facets, ...rest }: Field,
  kindOf: KindOfName,
): RecordedField {
  return {
    ...rest,
    type: kindOf(type.name) === type.kind ? type.name : type,
    ...(required ? { required: true as const } : {}),
    ...(facets.length > 0 ? { facets: recordedFacets(facets) } : {}),
  };
}

function fieldOf({ type, required, facets, ...rest }: RecordedField, kindOf: KindOfName): Field {
  return {
    ...rest,
    type: typeof type === "string" ? ({ kind: kindOf(type)!, name: type } as TypeRef) : type,
    required: required === true,
    facets: facetsOf(facets ?? {}),
  };
}

/** The members of a record's object that are not prose (see `model-record.ts`). */
function withoutProse(value: EnumValue): object {
  const { doc: _doc, source: _source, notes: _notes, ...rest } = value;
  return rest;
}

/** The service a record holds, with what the model builder derives, and what it left out, restored. */
export function withDerivedMembers(service: RecordedService): Service {
  const kindOf = kindsOfNames(service.types, service.enums);
  const unfinished = withAllFields(
    service.types.map(({ kind, open, origin, fields, ...rest }) => ({
      ...rest,
      kind: kind ?? "object",
      open: open === true,
      origin: origin ?? { kind: "declared" as const },
      fields: (fields ?? []).map((f) => fieldOf(f, kindOf)),
    })),
  );
  const operations = service.operations.map((op) => operationOf(op, kindOf, onlyBaseUrl(service)));
  const facts = deriveFacts(
    unfinished,
    operations,
    service.flows.flatMap((f) => (f.operation === undefined ? [f.type] : [])),
    (service.documents ?? []).map((d) => d.type),
    service.events.flatMap((e) => e.payloadTypes ?? []),
  );
  return {
    ...service,
    operations,
    types: unfinished.map((t) => ({ ...t, facts: facts.get(t.name)! })),
    enums: service.enums.map(({ values, ...rest }) => ({
      ...rest,
      // Without its prose, as the rest of the record: no rule of the diff reads it.
      values: values.map((v) => (typeof v === "string" ? ({ value: v } as EnumValue) : v)),
    })),
  };
}
