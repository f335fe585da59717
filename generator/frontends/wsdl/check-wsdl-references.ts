import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { didYouMean } from "../../diagnostics/did-you-mean.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import { describeQName } from "./qname.js";
import { isAnyType, isBuiltinSimpleType } from "./xsd-builtins.js";
import type {
  SoapMessageBinding,
  WsdlBinding,
  WsdlDefinitions,
  WsdlMessage,
  WsdlOperation,
  WsdlOperationMessage,
} from "./wsdl-model.js";
import type { Reference } from "./xsd-model.js";

/**
 * Checks what the parts of a WSDL file say about each other: every message,
 * port type, binding, element and type named exists; a binding binds each
 * operation of its port type, with the same input and output; the parts a
 * SOAP body or header names are parts of the message, and are elements (as
 * document/literal sends them); a port's address is of its binding's SOAP
 * version.
 */
export function checkWsdlReferences(definitions: WsdlDefinitions, diagnostics: Diagnostics): void {
  const check = new WsdlChecker(definitions, diagnostics);
  for (const message of definitions.messages.values()) check.message(message);
  for (const portType of definitions.portTypes.values()) {
    for (const operation of portType.operations) {
      for (const io of [operation.input, operation.output, ...operation.faults])
        if (io !== undefined) check.lookup(definitions.messages, io.message, "message");
    }
  }
  for (const binding of definitions.bindings.values()) check.binding(binding);
  for (const service of definitions.services.values()) {
    for (const port of service.ports) {
      const binding = check.lookup(definitions.bindings, port.binding, "binding");
      if (
        binding !== undefined &&
        port.address !== undefined &&
        binding.soapVersion !== port.address.soapVersion
      ) {
        diagnostics.error(
          port.address.at,
          `port "${port.name}" has a SOAP ${port.address.soapVersion} address but its binding "${binding.name.local}" is SOAP ${binding.soapVersion}`,
        );
      }
    }
  }
}

class WsdlChecker {
  constructor(
    private readonly definitions: WsdlDefinitions,
    private readonly diagnostics: Diagnostics,
  ) {}

  /** Each part's element or type exists in the schemas. */
  message(message: WsdlMessage): void {
    const schemas = this.definitions.schemas;
    for (const part of message.parts) {
      const { name, at } = part.kind === "element" ? part.element : part.type;
      const namespace = schemas.namespaces.get(name.namespace);
      if (part.kind === "element") {
        if (namespace?.elements.has(name.local) === true) continue;
        this.diagnostics.error(
          at,
          `element ${describeQName(name)} is not defined in the schemas${didYouMean(name.local, namespace?.elements.keys() ?? [])}`,
        );
      } else {
        if (
          name.namespace === XSD_NAMESPACE
            ? isBuiltinSimpleType(name) || isAnyType(name)
            : namespace?.complexTypes.has(name.local) || namespace?.simpleTypes.has(name.local)
        )
          continue;
        this.diagnostics.error(at, `type ${describeQName(name)} is not defined in the schemas`);
      }
    }
  }

