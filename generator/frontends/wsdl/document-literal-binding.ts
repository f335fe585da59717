import type { Position } from "../../diagnostics/diagnostic.js";
import type { WsdlBindingOperation } from "./wsdl-model.js";

/** Why an operation's binding is not document/literal, and where. */
export interface NotDocumentLiteral {
  readonly at: Position;
  readonly reason: string;
}

/**
 * Why the binding of an operation is not document/literal, or undefined
 * when it is: rpc style, an encoded body, SOAP header or fault, or an
 * extension element paygen does not read in its input or output
 * (`mime:multipartRelated`...). The first found is given, input before
 * output.
 */
export function notDocumentLiteral(b: WsdlBindingOperation): NotDocumentLiteral | undefined {
  if (b.style === "rpc") return { at: b.at, reason: "is rpc style" };
  for (const mb of [b.input, b.output]) {
    if (mb?.body?.use === "encoded")
      return { at: mb.body.at, reason: 'is encoded (use="encoded")' };
    for (const h of mb?.headers ?? [])
      if (h.use === "encoded") return { at: h.at, reason: "has an encoded SOAP header" };
    const unread = mb?.unread?.[0];
    if (unread) return { at: unread.at, reason: `is carried in <${unread.qname}> (not read)` };
  }
  const fault = b.faults.find((f) => f.use === "encoded");
  if (fault) return { at: fault.at, reason: `has an encoded fault "${fault.name}"` };
  return undefined;
}
