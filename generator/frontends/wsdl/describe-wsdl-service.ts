import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import type {
  ServiceDescription,
  SoapOperationDescription,
} from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import { bodyNamespace } from "./body-namespace.js";
import { chooseSoapPort } from "./choose-soap-port.js";
import { describeCredentials } from "./describe-credentials.js";
import { describeSoapBinding } from "./describe-soap-binding.js";
import { describeSoapOperation } from "./describe-soap-operation.js";
import { type WsdlDescribeContext, wsdlDescribeContext } from "./describe-wsdl-context.js";
import {
  type NotDocumentLiteral,
  notDocumentLiteral,
  notDocumentLiteralMessages,
} from "./document-literal-binding.js";
import { serviceNameOf } from "./service-name.js";
import type { WsdlBinding, WsdlDefinitions, WsdlService } from "./wsdl-model.js";

/**
 * One `wsdl:service`: the port chosen (`choose-soap-port.ts`), every named
 * type of the schemas, the request-response operations of the port's
 * binding, the wire code's limits settled for what they send and receive,
 * and the credentials the requests share. Undefined when it has no port
 * paygen reads: a problem says why.
 */
export function describeWsdlService(
  defs: WsdlDefinitions,
  service: WsdlService,
  d: Diagnostics,
): ServiceDescription | undefined {
  const chosen = chooseSoapPort(service, defs, d);
  const home = chosen ? bodyNamespace(defs, chosen.binding) : defs.targetNamespace;
  const ctx = wsdlDescribeContext(defs, d, home);
  ctx.schemas.describeAllNamed();
  if (!chosen) return undefined;
  const described = withinWire(ctx, describeOperations(ctx, chosen.binding));
  ctx.schemas.settleWireLimits(wireRoots(described.operations));
  const credentials = describeCredentials(described.operations, ctx.schemas.types);
  const doc = service.doc ?? defs.doc;
  return {
    name: serviceNameOf(service.name.local),
    at: service.at,
    title: service.name.local,
    ...(doc !== undefined ? { doc } : {}),
    notes: [...chosen.notes, ...described.notes, credentials.note],
    protocol: "soap",
    soap: describeSoapBinding(chosen, home, credentials.field),
    types: ctx.schemas.types,
    enums: ctx.schemas.enums,
    operations: credentials.operations,
    flows: [],
    events: [],
    gaps: [],
  };
}

/**
 * The operations of the binding's port type, in document order: each
 * request-response one described with its binding operation; a one-way
 * operation, or one whose binding or messages are not document/literal
 * (rpc, encoded, MIME), left out, with a warning and a note. When every operation is left
 * out for its binding, the service is refused: nothing of it is left.
 */
function describeOperations(
  ctx: WsdlDescribeContext,
  binding: WsdlBinding,
): { operations: SoapOperationDescription[]; notes: Note[] } {
  const operations: SoapOperationDescription[] = [];
  const notes: Note[] = [];
  const portType = ctx.defs.portTypes.get(binding.portType.name.local);
  let notLiteral = 0;
  for (const op of portType?.operations ?? []) {
    if (!op.output) {
      ctx.approximate(
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
    const leftOut = (b && notDocumentLiteral(b)) ?? notDocumentLiteralMessages(ctx.defs, op);
    if (leftOut) {
      notLiteral++;
      notes.push(leaveOutNotLiteral(ctx, op.name, leftOut));
      continue;
    }
    const described = describeSoapOperation(ctx, op, b);
    if (described) operations.push(described);
  }
  if (notLiteral > 0 && notLiteral === portType?.operations.length)
    ctx.refuse(
      binding.at,
      `every operation of the binding "${binding.name.local}" is rpc/encoded (rpc style or messages, encoded, or MIME): only document/literal operations are read, so nothing is left to generate`,
    );
  return { operations, notes };
}

/** Warns that an operation is left out for its binding, and gives the service note that says so. */
function leaveOutNotLiteral(
  ctx: WsdlDescribeContext,
  operation: string,
  why: NotDocumentLiteral,
): Note {
  ctx.approximate(
    why.at,
    "rpc-encoded-operation",
    `the operation "${operation}" ${why.reason} and is left out: only document/literal operations are read`,
  );
  return {
    kind: "interpretation",
    text: `The operation "${operation}" ${why.reason}: it has no client method; only document/literal operations are generated.`,
  };
}

/**
 * The operations whose messages the wire code can write and read: one whose
 * request, result or headers hold what it cannot yet (an unqualified local
 * element, say) is left out, with a `wire-limit` warning and a note, and its
 * types are kept without wire functions. When that leaves nothing, every
 * operation is kept, so that each limit is an error where it stands.
 */
function withinWire(
  ctx: WsdlDescribeContext,
  described: { operations: SoapOperationDescription[]; notes: Note[] },
): { operations: SoapOperationDescription[]; notes: Note[] } {
  const beyond = described.operations.map((o) => ctx.schemas.firstWireLimit(wireRoots([o])));
  if (beyond.every((limit) => limit !== undefined)) return described;
  const notes = [...described.notes];
  described.operations.forEach((o, i) => {
    const limit = beyond[i];
    if (limit === undefined) return;
    ctx.approximate(
      o.at,
      "wire-limit",
      `the operation "${o.name}" is left out: ${limit.message} (in "${limit.type}"), which paygen's XML wire code cannot write yet`,
    );
    notes.push({
      kind: "interpretation",
      text: `The operation "${o.name}" has no client method: ${limit.message} (in "${limit.type}"), which paygen's XML wire code cannot write yet.`,
    });
  });
  return { operations: described.operations.filter((_, i) => beyond[i] === undefined), notes };
}

/** The types the operations send or receive: their requests, results and request headers. */
function wireRoots(operations: readonly SoapOperationDescription[]): string[] {
  return operations.flatMap((o) => [
    o.requestType.name,
    o.responseType.name,
    ...(o.headers ?? []).map((h) => h.type.name),
  ]);
}
