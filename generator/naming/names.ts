import { compareText } from "../diagnostics/diagnostic.js";
import type { RestOperation, Service } from "../model/ir.js";
import { identifierBase, lowerCamel, pascalCase, typeBase } from "./case.js";
import { parameterKeys, type ParameterPlace } from "./parameter-keys.js";
import { MEMBER_RESERVED, RESERVED } from "./reserved.js";

/**
 * The one table of generated names.
 *
 * Every top-level identifier a service's files declare (types, enums and
 * their value lists and guards, validators, readers, writers, redactors, flow
 * builders, the client and its options...) is computed here once, from the
 * model, before any emitter runs; declarations and references both ask this
 * table. All of a service's files are re-exported by its entry point, so
 * they share one namespace: a name is claimed at most once in it, never
 * shadows a JavaScript or TypeScript global, a word of the language, a
 * runtime export or a local variable of generated code, and a clash is
 * resolved deterministically by a `$` suffix (`Error` → `Error$`, then `$2`,
 * `$3`...). Wire names are untouched: only the TypeScript side is renamed.
 *
 * Member names of objects that a caller holds (client methods, link methods
 * of results) are claimed in their own namespace, which also excludes the
 * names that change what an object is: `then` (which makes it thenable),
 * `constructor`, `__proto__`, `toString` and the like.
 */

/** What a name is for, with how its base is formed from the subject's name. */
const TOP_LEVEL = {
  // Types come first: they are what a user reads and writes most.
  type: (s: string) => s,
  client: (s: string) => `${s}Client`,
  clientOptions: (s: string) => `${s}ClientOptions`,
  clientFactory: (s: string) => `create${s}Client`,
  linkResult: (s: string) => `${s}Result`,
  links: (s: string) => `${s}Links`,
  operationRequest: (s: string) => `${s}Request`,
  flowInput: (s: string) => `${s}Input`,
  flowBases: (s: string) => `${s}BaseFlows`,
  queryField: (s: string) => `${s}QueryField`,
  querySort: (s: string) => `${lowerFirst(s)}Sort`,
  // Values.
  enumValues: (s: string) => `${lowerFirst(s)}Values`,
  enumGuard: (s: string) => `is${s}`,
  enumGroupTable: (s: string) => `${lowerFirst(s)}`,
  enumGroupOf: (s: string) => `${lowerFirst(s)}`,
  validator: (s: string) => `validate${s}`,
  redactor: (s: string) => `redact${s}`,
  reader: (s: string) => `read${s}`,
  parser: (s: string) => `parse${s}`,
  serializer: (s: string) => `serialize${s}`,
  envelopeBuilder: (s: string) => `build${s}Envelope`,
  responseEnvelopeBuilder: (s: string) => `build${s}ResponseEnvelope`,
  envelopeReader: (s: string) => `read${s}Envelope`,
  envelopeHeaderReader: (s: string) => `read${s}EnvelopeHeaders`,
  documentBuilder: (s: string) => `build${s}Document`,
  documentParser: (s: string) => `parse${s}Document`,
  responseParser: (s: string) => `parse${s}Response`,
  flowSpec: (s: string) => `${lowerFirst(s)}Flow`,
  flowValidator: (s: string) => `validate${s}`,
  flowBuilder: (s: string) => `build${s}Request`,
  valueBuilder: (s: string) => `build${s}`,
  flowBasesTable: (s: string) => `${lowerFirst(s)}Bases`,
  queryLanguage: (s: string) => `${lowerFirst(s)}QueryLanguage`,
  queryBuilder: (s: string) => `${lowerFirst(s)}Query`,
  queryParser: (s: string) => `parse${s}Query`,
  queryRequestBuilder: (s: string) => `build${s}Request`,
  queryRedactor: (s: string) => `redact${s}Query`,
  // The server entry: what each operation receives and answers, its handlers, routes and factories.
  serverOperations: (s: string) => `${s}Operations`,
  serverHandlers: (s: string) => `${s}Handlers`,
  serverAnswers: (s: string) => `${s}Answers`,
  serverRoutes: (s: string) => `${lowerFirst(s)}Routes`,
  serverFactory: (s: string) => `create${s}Server`,
  mockAnswers: (s: string) => `${lowerFirst(s)}MockAnswers`,
  mockFactory: (s: string) => `create${s}Mock`,
  // Helpers a file keeps to itself; still claimed, so they never shadow an import.
  fieldSet: (s: string) => `fieldsOf${s}`,
  knownFields: (s: string) => `knownFieldsOf${s}`,
  members: (s: string) => `membersOf${s}`,
  fieldsReader: (s: string) => `read${s}Fields`,
  xmlWriter: (s: string) => `xmlOf${s}`,
  jsonWriter: (s: string) => `jsonOf${s}`,
  // Last, so adding them renamed nothing: each operation as a function of its own, and what it is made of.
  clientConfig: (s: string) => `${s}Config`,
  clientConfigure: (s: string) => `configure${s}`,
  operationFunction: (s: string) => s,
  operationSpec: (s: string) => `${lowerFirst(s)}Operation`,
  linksAttacher: (s: string) => `attach${s}Links`,
  // A type's description, which the runtime's generic validator walks.
  description: (s: string) => `descriptionOf${s}`,
  // An operation's query, header and cookie parameters, one named object type.
  operationParams: (s: string) => `${s}Params`,
  // A REST service's status errors: the error body of each operation, the error of one, its guard.
  serviceErrors: (s: string) => `${s}Errors`,
  serviceError: (s: string) => `${s}Error`,
  serviceErrorGuard: (s: string) => `is${s}Error`,
  // The headers carrying the credentials of one set of security schemes, which operations share.
  credentialHeaders: (s: string) => `${lowerFirst(s)}Credentials`,
  // An address under one of a REST service's base URLs, which its operations share.
  baseUrlJoin: (s: string) => `at${s}`,
} as const satisfies Record<string, (base: string) => string>;

