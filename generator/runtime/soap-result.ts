import { ParseError, SoapFaultError } from "./errors.js";
import { scrubText, scrubValue, type Secrets } from "./redact.js";
import {
  buildXml,
  readSoapBody,
  SOAP11_NAMESPACE,
  soapEnvelope,
  type XmlInput,
  type XmlInputValue,
  type XmlReadOptions,
} from "./xml.js";

/**
 * The `<Operation>Result` element of an `<Operation>Response` envelope.
 * Throws `SoapFaultError` for a fault and `ParseError` for another shape.
 * With `optional`, a response without the result element gives `undefined`.
 */
export function soapResult(
  xml: string | Uint8Array,
  responseElement: string,
  resultElement: string,
  limits?: XmlReadOptions,
  optional?: boolean,
): unknown {
  const response = responseElementValue(xml, responseElement, limits);
  const result =
    typeof response === "object" && Object.prototype.hasOwnProperty.call(response, resultElement)
      ? response[resultElement]
      : undefined;
  if (result === undefined && optional !== true)
    throw new ParseError("xml", "unexpected-shape", `${responseElement} has no ${resultElement}`);
  return result;
}

/**
 * The response element of a document/literal bare envelope: the element is
 * the result itself. Throws `SoapFaultError` for a fault and `ParseError` for
 * another shape.
 */
export function soapBareResult(
  xml: string | Uint8Array,
  responseElement: string,
  limits?: XmlReadOptions,
): unknown {
  return responseElementValue(xml, responseElement, limits);
}

/** The value of the response element of a SOAP body; a fault or another element throws. */
function responseElementValue(
  xml: string | Uint8Array,
  responseElement: string,
  limits?: XmlReadOptions,
) {
  const body = readSoapBody(xml, limits);
  if (body.kind === "fault")
    throw new SoapFaultError(body.faultCode, body.faultString, body.detail);
  if (body.name !== responseElement) {
    throw new ParseError(
      "xml",
      "unexpected-shape",
      `expected a ${responseElement} element in the SOAP body`,
    );
  }
  return body.value;
}

/** The operation element of a request envelope (what a server reads). */
export function soapRequest(
  xml: string | Uint8Array,
  operationElement: string,
  limits?: XmlReadOptions,
): unknown {
  const body = readSoapBody(xml, limits);
  if (body.kind === "fault")
    throw new ParseError("xml", "unexpected-shape", "a request cannot be a SOAP fault");
  if (body.name !== operationElement) {
    throw new ParseError(
      "xml",
      "unexpected-shape",
      `expected a ${operationElement} element in the SOAP body`,
    );
  }
  return body.value;
}

/**
 * How a response is shown to hooks: the envelope rebuilt from its parsed
 * tree (the operation element in `namespace`, or the fault) with every text
 * and name scrubbed of `secrets`. Texts are compared once decoded, so a secret
 * written with character references or split by CDATA is found too.
 * Throws `ParseError` for a body that is not a SOAP envelope, and
 * `ValidationError` when what remains cannot be written as XML.
 */
export function soapResponseView(xml: string, namespace: string, secrets: Secrets): string {
  const body = readSoapBody(xml);
  if (body.kind === "fault") {
    return soapFaultEnvelope({
      faultCode: scrubText(body.faultCode, secrets),
      faultString: scrubText(body.faultString, secrets),
      detail: scrubValue(body.detail, secrets),
    });
  }
  const value = scrubValue(body.value, secrets);
  const content: unknown = typeof value === "string" ? { "#text": value } : value;
  if (!isXmlElement(content))
    throw new ParseError("xml", "unexpected-shape", "the response cannot be shown");
  return soapEnvelope(namespace, scrubText(body.name, secrets), content);
}

/** A SOAP 1.1 Fault envelope holding the given fault. */
export function soapFaultEnvelope(fault: {
  readonly faultCode: string;
  readonly faultString: string;
  readonly detail: unknown;
}): string {
  const content: Record<string, XmlInputValue> = {
    faultcode: fault.faultCode,
    faultstring: fault.faultString,
  };
  if (fault.detail !== undefined && isXmlInput(fault.detail, 0)) content["detail"] = fault.detail;
  return buildXml(
    {
      "soap:Envelope": { "@_xmlns:soap": SOAP11_NAMESPACE, "soap:Body": { "soap:Fault": content } },
    },
    { declaration: true },
  );
}

/** Whether a value (part of a parsed tree) can be written back as XML. */
function isXmlInput(value: unknown, depth: number): value is XmlInputValue {
  if (depth > 100) return false;
  if (typeof value === "string") return true;
  if (Array.isArray(value)) return value.every((item: unknown) => isXmlInput(item, depth + 1));
  return isXmlElement(value, depth);
}

/** Whether a value is an element (children by name) that can be written back as XML. */
function isXmlElement(value: unknown, depth = 0): value is XmlInput {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((item: unknown) => isXmlInput(item, depth + 1));
}
