/**
 * The normalized intermediate representation (IR) every emitter reads.
 *
 * It knows nothing of YAML: a schema front end (the YAML loader today, an XSD
 * or OpenAPI importer tomorrow) builds it, and emitters only ever see it.
 * Everything in it is plain, immutable data in a deterministic order.
 */

export { SCALAR_NAMES, SENSITIVE_KINDS } from "./vocabulary.js";
export type {
  ConstValue,
  HttpMethod,
  Note,
  NoteKind,
  PathValue,
  RetryGuidance,
  ScalarName,
  SensitiveKind,
  SourceRef,
  TypeOrigin,
  XmlNode,
} from "./vocabulary.js";
import type {
  Approximation,
  ConstValue,
  HttpMethod,
  Note,
  PathValue,
  RestWire,
  RetryGuidance,
  ScalarName,
  SensitiveKind,
  SourceRef,
  TypeOrigin,
  XmlNode,
} from "./vocabulary.js";

/** What every documented construct carries for readers. */
export interface Documented {
  readonly doc?: string;
  readonly source?: SourceRef;
  readonly notes: readonly Note[];
  /** The contract marks it deprecated: its doc comment carries `@deprecated`. */
  readonly deprecated?: true;
}

export type TypeRef =
  | { readonly kind: "scalar"; readonly name: ScalarName }
  | { readonly kind: "object"; readonly name: string }
  | { readonly kind: "enum"; readonly name: string };

export interface ListShape {
  readonly min: number;
  /** `undefined` means unbounded. */
  readonly max?: number;
  /** XML only: the element name of each entry inside a wrapper element. */
  readonly item?: string;
  /** XML only: the namespace of the entries' elements, when it is not the service's own. */
  readonly itemNamespace?: string;
}

/** A facet as a field carries it: the facet's key and its value (a count, or the exact text of a bound or pattern). */
export interface FacetUse {
  readonly key: string;
  readonly value: number | string;
}

export interface Field extends Documented {
  /** The wire name: XML element or JSON property. */
  readonly name: string;
  readonly type: TypeRef;
  readonly required: boolean;
  readonly list?: ListShape;
  /** JSON only: the value is an object mapping any key to what the field otherwise holds (a value, or a list). */
  readonly map?: true;
  readonly const?: ConstValue;
  readonly default?: string;
  /** Facets (see generator/facets/): a count, or the exact text of a bound or pattern. In the order of the facet registry. */
  readonly facets: readonly FacetUse[];
  readonly sensitive?: SensitiveKind;
  /** Why paygen marked the field sensitive from its name (see model/infer-sensitive.ts); absent for a mark the contract or an overlay wrote. */
  readonly sensitiveReason?: string;
  readonly examples: readonly string[];
  readonly gap?: string;
  /** XML only: the namespace of the field's element (or attribute), when it is not the service's own: written with a prefix declared on the operation element. */
  readonly namespace?: string;
  /** XML only: carried as an attribute of the type's element, or as the element's own text; absent: a child element. */
  readonly xml?: XmlNode;
  /** The value may be null: `xsi:nil="true"` in XML (for a list, each item may be), `null` in JSON. */
  readonly nullable?: true;
  /** JSON only: a long or decimal the contract carries as a string of its text (`"12.50"`), not as a number (see model/scalar-forms.ts). */
  readonly jsonString?: true;
}