export type NameKind = keyof typeof TOP_LEVEL;

const KIND_ORDER = Object.keys(TOP_LEVEL) as NameKind[];

/** The names of one service, and of every member a caller can reach. */
export interface ServiceNames {
  /** The identifier of `kind` for `subject` (a type, enum, operation or flow name; the service name for service-wide kinds). */
  get(kind: NameKind, subject: string): string;
  /** The client method of an operation. */
  method(operation: string): string;
  /** The method a `_links.<link>` entry of an operation's result is followed by. */
  linkMethod(operation: string, link: string): string;
  /** The property a REST operation's parameter has in the call's `params` object and a handler's (see `parameter-keys.ts`). */
  parameter(operation: string, place: ParameterPlace, name: string): string;
  /** Every top-level name the service's files declare: an import of the runtime with one of these names is aliased. */
  readonly declared: ReadonlySet<string>;
}

/** What the names are computed for: one subject per kind, found in the model. */
export interface NameRequests {
  readonly topLevel: readonly {
    readonly kind: NameKind;
    readonly subject: string;
    readonly base: string;
  }[];
  readonly methods: readonly { readonly operation: string; readonly base: string }[];
  readonly links: readonly {
    readonly operation: string;
    readonly link: string;
    readonly base: string;
    readonly taken: readonly string[];
  }[];
  /** Each REST operation's path, query, header and cookie parameters, by wire name. */
  readonly parameters?: readonly {
    readonly operation: string;
    readonly place: ParameterPlace;
    readonly name: string;
  }[];
}

/** Every name a service needs, computed once; `runtimeExports` are the names the shipped runtime exports. */
export function serviceNames(service: Service, runtimeExports: Iterable<string>): ServiceNames {
  return resolveNames(nameRequests(service), new Set([...RESERVED, ...runtimeExports]));
}

