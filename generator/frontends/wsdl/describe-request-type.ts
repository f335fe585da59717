import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { ElementDecl } from "./xsd-model.js";

/**
 * The type of the request element of the operation `operation`: of a
 * complex type, in the service's body namespace (one service has one).
 * Undefined (with an error) otherwise.
 */
export function describeRequestType(
  ctx: WsdlDescribeContext,
  operation: string,
  request: ElementDecl,
): string | undefined {
  if (request.name.namespace !== ctx.schemas.home) {
    ctx.refuse(
      request.at,
      `the request element ${request.name.local} of "${operation}" is in namespace "${request.name.namespace}", and the service's other operations in "${ctx.schemas.home}"; one service has one body namespace`,
    );
    return undefined;
  }
  const requestType = ctx.schemas.elementType(request, `${operation}Request`, {
    kind: "request",
    operation,
  });
  if (requestType === undefined) {
    ctx.refuse(
      request.at,
      `the request element ${request.name.local} of "${operation}" must be of a complex type`,
    );
    return undefined;
  }
  return requestType;
}