export interface ObjectType extends Documented {
  readonly name: string;
  /** `object`: ordered fields; `choice`: exactly one of the fields; `opaque`: body not shown; `union`: a value of one of `variants` (JSON). */
  readonly kind: "object" | "choice" | "opaque" | "union";
  /** A union's object types, in the contract's order. */
  readonly variants?: readonly string[];
  /** A union's tag: the property whose value names the variant, and which value names which. */
  readonly discriminator?: {
    readonly property: string;
    readonly mapping: readonly { readonly value: string; readonly type: string }[];
  };
  readonly base?: string;
  /** The type whose caller-sent shape this is, its read-only properties left out (OpenAPI's readOnly): the doc comment says so. */
  readonly shapeOf?: string;
  /** Types whose properties its `fields` include (OpenAPI's `allOf`): how the types file writes it, not a base of the wire. */
  readonly includes?: readonly string[];
  /** Fields declared on this type, in wire order. */
  readonly fields: readonly Field[];
  /** Base fields first, then own fields: the full wire order. */
  readonly allFields: readonly Field[];
  /** Unknown properties are kept, because the documents show the body only in part. */
  readonly open: boolean;
  /** An opaque body that is a JSON array: a list of values the package does not type (`readonly OpaqueValue[]`). */
  readonly list?: true;
  readonly gap?: string;
  readonly origin: TypeOrigin;
  /** Groups of optional fields of which exactly one (`required`) or at most one is present; absent when none. */
  readonly choices?: readonly ChoiceGroup[];
  /** Derived once, when the model is built (`derive-facts.ts`). */
  readonly facts: TypeFacts;
}

/** A choice among some fields of an object type (XML Schema's xs:choice inside a sequence). */
export interface ChoiceGroup {
  /** Field names, in wire order. */
  readonly fields: readonly string[];
  /** Exactly one of them; else at most one. */
  readonly required: boolean;
}

/** What several emitters need to know about an object type, derived once. */
export interface TypeFacts {
  /** It holds a sensitive field, directly or in a type it contains. */
  readonly sensitive: boolean;
  /** A caller sends it: it is reachable from a request body through fields and bases. */
  readonly sent: boolean;
  /** A caller receives it: it is reachable from a response body through fields and bases. */
  readonly received: boolean;
  /** Request bodies need its wire functions (writers in a client, readers in a server). */
  readonly wireSent: boolean;
  /** Response bodies need its wire functions (readers in a client, writers in a server). */
  readonly wireReceived: boolean;
  /** A request body holds it as a whole value (a body or a field's value), not only as a base of one. */
  readonly wholeSent: boolean;
  /** A response body holds it as a whole value (a body or a field's value), not only as a base of one. */
  readonly wholeReceived: boolean;
  /** The closed base whose validator, redactor and wire functions this extension reuses. */
  readonly delegatedBase?: string;
  /**
   * How an open type holds what the documents do not show: as properties of the
   * value (`"properties"`: a type the caller sends, which may add some), or
   * beside it, read with `unknownData(value).fields` (`"kept"`: a type only
   * read, whose known fields stay closed, so a misspelt field does not compile).
   * Absent for a closed type.
   */
  readonly extras?: "properties" | "kept";
}

export interface EnumValue extends Documented {
  readonly value: string;
}

export interface EnumType extends Documented {
  readonly name: string;
  readonly values: readonly EnumValue[];
  readonly default?: string;
  /** Membership of this enum's values in the values of another enum. */
  readonly groups?: {
    readonly by: string;
    /** Group value → member values, in the documented order. */
    readonly members: readonly { readonly group: string; readonly values: readonly string[] }[];
  };
}

export interface StatusInfo {
  readonly code: number;
  readonly meaning: string;
  readonly retry?: RetryGuidance;
}

export interface SoapOperation extends Documented {
  readonly protocol: "soap";
  /** The documented operation name, also the request element name. */
  readonly name: string;
  /** lowerCamel client method name. */
  readonly method: string;
  readonly auth: boolean;
  readonly requestType: string;
  readonly resultType: string;
  readonly responseElement: string;
  readonly resultElement: string;
  /** Document/literal bare: the response element is the result itself; `resultElement` is then the response element. */
  readonly bare?: true;
  /** Set when the response is not shown by the documents. */
  readonly responseGap?: string;
  /** The request element, when it is not named like the operation. */
  readonly requestElement?: string;
  /** The SOAPAction header the contract gives this operation. */
  readonly soapAction?: string;
  /** Elements the request carries in the SOAP header, in the contract's order; absent when none. */
  readonly headers?: readonly SoapHeader[];
  /** The result element may be absent from the response: the parser and the client answer `undefined` then. */
  readonly resultOptional?: true;
}

