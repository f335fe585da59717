import type { WsdlBinding, WsdlDefinitions } from "./wsdl-model.js";

/**
 * The namespace the operation elements of a binding are in: their request
 * elements' (the schema's target namespace, which need not be the WSDL's).
 * The WSDL's target namespace when no operation names an element.
 */
export function bodyNamespace(defs: WsdlDefinitions, binding: WsdlBinding): string {
  const portType = defs.portTypes.get(binding.portType.name.local);
  for (const op of portType?.operations ?? []) {
    const part = defs.messages.get(op.input.message.name.local)?.parts[0];
    if (part?.kind === "element") return part.element.name.namespace;
  }
  return defs.targetNamespace;
}
