import type { Position } from "../diagnostics/diagnostic.js";
import type {
  Approximation,
  ConstValue,
  HttpMethod,
  NoteKind,
  PathValue,
  RestWire,
  RetryGuidance,
  SensitiveKind,
  SourceRef,
  TypeOrigin,
  XmlNode,
} from "../model/vocabulary.js";

/**
 * What a contract says, whatever it was written in: the output of every front
 * end (the YAML schema language today; WSDL/XSD and OpenAPI tomorrow) and the
 * input of the checker and the model.
 *
 * It is flat: every object type has a name (inline objects and operation
 * bodies are named by the front end), every reference is a name with the
 * position to report a problem at. It knows no syntax: positions are
 * `file:line:col` of whatever file the front end read.
 */

/** A name with the position it was written at. */
export interface Named {
  readonly name: string;
  readonly at: Position;
}

export interface DocsDescription {
  readonly doc?: string;
  readonly source?: SourceRef;
  readonly notes: readonly { readonly kind: NoteKind; readonly text: string }[];
  /** The contract marks it deprecated: a `@deprecated` tag on what is generated for it. */
  readonly deprecated?: true;
}

export interface FieldDescription extends Named, DocsDescription {
  /** A scalar name, or a type or enum name to resolve. */
  readonly type: Named;
  readonly required: boolean;
  /** Where `required` was said, when it was. */
  readonly requiredAt?: Position;
  readonly list?: {
    readonly min: number;
    readonly max?: number;
    readonly item?: string;
    readonly itemNamespace?: string;
    readonly at: Position;
  };
  /** XML only: the namespace of the field's element (or attribute), when it is not the service's own (a type imported from another schema). */
  readonly namespace?: string;
  /** JSON only: the value is an object mapping any key to what the field otherwise holds (a value, or a list). */
  readonly map?: { readonly at: Position };
  readonly const?: { readonly value: ConstValue; readonly at: Position };
  readonly default?: { readonly value: string; readonly at: Position };
  /** Facets (lengths, bounds, patterns: see generator/facets/), in the order of the facet registry. */
  readonly facets: readonly {
    readonly key: string;
    readonly value: number | string;
    readonly at: Position;
  }[];
  readonly sensitive?: SensitiveKind;
  /** The contract writes `format: password` (OpenAPI): the model marks the field a secret. */
  readonly passwordFormat?: true;
  /** An overlay says the field is not sensitive: no mark is inferred for it. */
  readonly notSensitive?: true;
  readonly examples: readonly string[];
  readonly gap?: Named;
  /** XML only: the value is an attribute of the type's element, or the element's own text (a value with attributes); absent: a child element. */
  readonly xml?: { readonly node: XmlNode; readonly at: Position };
  /** The value may be null: `xsi:nil="true"` in XML (for a list, each item), `null` in JSON. */
  readonly nullable?: { readonly at: Position };
  /** JSON only: a long or decimal the contract carries as a string of its text, not as a number. */
  readonly jsonString?: true;
}

/** A query or header parameter of a REST operation: a scalar or enum value, or a list of them. */
export type ParamDescription = FieldDescription;

export interface TypeDescription extends Named, DocsDescription {
  /** `union`: one of the `variants` (JSON only; OpenAPI oneOf/anyOf). */
  readonly kind: "object" | "choice" | "opaque" | "union";
  /** A union's object types, in the contract's order. */
  readonly variants?: readonly Named[];
  /** A union's tag: the property whose value names the variant. */
  readonly discriminator?: {
    readonly property: string;
    readonly at: Position;
    readonly mapping: readonly { readonly value: string; readonly type: Named }[];
  };
  readonly extends?: Named;
  /**
   * Types whose properties it includes (OpenAPI's `allOf` of named schemas),
   * its `fields` holding them: the types file declares it as extending each
   * whose fields it holds unchanged, instead of repeating them.
   */
  readonly includes?: readonly Named[];
  /** Fields in wire order. */
  readonly fields: readonly FieldDescription[];
  /** Unknown properties are kept. */
  readonly open: boolean;
  readonly gap?: Named;
  readonly origin: TypeOrigin;
  /** The type whose caller-sent shape this is (OpenAPI readOnly/writeOnly split): an overlay's field edits of that type apply here too. */
  readonly shapeOf?: string;
  /** Groups of this type's optional fields of which one is present (`required`) or at most one (an XML choice among other elements). */
  readonly choices?: readonly ChoiceGroupDescription[];
  /** XML mixed content: text between the child elements, held by the type's text field beside its element fields. */
  readonly mixed?: boolean;
  /** An opaque body that is a JSON array: a list of values the package does not type. */
  readonly list?: true;
}

export interface ChoiceGroupDescription {
  readonly fields: readonly Named[];
  /** Exactly one of the fields (else at most one). */
  readonly required: boolean;
  readonly at: Position;
}

export interface EnumValueDescription extends DocsDescription {
  readonly value: string;
  readonly at: Position;
}

