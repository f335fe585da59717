import { bodyElementType } from "./body-element-type.js";
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
  return bodyElementType(ctx, request, operation, "request");
}
