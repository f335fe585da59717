import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type {
  ServiceDescription,
  SoapHeaderDescription,
  SoapOperationDescription,
  TypeDescription,
  XmlDocumentDescription,
} from "../../description/description.js";
import { describeApproximated } from "../approximations.js";
import type { NoteKind } from "../../model/vocabulary.js";
import { qkey } from "./qname-key.js";
import { SchemaMapper } from "./schema-mapper.js";
import type {
  SoapMessageBinding,
  WsdlBinding,
  WsdlDefinitions,
  WsdlOperation,
  WsdlPort,
  WsdlService,
} from "./wsdl-model.js";
import type { ElementDecl, LocalElement, QName, SchemaSet } from "./xsd-model.js";

/**
 * Maps what the WSDL and XSD readers built (a `WsdlDefinitions`, a
 * `SchemaSet`) onto the description every front end produces. What the
 * description cannot say yet is a positioned problem, never dropped; what
 * it says in its own way (a choice among other elements, a repeated
 * choice, `xs:all`, nillable elements) is written as a note on the type
 * or field, so the generated documentation states the reading.
 */

type Note = { readonly kind: NoteKind; readonly text: string };

/** The lower-case service name of a contract's name: `Service` → `service`, `AnetApiSchema` → `anet-api-schema`. */
export function serviceNameOf(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(kebab) ? kebab : `s-${kebab || "service"}`;
}

/** An XSD file (or set) as a service of types and enums, with no operations. */
export function schemaSetToDescription(
  set: SchemaSet,
  serviceName: string,
  at: Position,
  d: Diagnostics,
): ServiceDescription {
  const home = set.documents[0]?.targetNamespace ?? "";
  const m = new SchemaMapper(set, d, home);
  m.describeAllNamed();
  m.describeElements();
  // Every global element of a complex type is a document the package reads and writes whole.
  const documents: XmlDocumentDescription[] = [];
  let simple = 0;
  for (const ns of set.namespaces.values()) {
    for (const e of ns.elements.values()) {
      const complex =
        e.type?.kind === "complexType" ||
        (e.type?.kind === "typeRef" &&
          set.namespaces.get(e.type.name.namespace)?.complexTypes.has(e.type.name.local) === true);
      const type =
        complex && !e.abstract ? m.elementType(e, e.name.local, { kind: "declared" }) : undefined;
      // A document whose types the wire code cannot write yet (an unqualified element, say) gets no functions: its types keep their notes.
      if (type === undefined || m.reachesWireLimit(type)) {
        simple++;
        continue;
      }
      documents.push({
        name: e.name.local,
        at: e.at,
        type: { name: type, at: e.at },
        ...(e.name.namespace !== home ? { namespace: e.name.namespace } : {}),
        ...(e.doc !== undefined ? { doc: e.doc } : {}),
      });
    }
  }
  m.settleWireLimits([]);
  const doc = set.documents[0]?.doc;
  return {
    name: serviceNameOf(serviceName),
    at,
    title: serviceName,
    ...(doc !== undefined ? { doc } : {}),
    notes: [
      {
        kind: "info",
        text: `The types and enums of the XML schema ${serviceName}${home ? ` (namespace ${home})` : ""}; a schema names no operation.`,
      },
      {
        kind: "info",
        text: `Global elements of a complex type (${documents.length}) are documents read and written whole (parse<Element>Document, build<Element>Document)${simple > 0 ? `; the others (${simple}: of a simple or abstract type, or holding what the wire code cannot write yet) have no document functions` : ""}.`,
      },
    ],
    protocol: "soap",
    soap: { namespacePlaceholder: "namespace", version: "", ...(home ? { namespace: home } : {}) },
    types: m.types,
    enums: m.enums,
    operations: [],
    flows: [],
    events: [],
    gaps: [],
    ...(documents.length > 0 ? { documents } : {}),
  };
}

/** A port of a service with its SOAP binding. */
interface SoapPort {
  readonly port: WsdlPort;
  readonly binding: WsdlBinding;
}

/**
 * The SOAP port a service is generated for: SOAP 1.1 when there is one, else
 * SOAP 1.2; and the ports of each SOAP version the client may choose instead
 * (`soapVersion`): the first port of the other version whose binding binds
 * the same port type with the same SOAP actions. Other ports are a note.
 */
