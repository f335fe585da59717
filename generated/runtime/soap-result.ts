import { ParseError, SoapFaultError } from "./errors.js";
import type { ParseLimits } from "./body.js";
import { readSoapBody } from "./xml.js";

/**
 * The `<Operation>Result` element of an `<Operation>Response` envelope.
 * Throws `SoapFaultError` for a fault and `ParseError` for another shape.
 */
export function soapResult(xml: string | Uint8Array, responseElement: string, resultElement: string, limits?: ParseLimits): unknown {
  const body = readSoapBody(xml, limits);
  if (body.kind === "fault") throw new SoapFaultError(body.faultCode, body.faultString, body.detail);
  if (body.name !== responseElement) {
    throw new ParseError("xml", "unexpected-shape", `expected a ${responseElement} element in the SOAP body`);
  }
  const response = body.value;
  const result = typeof response === "object" && Object.prototype.hasOwnProperty.call(response, resultElement) ? response[resultElement] : undefined;
  if (result === undefined) throw new ParseError("xml", "unexpected-shape", `${responseElement} has no ${resultElement}`);
  return result;
}

/** The operation element of a request envelope (what a server reads). */
export function soapRequest(xml: string | Uint8Array, operationElement: string, limits?: ParseLimits): unknown {
  const body = readSoapBody(xml, limits);
  if (body.kind === "fault") throw new ParseError("xml", "unexpected-shape", "a request cannot be a SOAP fault");
  if (body.name !== operationElement) {
    throw new ParseError("xml", "unexpected-shape", `expected a ${operationElement} element in the SOAP body`);
  }
  return body.value;
}
