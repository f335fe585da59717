import type { SoapHeaderDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { SoapHeader, WsdlBindingOperation } from "./wsdl-model.js";

/** The request's SOAP headers of the operation `operation`, in document order; undefined (with an error) when one is not a header paygen reads. */
export function describeRequestHeaders(
  ctx: WsdlDescribeContext,
  operation: string,
  b: WsdlBindingOperation,
): SoapHeaderDescription[] | undefined {
  const headers: SoapHeaderDescription[] = [];
  for (const h of b.input?.headers ?? []) {
    const header = describeSoapHeader(ctx, h, operation);
    if (!header) return undefined;
    headers.push(header);
  }
  return headers;
}

/** The response's SOAP headers are not read: a warning and a note each. */
export function responseHeaderNotes(
  ctx: WsdlDescribeContext,
  operation: string,
  b: WsdlBindingOperation,
): Note[] {
  return (b.output?.headers ?? []).map((h) => {
    ctx.approximate(
      h.at,
      "output-header",
      `the response header part "${h.part}" of "${operation}" is not read`,
    );
    return {
      kind: "interpretation",
      text: `The response carries the SOAP header part "${h.part}" of message ${h.message.name.local}; it is not read.`,
    };
  });
}

/** A request's `soap:header`: the element its message part names, of a complex type, in that element's namespace. */
function describeSoapHeader(
  ctx: WsdlDescribeContext,
  h: SoapHeader,
  operation: string,
): SoapHeaderDescription | undefined {
  const message = ctx.defs.messages.get(h.message.name.local);
  const part = message?.parts.find((p) => p.name === h.part);
  if (!message || !part) {
    ctx.refuse(
      h.at,
      `the SOAP header of "${operation}" names the part "${h.part}" of message ${h.message.name.local}, which it does not have`,
    );
    return undefined;
  }
  if (part.kind !== "element") {
    ctx.refuse(
      part.at,
      `the SOAP header part "${h.part}" of "${operation}" names a type; a document/literal header names an element`,
    );
    return undefined;
  }
  const decl = ctx.defs.schemas.namespaces
    .get(part.element.name.namespace)
    ?.elements.get(part.element.name.local);
  const type = decl
    ? ctx.schemas.elementType(decl, decl.name.local, { kind: "declared" })
    : undefined;
  if (!decl || type === undefined) {
    ctx.refuse(
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
