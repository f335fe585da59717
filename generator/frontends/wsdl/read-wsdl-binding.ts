import type { XmlElement } from "../xml/xml-tree.js";
import { SOAP_HTTP_TRANSPORT, WSDL_SOAP11_NAMESPACE, WSDL_SOAP12_NAMESPACE } from "./namespaces.js";
import type {
  SoapBody,
  SoapFaultBinding,
  SoapHeader,
  SoapMessageBinding,
  SoapVersion,
  WsdlBinding,
  WsdlBindingOperation,
} from "./wsdl-model.js";
import type { WsdlContext } from "./wsdl-context.js";

/** The transports a SOAP binding may name: SOAP over HTTP, as WSDL 1.1 and the SOAP 1.2 recommendation name it. */
const HTTP_TRANSPORTS: readonly string[] = [
  SOAP_HTTP_TRANSPORT,
  "http://www.w3.org/2003/05/soap/bindings/HTTP/",
];

/** The SOAP version whose WSDL extension namespace this is, if it is one. */
function soapVersionOf(namespace: string): SoapVersion | undefined {
  return namespace === WSDL_SOAP11_NAMESPACE
    ? "1.1"
    : namespace === WSDL_SOAP12_NAMESPACE
      ? "1.2"
      : undefined;
}

/**
 * A `wsdl:binding`: its SOAP version (from the namespace of `soap:binding`),
 * style and transport, and per operation the SOAP action and how input,
 * output and faults are carried. A binding other than SOAP (`http:binding`)
 * is left out with a warning; rpc style and encoded use are kept for the
 * description, which leaves such operations out.
 */
export function readBinding(
  element: XmlElement,
  context: WsdlContext,
  targetNamespace: string,
): WsdlBinding | undefined {
  context.checkAttributes(element, ["name", "type"]);
  const name = context.requiredName(element);
  const portType = context.reference(element, "type");
  if (context.attribute(element, "type") === undefined)
    context.error(element.at, `<${element.qname}> needs type= (the port type it binds)`);
  const { doc, children } = context.content(element);
  let soap: { version: SoapVersion; style: "document" | "rpc"; transport: string } | undefined;
  const operationElements: XmlElement[] = [];
  for (const child of children) {
    const version = soapVersionOf(child.name.namespace);
    if (context.is(child, "operation")) operationElements.push(child);
    else if (version !== undefined && child.name.local === "binding") {
      if (soap !== undefined)
        context.error(
          child.at,
          `<${element.qname}> has one SOAP binding element; this is a second`,
        );
      else soap = readSoapBinding(child, context, version);
    } else if (child.name.local === "binding") {
      context.warning(
        child.at,
        "non-soap-binding",
        `<${child.qname}> is not read: only SOAP 1.1 and SOAP 1.2 bindings are; the binding "${name ?? ""}" and its ports are left out`,
      );
      return undefined;
    } else context.unexpected(child, element);
  }
  if (soap === undefined) {
    context.error(
      element.at,
      `<${element.qname}> has no soap:binding or soap12:binding: only SOAP 1.1 and SOAP 1.2 bindings are read`,
    );
    return undefined;
  }
  const operations = operationElements
    .map((child) => readBindingOperation(child, context, soap.version, soap.style))
    .filter((operation): operation is WsdlBindingOperation => operation !== undefined);
  if (name === undefined || portType === undefined) return undefined;
  return {
    name: { namespace: targetNamespace, local: name },
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    portType,
    soapVersion: soap.version,
    style: soap.style,
    transport: soap.transport,
    operations,
  };
}

function readSoapBinding(
  element: XmlElement,
  context: WsdlContext,
  version: SoapVersion,
): { version: SoapVersion; style: "document" | "rpc"; transport: string } {
  context.checkAttributes(element, ["style", "transport"]);
  checkEmpty(element, context);
  const style = readStyle(element, context, "document");
  const transport = context.token(element, "transport");
  if (transport === undefined) context.error(element.at, `<${element.qname}> needs transport=`);
  else if (!HTTP_TRANSPORTS.includes(transport)) {
    context.error(
      context.attribute(element, "transport")!.valueAt,
      `transport "${transport}" is not supported; only SOAP over HTTP (${SOAP_HTTP_TRANSPORT}) is`,
    );
  }
  return { version, style, transport: transport ?? SOAP_HTTP_TRANSPORT };
}

/** `style=` of `soap:binding` or `soap:operation` (an rpc operation is left out by the description). */
function readStyle(
  element: XmlElement,
  context: WsdlContext,
  fallback: "document" | "rpc",
): "document" | "rpc" {
  return context.choice(element, "style", ["document", "rpc"], fallback);
}

function readBindingOperation(
  element: XmlElement,
  context: WsdlContext,
  version: SoapVersion,
  bindingStyle: "document" | "rpc",
): WsdlBindingOperation | undefined {
  context.checkAttributes(element, ["name"]);
  const name = context.requiredName(element);
  const { doc, children } = context.content(element);
  let soapAction: string | undefined;
  let style = bindingStyle;
  let soapOperationSeen = false;
  let input: SoapMessageBinding | undefined;
  let output: SoapMessageBinding | undefined;
  const faults: SoapFaultBinding[] = [];
  for (const child of children) {
    if (isSoapElement(child, "operation", version, context)) {
      if (soapOperationSeen)
        context.error(child.at, `<${element.qname}> has one <${child.qname}>; this is a second`);
      soapOperationSeen = true;
      context.checkAttributes(
        child,
        version === "1.2" ? ["soapAction", "style", "soapActionRequired"] : ["soapAction", "style"],
      );
      checkEmpty(child, context);
      // The SOAP action is a URI: kept as written, only trimmed.
      const action = context.attribute(child, "soapAction");
      if (action !== undefined) soapAction = action.value.trim();
      if (version === "1.2") context.flag(child, "soapActionRequired", true);
      style = readStyle(child, context, bindingStyle);
    } else if (context.is(child, "input") || context.is(child, "output")) {
      const which = child.name.local;
      if ((which === "input" ? input : output) !== undefined) {
        context.error(child.at, `<${element.qname}> has one <${child.qname}>; this is a second`);
        continue;
      }
      const read = readMessageBinding(child, context, version);
      if (which === "input") input = read;
      else output = read;
    } else if (context.is(child, "fault")) {
      const fault = readFaultBinding(child, context, version);
      if (fault !== undefined) faults.push(fault);
    } else context.unexpected(child, element);
  }
  if (name === undefined) return undefined;
  return {
    name,
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    ...(soapAction === undefined ? {} : { soapAction }),
    style,
    ...(input === undefined ? {} : { input }),
    ...(output === undefined ? {} : { output }),
    faults,
  };
}