function choosePort(
  service: WsdlService,
  defs: WsdlDefinitions,
  d: Diagnostics,
  notes: Note[],
): { port: WsdlPort; binding: WsdlBinding; versions?: readonly SoapPort[] } | undefined {
  const ports = service.ports.flatMap((port) => {
    const binding = defs.bindings.get(port.binding.name.local);
    return binding && port.binding.name.namespace === defs.targetNamespace
      ? [{ port, binding }]
      : [];
  });
  const soap11 = ports.filter((p) => p.binding.soapVersion === "1.1");
  const chosen = soap11[0] ?? ports[0];
  if (!chosen) {
    d.error(service.at, `the service "${service.name.local}" has no SOAP port`);
    return undefined;
  }
  const alternative = ports.find(
    (p) =>
      p.binding.soapVersion !== chosen.binding.soapVersion &&
      sameOperations(p.binding, chosen.binding),
  );
  const others = ports.filter((p) => p !== chosen && p !== alternative);
  if (alternative) {
    notes.push({
      kind: "interpretation",
      text: `SOAP ${chosen.binding.soapVersion} (port "${chosen.port.name}") by default; the client's soapVersion option chooses SOAP ${alternative.binding.soapVersion} (port "${alternative.port.name}", binding ${alternative.binding.name.local}) instead, each with its port's address.`,
    });
  }
  if (others.length > 0) {
    notes.push({
      kind: "interpretation",
      text: `Generated for the SOAP ${chosen.binding.soapVersion} port "${chosen.port.name}" (binding ${chosen.binding.name.local}); the contract also has ${others.map((o) => `the SOAP ${o.binding.soapVersion} port "${o.port.name}"`).join(", ")}, not offered.`,
    });
  }
  return alternative ? { ...chosen, versions: [chosen, alternative] } : chosen;
}

/** Whether two bindings bind the same port type, each operation with the same SOAP action and headers. */
function sameOperations(a: WsdlBinding, b: WsdlBinding): boolean {
  if (
    qkey(a.portType.name) !== qkey(b.portType.name) ||
    a.operations.length !== b.operations.length
  )
    return false;
  const headers = (o: WsdlBinding["operations"][number]) =>
    JSON.stringify((o.input?.headers ?? []).map((h) => [qkey(h.message.name), h.part]));
  return a.operations.every((o) => {
    const other = b.operations.find((x) => x.name === o.name);
    return (
      other !== undefined && other.soapAction === o.soapAction && headers(other) === headers(o)
    );
  });
}

/**
 * The namespace the operation elements of a binding are in: their request
 * elements' (the schema's target namespace, which need not be the WSDL's).
 * The WSDL's target namespace when no operation names an element.
 */
function bodyNamespace(defs: WsdlDefinitions, binding: WsdlBinding): string {
  const portType = defs.portTypes.get(binding.portType.name.local);
  for (const op of portType?.operations ?? []) {
    const part = defs.messages.get(op.input.message.name.local)?.parts[0];
    if (part?.kind === "element") return part.element.name.namespace;
  }
  return defs.targetNamespace;
}

/**
 * One service per `wsdl:service`: document/literal operations of its SOAP
 * 1.1 port (else its SOAP 1.2 port). Each service's warnings are its
 * approximations (a schema's, once per service that holds its types).
 */
export function wsdlToDescription(
  defs: WsdlDefinitions,
  d: Diagnostics,
  locate?: (at: Position) => string | undefined,
): ServiceDescription[] {
  if (defs.services.size === 0) d.error(defs.at, "the WSDL defines no wsdl:service");
  return [...defs.services.values()].flatMap(
    (service) =>
      describeApproximated(
        d,
        defs.at.file,
        (own) => describeWsdlService(defs, service, own),
        [],
        locate,
      ) ?? [],
  );
}

