import type { Position } from "../../diagnostics/diagnostic.js";
import type { SoapBindingDescription } from "../../description/description.js";
import type { ChosenPort } from "./choose-soap-port.js";

/**
 * The SOAP binding of a WSDL service: its body namespace, the chosen port's
 * address as the default endpoint, SOAP 1.2 when that port's binding is,
 * the credentials element when the requests share one, and the ports of
 * each SOAP version when the client may choose.
 */
export function describeSoapBinding(
  chosen: ChosenPort,
  namespace: string,
  credentials: { name: string; at: Position } | undefined,
): SoapBindingDescription {
  return {
    namespacePlaceholder: "namespace",
    version: "",
    namespace,
    ...(chosen.port.address ? { endpoint: chosen.port.address.location } : {}),
    ...(chosen.binding.soapVersion === "1.2" ? { soapVersion: "1.2" as const } : {}),
    ...(credentials ? { credentials } : {}),
    ...(chosen.versions
      ? {
          versions: chosen.versions.map((v) => ({
            soapVersion: v.binding.soapVersion,
            ...(v.port.address ? { endpoint: v.port.address.location } : {}),
          })),
        }
      : {}),
  };
}
