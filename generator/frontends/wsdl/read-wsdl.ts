import path from "node:path";
import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { describeFileError, readXmlFile } from "../xml/read-xml-file.js";
import { SourceProblem } from "../source/source-problem.js";
import type { XmlDocument, XmlElement } from "../xml/xml-tree.js";
import { checkWsdlReferences } from "./check-wsdl-references.js";
import { SchemaLoader, type SchemaLoadOptions } from "./load-schema-set.js";
import {
  WSDL_NAMESPACE,
  WSDL_SOAP11_NAMESPACE,
  WSDL_SOAP12_NAMESPACE,
  XSD_NAMESPACE,
} from "./namespaces.js";
import { readBinding } from "./read-wsdl-binding.js";
import { displayPath } from "./schema-location.js";
import type {
  SoapAddress,
  WsdlBinding,
  WsdlDefinitions,
  WsdlMessage,
  WsdlOperation,
  WsdlOperationFault,
  WsdlOperationMessage,
  WsdlPart,
  WsdlPort,
  WsdlPortType,
  WsdlService,
} from "./wsdl-model.js";
import type { QName } from "./xsd-model.js";
import { WsdlContext } from "./wsdl-context.js";

/**
 * Reads a WSDL 1.1 file: its embedded schemas and what they import (see
 * {@link SchemaLoader}), its messages, port types, SOAP bindings and
 * services. Every problem goes to `diagnostics` with its position; the
 * definitions are returned whenever the file could be read as WSDL at all,
 * so that one run shows every problem.
 */
