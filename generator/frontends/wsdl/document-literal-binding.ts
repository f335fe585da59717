import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import type { WsdlBindingOperation } from "./wsdl-model.js";

/**
 * Whether the binding of the operation `operation` is document/literal: not
 * rpc style, and no encoded body or SOAP header in its input or output. An
 * error says which is not (the first found, input before output).
 */
export function isDocumentLiteral(
  ctx: WsdlDescribeContext,
  operation: string,
  b: WsdlBindingOperation,
): boolean {
  if (b.style === "rpc") {
    ctx.refuse(
      b.at,
      `the operation "${operation}" is rpc style; only document/literal operations are supported`,
    );
    return false;
  }
  for (const mb of [b.input, b.output]) {
    if (mb?.body?.use === "encoded") {
      ctx.refuse(
        mb.body.at,
        `the operation "${operation}" is encoded; only literal bodies are supported`,
      );
      return false;
    }
    for (const h of mb?.headers ?? []) {
      if (h.use === "encoded") {
        ctx.refuse(
          h.at,
          `the operation "${operation}" has an encoded SOAP header; only literal headers are supported`,
        );
        return false;
      }
    }
  }
  return true;
}
