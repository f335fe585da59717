import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { ElementDecl } from "./xsd-model.js";

/**
 * The type of an operation's request or response element, named
 * `<operation>Request` or `<operation>Response` when it is written in place;
 * undefined (with an error) when the element is not of a complex type.
 */
export function bodyElementType(
  ctx: WsdlDescribeContext,
  element: ElementDecl,
  operation: string,
  side: "request" | "response",
): string | undefined {
  const type = ctx.schemas.elementType(
    element,
    `${operation}${side === "request" ? "Request" : "Response"}`,
    { kind: side, operation },
  );
  if (type === undefined)
    ctx.refuse(
      element.at,
      `the ${side} element ${element.name.local} of "${operation}" must be of a complex type`,
    );
  return type;
}