/** The `wsdl:input` or `wsdl:output` of a binding operation: one `soap:body`, any number of `soap:header`. */
function readMessageBinding(
  element: XmlElement,
  context: WsdlContext,
  version: SoapVersion,
): SoapMessageBinding {
  context.checkAttributes(element, ["name"]);
  const name = context.ncName(element, "name");
  const { children } = context.content(element);
  let body: SoapBody | undefined;
  const headers: SoapHeader[] = [];
  const unread: { at: XmlElement["at"]; qname: string }[] = [];
  for (const child of children) {
    if (isSoapElement(child, "body", version, context)) {
      if (body !== undefined)
        context.error(child.at, `<${element.qname}> has one <${child.qname}>; this is a second`);
      else body = readSoapBody(child, context);
    } else if (isSoapElement(child, "header", version, context)) {
      const header = readSoapHeader(child, context, version);
      if (header !== undefined) headers.push(header);
    } else if (context.is(child, child.name.local)) context.unexpected(child, element);
    // An extension element (mime:multipartRelated, another SOAP version's...) changes how the message is carried.
    else unread.push({ at: child.at, qname: child.qname });
  }
  return {
    at: element.at,
    ...(name === undefined ? {} : { name }),
    ...(body === undefined ? {} : { body }),
    headers,
    ...(unread.length === 0 ? {} : { unread }),
  };
}

function readSoapBody(element: XmlElement, context: WsdlContext): SoapBody {
  context.checkAttributes(element, ["parts", "use", "encodingStyle", "namespace"]);
  checkEmpty(element, context);
  const use = readUse(element, context);
  const parts = context.token(element, "parts");
  const namespace = context.token(element, "namespace");
  return {
    at: element.at,
    use,
    ...(parts === undefined ? {} : { parts: parts === "" ? [] : parts.split(" ") }),
    ...(namespace === undefined ? {} : { namespace }),
  };
}

function readSoapHeader(
  element: XmlElement,
  context: WsdlContext,
  version: SoapVersion,
): SoapHeader | undefined {
  context.checkAttributes(element, ["message", "part", "use", "encodingStyle", "namespace"]);
  for (const child of context.content(element).children) {
    if (isSoapElement(child, "headerfault", version, context))
      context.warning(
        child.at,
        "header-fault",
        `<${child.qname}> is not read: a fault carried in this header is not typed`,
      );
    else context.unexpected(child, element);
  }
  const use = readUse(element, context);
  const message = context.reference(element, "message");
  const part = context.token(element, "part");
  if (context.attribute(element, "message") === undefined)
    context.error(element.at, `<${element.qname}> needs message=`);
  if (part === undefined) context.error(element.at, `<${element.qname}> needs part=`);
  if (message === undefined || part === undefined) return undefined;
  return { at: element.at, message, part, use };
}

function readFaultBinding(
  element: XmlElement,
  context: WsdlContext,
  version: SoapVersion,
): SoapFaultBinding | undefined {
  context.checkAttributes(element, ["name"]);
  const name = context.requiredName(element);
  let use: "literal" | "encoded" = "literal";
  for (const child of context.content(element).children) {
    if (isSoapElement(child, "fault", version, context)) {
      context.checkAttributes(child, ["name", "use", "encodingStyle", "namespace"]);
      checkEmpty(child, context);
      const faultName = context.token(child, "name");
      if (faultName !== undefined && name !== undefined && faultName !== name) {
        context.error(
          context.attribute(child, "name")!.valueAt,
          `<${child.qname}> names fault "${faultName}" inside the binding of fault "${name}"`,
        );
      }
      use = readUse(child, context);
    } else context.unexpected(child, element);
  }
  return name === undefined ? undefined : { at: element.at, name, use };
}

/** `use=` of a SOAP body, header or fault (literal when not given; an encoded operation is left out by the description). */
function readUse(element: XmlElement, context: WsdlContext): "literal" | "encoded" {
  return context.choice(element, "use", ["literal", "encoded"], "literal");
}

/**
 * Whether `element` is the SOAP extension element `local`. One of the other
 * SOAP version than the binding's is reported (the file mixes versions), and
 * then read as the binding's.
 */
function isSoapElement(
  element: XmlElement,
  local: string,
  version: SoapVersion,
  context: WsdlContext,
): boolean {
  const elementVersion = soapVersionOf(element.name.namespace);
  if (elementVersion === undefined || element.name.local !== local) return false;
  if (elementVersion !== version)
    context.error(
      element.at,
      `<${element.qname}> is a SOAP ${elementVersion} element in a SOAP ${version} binding`,
    );
  return true;
}

/** SOAP extension elements have no content. */
function checkEmpty(element: XmlElement, context: WsdlContext): void {
  for (const child of context.content(element).children) context.unexpected(child, element);
}
