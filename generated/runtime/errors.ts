/**
 * Typed errors of the generated package. Every failure a caller can see is one
 * of these classes; none of them ever carries a request body or a sensitive
 * value in its message, stack, inspect output or JSON: text the service wrote
 * (a fault string, result messages, an error body) is scrubbed of the call's
 * sensitive values before it is stored here. The body as the service sent it
 * is kept apart, behind {@link PaygenError.unredactedBody}.
 */

import { loggable } from "./inspect.js";

/** Options every error accepts. */
export interface PaygenErrorOptions {
  readonly cause?: unknown;
  /** The response body exactly as received, secrets included; see {@link PaygenError.unredactedBody}. */
  readonly unredactedBody?: string;
}

/** The base class of every error thrown by the generated package. */
export abstract class PaygenError extends Error {
  /** A stable machine-readable code, e.g. `parse.malformed` or `transport.timeout`. */
  abstract readonly code: string;
  /** A private field: no log, inspect or JSON output can reach it. */
  readonly #unredactedBody: string | undefined;
  constructor(message: string, options?: PaygenErrorOptions) {
    super(
      message,
      options !== undefined && "cause" in options ? { cause: options.cause } : undefined,
    );
    this.name = new.target.name;
    this.#unredactedBody = options?.unredactedBody;
  }

  /**
   * The response body exactly as the service sent it, **unredacted**: it may
   * hold card numbers, keys or anything else the request carried, echoed
   * back. `undefined` when the error does not come from a response. Never
   * log it; it is a method, not a property, so that nothing prints it by
   * accident.
   */
  unredactedBody(): string | undefined {
    return this.#unredactedBody;
  }

  /**
   * What `JSON.stringify(error)` writes: name, code, message and the error's
   * own properties, each as a log may show it (a result in its redacted form).
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      name: this.name,
      code: this.code,
      message: this.message,
    };
    for (const key of Object.keys(this)) {
      if (!(key in json)) json[key] = loggable((this as Record<string, unknown>)[key]);
    }
    return json;
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

/**
 * A SOAP Fault answered by the service. From a client call, `faultCode`,
 * `faultString` and `detail` are scrubbed of the call's sensitive values.
 */
export class SoapFaultError extends PaygenError {
  readonly code = "soap.fault";
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
    readonly detail: unknown,
    options?: PaygenErrorOptions,
  ) {
    super(`SOAP fault ${faultCode}: ${faultString}`, options);
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
  | "pattern"
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
export class HttpStatusError<E = unknown> extends PaygenError {
  readonly code = "http.status";
  /** The operation that answered it, when a generated client made the call. */
  readonly operation: string | undefined;
  /**
   * The body read with the operation's documented error schema (a `default`
   * response, say), when the contract gives one and the body fits it; read
   * from the body scrubbed of the call's sensitive values. Narrow an error to
   * a typed one with the service's guard, `is<Service>Error(error, operation)`.
   */
  readonly data: E | undefined;
  constructor(
    readonly status: number,
    /** The documented meaning of the status for this operation, when the documents give one. */
    readonly meaning: string | undefined,
    /**
     * The body, parsed when possible, opaque otherwise (where the contract
     * documents it, `data` holds it read with its schema). From a client call, scrubbed of the call's sensitive values
     * (the body as sent is {@link PaygenError.unredactedBody}).
     */
    readonly body: unknown,
    /** Milliseconds the server asked to wait (from Retry-After), when given. */
    readonly retryAfterMs?: number,
    options?: PaygenErrorOptions & { readonly operation?: string; readonly data?: E },
  ) {
    super(`HTTP ${status}${meaning ? `: ${meaning}` : ""}`, options);
    this.operation = options?.operation;
    this.data = options?.data;
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
    /**
     * The result's messages. From a client call, their text is scrubbed of
     * the call's sensitive values; `result.messages` keeps them as sent.
     */
    readonly messages: readonly ApiMessage[],
    /**
     * The whole typed result, for callers that need more than the messages.
     * Its values are as received; inspect and JSON output of the error show
     * its redacted form.
     */
    readonly result: unknown,
    options?: PaygenErrorOptions,
  ) {
    super(
      `${operation} answered resultCode Error${
        messages.length > 0
          ? `: ${messages.map((m) => `${m.code ?? "?"} ${m.text ?? ""}`.trim()).join("; ")}`
          : ""
      }`,
      options,
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
