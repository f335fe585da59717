import type { SoapOperationDescription } from "../../description/description.js";
import type { WsdlDescribeContext } from "./describe-wsdl-context.js";
import { describeOperationResult, type OperationResult } from "./describe-operation-result.js";
import { describeRequestType } from "./describe-request-type.js";
import { describeRequestHeaders, responseHeaderNotes } from "./describe-soap-headers.js";
import { messageElement } from "./message-element.js";
import type { WsdlBindingOperation, WsdlOperation } from "./wsdl-model.js";
import type { ElementDecl } from "./xsd-model.js";

/**
 * A request-response operation of the port type, with its operation `b` of
 * the chosen binding (document/literal: the caller leaves the others out),
 * as a SOAP operation: its request
 * element of a complex type, its result wrapped or bare, its request's SOAP
 * headers. Undefined (with an error) when paygen cannot generate it.
 */
export function describeSoapOperation(
  ctx: WsdlDescribeContext,
  op: WsdlOperation,
  b: WsdlBindingOperation | undefined,
): SoapOperationDescription | undefined {
  if (!b) {
    ctx.refuse(op.at, `the operation "${op.name}" has no operation in the chosen binding`);
    return undefined;
  }
  const headers = describeRequestHeaders(ctx, op.name, b);
  if (!headers) return undefined;
  const notes = responseHeaderNotes(ctx, op.name, b);
  if (!op.output) {
    ctx.refuse(
      op.at,
      `the operation "${op.name}" is one-way (no output); only request-response operations are supported`,
    );
    return undefined;
  }
  const request = messageElement(ctx, op.input.message, "input", op.name);
  const response = messageElement(ctx, op.output.message, "output", op.name);
  if (!request || !response) return undefined;
  const requestType = describeRequestType(ctx, op.name, request);
  if (requestType === undefined) return undefined;
  const result = describeOperationResult(ctx, op.name, response);
  if (!result) return undefined;
  if (result.note) notes.push(result.note);
  return {
    protocol: "soap",
    name: op.name,
    at: op.at,
    auth: false,
    requestType: { name: requestType, at: request.at },
    responseType: { name: result.type, at: result.at },
    ...wireElementNames(op.name, request, response, result),
    ...(b.soapAction !== undefined ? { soapAction: b.soapAction } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(result.optional ? { resultOptional: true } : {}),
    ...(op.doc !== undefined ? { doc: op.doc } : {}),
    notes,
  };
}

/**
 * The element names an operation's wire uses where they differ from the
 * names the operation's name implies (`<op>`, `<op>Response`, `<op>Result`);
 * `bare` when the response element is the result itself.
 */
function wireElementNames(
  operation: string,
  request: ElementDecl,
  response: ElementDecl,
  result: OperationResult,
): Pick<SoapOperationDescription, "requestElement" | "responseElement" | "resultElement" | "bare"> {
  return {
    ...(request.name.local !== operation ? { requestElement: request.name.local } : {}),
    ...(response.name.local !== `${operation}Response`
      ? { responseElement: response.name.local }
      : {}),
    ...(result.element === undefined
      ? { bare: true }
      : result.element !== `${operation}Result`
        ? { resultElement: result.element }
        : {}),
  };
}