export async function readWsdlFile(
  file: string,
  options: SchemaLoadOptions,
  diagnostics: Diagnostics,
): Promise<WsdlDefinitions | undefined> {
  const absolute = path.resolve(options.cwd, file);
  const display = displayPath(options.cwd, absolute);
  let document: XmlDocument;
  try {
    document = await readXmlFile(absolute, {
      displayPath: display,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
    options.onDocument?.(document);
  } catch (error) {
    if (error instanceof SourceProblem) diagnostics.error(error.at, error.detail);
    else
      diagnostics.error(
        { file: display, line: 1, col: 1 },
        `cannot read ${display}: ${describeFileError(error)}`,
      );
    return undefined;
  }
  const root = document.root;
  if (root.name.namespace !== WSDL_NAMESPACE || root.name.local !== "definitions") {
    diagnostics.error(
      root.at,
      `the root element is <${root.qname}>, not a WSDL 1.1 wsdl:definitions (namespace ${WSDL_NAMESPACE})`,
    );
    return undefined;
  }
  const context = new WsdlContext(diagnostics);
  const loader = new SchemaLoader(options, diagnostics);
  context.checkAttributes(root, ["name", "targetNamespace"]);
  const targetNamespace = root.attributes.get("targetNamespace")?.value ?? "";
  const name = context.ncName(root, "name");
  const { doc, children } = context.content(root);
  const messages = new Map<string, WsdlMessage>();
  const portTypes = new Map<string, WsdlPortType>();
  const bindings = new Map<string, WsdlBinding>();
  const services = new Map<string, WsdlService>();
  let typesSeen = false;
  for (const child of children) {
    if (context.is(child, "types")) {
      if (typesSeen)
        context.error(child.at, `<${root.qname}> has one <${child.qname}>; this is a second`);
      typesSeen = true;
      readTypes(child, context, (schema) => loader.addEmbeddedSchema(schema, absolute));
    } else if (context.is(child, "message")) {
      addDefinition(messages, readMessage(child, context, targetNamespace), context, "message");
    } else if (context.is(child, "portType")) {
      addDefinition(portTypes, readPortType(child, context, targetNamespace), context, "port type");
    } else if (context.is(child, "binding")) {
      addDefinition(bindings, readBinding(child, context, targetNamespace), context, "binding");
    } else if (context.is(child, "service")) {
      addDefinition(services, readService(child, context, targetNamespace), context, "service");
    } else if (context.is(child, "import")) {
      context.error(
        child.at,
        `<${child.qname}> is not supported: put the imported definitions into this file (schemas may be imported from wsdl:types with xs:import)`,
      );
    } else {
      context.unexpected(child, root);
    }
  }
  const schemas = await loader.load();
  const definitions: WsdlDefinitions = {
    file: display,
    at: root.at,
    ...(name === undefined ? {} : { name }),
    targetNamespace,
    ...(doc === undefined ? {} : { doc }),
    schemas,
    messages,
    portTypes,
    bindings,
    services,
  };
  checkWsdlReferences(definitions, diagnostics);
  return definitions;
}

/** Files a definition under its local name; reports a second definition of a name. */
function addDefinition<T extends { readonly name: QName; readonly at: Position }>(
  table: Map<string, T>,
  item: T | undefined,
  context: WsdlContext,
  kind: string,
): void {
  if (item === undefined) return;
  const existing = table.get(item.name.local);
  if (existing !== undefined) {
    const { file, line, col } = existing.at;
    context.error(
      item.at,
      `${kind} "${item.name.local}" is already defined at ${file}:${line}:${col}`,
    );
    return;
  }
  table.set(item.name.local, item);
}

/** `wsdl:types`: its `xs:schema` elements go to the schema loader. */
function readTypes(
  element: XmlElement,
  context: WsdlContext,
  addSchema: (schema: XmlElement) => void,
): void {
  context.checkAttributes(element, []);
  for (const child of context.content(element).children) {
    if (child.name.namespace === XSD_NAMESPACE && child.name.local === "schema") addSchema(child);
    else
      context.error(
        child.at,
        `<${child.qname}> is not supported in <${element.qname}>: only XML Schema 1.0 (xs:schema) is read`,
      );
  }
}

function readMessage(
  element: XmlElement,
  context: WsdlContext,
  targetNamespace: string,
): WsdlMessage | undefined {
  context.checkAttributes(element, ["name"]);
  const name = context.requiredName(element);
  const { doc, children } = context.content(element);
  const parts: WsdlPart[] = [];
  const partNames = new Set<string>();
  for (const child of children) {
    if (!context.is(child, "part")) {
      context.unexpected(child, element);
      continue;
    }
    const part = readPart(child, context);
    if (part === undefined) continue;
    if (partNames.has(part.name))
      context.error(part.at, `part "${part.name}" is already defined in this message`);
    partNames.add(part.name);
    parts.push(part);
  }
  if (name === undefined) return undefined;
  return {
    name: { namespace: targetNamespace, local: name },
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    parts,
  };
}

function readPart(element: XmlElement, context: WsdlContext): WsdlPart | undefined {
  context.checkAttributes(element, ["name", "element", "type"]);
  for (const child of context.content(element).children) context.unexpected(child, element);
  const name = context.requiredName(element);
  const elementRef = context.reference(element, "element");
  const typeRef = context.reference(element, "type");
  const hasElement = context.attribute(element, "element") !== undefined;
  const hasType = context.attribute(element, "type") !== undefined;
  if (hasElement === hasType) {
    context.error(element.at, `<${element.qname}> needs element= or type=, exactly one of them`);
    return undefined;
  }
  if (name === undefined) return undefined;
  if (elementRef !== undefined)
    return { kind: "element", name, at: element.at, element: elementRef };
  if (typeRef !== undefined) return { kind: "type", name, at: element.at, type: typeRef };
  return undefined;
}

function readPortType(
  element: XmlElement,
  context: WsdlContext,
  targetNamespace: string,
): WsdlPortType | undefined {
  context.checkAttributes(element, ["name"]);
  const name = context.requiredName(element);
  const { doc, children } = context.content(element);
  const operations: WsdlOperation[] = [];
  const operationNames = new Map<string, WsdlOperation>();
  const leftOut: string[] = [];
  for (const child of children) {
    if (!context.is(child, "operation")) {
      context.unexpected(child, element);
      continue;
    }
    const operation = readOperation(child, context);
    if (operation === undefined) continue;
    if ("leftOut" in operation) {
      leftOut.push(operation.leftOut);
      continue;
    }
    if (operationNames.has(operation.name)) {
      context.error(
        operation.at,
        `operation "${operation.name}" is already defined in this port type (overloaded operations are not supported)`,
      );
      continue;
    }
    operationNames.set(operation.name, operation);
    operations.push(operation);
  }
  if (name === undefined) return undefined;
  return {
    name: { namespace: targetNamespace, local: name },
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    operations,
    leftOut,
  };
}

/**
 * An abstract operation; its pattern is the order of its input and output.
 * A notification (output only) or solicit-response (output, then input)
 * operation is a server's call to its client, which a client package has no
 * place for: left out, with a warning, by its name.
 */
function readOperation(
  element: XmlElement,
  context: WsdlContext,
): WsdlOperation | { readonly leftOut: string } | undefined {
  // parameterOrder only orders rpc parameters, and rpc bindings are refused.
  context.checkAttributes(element, ["name", "parameterOrder"]);
  const name = context.requiredName(element);
  const { doc, children } = context.content(element);
  let input: WsdlOperationMessage | undefined;
  let output: WsdlOperationMessage | undefined;
  const faults: WsdlOperationFault[] = [];
  let outputFirst = false;
  for (const child of children) {
    if (context.is(child, "input") || context.is(child, "output")) {
      const isInput = child.name.local === "input";
      if ((isInput ? input : output) !== undefined) {
        context.error(child.at, `<${element.qname}> has one <${child.qname}>; this is a second`);
        continue;
      }
      if (isInput && output !== undefined) outputFirst = true;
      const message = readOperationMessage(child, context);
      if (isInput) input = message;
      else output = message;
    } else if (context.is(child, "fault")) {
      const message = readOperationMessage(child, context);
      if (message === undefined) continue;
      if (message.name === undefined) context.error(child.at, `<${child.qname}> needs name=`);
      else faults.push({ ...message, name: message.name });
    } else context.unexpected(child, element);
  }
  if (input === undefined && output === undefined) {
    context.error(element.at, `<${element.qname}> needs a wsdl:input`);
    return undefined;
  }
  if (name === undefined) return undefined;
  if (input === undefined || outputFirst) {
    const notification = input === undefined;
    context.warning(
      element.at,
      notification ? "notification-operation" : "solicit-response-operation",
      `the operation "${name}" is ${notification ? "a notification (output only)" : "a solicit-response (output, then input)"} and is left out: only request-response and one-way operations are read`,
    );
    return { leftOut: name };
  }
  return {
    name,
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    input,
    ...(output === undefined ? {} : { output }),
    faults,
  };
}

function readOperationMessage(
  element: XmlElement,
  context: WsdlContext,
): WsdlOperationMessage | undefined {
  context.checkAttributes(element, ["name", "message"]);
  const { doc, children } = context.content(element);
  for (const child of children) context.unexpected(child, element);
  const name = context.ncName(element, "name");
  const message = context.reference(element, "message");
  if (context.attribute(element, "message") === undefined)
    context.error(element.at, `<${element.qname}> needs message=`);
  if (message === undefined) return undefined;
  return {
    ...(name === undefined ? {} : { name }),
    message,
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
  };
}

function readService(
  element: XmlElement,
  context: WsdlContext,
  targetNamespace: string,
): WsdlService | undefined {
  context.checkAttributes(element, ["name"]);
  const name = context.requiredName(element);
  const { doc, children } = context.content(element);
  const ports: WsdlPort[] = [];
  const portNames = new Set<string>();
  for (const child of children) {
    if (!context.is(child, "port")) {
      context.unexpected(child, element);
      continue;
    }
    const port = readPort(child, context);
    if (port === undefined) continue;
    if (portNames.has(port.name))
      context.error(port.at, `port "${port.name}" is already defined in this service`);
    portNames.add(port.name);
    ports.push(port);
  }
  if (name === undefined) return undefined;
  return {
    name: { namespace: targetNamespace, local: name },
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    ports,
  };
}

/** A `wsdl:port` and its one `soap:address` or `soap12:address`; a port of another address (`http:address`) is left out with a warning. */
function readPort(element: XmlElement, context: WsdlContext): WsdlPort | undefined {
  context.checkAttributes(element, ["name", "binding"]);
  const name = context.requiredName(element);
  const binding = context.reference(element, "binding");
  if (context.attribute(element, "binding") === undefined)
    context.error(element.at, `<${element.qname}> needs binding=`);
  const { doc, children } = context.content(element);
  let address: SoapAddress | undefined;
  let otherAddress: XmlElement | undefined;
  for (const child of children) {
    const version =
      child.name.namespace === WSDL_SOAP11_NAMESPACE
        ? "1.1"
        : child.name.namespace === WSDL_SOAP12_NAMESPACE
          ? "1.2"
          : undefined;
    if (child.name.local !== "address") {
      context.unexpected(child, element);
      continue;
    }
    if (version === undefined) {
      otherAddress ??= child;
      continue;
    }
    if (address !== undefined) {
      context.error(child.at, `<${element.qname}> has one address; this is a second`);
      continue;
    }
    context.checkAttributes(child, ["location"]);
    for (const grandchild of context.content(child).children) context.unexpected(grandchild, child);
    const location = context.attribute(child, "location");
    if (location === undefined) context.error(child.at, `<${child.qname}> needs location=`);
    else address = { location: location.value.trim(), soapVersion: version, at: child.at };
  }
  if (address === undefined && otherAddress !== undefined) {
    context.warning(
      otherAddress.at,
      "non-soap-port",
      `<${otherAddress.qname}> is not read: only SOAP 1.1 and SOAP 1.2 addresses are; the port "${name ?? ""}" is left out`,
    );
    return undefined;
  }
  if (address === undefined && children.length === 0)
    context.error(element.at, `<${element.qname}> needs a soap:address or soap12:address`);
  if (name === undefined || binding === undefined || address === undefined) return undefined;
  return { name, at: element.at, ...(doc === undefined ? {} : { doc }), binding, address };
}
