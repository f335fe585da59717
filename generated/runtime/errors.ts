/**
 * Typed errors of the generated package. Every failure a caller can see is one
 * of these classes; none of them ever carries a request body or a sensitive
 * value in its message.
 */

/** The base class of every error thrown by the generated package. */
export abstract class PaygenError extends Error {
  /** A stable machine-readable code, e.g. `parse.malformed` or `transport.timeout`. */
  abstract readonly code: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Why a body could not be parsed. */
export type ParseFailure =
  | "empty"
  | "too-large"
  | "too-deep"
  | "malformed"
  | "dtd-forbidden"
  | "not-xml"
  | "not-json"
  | "unexpected-shape";

/** A response body that is not what the operation answers (HTML, truncated, hostile, ...). */
export class ParseError extends PaygenError {
  readonly code: `parse.${ParseFailure}`;
  constructor(
    readonly format: "xml" | "json",
    readonly failure: ParseFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = `parse.${failure}`;
  }
}

/** A SOAP Fault answered by the service. */
export class SoapFaultError extends PaygenError {
  readonly code = "soap.fault";
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
    readonly detail: unknown,
  ) {
    super(`SOAP fault ${faultCode}: ${faultString}`);
  }
}

/** One problem found by a generated validator. */
export interface ValidationIssue {
  /**
   * Dotted path of the offending value, e.g. `subscription.paymentSchedule.interval.length`.
   * A key that is not in the schema appears by position, never by name: `subscription.<unknown key #3>`.
   */
  readonly path: string;
  /** What kind of rule failed. */
  readonly code: ValidationIssueCode;
  /** A message naming the field; it never contains the value. */
  readonly message: string;
}

export type ValidationIssueCode =
  | "required"
  | "type"
  | "enum"
  | "const"
  | "range"
  | "format"
  | "length"
  | "choice"
  | "cardinality"
  | "unknown-field";

/** A request rejected before anything was sent. */
export class ValidationError extends PaygenError {
  readonly code = "validation";
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(
      `invalid request: ${issues
        .slice(0, 5)
        .map((i) => `${i.path || "(root)"}: ${i.message}`)
        .join("; ")}${issues.length > 5 ? `; and ${issues.length - 5} more` : ""}`,
    );
  }
}

/** How a request failed to get any HTTP answer. */
export type TransportFailure = "network" | "timeout" | "abort" | "too-large";

/** No HTTP answer: connection refused or reset, timeout, abort, or an oversized body. */
export class TransportError extends PaygenError {
  readonly code: `transport.${TransportFailure}`;
  constructor(
    readonly failure: TransportFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = `transport.${failure}`;
  }
}

/** An HTTP answer whose status is not a documented success. */
export class HttpStatusError extends PaygenError {
  readonly code = "http.status";
  constructor(
    readonly status: number,
    /** The documented meaning of the status for this operation, when the documents give one. */
    readonly meaning: string | undefined,
    /** The body, parsed when possible, opaque otherwise: error bodies are not documented. */
    readonly body: unknown,
    /** Milliseconds the server asked to wait (from Retry-After), when given. */
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status}${meaning ? `: ${meaning}` : ""}`);
  }
}

/** One entry of a SOAP result's `messages`. */
export interface ApiMessage {
  readonly code?: string;
  readonly text?: string;
}

/** A SOAP result whose `resultCode` is `Error`. */
export class ApiError extends PaygenError {
  readonly code = "api.error";
  constructor(
    readonly operation: string,
    readonly messages: readonly ApiMessage[],
    /** The whole typed result, for callers that need more than the messages. */
    readonly result: unknown,
  ) {
    super(
      `${operation} answered resultCode Error${
        messages.length > 0
          ? `: ${messages.map((m) => `${m.code ?? "?"} ${m.text ?? ""}`.trim()).join("; ")}`
          : ""
      }`,
    );
  }
}

/** A response link that is absent, or that points away from the configured service. */
export class LinkError extends PaygenError {
  readonly code = "link.unavailable";
  constructor(
    readonly link: string,
    message: string,
  ) {
    super(message);
  }
}
