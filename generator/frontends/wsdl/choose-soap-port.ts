import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import type { Note } from "../../model/vocabulary.js";
import { qkey } from "./qname-key.js";
import type { WsdlBinding, WsdlDefinitions, WsdlPort, WsdlService } from "./wsdl-model.js";

/** A port of a service with its SOAP binding. */
export interface SoapPort {
  readonly port: WsdlPort;
  readonly binding: WsdlBinding;
}

/** The port a service is generated for, the ports of each SOAP version the client may choose (when there are two), and the notes that say so. */
export interface ChosenPort extends SoapPort {
  readonly versions?: readonly SoapPort[];
  readonly notes: readonly Note[];
}

/**
 * The SOAP port a service is generated for: SOAP 1.1 when there is one, else
 * SOAP 1.2; and the ports of each SOAP version the client may choose instead
 * (`soapVersion`): the first port of the other version whose binding binds
 * the same port type with the same SOAP actions. Other ports are a note.
 * Undefined (with an error) when the service has no SOAP port.
 */
export function chooseSoapPort(
  service: WsdlService,
  defs: WsdlDefinitions,
  d: Diagnostics,
): ChosenPort | undefined {
  const ports = soapPortsOf(service, defs);
  const soap11 = ports.filter((p) => p.binding.soapVersion === "1.1");
  const chosen = soap11[0] ?? ports[0];
  if (!chosen) {
    d.error(service.at, `the service "${service.name.local}" has no SOAP port`);
    return undefined;
  }
  const alternative = ports.find(
    (p) =>
      p.binding.soapVersion !== chosen.binding.soapVersion &&
      sameOperations(p.binding, chosen.binding),
  );
  const others = ports.filter((p) => p !== chosen && p !== alternative);
  const notes: Note[] = [];
  if (alternative) {
    notes.push({
      kind: "interpretation",
      text: `SOAP ${chosen.binding.soapVersion} (port "${chosen.port.name}") by default; the client's soapVersion option chooses SOAP ${alternative.binding.soapVersion} (port "${alternative.port.name}", binding ${alternative.binding.name.local}) instead${chosen.port.address ? ", each with its port's address" : ""}.`,
    });
  }
  if (others.length > 0) {
    notes.push({
      kind: "interpretation",
      text: `Generated for the SOAP ${chosen.binding.soapVersion} port "${chosen.port.name}" (binding ${chosen.binding.name.local}); the contract also has ${others.map((o) => `the SOAP ${o.binding.soapVersion} port "${o.port.name}"`).join(", ")}, not offered.`,
    });
  }
  return alternative ? { ...chosen, versions: [chosen, alternative], notes } : { ...chosen, notes };
}

/** The ports of a service whose binding is one of the WSDL's own, in document order. */
function soapPortsOf(service: WsdlService, defs: WsdlDefinitions): SoapPort[] {
  return service.ports.flatMap((port) => {
    const binding = defs.bindings.get(port.binding.name.local);
    return binding && port.binding.name.namespace === defs.targetNamespace
      ? [{ port, binding }]
      : [];
  });
}

/** Whether two bindings bind the same port type, each operation with the same SOAP action and headers. */
function sameOperations(a: WsdlBinding, b: WsdlBinding): boolean {
  if (
    qkey(a.portType.name) !== qkey(b.portType.name) ||
    a.operations.length !== b.operations.length
  )
    return false;
  const headers = (o: WsdlBinding["operations"][number]) =>
    JSON.stringify((o.input?.headers ?? []).map((h) => [qkey(h.message.name), h.part]));
  return a.operations.every((o) => {
    const other = b.operations.find((x) => x.name === o.name);
    return (
      other !== undefined && other.soapAction === o.soapAction && headers(other) === headers(o)
    );
  });
}
