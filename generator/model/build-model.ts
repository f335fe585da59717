import { withAllFields } from "./all-fields.js";
import { compareText } from "../diagnostics/diagnostic.js";
import type {
  Description,
  DocsDescription,
  EnumDescription,
  EventDescription,
  FieldDescription,
  ServiceDescription,
  TypeDescription,
} from "../description/description.js";
import { lowerCamel } from "../naming/case.js";
import { deriveFacts } from "./derive-facts.js";
import { inferSensitive, type ParameterLocation } from "./infer-sensitive.js";
import {
  SCALAR_NAMES,
  type Documented,
  type EnumType,
  type Field,
  type Gap,
  type Model,
  type ObjectType,
  type Operation,
  type PathParam,
  type ScalarName,
  type Service,
  type TypeRef,
} from "./ir.js";

/**
 * Builds the IR from a description that passed every check, whichever front
 * end read it. Positions are dropped; names are final; lists are in a
 * deterministic order.
 */
export function buildModel(description: Description): Model {
  const services = description.services.map(buildService);
  return { services: services.sort((a, b) => compareText(a.name, b.name)) };
}

function buildService(s: ServiceDescription): Service {
  const block = s;
  const decls = new Map(s.types.map((d) => [d.name, d]));
  /** An event's payload types that are object types (a scalar payload needs no reader of its own). */
  const eventPayloads = (e: EventDescription): string[] =>
    (e.payloads ?? []).map((p) => p.name).filter((name) => decls.has(name));
  const enumNames = new Set(s.enums.map((e) => e.name));
  // Values the package cannot type: their names alone can say they hold a card (infer-sensitive.ts).
  const opaque = new Set(s.types.filter((t) => t.kind === "opaque").map((t) => t.name));
  const ref = (name: string): TypeRef =>
    (SCALAR_NAMES as readonly string[]).includes(name)
      ? { kind: "scalar", name: name as ScalarName }
      : enumNames.has(name)
        ? { kind: "enum", name }
        : { kind: "object", name };

  /**
   * The contract's or overlay's mark; else the one the name gives a field of a
   * type, or a parameter of a REST operation (see infer-sensitive.ts).
   */
  const markOf = (
    f: FieldDescription,
    holder: TypeDescription | ParameterLocation | undefined,
  ): Pick<Field, "sensitive" | "sensitiveReason"> => {
    if (f.sensitive) return { sensitive: f.sensitive };
    if (!holder || f.notSensitive) return {};
    const type = ref(f.type.name);
    const inferred = inferSensitive(
      {
        name: f.name,
        type: type.kind === "scalar" ? type.name : opaque.has(type.name) ? "opaque" : type.kind,
        ...(f.passwordFormat ? { passwordFormat: true } : {}),
        ...(typeof holder === "string" ? { location: holder } : {}),
      },
      typeof holder === "string"
        ? []
        : [holder.name, ...(holder.origin.kind === "inline" ? [holder.origin.field] : [])],
    );
    return inferred ? { sensitive: inferred.kind, sensitiveReason: inferred.reason } : {};
  };

  const fieldOf = (f: FieldDescription, holder?: TypeDescription | ParameterLocation): Field => ({
    name: f.name,
    type: ref(f.type.name),
    required: f.required,
    ...(f.list
      ? {
          list: {
            min: f.list.min,
            ...(f.list.max !== undefined ? { max: f.list.max } : {}),
            ...(f.list.item !== undefined ? { item: f.list.item } : {}),
            ...(f.list.itemNamespace !== undefined ? { itemNamespace: f.list.itemNamespace } : {}),
          },
        }
      : {}),
    ...(f.map ? { map: true as const } : {}),
    ...(f.const ? { const: f.const.value } : {}),
    ...(f.default ? { default: f.default.value } : {}),
    facets: f.facets.map((x) => ({ key: x.key, value: x.value })),
    ...markOf(f, holder),
    examples: f.examples,
    ...(f.gap ? { gap: f.gap.name } : {}),
    ...(f.namespace !== undefined ? { namespace: f.namespace } : {}),
    ...(f.xml ? { xml: f.xml.node } : {}),
    ...(f.nullable ? { nullable: true as const } : {}),
    // A JSON form only: an XML service's fields have none.
    ...(f.jsonString && s.protocol === "rest" ? { jsonString: true as const } : {}),
    ...docs(f),
  });

  const declared: Omit<ObjectType, "facts" | "allFields">[] = s.types.map((d) => ({
    name: d.name,
    kind: d.kind,
    ...(d.extends ? { base: d.extends.name } : {}),
    ...(d.includes && d.includes.length > 0 ? { includes: d.includes.map((n) => n.name) } : {}),
    ...(d.shapeOf !== undefined ? { shapeOf: d.shapeOf } : {}),
    fields: d.fields.map((f) => fieldOf(f, d)),
    open: d.open,
    ...(d.list ? { list: true as const } : {}),
    ...(d.gap ? { gap: d.gap.name } : {}),
    origin: d.origin,
    ...(d.choices && d.choices.length > 0
      ? {
          choices: d.choices.map((c) => ({
            fields: c.fields.map((f) => f.name),
            required: c.required,
          })),
        }
      : {}),
    ...(d.variants ? { variants: d.variants.map((v) => v.name) } : {}),
    ...(d.discriminator
      ? {
          discriminator: {
            property: d.discriminator.property,
            mapping: d.discriminator.mapping.map((m) => ({ value: m.value, type: m.type.name })),
          },
        }
      : {}),
    ...docs(d),
  }));
  const unfinished: Omit<ObjectType, "facts">[] = withAllFields(declared);

  const enums: EnumType[] = s.enums.map(enumOf);

  // The request type of an operation, by name (a checked description: every flow's operation has one).
  const requestTypeOf = (name: string): string =>
    s.operations.find((o) => o.name === name)?.requestType?.name ?? "";
  const operations: Operation[] = s.operations.map((op) => {
    if (op.protocol === "soap") {
      return {
        protocol: "soap",
        name: op.name,
        method: lowerCamel(op.name),
        auth: op.auth,
        requestType: op.requestType.name,
        resultType: op.responseType.name,
        responseElement: op.responseElement ?? `${op.name}Response`,
        resultElement: op.bare
          ? (op.responseElement ?? `${op.name}Response`)
          : (op.resultElement ?? `${op.name}Result`),
        ...(op.bare ? { bare: true as const } : {}),
        ...(op.responseGap ? { responseGap: op.responseGap.name } : {}),
        ...(op.requestElement !== undefined ? { requestElement: op.requestElement } : {}),
        ...(op.soapAction !== undefined ? { soapAction: op.soapAction } : {}),
        ...(op.resultOptional ? { resultOptional: true as const } : {}),
        ...(op.headers && op.headers.length > 0
          ? {
              headers: op.headers.map((h) => ({
                name: h.name,
                type: h.type.name,
                ...(h.namespace !== undefined ? { namespace: h.namespace } : {}),
                ...(h.doc !== undefined ? { doc: h.doc } : {}),
              })),
            }
          : {}),
        ...docs(op),
      };
    }
    return {
      protocol: "rest",
      name: op.name,
      method: op.name,
      httpMethod: op.httpMethod,
      path: op.path,
      baseUrl: op.baseUrl.name,
      params: op.params.map((p) => ({
        name: p.name,
        type: ref(p.type.name),
        ...(p.facets.length > 0
          ? { facets: p.facets.map((x) => ({ key: x.key, value: x.value })) }
          : {}),
        ...parameterMark(markOf(p, "path")),
        ...docs(p),
      })),
      ...(op.query && op.query.length > 0
        ? { query: op.query.map((f) => fieldOf(f, "query")) }
        : {}),
      ...(op.headers && op.headers.length > 0
        ? { headers: op.headers.map((f) => fieldOf(f, "header")) }
        : {}),
      ...(op.cookies && op.cookies.length > 0
        ? { cookies: op.cookies.map((f) => fieldOf(f, "cookie")) }
        : {}),
      ...(op.security && op.security.length > 0
        ? { security: op.security.map((x) => x.name) }
        : {}),
      ...(op.requestType ? { requestType: op.requestType.name } : {}),
      ...(op.requestConstants && op.requestConstants.length > 0
        ? { requestConstants: op.requestConstants.map((c) => ({ path: c.path, value: c.value })) }
        : {}),
      ...(op.responseType ? { responseType: op.responseType.name } : {}),
      ...(op.errorType ? { errorType: op.errorType.name } : {}),
      statuses: [...op.statuses]
        .sort((a, b) => a.code - b.code)
        .map((st) => ({
          code: st.code,
          meaning: st.meaning,
          ...(st.retry ? { retry: st.retry } : {}),
        })),
      idempotent: op.idempotent,
      ...(op.timeoutMs !== undefined ? { timeoutMs: op.timeoutMs } : {}),
      links: op.links.map((l) => ({ name: l.name, operation: l.operation.name, method: l.method })),
      ...(op.wire ? { wire: op.wire } : {}),
      ...(op.errorTypes && op.errorTypes.length > 0
        ? { errorTypes: op.errorTypes.map((e) => ({ status: e.status, type: e.type.name })) }
        : {}),
      ...docs(op),
    };
  });

  const facts = deriveFacts(
    unfinished,
    operations,
    s.flows.flatMap((f) => (f.operation === undefined && f.type ? [f.type.name] : [])),
    (s.documents ?? []).map((x) => x.type.name),
    s.events.flatMap(eventPayloads),
  );
  const types: ObjectType[] = unfinished.map((t) => ({ ...t, facts: facts.get(t.name)! }));

  const usedBy = new Map<string, string[]>();
  const use = (gap: string | undefined, label: string) => {
    if (gap === undefined) return;
    usedBy.set(gap, [...(usedBy.get(gap) ?? []), label]);
  };
  for (const t of types) {
    use(t.gap, `type ${t.name}`);
    for (const f of t.fields) use(f.gap, `field ${t.name}.${f.name}`);
  }
  for (const op of operations)
    if (op.protocol === "soap") use(op.responseGap, `operation ${op.name}`);
  for (const ev of s.events) use(ev.payloadGap?.name, `event ${ev.name}`);
  const gaps: Gap[] = s.gaps.map((g) => ({
    id: g.name,
    ...(g.source ? { source: g.source } : {}),
    text: g.text,
    extension: g.extension,
    usedBy: [...(usedBy.get(g.name) ?? [])].sort(compareText),
  }));

  const q = s.query;
  return {
    name: block.name,
    title: block.title,
    protocol: block.protocol,
    ...(block.soap
      ? {
          soap: {
            namespacePlaceholder: block.soap.namespacePlaceholder,
            version: block.soap.version,
            ...(block.soap.namespace !== undefined ? { namespace: block.soap.namespace } : {}),
            ...(block.soap.endpoint !== undefined ? { endpoint: block.soap.endpoint } : {}),
            ...(block.soap.soapVersion !== undefined
              ? { soapVersion: block.soap.soapVersion }
              : {}),
            ...(block.soap.versions !== undefined
              ? { versions: block.soap.versions.map((v) => ({ ...v })) }
              : {}),
            ...(block.soap.requestBase ? { requestBase: block.soap.requestBase.name } : {}),
            ...(block.soap.responseBase ? { responseBase: block.soap.responseBase.name } : {}),
            ...(credentialsOf(s) ? { credentials: credentialsOf(s)! } : {}),
          },
        }
      : {}),
    ...(block.rest
      ? {
          rest: {
            baseUrls: block.rest.baseUrls.map((b) => ({
              name: b.name,
              ...(b.doc !== undefined ? { doc: b.doc } : {}),
              ...(b.url !== undefined ? { url: b.url } : {}),
            })),
            ...(block.rest.retry ? { retry: block.rest.retry } : {}),
            outcome: block.rest.outcome.map((o) => o.path),
            ...(block.rest.security && block.rest.security.length > 0
              ? {
                  security: block.rest.security.map((x) => ({
                    name: x.name,
                    kind: x.kind,
                    ...(x.header !== undefined ? { header: x.header } : {}),
                    ...(x.doc !== undefined ? { doc: x.doc } : {}),
                  })),
                }
              : {}),
          },
        }
      : {}),
    types: types.sort((a, b) => compareText(a.name, b.name)),
    enums: enums.sort((a, b) => compareText(a.name, b.name)),
    operations,
    flows: s.flows.map((f) => ({
      name: f.name,
      ...(f.title !== undefined ? { title: f.title } : {}),
      ...(f.operation ? { operation: f.operation.name } : {}),
      type: f.operation ? requestTypeOf(f.operation.name) : f.type!.name,
      ...(f.sample ? { sample: true as const } : {}),
      supports: f.supports.map((x) => ({ label: x.label, enum: x.enum.name })),
      required: f.required.map((r) => r.path),
      exactlyOne: f.exactlyOne.map((g) => [...g.paths]),
      constants: f.constants.map((c) => ({ path: c.path, value: c.value })),
      defaults: f.defaults.map((c) => ({ path: c.path, value: c.value })),
      combinesWith: f.combinesWith.map((c) => c.name),
      ...(f.from
        ? {
            from: {
              operation: f.from.operation.name,
              copy: f.from.copy.map((c) => ({ target: c.target, source: c.source })),
            },
          }
        : {}),
      ...docs(f),
    })),
    ...(q
      ? {
          query: {
            fields: q.fields.map((f) => ({
              name: f.name,
              ...(f.alias ? { alias: f.alias.name } : {}),
              kind: f.kind,
              ...(f.sensitive ? { sensitive: f.sensitive } : {}),
              ...docs(f),
            })),
            wildcard: q.wildcard,
            recommend: q.recommend,
            defaultWindowDays: q.defaultWindowDays,
            dateMathUnits: q.dateMathUnits,
            timeZones: q.timeZones.name,
            presets: q.presets.map((p) => ({ name: p.name, title: p.title, range: p.range })),
            ...docs(q),
          },
        }
      : {}),
    events: s.events.map((e) => ({
      type: e.name,
      ...(e.product !== undefined ? { product: e.product } : {}),
      ...(e.payloadGap ? { payloadGap: e.payloadGap.name } : {}),
      ...(eventPayloads(e).length > 0 ? { payloadTypes: eventPayloads(e) } : {}),
      ...docs(e),
    })),
    gaps,
    ...(s.approximations && s.approximations.length > 0
      ? { approximations: s.approximations }
      : {}),
    ...(s.documents && s.documents.length > 0
      ? {
          documents: s.documents.map((x) => ({
            element: x.name,
            type: x.type.name,
            ...(x.namespace !== undefined ? { namespace: x.namespace } : {}),
            ...(x.doc !== undefined ? { doc: x.doc } : {}),
          })),
        }
      : {}),
    ...docs(block),
  };
}