  binding(binding: WsdlBinding): void {
    const portType = this.lookup(this.definitions.portTypes, binding.portType, "port type");
    if (portType === undefined) return;
    const abstract = new Map(portType.operations.map((operation) => [operation.name, operation]));
    const bound = new Set<string>();
    for (const operation of binding.operations) {
      if (bound.has(operation.name)) {
        this.diagnostics.error(
          operation.at,
          `operation "${operation.name}" is bound twice in binding "${binding.name.local}"`,
        );
        continue;
      }
      bound.add(operation.name);
      const declared = abstract.get(operation.name);
      if (declared === undefined && portType.leftOut.includes(operation.name)) continue;
      if (declared === undefined) {
        this.diagnostics.error(
          operation.at,
          `port type "${portType.name.local}" has no operation "${operation.name}"${didYouMean(operation.name, abstract.keys())}`,
        );
        continue;
      }
      // type= parts are what rpc means: the description leaves such an operation out, with a warning.
      this.messageBinding(operation.input, declared.input, "input", declared, operation.at);
      this.messageBinding(operation.output, declared.output, "output", declared, operation.at);
      const faults = new Set(declared.faults.map((fault) => fault.name));
      for (const fault of operation.faults) {
        if (!faults.has(fault.name))
          this.diagnostics.error(
            fault.at,
            `operation "${declared.name}" of port type "${portType.name.local}" has no fault "${fault.name}"`,
          );
      }
    }
    for (const operation of portType.operations) {
      if (!bound.has(operation.name))
        this.diagnostics.error(
          binding.at,
          `binding "${binding.name.local}" does not bind operation "${operation.name}" of port type "${portType.name.local}"`,
        );
    }
  }

  /** A binding's input or output against the port type's: both or neither; the body's and headers' parts exist (and the headers' are elements). */
  private messageBinding(
    bound: SoapMessageBinding | undefined,
    declared: WsdlOperationMessage | undefined,
    which: "input" | "output",
    operation: WsdlOperation,
    at: WsdlOperation["at"],
  ): void {
    if (bound === undefined) {
      if (declared !== undefined)
        this.diagnostics.error(
          at,
          `the binding of operation "${operation.name}" has no ${which}, but the operation has one`,
        );
      return;
    }
    if (declared === undefined) {
      this.diagnostics.error(bound.at, `operation "${operation.name}" has no ${which} to bind`);
      return;
    }
    // A message carried otherwise (mime:multipartRelated...) leaves its operation out: its body is not looked for.
    if (bound.body === undefined && bound.unread === undefined)
      this.diagnostics.error(
        bound.at,
        `the ${which} of operation "${operation.name}" has no soap:body`,
      );
    const message = this.definitions.messages.get(declared.message.name.local);
    if (
      message !== undefined &&
      declared.message.name.namespace === this.definitions.targetNamespace
    ) {
      const parts = new Map(message.parts.map((part) => [part.name, part]));
      const bodyParts = bound.body?.parts ?? message.parts.map((part) => part.name);
      for (const partName of bodyParts) {
        const part = parts.get(partName);
        // A part that names a type is an rpc message: the description leaves its operation out.
        if (part === undefined)
          this.diagnostics.error(
            bound.body!.at,
            `message "${message.name.local}" has no part "${partName}"${didYouMean(partName, parts.keys())}`,
          );
      }
    }
    for (const header of bound.headers) {
      const headerMessage = this.lookup(this.definitions.messages, header.message, "message");
      if (headerMessage === undefined) continue;
      const part = headerMessage.parts.find((p) => p.name === header.part);
      if (part === undefined) {
        this.diagnostics.error(
          header.at,
          `message "${headerMessage.name.local}" has no part "${header.part}"${didYouMean(
            header.part,
            headerMessage.parts.map((p) => p.name),
          )}`,
        );
      } else if (part.kind === "type") {
        this.diagnostics.error(
          part.at,
          `part "${part.name}" has type=, but a literal SOAP header is an element: use element=`,
        );
      }
    }
  }

  /** The definition a reference names, in the definitions' target namespace; reported when there is none. */
  lookup<T>(table: ReadonlyMap<string, T>, reference: Reference, kind: string): T | undefined {
    const { name, at } = reference;
    const found =
      name.namespace === this.definitions.targetNamespace ? table.get(name.local) : undefined;
    if (found === undefined) {
      const where =
        name.namespace === this.definitions.targetNamespace
          ? ""
          : ` (this file's target namespace is ${this.definitions.targetNamespace || "none"})`;
      this.diagnostics.error(
        at,
        `${kind} ${describeQName(name)} is not defined${where}${didYouMean(name.local, table.keys())}`,
      );
    }
    return found;
  }
}