/** The subjects of each kind in a service, with the base each name is formed from. */
export function nameRequests(service: Service): NameRequests {
  const topLevel: { kind: NameKind; subject: string; base: string }[] = [];
  const add = (kind: NameKind, subject: string, base = identifierBase(subject)) =>
    topLevel.push({ kind, subject, base: TOP_LEVEL[kind](base) });
  const serviceBase = pascalCase(service.name) || "Service";
  for (const t of service.types) {
    const base = typeBase(t.name);
    add("type", t.name, base);
    for (const kind of [
      "validator",
      "redactor",
      "reader",
      "fieldsReader",
      "parser",
      "serializer",
      "fieldSet",
      "knownFields",
      "members",
      "xmlWriter",
      "jsonWriter",
      "description",
    ] as const)
      add(kind, t.name, base);
  }
  for (const e of service.enums) {
    const base = typeBase(e.name);
    add("type", e.name, base);
    add("enumValues", e.name, base);
    add("enumGuard", e.name, base);
    if (e.groups) {
      const by = identifierBase(e.groups.by);
      add("enumGroupTable", e.name, `${base}By${by}`);
      add("enumGroupOf", e.name, `${by}Of${base}`);
    }
  }
  for (const kind of ["client", "clientOptions", "clientFactory"] as const)
    add(kind, service.name, serviceBase);
  if (service.operations.length > 0)
    for (const kind of [
      "serverOperations",
      "serverHandlers",
      "serverAnswers",
      "serverRoutes",
      "serverFactory",
      "mockAnswers",
      "mockFactory",
      "clientConfig",
      "clientConfigure",
    ] as const)
      add(kind, service.name, serviceBase);
  if (service.operations.some((op) => op.protocol === "rest" && documentsErrors(op)))
    for (const kind of ["serviceErrors", "serviceError", "serviceErrorGuard"] as const)
      add(kind, service.name, serviceBase);
  for (const security of new Set(
    service.operations.flatMap((op) =>
      op.protocol === "rest" && op.security && op.security.length > 0
        ? [securitySubject(op.security)]
        : [],
    ),
  ))
    add("credentialHeaders", security, identifierBase(pascalCase(security) || "Security"));
  for (const baseUrl of new Set(
    service.operations.flatMap((op) => (op.protocol === "rest" ? [op.baseUrl] : [])),
  ))
    add("baseUrlJoin", baseUrl, pascalCase(baseUrl) || "BaseUrl");
  for (const doc of service.documents ?? [])
    for (const kind of ["documentBuilder", "documentParser"] as const)
      add(kind, doc.element, pascalCase(doc.element) || identifierBase(doc.element));
  for (const op of service.operations) {
    const base = pascalCase(op.name) || identifierBase(op.name);
    // The function has the client method's name (see `methods` below) where the top level lets it.
    add("operationFunction", op.name, methodBase(op));
    add("operationSpec", op.name, identifierBase(op.name));
    if (op.protocol === "soap") {
      for (const kind of [
        "envelopeBuilder",
        "envelopeReader",
        "responseParser",
        "responseEnvelopeBuilder",
      ] as const)
        add(kind, op.name, identifierBase(op.name));
      if (op.headers && op.headers.length > 0)
        add("envelopeHeaderReader", op.name, identifierBase(op.name));
    } else {
      if (op.links.length > 0) {
        add("linkResult", op.name, base);
        add("links", op.name, base);
        add("linksAttacher", op.name, base);
      }
      if (op.requestConstants && op.requestType) add("operationRequest", op.name, base);
      if ([op.query, op.headers, op.cookies].some((list) => (list?.length ?? 0) > 0))
        add("operationParams", op.name, base);
    }
  }
  for (const f of service.flows) {
    const base = pascalCase(f.name) || identifierBase(f.name);
    for (const kind of [
      "flowInput",
      "flowBases",
      "flowSpec",
      "flowValidator",
      "flowBasesTable",
    ] as const)
      add(kind, f.name, base);
    // A flow builds a request of its operation, or a value of its type (no "Request" in its name).
    add(f.operation !== undefined ? "flowBuilder" : "valueBuilder", f.name, base);
  }
  if (service.query) {
    for (const kind of [
      "queryField",
      "querySort",
      "queryLanguage",
      "queryBuilder",
      "queryParser",
      "queryRequestBuilder",
      "queryRedactor",
    ] as const)
      add(kind, service.name, serviceBase);
  }
  const methods = service.operations.map((op) => ({
    operation: op.name,
    base: methodBase(op),
  }));
  const types = new Map(service.types.map((t) => [t.name, t]));
  const links = service.operations.flatMap((op) =>
    op.protocol === "rest"
      ? op.links.map((l) => ({
          operation: op.name,
          link: l.name,
          base: identifierBase(l.method),
          taken: (op.responseType ? (types.get(op.responseType)?.allFields ?? []) : []).map(
            (f) => f.name,
          ),
        }))
      : [],
  );
  const parameters = service.operations.flatMap((op) =>
    op.protocol === "rest"
      ? [
          ...op.params.map((p) => ({ place: "path" as const, name: p.name })),
          ...(op.query ?? []).map((p) => ({ place: "query" as const, name: p.name })),
          ...(op.headers ?? []).map((p) => ({ place: "header" as const, name: p.name })),
          ...(op.cookies ?? []).map((p) => ({ place: "cookie" as const, name: p.name })),
        ].map((p) => ({ operation: op.name, ...p }))
      : [],
  );
  return { topLevel, methods, links, parameters };
}

