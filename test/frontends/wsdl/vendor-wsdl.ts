import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkDescription } from "../../../generator/check/check-description.js";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import type { ServiceDescription } from "../../../generator/description/description.js";
import { readWsdlContract } from "../../../generator/frontends/wsdl/read-contract.js";

/** The namespace of the small contracts below. */
export const VENDOR_NAMESPACE = "urn:vendor";

/** One operation of a small contract: its request and response elements (declared in the schema). */
export interface VendorOperation {
  readonly name: string;
  readonly request: string;
  readonly response: string;
}

/**
 * A small document/literal WSDL as vendors publish them: the schema given,
 * the operations given (messages, port type), a SOAP 1.1 binding and port,
 * and with `soap12` a SOAP 1.2 binding and port too (addresses differ).
 */
export function vendorWsdl(
  schema: string,
  operations: readonly VendorOperation[],
  options: { soap12?: boolean } = {},
): string {
  const binding = (prefix: string, name: string) =>
    `<wsdl:binding name="${name}" type="tns:VendorPort"><${prefix}:binding transport="http://schemas.xmlsoap.org/soap/http"/>${operations
      .map(
        (o) =>
          `<wsdl:operation name="${o.name}"><${prefix}:operation soapAction="${VENDOR_NAMESPACE}/${o.name}" style="document"/><wsdl:input><${prefix}:body use="literal"/></wsdl:input><wsdl:output><${prefix}:body use="literal"/></wsdl:output></wsdl:operation>`,
      )
      .join("")}</wsdl:binding>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="${VENDOR_NAMESPACE}" targetNamespace="${VENDOR_NAMESPACE}">
<wsdl:types><s:schema elementFormDefault="qualified" targetNamespace="${VENDOR_NAMESPACE}">
${schema}
</s:schema></wsdl:types>
${operations.map((o) => `<wsdl:message name="${o.name}In"><wsdl:part name="parameters" element="tns:${o.request}"/></wsdl:message><wsdl:message name="${o.name}Out"><wsdl:part name="parameters" element="tns:${o.response}"/></wsdl:message>`).join("\n")}
<wsdl:portType name="VendorPort">${operations.map((o) => `<wsdl:operation name="${o.name}"><wsdl:input message="tns:${o.name}In"/><wsdl:output message="tns:${o.name}Out"/></wsdl:operation>`).join("")}</wsdl:portType>
${binding("soap", "VendorSoap")}
${options.soap12 ? binding("soap12", "VendorSoap12") : ""}
<wsdl:service name="VendorService">
<wsdl:port name="VendorSoap" binding="tns:VendorSoap"><soap:address location="http://127.0.0.1:9/soap11"/></wsdl:port>
${options.soap12 ? `<wsdl:port name="VendorSoap12" binding="tns:VendorSoap12"><soap12:address location="http://127.0.0.1:9/soap12"/></wsdl:port>` : ""}
</wsdl:service>
</wsdl:definitions>
`;
}

/** Writes a contract to a fresh temporary folder; answers its path. */
export async function writeContract(text: string, file = "vendor.wsdl"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-vendor-"));
  const full = path.join(dir, file);
  await writeFile(full, text);
  return full;
}

/** Reads a WSDL text with the front end and checks the description: its one service and the problems. */
export async function describeWsdl(
  text: string,
): Promise<{ service: ServiceDescription | undefined; problems: string[] }> {
  const full = await writeContract(text);
  const diagnostics = new Diagnostics();
  const description = await readWsdlContract(path.basename(full), path.dirname(full), diagnostics);
  if (diagnostics.count === 0) checkDescription(description, diagnostics);
  return {
    service: description.services[0],
    problems: diagnostics.sorted().map(formatDiagnostic),
  };
}
