import type { Position } from "../../diagnostics/diagnostic.js";
import type { Documented, QName, Reference, SchemaSet } from "./xsd-model.js";

/**
 * What a WSDL 1.1 file says, as the WSDL reader builds it: its schemas (the
 * `wsdl:types` and what they import), messages, port types, SOAP bindings
 * and services, each with its position. References between them are names,
 * checked to exist. Documentation (`wsdl:documentation`) is kept as text.
 */

/** `element=` parts (document style) name a global element; `type=` parts (rpc style) name a type. */
export type WsdlPart =
  | {
      readonly kind: "element";
      readonly name: string;
      readonly at: Position;
      readonly element: Reference;
    }
  | {
      readonly kind: "type";
      readonly name: string;
      readonly at: Position;
      readonly type: Reference;
    };

export interface WsdlMessage extends Documented {
  readonly name: QName;
  readonly at: Position;
  /** In document order. */
  readonly parts: readonly WsdlPart[];
}

/** The `wsdl:input` or `wsdl:output` of an abstract operation. */
export interface WsdlOperationMessage extends Documented {
  readonly name?: string;
  readonly message: Reference;
  readonly at: Position;
}

export interface WsdlOperationFault extends Documented {
  readonly name: string;
  readonly message: Reference;
  readonly at: Position;
}

/** An operation of a port type: request-response (input, then output) or one-way (input only). */
export interface WsdlOperation extends Documented {
  readonly name: string;
  readonly at: Position;
  readonly input: WsdlOperationMessage;
  /** Absent for a one-way operation. */
  readonly output?: WsdlOperationMessage;
  readonly faults: readonly WsdlOperationFault[];
}

export interface WsdlPortType extends Documented {
  readonly name: QName;
  readonly at: Position;
  /** In document order. */
  readonly operations: readonly WsdlOperation[];
  /** The notification and solicit-response operations (output only, or output first): left out with a warning, their bindings not checked. */
  readonly leftOut: readonly string[];
}

export type SoapVersion = "1.1" | "1.2";

/** `soap:body`: how the message's parts go into the SOAP body. */
export interface SoapBody {
  readonly at: Position;
  readonly use: "literal" | "encoded";
  /** The parts in the body; absent means all of the message's parts. */
  readonly parts?: readonly string[];
  readonly namespace?: string;
}

/** `soap:header`: a part of a message (possibly another message) sent as a SOAP header. */
export interface SoapHeader {
  readonly at: Position;
  readonly message: Reference;
  readonly part: string;
  readonly use: "literal" | "encoded";
}

/** The `wsdl:input` or `wsdl:output` of a binding operation. */
export interface SoapMessageBinding {
  readonly at: Position;
  readonly name?: string;
  readonly body?: SoapBody;
  /** In document order. */
  readonly headers: readonly SoapHeader[];
  /** Extension elements paygen does not read (`mime:multipartRelated`...): the operation is left out. */
  readonly unread?: readonly { readonly at: Position; readonly qname: string }[];
}

/** The `wsdl:fault` of a binding operation, with its `soap:fault`. */
export interface SoapFaultBinding {
  readonly at: Position;
  readonly name: string;
  readonly use: "literal" | "encoded";
}

export interface WsdlBindingOperation extends Documented {
  readonly name: string;
  readonly at: Position;
  /** `soapAction=` of `soap:operation`, as written (absent when not given). */
  readonly soapAction?: string;
  /** The operation's style: its own `soap:operation style=`, else the binding's. */
  readonly style: "document" | "rpc";
  readonly input?: SoapMessageBinding;
  readonly output?: SoapMessageBinding;
  readonly faults: readonly SoapFaultBinding[];
}

/** A SOAP binding of a port type: which SOAP version, over which transport, with which action per operation. */
export interface WsdlBinding extends Documented {
  readonly name: QName;
  readonly at: Position;
  readonly portType: Reference;
  /** From the namespace of the binding's extension elements (`wsdl/soap/` or `wsdl/soap12/`). */
  readonly soapVersion: SoapVersion;
  /** `soap:binding style=`, document by default. */
  readonly style: "document" | "rpc";
  readonly transport: string;
  /** In document order. */
  readonly operations: readonly WsdlBindingOperation[];
}

/** `soap:address` of a port. */
export interface SoapAddress {
  readonly location: string;
  readonly soapVersion: SoapVersion;
  readonly at: Position;
}

export interface WsdlPort extends Documented {
  readonly name: string;
  readonly at: Position;
  readonly binding: Reference;
  /** Absent only for the port of a service paygen reads from a binding (`services-to-generate.ts`). */
  readonly address?: SoapAddress;
}

export interface WsdlService extends Documented {
  readonly name: QName;
  readonly at: Position;
  /** In document order. */
  readonly ports: readonly WsdlPort[];
}

/** A `wsdl:definitions` element and everything it defines, by local name (all in its target namespace). */
export interface WsdlDefinitions extends Documented {
  readonly file: string;
  readonly at: Position;
  readonly name?: string;
  readonly targetNamespace: string;
  readonly schemas: SchemaSet;
  readonly messages: ReadonlyMap<string, WsdlMessage>;
  readonly portTypes: ReadonlyMap<string, WsdlPortType>;
  readonly bindings: ReadonlyMap<string, WsdlBinding>;
  readonly services: ReadonlyMap<string, WsdlService>;
}
