import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { ElementDecl, Reference } from "./xsd-model.js";

/**
 * The global element the `side` (input or output) message of the operation
 * `operation` names: a document/literal message has one part, which names
 * an element. Undefined (with an error) when it does not; undefined without
 * one when the message is not defined (the reference check reported it).
 */
export function messageElement(
  ctx: WsdlDescribeContext,
  ref: Reference,
  side: string,
  operation: string,
): ElementDecl | undefined {
  const message = ctx.defs.messages.get(ref.name.local);
  if (!message) return undefined;
  const parts = message.parts;
  if (parts.length !== 1) {
    ctx.refuse(
      message.at,
      `the ${side} message of "${operation}" has ${parts.length} parts; a document/literal wrapped operation has one`,
    );
    return undefined;
  }
  const part = parts[0]!;
  if (part.kind !== "element") {
    ctx.refuse(
      part.at,
      `the ${side} part of "${operation}" names a type; a document/literal operation names an element`,
    );
    return undefined;
  }
  const decl = ctx.defs.schemas.namespaces
    .get(part.element.name.namespace)
    ?.elements.get(part.element.name.local);
  if (!decl) ctx.refuse(part.element.at, `the element ${part.element.name.local} is not defined`);
  return decl;
}