function enumOf(e: EnumDescription): EnumType {
  if (e.groups) {
    const seen = new Map<string, EnumType["values"][number]>();
    for (const m of e.groups.members)
      for (const v of m.values)
        if (!seen.has(v.value)) seen.set(v.value, { value: v.value, ...docs(v) });
    return {
      name: e.name,
      values: [...seen.values()],
      ...(e.default ? { default: e.default.value } : {}),
      groups: {
        by: e.groups.by.name,
        members: e.groups.members.map((m) => ({
          group: m.group,
          values: m.values.map((v) => v.value),
        })),
      },
      ...docs(e),
    };
  }
  return {
    name: e.name,
    values: e.values.map((v) => ({ value: v.value, ...docs(v) })),
    ...(e.default ? { default: e.default.value } : {}),
    ...docs(e),
  };
}

function docs(d: DocsDescription): Documented {
  return {
    ...(d.doc !== undefined ? { doc: d.doc } : {}),
    ...(d.source ? { source: d.source } : {}),
    notes: d.notes,
    ...(d.deprecated ? { deprecated: true as const } : {}),
  };
}

/** The credentials field of a SOAP service and its type, found on the request base. */
function credentialsOf(s: ServiceDescription): { field: string; type: string } | undefined {
  const soap = s.soap;
  if (!soap?.credentials) return undefined;
  // The request base's field; without a base (a WSDL), the field of the first request that authenticates (checked alike in all).
  const holder = soap.requestBase
    ? soap.requestBase.name
    : s.operations.find((o) => o.protocol === "soap" && o.auth)?.requestType?.name;
  const base = s.types.find((t) => t.name === holder);
  const field = base?.fields.find((f) => f.name === soap.credentials!.name);
  return field ? { field: field.name, type: field.type.name } : undefined;
}

/** A parameter's mark: a field's, but for `query`, which only a field of a type holding a search query has. */
function parameterMark(
  mark: Pick<Field, "sensitive" | "sensitiveReason">,
): Pick<PathParam, "sensitive" | "sensitiveReason"> {
  if (mark.sensitive === undefined || mark.sensitive === "query") return {};
  return {
    sensitive: mark.sensitive,
    ...(mark.sensitiveReason !== undefined ? { sensitiveReason: mark.sensitiveReason } : {}),
  };
}
