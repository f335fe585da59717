/**
 * The words the description (what a front end reads) and the model (what
 * emitters read) share: scalar names, sensitive kinds, constants, notes,
 * sources, retry guidance. It imports nothing, so both can use it.
 */

export type ScalarName =
  | "string"
  | "boolean"
  | "short"
  | "int"
  | "long"
  | "decimal"
  | "double"
  | "date"
  | "dateTime"
  | "gYearMonth"
  | "base64"
  | "uri"
  /** Any JSON value, where a contract allows anything (`JsonValue`, numbers as their exact text). */
  | "json";

export const SCALAR_NAMES: readonly ScalarName[] = [
  "string",
  "boolean",
  "short",
  "int",
  "long",
  "decimal",
  "double",
  "date",
  "dateTime",
  "gYearMonth",
  "base64",
  "uri",
  "json",
];

export type SensitiveKind =
  | "card-number"
  | "account-number"
  | "card-code"
  | "routing-number"
  | "transaction-key"
  | "cryptogram"
  | "wallet-payload"
  | "token"
  /** A cardholder PIN or an encrypted PIN block. */
  | "pin"
  /** Magnetic-stripe track data (track 1, 2 or 3). */
  | "track-data"
  /** A password, a secret, a private or API key: a credential. */
  | "secret"
  /** A tax id or social security number. */
  | "tax-id"
  /** A query expression of the service's query language: values of its sensitive query fields are redacted. */
  | "query";

export const SENSITIVE_KINDS: readonly SensitiveKind[] = [
  "card-number",
  "account-number",
  "card-code",
  "routing-number",
  "transaction-key",
  "cryptogram",
  "wallet-payload",
  "token",
  "pin",
  "track-data",
  "secret",
  "tax-id",
  "query",
];

/**
 * How an XML element carries a field's value other than as a child element:
 * as an attribute, or as its own text (XML Schema's simple content: a value
 * with attributes).
 */
export type XmlNode = "attribute" | "text";

export const XML_NODES: readonly XmlNode[] = ["attribute", "text"];

/** Where a fact comes from: a source document and a section of it. */
export interface SourceRef {
  readonly document: string;
  readonly section: string;
}

/**
 * What a note records: two readings in the documents (`contradiction`), a
 * reading paygen chose (`interpretation`), a published contract that reads
 * otherwise than the document the schema follows (`contract`), or a plain
 * remark (`info`).
 */
export type NoteKind = "contradiction" | "interpretation" | "contract" | "info";

export interface Note {
  readonly kind: NoteKind;
  readonly text: string;
}

export type ConstValue = string | number | boolean;

/** A value a schema gives at a path: one value, or (a flow's defaults only) a list of them for a list field. */
export type PathValue = ConstValue | readonly ConstValue[];

/** How a type came to be. */
export type TypeOrigin =
  | { readonly kind: "declared" }
  /** An inline object of a field (or a dotted path); `parent` and `field` name where. */
  | { readonly kind: "inline"; readonly parent: string; readonly field: string }
  | { readonly kind: "request"; readonly operation: string }
  | { readonly kind: "response"; readonly operation: string }
  /** An object written in place for an operation's parameter. */
  | { readonly kind: "parameter"; readonly operation: string; readonly parameter: string }
  /** An object written in place as an event's payload. */
  | { readonly kind: "payload"; readonly event: string };

export interface RetryGuidance {
  readonly retryAfter?: boolean;
  /** Milliseconds. */
  readonly delayMs?: number;
  readonly minAttempts?: number;
  readonly maxAttempts?: number;
  readonly backoff?: "exponential";
  readonly noImmediateRetryAfterTimeout?: boolean;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How a request body is written: JSON text, `application/x-www-form-urlencoded`
 * pairs, `multipart/form-data` parts, text as given, or bytes as given.
 */
export type BodyEncoding = "json" | "form" | "multipart" | "text" | "bytes";

/** How one property of a form or multipart body, or an object-valued query parameter, is written (OpenAPI 3 `encoding`, `style`, `explode`). */
export interface FormFieldEncoding {
  readonly name: string;
  readonly style: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode: boolean;
  /** Multipart: the part's media type, as the contract writes it (`encoding.contentType`). */
  readonly contentType?: string;
  /** Multipart: the property is a file (`format: binary`, Swagger 2.0 `type: file`), sent as bytes. */
  readonly file?: true;
}

/**
 * The media types of a REST operation as its contract gives them. Absent
 * parts mean JSON both ways (`accept: application/json`, a JSON body).
 */
export interface RestWire {
  /** The `accept` header: the operation's response media types, JSON ones first, joined by `, `. */
  readonly accept?: string;
  /** The request body: its `content-type` as written, how it is written, and whether the contract requires it. */
  readonly request?: {
    readonly mediaType: string;
    readonly encoding: BodyEncoding;
    readonly required: boolean;
    /** Form and multipart bodies: how each property is written, in the schema's order; a property not listed is `form`, exploded. */
    readonly fields?: readonly FormFieldEncoding[];
  };
  /** A success body that is not JSON: `text` (a string) or `bytes` (a `Uint8Array`). */
  readonly response?: "text" | "bytes";
  /** Query parameters not written `form`, exploded (the default), or holding an object: how each is written. */
  readonly query?: readonly FormFieldEncoding[];
}

/**
 * One approximation of a published contract: what paygen typed less exactly
 * than the contract says, and where. Positions are plain text here, for the
 * package's README; the rest of the description and model is position-free.
 */
export interface Approximation {
  /** What was approximated, in a short word (`allof-conflict`, `ref-sibling`, ...). */
  readonly kind: string;
  /** `file:line:col` in the contract. */
  readonly position: string;
  /** The JSON pointer of the value concerned (`#/components/schemas/Pet`), or "" when there is none. */
  readonly pointer: string;
  readonly message: string;
}
