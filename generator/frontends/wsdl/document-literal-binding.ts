import type { Position } from "../../diagnostics/diagnostic.js";
import type { WsdlBindingOperation, WsdlDefinitions, WsdlOperation } from "./wsdl-model.js";

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

/**
 * Why the messages of an operation are not document/literal ones, or
 * undefined when they are (or are not defined: the reference check reported
 * that): a message of several parts, or a part that names a type, is an rpc
 * message. The first found is given, input before output.
 */
export function notDocumentLiteralMessages(
  defs: WsdlDefinitions,
  op: WsdlOperation,
): NotDocumentLiteral | undefined {
  for (const [side, used] of [
    ["input", op.input],
    ["output", op.output],
  ] as const) {
    const message = used && defs.messages.get(used.message.name.local);
    if (!message) continue;
    if (message.parts.length !== 1)
      return {
        at: message.at,
        reason: `has an ${side} message of ${message.parts.length} parts (a document/literal message has one)`,
      };
    const part = message.parts[0]!;
    if (part.kind !== "element")
      return {
        at: part.at,
        reason: `has an ${side} part that names a type (a document/literal part names an element)`,
      };
  }
  return undefined;
}