/** One element of a request's SOAP header, whose value is a client option named like the element. */
export interface SoapHeader {
  /** The element's local name, also the key of its value in the client's `headers` option. */
  readonly name: string;
  /** The object type of its value. */
  readonly type: string;
  /** Its namespace; absent: the interface namespace the client is given. */
  readonly namespace?: string;
  readonly doc?: string;
}

export interface PathParam extends Documented {
  readonly name: string;
  readonly type: TypeRef;
  /** Facets of its text (lengths, a pattern), as `Field.facets`; absent when none. */
  readonly facets?: Field["facets"];
  /** As `Field.sensitive`: its value is scrubbed from the URL shown in views and from server text. */
  readonly sensitive?: Exclude<SensitiveKind, "query">;
  /** As `Field.sensitiveReason`. */
  readonly sensitiveReason?: string;
}

export interface RestOperation extends Documented {
  readonly protocol: "rest";
  readonly name: string;
  readonly method: string;
  readonly httpMethod: HttpMethod;
  readonly path: string;
  readonly baseUrl: string;
  readonly params: readonly PathParam[];
  /** Query parameters (scalar or enum values, or lists of them), in the contract's order; absent when there are none. A parameter's `sensitive` mark (written, or inferred from its name) keeps its value out of every view, as a field's does. */
  readonly query?: readonly Field[];
  /** Request header parameters, in the contract's order; absent when there are none. */
  readonly headers?: readonly Field[];
  /** Cookie parameters, sent together in the `cookie` header, in the contract's order; absent when there are none. */
  readonly cookies?: readonly Field[];
  /** Names of the service's security schemes whose credentials this operation sends. */
  readonly security?: readonly string[];
  readonly requestType?: string;
  /** Request path → value the operation always sends: the client fills it in and refuses another value. Absent when none. */
  readonly requestConstants?: readonly { readonly path: string; readonly value: ConstValue }[];
  readonly responseType?: string;
  /** The object type of the operation's error bodies: read into `HttpStatusError.data` when a body fits it. */
  readonly errorType?: string;
  readonly statuses: readonly StatusInfo[];
  readonly idempotent: boolean;
  /** Default timeout of one attempt in ms, when the documents say the operation can be slow. */
  readonly timeoutMs?: number;
  /** `_links.<name>` of the response, followed by `operation` through the result's `method`. */
  readonly links: readonly {
    readonly name: string;
    readonly operation: string;
    readonly method: string;
  }[];
  /** The media types the contract gives (OpenAPI); absent: JSON both ways. */
  readonly wire?: RestWire;
  /** Error bodies that differ by status: each documented error status (or `default`) with the object type its body is read as. */
  readonly errorTypes?: readonly { readonly status: number | "default"; readonly type: string }[];
}

export type Operation = SoapOperation | RestOperation;

export interface Flow extends Documented {
  readonly name: string;
  readonly title?: string;
  /** The operation whose request the flow builds; absent for a flow that builds a value of `type` sent elsewhere. */
  readonly operation?: string;
  /** The type the flow builds: the operation's request type, or the flow's own `type`. */
  readonly type: string;
  /** The values are a sample the document shows, not the service's defaults: the builder says so. */
  readonly sample?: true;
  /** Documented value lists of the flow (label → enum): the card types it supports, say. */
  readonly supports: readonly { readonly label: string; readonly enum: string }[];
  readonly required: readonly string[];
  /** Groups of paths of which exactly one is required: the documents give two readings and both are accepted. */
  readonly exactlyOne: readonly (readonly string[])[];
  /** Path → constant, in declaration order. */
  readonly constants: readonly { readonly path: string; readonly value: ConstValue }[];
  readonly defaults: readonly { readonly path: string; readonly value: PathValue }[];
  readonly combinesWith: readonly string[];
  /** Values copied from the response of an earlier operation. */
  readonly from?: {
    readonly operation: string;
    readonly copy: readonly { readonly target: string; readonly source: string }[];
  };
}

export interface QueryField extends Documented {
  readonly name: string;
  readonly alias?: string;
  readonly kind: "text" | "time";
  /** Values of this field are redacted when a query is logged. */
  readonly sensitive?: Exclude<SensitiveKind, "query">;
}