/** One `wsdl:service` (undefined when it has no port paygen reads: a problem says why). */
function describeWsdlService(
  defs: WsdlDefinitions,
  service: WsdlService,
  d: Diagnostics,
): ServiceDescription | undefined {
  const notes: Note[] = [];
  const chosen = choosePort(service, defs, d, notes);
  const home = chosen ? bodyNamespace(defs, chosen.binding) : defs.targetNamespace;
  const m = new SchemaMapper(defs.schemas, d, home);
  m.describeAllNamed();
  const operations: SoapOperationDescription[] = [];
  if (chosen) {
    const { port, binding } = chosen;
    const portType = defs.portTypes.get(binding.portType.name.local);
    for (const op of portType?.operations ?? []) {
      if (!op.output) {
        m.approximate(
          op.at,
          "one-way-operation",
          `the operation "${op.name}" is one-way (no output) and is left out: only request-response operations have a client method`,
        );
        notes.push({
          kind: "interpretation",
          text: `The operation "${op.name}" is one-way (no output): it has no client method; only request-response operations are generated.`,
        });
        continue;
      }
      const b = binding.operations.find((x) => x.name === op.name);
      const described = describeOperation(defs, m, op, b, d);
      if (described) operations.push(described);
    }
    m.settleWireLimits(
      operations.flatMap((o) =>
        o.protocol === "soap"
          ? [o.requestType.name, o.responseType.name, ...(o.headers ?? []).map((h) => h.type.name)]
          : [],
      ),
    );
    const credentials = credentialsField(operations, m.types);
    if (credentials) {
      for (const [i, o] of operations.entries())
        if (credentials.carriers.has(o.name)) operations[i] = { ...o, auth: true };
      notes.push({
        kind: "interpretation",
        text: `Every request that has fields carries the element "${credentials.field.name}" (${credentials.type}): it is the client's credentials option, put into each of those requests.`,
      });
    } else
      notes.push({
        kind: "info",
        text: "Requests extend no common type: each carries the fields its element lists (credentials included).",
      });
    const doc = service.doc ?? defs.doc;
    return {
      name: serviceNameOf(service.name.local),
      at: service.at,
      title: service.name.local,
      ...(doc !== undefined ? { doc } : {}),
      notes,
      protocol: "soap",
      soap: {
        namespacePlaceholder: "namespace",
        version: "",
        namespace: home,
        endpoint: port.address.location,
        ...(binding.soapVersion === "1.2" ? { soapVersion: "1.2" as const } : {}),
        ...(credentials ? { credentials: credentials.field } : {}),
        ...(chosen.versions
          ? {
              versions: chosen.versions.map((v) => ({
                soapVersion: v.binding.soapVersion,
                endpoint: v.port.address.location,
              })),
            }
          : {}),
      },
      types: m.types,
      enums: m.enums,
      operations,
      flows: [],
      events: [],
      gaps: [],
    };
  }
  return undefined;
}

