import { qkey } from "./qname-key.js";
import type { WsdlBinding, WsdlDefinitions, WsdlService } from "./wsdl-model.js";

/**
 * The services a WSDL is generated for: those it defines, or, when it
 * defines none (an abstract WSDL, which leaves the address to whoever
 * deploys it), one per port type its SOAP bindings bind, named after the
 * port type, with a port per binding (so a SOAP 1.1 and a SOAP 1.2 binding
 * are the client's two SOAP versions) and no address: the client then has
 * no default endpoint, and its `endpoint` option is required. `synthesized`
 * says which reading it was.
 */
export function servicesToGenerate(defs: WsdlDefinitions): {
  readonly services: readonly WsdlService[];
  readonly synthesized: boolean;
} {
  if (defs.services.size > 0) return { services: [...defs.services.values()], synthesized: false };
  const byPortType = new Map<string, WsdlBinding[]>();
  for (const binding of defs.bindings.values()) {
    const key = qkey(binding.portType.name);
    byPortType.set(key, [...(byPortType.get(key) ?? []), binding]);
  }
  const services = [...byPortType.values()].map((bindings): WsdlService => ({
    name: bindings[0]!.portType.name,
    at: bindings[0]!.at,
    ports: bindings.map((binding) => ({
      name: binding.name.local,
      at: binding.at,
      binding: { name: binding.name, at: binding.at },
    })),
  }));
  return { services, synthesized: true };
}