export interface QueryPreset {
  readonly name: string;
  readonly title: string;
  readonly range: string;
}

export interface QueryLanguage extends Documented {
  readonly fields: readonly QueryField[];
  readonly wildcard: { readonly leading: boolean; readonly minPrefix: number };
  readonly recommend: { readonly maxValuesPerLookup: number; readonly maxWindowDays: number };
  readonly defaultWindowDays: number;
  readonly dateMathUnits: readonly string[];
  readonly timeZones: string;
  readonly presets: readonly QueryPreset[];
}

export interface EventDef extends Documented {
  readonly type: string;
  readonly product?: string;
  readonly payloadGap?: string;
  /** The object types of its payload (received by whoever handles the event: read and validated); absent when none. */
  readonly payloadTypes?: readonly string[];
}

export interface Gap {
  readonly id: string;
  readonly source?: SourceRef;
  /** The document's own wording. */
  readonly text: string;
  /** How the generated package exposes what is missing. */
  readonly extension: string;
  /** Constructs that refer to this gap, as readable labels (`type SearchResult`). */
  readonly usedBy: readonly string[];
}

export interface SoapBinding {
  readonly namespacePlaceholder: string;
  readonly version: string;
  /** The interface namespace, when the contract gives it: the client's default. */
  readonly namespace?: string;
  /** The service address, when the contract gives it: the client's default endpoint. */
  readonly endpoint?: string;
  /** `"1.2"` for SOAP 1.2 envelopes and HTTP binding; absent for SOAP 1.1. */
  readonly soapVersion?: "1.2";
  /** The SOAP versions the contract has a port for, when more than one: a client option, `soapVersion` the default. */
  readonly versions?: readonly {
    readonly soapVersion: "1.1" | "1.2";
    readonly endpoint?: string;
  }[];
  readonly requestBase?: string;
  readonly responseBase?: string;
  /** The field (of the request base, or of every authenticating request) that carries the client's credentials, and its object type. */
  readonly credentials?: { readonly field: string; readonly type: string };
}

export interface RestBinding {
  /** `url`: the address the contract names, the client's default; absent: the option is required. */
  readonly baseUrls: readonly {
    readonly name: string;
    readonly doc?: string;
    readonly url?: string;
  }[];
  readonly retry?: RetryGuidance;
  /** Response field paths that say how a request went even on a 2xx; a caller checks them. */
  readonly outcome: readonly string[];
  /** How requests authenticate, each a typed client option. */
  readonly security?: readonly SecurityScheme[];
}

/** One way to authenticate, sent in a header: an API key, HTTP basic, or a bearer token. */
export interface SecurityScheme {
  readonly name: string;
  readonly kind: "apiKey" | "basic" | "bearer";
  /** The header an API key goes in. */
  readonly header?: string;
  readonly doc?: string;
}

export interface Service extends Documented {
  readonly name: string;
  readonly title: string;
  readonly protocol: "soap" | "rest";
  readonly soap?: SoapBinding;
  readonly rest?: RestBinding;
  /** Sorted by name. */
  readonly types: readonly ObjectType[];
  /** Sorted by name. */
  readonly enums: readonly EnumType[];
  /** In declaration order (files sorted by path). */
  readonly operations: readonly Operation[];
  readonly flows: readonly Flow[];
  readonly query?: QueryLanguage;
  readonly events: readonly EventDef[];
  /** In declaration order. */
  readonly gaps: readonly Gap[];
  /** XML documents read and written whole (an XML schema's global elements), by element name; absent when none. */
  readonly documents?: readonly XmlDocument[];
  /** Where the contract was read approximately, in contract order (listed in the package README); absent when nowhere. */
  readonly approximations?: readonly Approximation[];
}

/** An XML document of a service: its root element and the object type of its content. */
export interface XmlDocument {
  readonly element: string;
  readonly type: string;
  /** The root element's namespace; absent: the service's own. */
  readonly namespace?: string;
  readonly doc?: string;
}

export interface Model {
  /** Sorted by name. */
  readonly services: readonly Service[];
}