export interface EnumDescription extends Named, DocsDescription {
  readonly values: readonly EnumValueDescription[];
  readonly default?: { readonly value: string; readonly at: Position };
  /** Membership of this enum's values in the values of another enum. */
  readonly groups?: {
    readonly by: Named;
    readonly members: readonly {
      readonly group: string;
      readonly at: Position;
      readonly values: readonly EnumValueDescription[];
    }[];
  };
}

export interface StatusDescription {
  readonly code: number;
  readonly at: Position;
  readonly meaning: string;
  readonly retry?: RetryGuidance;
}

export interface SoapOperationDescription extends Named, DocsDescription {
  readonly protocol: "soap";
  /** Whether the service's credentials go into the request. */
  readonly auth: boolean;
  readonly requestType: Named;
  readonly responseType: Named;
  /** Set when the response is not shown by the documents. */
  readonly responseGap?: Named;
  /** The request element's name, when it is not the operation's name (a WSDL names them apart). */
  readonly requestElement?: string;
  /** The response element's name, when it is not `<Operation>Response`. */
  readonly responseElement?: string;
  /** The name of the response element's one child, when it is not `<Operation>Result`. */
  readonly resultElement?: string;
  /** Document/literal bare: the response element is the result itself (its type is `responseType`), with no result element inside. */
  readonly bare?: boolean;
  /** The SOAPAction header of this operation, when the contract gives one. */
  readonly soapAction?: string;
  /** Elements the request carries in the SOAP header (credentials, say), in the contract's order; absent when none. */
  readonly headers?: readonly SoapHeaderDescription[];
  /** The result element may be absent from the response element (`minOccurs="0"`): the call then answers `undefined`. */
  readonly resultOptional?: boolean;
}

/** One element of a request's SOAP header: the client takes its value as an option named like it. */
export interface SoapHeaderDescription extends Named {
  /** The object type of its value. */
  readonly type: Named;
  /** Its namespace; absent: the interface namespace the client is given. */
  readonly namespace?: string;
  readonly doc?: string;
}

export interface RestOperationDescription extends Named, DocsDescription {
  readonly protocol: "rest";
  readonly httpMethod: HttpMethod;
  readonly path: string;
  readonly pathAt: Position;
  readonly baseUrl: Named;
  readonly params: readonly FieldDescription[];
  /** Query parameters, in the contract's order; absent when there are none. */
  readonly query?: readonly ParamDescription[];
  /** Request header parameters, in the contract's order; absent when there are none. */
  readonly headers?: readonly ParamDescription[];
  /** Cookie parameters, sent in one `cookie` header, in the contract's order; absent when there are none. */
  readonly cookies?: readonly ParamDescription[];
  /** The security schemes of the service this operation sends credentials of; absent or empty when none. */
  readonly security?: readonly Named[];
  readonly requestType?: Named;
  /** Request values the operation always sends, whatever the caller gives (document 001: "capture: true makes the request a sale"); absent when none. */
  readonly requestConstants?: readonly PathValueDescription[];
  readonly responseType?: Named;
  /** The object type of the operation's error bodies (a `default` response), read into `HttpStatusError.data`. */
  readonly errorType?: Named;
  readonly statuses: readonly StatusDescription[];
  readonly idempotent: boolean;
  readonly timeoutMs?: number;
  /** Response links the result can follow: link name → operation and the result's method name. */
  readonly links: readonly {
    readonly name: string;
    readonly at: Position;
    readonly operation: Named;
    readonly method: string;
  }[];
  /** The media types the contract gives (OpenAPI); absent: JSON both ways. */
  readonly wire?: RestWire;
  /** Error bodies that differ by status: each documented non-2xx status (or `default`) with the object type its body is read as. */
  readonly errorTypes?: readonly { readonly status: number | "default"; readonly type: Named }[];
}

export type OperationDescription = SoapOperationDescription | RestOperationDescription;

export interface PathValueDescription {
  readonly path: string;
  readonly value: ConstValue;
  readonly at: Position;
}

/** A flow's default: one value, or a list of them for a list field. */
export interface PathDefaultDescription {
  readonly path: string;
  readonly value: PathValue;
  readonly at: Position;
}

export interface FlowDescription extends Named, DocsDescription {
  readonly title?: string;
  /** The operation whose request the flow builds; a flow names an operation or a type, not both. */
  readonly operation?: Named;
  /** The type of value the flow builds, when it is no operation's request (a value the merchant hands elsewhere). */
  readonly type?: Named;
  /** The flow's values are the document's sample, not the service's defaults. */
  readonly sample?: boolean;
  /** Documented value lists of the flow: label → enum of the service. */
  readonly supports: readonly {
    readonly label: string;
    readonly at: Position;
    readonly enum: Named;
  }[];
  readonly required: readonly { readonly path: string; readonly at: Position }[];
  /** Groups of request paths of which exactly one is required (a document that gives two readings). */
  readonly exactlyOne: readonly { readonly paths: readonly string[]; readonly at: Position }[];
  readonly constants: readonly PathValueDescription[];
  readonly defaults: readonly PathDefaultDescription[];
  readonly combinesWith: readonly Named[];
  /** Values copied from the response of an earlier operation. */
  readonly from?: {
    readonly operation: Named;
    readonly copy: readonly {
      readonly target: string;
      readonly source: string;
      readonly at: Position;
    }[];
  };
}

