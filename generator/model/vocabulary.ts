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
  | { readonly kind: "response"; readonly operation: string };

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