function describeOperation(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  op: WsdlOperation,
  b: WsdlBinding["operations"][number] | undefined,
  d: Diagnostics,
): SoapOperationDescription | undefined {
  if (!b) {
    d.error(op.at, `the operation "${op.name}" has no operation in the chosen binding`);
    return undefined;
  }
  if (b.style === "rpc") {
    d.error(
      b.at,
      `the operation "${op.name}" is rpc style; only document/literal operations are supported`,
    );
    return undefined;
  }
  for (const mb of [b.input, b.output]) {
    if (mb?.body?.use === "encoded") {
      d.error(
        mb.body.at,
        `the operation "${op.name}" is encoded; only literal bodies are supported`,
      );
      return undefined;
    }
    for (const h of mb?.headers ?? []) {
      if (h.use === "encoded") {
        d.error(
          h.at,
          `the operation "${op.name}" has an encoded SOAP header; only literal headers are supported`,
        );
        return undefined;
      }
    }
  }
  const notes: { kind: NoteKind; text: string }[] = [];
  const headers: SoapHeaderDescription[] = [];
  for (const h of b.input?.headers ?? []) {
    const header = headerOf(defs, m, h, op.name, d);
    if (!header) return undefined;
    headers.push(header);
  }
  for (const h of b.output?.headers ?? []) {
    d.warning(
      h.at,
      "output-header",
      `the response header part "${h.part}" of "${op.name}" is not read`,
    );
    notes.push({
      kind: "interpretation",
      text: `The response carries the SOAP header part "${h.part}" of message ${h.message.name.local}; it is not read.`,
    });
  }
  if (!op.output) {
    d.error(
      op.at,
      `the operation "${op.name}" is one-way (no output); only request-response operations are supported`,
    );
    return undefined;
  }
  const element = (ref: { name: QName; at: Position }, side: string): ElementDecl | undefined => {
    const message = defs.messages.get(ref.name.local);
    if (!message) return undefined;
    const parts = message.parts;
    if (parts.length !== 1) {
      d.error(
        message.at,
        `the ${side} message of "${op.name}" has ${parts.length} parts; a document/literal wrapped operation has one`,
      );
      return undefined;
    }
    const part = parts[0]!;
    if (part.kind !== "element") {
      d.error(
        part.at,
        `the ${side} part of "${op.name}" names a type; a document/literal operation names an element`,
      );
      return undefined;
    }
    const decl = defs.schemas.namespaces
      .get(part.element.name.namespace)
      ?.elements.get(part.element.name.local);
    if (!decl) d.error(part.element.at, `the element ${part.element.name.local} is not defined`);
    return decl;
  };
  const request = element(op.input.message, "input");
  const response = element(op.output.message, "output");
  if (!request || !response) return undefined;
  if (request.name.namespace !== m.home) {
    d.error(
      request.at,
      `the request element ${request.name.local} of "${op.name}" is in namespace "${request.name.namespace}", and the service's other operations in "${m.home}"; one service has one body namespace`,
    );
    return undefined;
  }
  const requestType = m.elementType(request, `${op.name}Request`, {
    kind: "request",
    operation: op.name,
  });
  if (requestType === undefined) {
    d.error(
      request.at,
      `the request element ${request.name.local} of "${op.name}" must be of a complex type`,
    );
    return undefined;
  }
  const result = resultOf(defs, m, op.name, response, notes, d);
  if (!result) return undefined;
  return {
    protocol: "soap",
    name: op.name,
    at: op.at,
    auth: false,
    requestType: { name: requestType, at: request.at },
    responseType: { name: result.type, at: result.at },
    ...(request.name.local !== op.name ? { requestElement: request.name.local } : {}),
    ...(response.name.local !== `${op.name}Response`
      ? { responseElement: response.name.local }
      : {}),
    ...(result.element === undefined
      ? { bare: true }
      : result.element !== `${op.name}Result`
        ? { resultElement: result.element }
        : {}),
    ...(b.soapAction !== undefined ? { soapAction: b.soapAction } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(result.optional ? { resultOptional: true } : {}),
    ...(op.doc !== undefined ? { doc: op.doc } : {}),
    notes,
  };
}

/** Names that say an element holds credentials. */
const CREDENTIALS_NAME = /auth|credential|login|security/i;

/**
 * The credentials element the contract shows: an element every request that
 * has fields carries (at least two), with the same name and object type,
 * whose name or type name says it authenticates (`merchantAuthentication` of
 * `MerchantAuthenticationType`). Undefined when there is none.
 */
function credentialsField(
  operations: readonly SoapOperationDescription[],
  types: readonly TypeDescription[],
): { field: { name: string; at: Position }; type: string; carriers: Set<string> } | undefined {
  const byName = new Map(types.map((t) => [t.name, t]));
  const requests = operations
    .map((o) => ({ op: o.name, type: byName.get(o.requestType.name) }))
    .filter((r) => r.type !== undefined && r.type.kind === "object" && r.type.fields.length > 0);
  if (requests.length < 2) return undefined;
  const [first, ...rest] = requests;
  for (const candidate of first!.type!.fields) {
    const objectType = byName.get(candidate.type.name);
    if (objectType?.kind !== "object" || candidate.list || candidate.xml || candidate.nullable)
      continue;
    if (!CREDENTIALS_NAME.test(candidate.name) && !CREDENTIALS_NAME.test(candidate.type.name))
      continue;
    const same = rest.every((r) =>
      r.type!.fields.some(
        (f) =>
          f.name === candidate.name &&
          f.type.name === candidate.type.name &&
          !f.list &&
          !f.xml &&
          !f.nullable,
      ),
    );
    if (same)
      return {
        field: { name: candidate.name, at: candidate.at },
        type: candidate.type.name,
        carriers: new Set(requests.map((r) => r.op)),
      };
  }
  return undefined;
}

/** The result of an operation: the response element's type (document/literal bare), or the type of its one result element (wrapped); `element` absent when bare. */
interface OperationResult {
  readonly type: string;
  readonly at: Position;
  readonly element?: string;
  readonly optional: boolean;
}

/**
 * The result of a response element. Wrapped (the response holds exactly one
 * element, once, of a complex type, and no attribute): that element's type.
 * Otherwise the response element itself is the result (document/literal
 * bare), with a note: it must then be of a complex type.
 */
function resultOf(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  operation: string,
  response: ElementDecl,
  notes: Note[],
  d: Diagnostics,
): OperationResult | undefined {
  const rt = response.type;
  const ct =
    rt?.kind === "complexType"
      ? rt
      : rt?.kind === "typeRef"
        ? defs.schemas.namespaces.get(rt.name.namespace)?.complexTypes.get(rt.name.local)
        : undefined;
  const seq =
    ct && ct.content.kind === "elements" && !ct.content.derivation && !ct.mixed
      ? ct.content.particle
      : undefined;
  const only =
    seq?.kind === "sequence" &&
    seq.occurs.max === 1 &&
    seq.particles.length === 1 &&
    seq.particles[0]!.kind === "element"
      ? (seq.particles[0] as LocalElement)
      : undefined;
  const child =
    only && only.occurs.max === 1 && ct!.attributes.length === 0 && !ct!.anyAttribute
      ? only
      : undefined;
  const complexChild =
    child?.type?.kind === "complexType" ||
    (child?.type?.kind === "typeRef" &&
      defs.schemas.namespaces
        .get(child.type.name.namespace)
        ?.complexTypes.has(child.type.name.local) === true);
  if (child && complexChild) {
    let type: string | undefined;
    if (child.type?.kind === "complexType") {
      type = m.claim(`${operation}Result`);
      m.describeComplex(child.type, type, { kind: "response", operation });
    } else if (child.type?.kind === "typeRef") type = m.namedComplex(child.type.name);
    return type === undefined
      ? undefined
      : { type, at: child.at, element: child.name.local, optional: child.occurs.min === 0 };
  }
  const type = m.elementType(response, `${operation}Response`, { kind: "response", operation });
  if (type === undefined) {
    d.error(
      response.at,
      `the response element ${response.name.local} of "${operation}" must be of a complex type`,
    );
    return undefined;
  }
  notes.push({
    kind: "interpretation",
    text: `Document/literal bare: the response element ${response.name.local} is the result itself (it does not wrap exactly one result element of a complex type).`,
  });
  return { type, at: response.at, optional: false };
}

/** A request's `soap:header`: the element its message part names, of a complex type, in that element's namespace. */
function headerOf(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  h: SoapMessageBinding["headers"][number],
  operation: string,
  d: Diagnostics,
): SoapHeaderDescription | undefined {
  const message = defs.messages.get(h.message.name.local);
  const part = message?.parts.find((p) => p.name === h.part);
  if (!message || !part) {
    d.error(
      h.at,
      `the SOAP header of "${operation}" names the part "${h.part}" of message ${h.message.name.local}, which it does not have`,
    );
    return undefined;
  }
  if (part.kind !== "element") {
    d.error(
      part.at,
      `the SOAP header part "${h.part}" of "${operation}" names a type; a document/literal header names an element`,
    );
    return undefined;
  }
  const decl = defs.schemas.namespaces
    .get(part.element.name.namespace)
    ?.elements.get(part.element.name.local);
  const type = decl ? m.elementType(decl, decl.name.local, { kind: "declared" }) : undefined;
  if (!decl || type === undefined) {
    d.error(
      part.element.at,
      `the SOAP header element ${part.element.name.local} of "${operation}" must be of a complex type`,
    );
    return undefined;
  }
  return {
    name: decl.name.local,
    at: h.at,
    type: { name: type, at: decl.at },
    namespace: decl.name.namespace,
    ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
  };
}
