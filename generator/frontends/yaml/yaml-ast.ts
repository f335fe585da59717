import type { Position } from "../../diagnostics/diagnostic.js";
import type {
  ChoiceGroupDescription,
  SoapHeaderDescription,
  EnumDescription,
  EnumValueDescription,
  EventDescription,
  FlowDescription,
  PathValueDescription,
  QueryDescription,
  QueryFieldDescription,
  StatusDescription,
} from "../../description/description.js";
import type {
  ConstValue,
  HttpMethod,
  NoteKind,
  RetryGuidance,
  SensitiveKind,
  XmlNode,
} from "../../model/vocabulary.js";

/**
 * What the YAML says, in typed form, with the position of everything a later
 * check may need to point at. Built by the readers of this folder;
 * `describeService` turns it into the front-end-neutral description.
 */

export interface Named {
  readonly name: string;
  readonly at: Position;
}

export interface DocsAst {
  readonly doc?: string;
  readonly source?: { readonly document: string; readonly section: string };
  readonly notes: readonly { readonly kind: NoteKind; readonly text: string }[];
  /** `deprecated: true`: still served, but to be moved away from. */
  readonly deprecated?: true;
}

export interface FieldAst extends Named, DocsAst {
  /** A scalar name, or a type or enum name to resolve. Absent when `fields` is given. */
  readonly type?: Named;
  /** Inline object members (also the result of expanding dotted paths). */
  readonly fields?: readonly FieldAst[];
  readonly required: boolean;
  readonly requiredAt?: Position;
  readonly list?: {
    readonly min: number;
    readonly max?: number;
    readonly item?: string;
    readonly itemNamespace?: string;
    readonly at: Position;
  };
  /** `map: true`: a JSON object mapping any key to the field's value. */
  readonly map?: { readonly at: Position };
  readonly const?: { readonly value: ConstValue; readonly at: Position };
  readonly default?: { readonly value: string; readonly at: Position };
  /** Facets (lengths, bounds, patterns), in the order of the facet registry. */
  readonly facets: readonly {
    readonly key: string;
    readonly value: number | string;
    readonly at: Position;
  }[];
  readonly sensitive?: SensitiveKind;
  readonly examples: readonly string[];
  readonly gap?: Named;
  /** `namespace: URI`: the XML namespace of the field's element, when not the service's own. */
  readonly namespace?: string;
  /** `xml: attribute` or `xml: text`: how an XML element carries the value. */
  readonly xml?: { readonly node: XmlNode; readonly at: Position };
  /** `nullable: true`: the value may be null (`xsi:nil` in XML). */
  readonly nullable?: { readonly at: Position };
  /** A long or decimal carried in JSON as a string (the default; `json: number` clears it). */
  readonly jsonString?: true;
}

export interface TypeBodyAst extends DocsAst {
  readonly at: Position;
  readonly kind: "object" | "choice" | "opaque";
  readonly extends?: Named;
  readonly fields: readonly FieldAst[];
  /** `choices`: groups of fields of which one (or at most one) is present. */
  readonly choices?: readonly ChoiceGroupDescription[];
  readonly open: boolean;
  readonly gap?: Named;
}

export interface TypeAst extends TypeBodyAst, Named {}

export type EnumValueAst = EnumValueDescription;
export type EnumAst = EnumDescription;
export type StatusAst = StatusDescription;

export interface SoapOperationAst extends Named, DocsAst {
  readonly protocol: "soap";
  readonly auth: boolean;
  readonly request?: TypeBodyAst;
  readonly response?: TypeBodyAst;
  /** The SOAPAction header the service expects for this operation, when documented. */
  readonly soapAction?: string;
  /** Elements the request carries in the SOAP header. */
  readonly headers?: readonly SoapHeaderDescription[];
  /** `resultOptional: true`: the response may leave the result element out. */
  readonly resultOptional?: boolean;
}

export interface RestOperationAst extends Named, DocsAst {
  readonly protocol: "rest";
  readonly httpMethod: HttpMethod;
  readonly path: string;
  readonly pathAt: Position;
  readonly baseUrl: Named;
  readonly params: readonly FieldAst[];
  /** A body given either by type name or inline. */
  readonly request?: { readonly type?: Named; readonly body?: TypeBodyAst; readonly at: Position };
  /** Request values the operation always sends (its `request.constants`), in declaration order. */
  readonly requestConstants: readonly PathValueAst[];
  readonly response?: { readonly type?: Named; readonly body?: TypeBodyAst; readonly at: Position };
  readonly statuses: readonly StatusAst[];
  readonly idempotent: boolean;
  /** Default timeout of one attempt, when the documents say the operation can be slow. */
  readonly timeoutMs?: number;
  /** Response links the result can follow: link name → operation and the result's method name. */
  readonly links: readonly {
    readonly name: string;
    readonly at: Position;
    readonly operation: Named;
    readonly method: string;
  }[];
}

export type OperationAst = SoapOperationAst | RestOperationAst;

/*
 * Flows, the query language and events read the same in YAML as in the
 * description: the front end fills the description's own shapes.
 */
export type PathValueAst = PathValueDescription;
export type FlowAst = FlowDescription;
export type QueryFieldAst = QueryFieldDescription;
export type QueryAst = QueryDescription;
export type EventAst = EventDescription;

export interface GapAst extends Named {
  readonly source?: { readonly document: string; readonly section: string };
  readonly text: string;
  readonly extension: string;
}

export interface ServiceBlockAst extends Named, DocsAst {
  readonly title: string;
  readonly protocol: "soap" | "rest";
  readonly soap?: {
    readonly namespacePlaceholder: string;
    readonly version: string;
    /** The namespace itself, when documented: the client's default. */
    readonly namespace?: string;
    /** The service address, when documented: the client's default endpoint. */
    readonly endpoint?: string;
    /** `"1.2"`: SOAP 1.2 envelopes and HTTP binding. */
    readonly soapVersion?: "1.2";
    readonly requestBase: Named;
    readonly responseBase: Named;
    readonly credentials?: Named;
  };
  readonly rest?: {
    readonly baseUrls: readonly {
      readonly name: string;
      readonly doc?: string;
      readonly at: Position;
    }[];
    readonly retry?: RetryGuidance;
    readonly outcome: readonly { readonly path: string; readonly at: Position }[];
  };
}

/** Everything the files of one service folder declare. */
export interface ServiceAst {
  readonly folder: string;
  readonly block?: ServiceBlockAst;
  readonly types: TypeAst[];
  readonly enums: EnumAst[];
  readonly operations: OperationAst[];
  readonly flows: FlowAst[];
  readonly queries: QueryAst[];
  readonly events: EventAst[];
  readonly gaps: GapAst[];
}

export interface SchemaAst {
  /** Sorted by folder name. */
  readonly services: readonly ServiceAst[];
}