/** The base of an operation's client method and function: a SOAP operation's in lower camel case, a REST operation's id as written. */
function methodBase(op: Service["operations"][number]): string {
  return op.protocol === "soap" ? lowerCamel(identifierBase(op.name)) : identifierBase(op.name);
}

/** Claims every requested name in priority order (kind, then subject), resolving clashes with `$`. */
export function resolveNames(requests: NameRequests, reserved: ReadonlySet<string>): ServiceNames {
  const taken = new Set(reserved);
  const topLevel = new Map<string, string>();
  const ordered = [...requests.topLevel].sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || compareText(a.subject, b.subject),
  );
  for (const r of ordered) topLevel.set(`${r.kind}\u0000${r.subject}`, claim(r.base, taken));

  const memberTaken = new Set(MEMBER_RESERVED);
  const methods = new Map<string, string>();
  for (const m of [...requests.methods].sort((a, b) => compareText(a.operation, b.operation)))
    methods.set(m.operation, claim(m.base, memberTaken));

  const links = new Map<string, string>();
  for (const l of requests.links) {
    const own = new Set([
      ...MEMBER_RESERVED,
      ...l.taken,
      ...[...links.entries()]
        .filter(([k]) => k.startsWith(`${l.operation}\u0000`))
        .map(([, v]) => v),
    ]);
    links.set(`${l.operation}\u0000${l.link}`, claim(l.base, own));
  }

  const parameters = new Map<string, string>();
  const byOperation = new Map<string, NonNullable<NameRequests["parameters"]>[number][]>();
  for (const p of requests.parameters ?? [])
    byOperation.set(p.operation, [...(byOperation.get(p.operation) ?? []), p]);
  for (const [operation, list] of byOperation) {
    const keys = parameterKeys(list);
    list.forEach((p, i) => parameters.set(`${operation}\u0000${p.place}\u0000${p.name}`, keys[i]!));
  }

  return {
    declared: new Set(topLevel.values()),
    get(kind, subject) {
      const name = topLevel.get(`${kind}\u0000${subject}`);
      if (name === undefined)
        throw new Error(
          `no ${kind} name for ${JSON.stringify(subject)}: the naming table was not asked for it`,
        );
      return name;
    },
    method(operation) {
      const name = methods.get(operation);
      if (name === undefined)
        throw new Error(`no method name for operation ${JSON.stringify(operation)}`);
      return name;
    },
    linkMethod(operation, link) {
      const name = links.get(`${operation}\u0000${link}`);
      if (name === undefined)
        throw new Error(`no link method for ${JSON.stringify(operation)}._links.${link}`);
      return name;
    },
    parameter(operation, place, name) {
      return parameters.get(`${operation}\u0000${place}\u0000${name}`) ?? name;
    },
  };
}

/** `base` if free, else `base$`, `base$2`, ...; the result is marked taken. */
function claim(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 1; taken.has(name); n++) name = n === 1 ? `${base}$` : `${base}$${n}`;
  taken.add(name);
  return name;
}

function lowerFirst(text: string): string {
  return lowerCamel(text);
}

/** Whether a REST operation's contract documents an error response: its client exports `<Op>Error` and `is<Op>Error`. */
/** The subject a set of security schemes is named by: their names in the order the operation lists them. */
export function securitySubject(security: readonly string[]): string {
  return security.join(" and ");
}

export function documentsErrors(op: RestOperation): boolean {
  return (
    op.errorType !== undefined ||
    (op.errorTypes?.length ?? 0) > 0 ||
    op.statuses.some((s) => s.code >= 400)
  );
}