export interface QueryFieldDescription extends Named, DocsDescription {
  readonly alias?: Named;
  readonly kind: "text" | "time";
  readonly sensitive?: Exclude<SensitiveKind, "query">;
}

export interface QueryDescription extends DocsDescription {
  readonly at: Position;
  readonly fields: readonly QueryFieldDescription[];
  readonly wildcard: { readonly leading: boolean; readonly minPrefix: number };
  readonly recommend: { readonly maxValuesPerLookup: number; readonly maxWindowDays: number };
  readonly defaultWindowDays: number;
  readonly dateMathUnits: readonly string[];
  readonly timeZones: Named;
  readonly presets: readonly {
    readonly name: string;
    readonly title: string;
    readonly range: string;
    readonly at: Position;
  }[];
}

export interface EventDescription extends Named, DocsDescription {
  readonly product?: string;
  readonly payloadGap?: Named;
  /** The types of the event's payload, when the contract gives them (a webhook's or callback's JSON body): object types get a reader and a validator. */
  readonly payloads?: readonly Named[];
}

export interface GapDescription extends Named {
  readonly source?: SourceRef;
  readonly text: string;
  readonly extension: string;
}

export interface SoapBindingDescription {
  readonly namespacePlaceholder: string;
  readonly version: string;
  /** The interface namespace itself, when the contract gives it (a WSDL's target namespace): the client's default. */
  readonly namespace?: string;
  /** The service address, when the contract gives it (a WSDL's `soap:address`): the client's default endpoint. */
  readonly endpoint?: string;
  /** `"1.2"` for SOAP 1.2 envelopes and HTTP binding; absent for SOAP 1.1. */
  readonly soapVersion?: "1.2";
  /**
   * The SOAP versions the contract has a port for, each with its address,
   * when it has more than one (a WSDL with SOAP 1.1 and 1.2 ports): the
   * client takes the version as an option, `soapVersion` being the default.
   */
  readonly versions?: readonly {
    readonly soapVersion: "1.1" | "1.2";
    readonly endpoint?: string;
  }[];
  /** Type every authenticating request extends; absent when requests extend no common base (a WSDL). */
  readonly requestBase?: Named;
  /** Type every result extends; absent when results extend no common base. */
  readonly responseBase?: Named;
  /**
   * The field that carries the client's credentials, when operations
   * authenticate: a field of the request base, or (no request base, a WSDL)
   * a field every authenticating request has, of one object type.
   */
  readonly credentials?: Named;
}

export interface RestBindingDescription {
  /** `url`: the address the contract names, the client's default (absent: the client must be given one). */
  readonly baseUrls: readonly {
    readonly name: string;
    readonly doc?: string;
    readonly url?: string;
    readonly at: Position;
  }[];
  readonly retry?: RetryGuidance;
  /** Response fields that say how a request went even on a 2xx (e.g. a status that says declined). */
  readonly outcome: readonly { readonly path: string; readonly at: Position }[];
  /** How requests authenticate: each scheme is a typed client option; operations name the ones they use. */
  readonly security?: readonly SecuritySchemeDescription[];
}

/** One way to authenticate, sent in a header: an API key, HTTP basic, or a bearer token (OAuth 2 included). */
export interface SecuritySchemeDescription extends Named {
  readonly kind: "apiKey" | "basic" | "bearer";
  /** The header an API key goes in. */
  readonly header?: string;
  readonly doc?: string;
}

export interface ServiceDescription extends Named, DocsDescription {
  readonly title: string;
  readonly protocol: "soap" | "rest";
  readonly soap?: SoapBindingDescription;
  readonly rest?: RestBindingDescription;
  /** Object types, declared and named by the front end, in declaration order. */
  readonly types: readonly TypeDescription[];
  readonly enums: readonly EnumDescription[];
  readonly operations: readonly OperationDescription[];
  readonly flows: readonly FlowDescription[];
  readonly query?: QueryDescription;
  readonly events: readonly EventDescription[];
  readonly gaps: readonly GapDescription[];
  /** XML documents the service reads and writes whole: a root element and its object type (an XML schema's global elements). */
  readonly documents?: readonly XmlDocumentDescription[];
  /** Where the contract was read approximately (each also a warning of the run); absent when nowhere. */
  readonly approximations?: readonly Approximation[];
}

/** An XML document: its root element's name and namespace, and the object type of its content. */
export interface XmlDocumentDescription extends Named {
  readonly type: Named;
  /** The root element's namespace; absent: the service's own. */
  readonly namespace?: string;
  readonly doc?: string;
}

export interface Description {
  readonly services: readonly ServiceDescription[];
}
