/**
 * One SOAP operation of the sandbox: the generated reader parses the request
 * envelope, the generated validator checks it, the credentials are checked,
 * the handler answers, and the generated writer builds the response envelope.
 *
 * A request that fails validation, carries other credentials or breaks a
 * sandbox rule is answered with `resultCode` Error and one message; the
 * message codes are the sandbox's own (the documents show no catalogue).
 */
import type { ValidationIssue } from "../../generated/runtime/errors.js";
import type { ValidationResult } from "../../generated/runtime/validate.js";
import type { MessageTypeEnum } from "../../generated/subscriptions/enums.js";
import type { ApiRequestType, Message } from "../../generated/subscriptions/types.js";
import type { Billing } from "../billing.js";
import type { Credentials } from "../credentials.js";
import type { Ids } from "../ids.js";
import type { SandboxState } from "../store/state.js";
import type { Ledger } from "../transactions.js";
import { rawMerchantAuthentication } from "./raw-credentials.js";

/** The sandbox's message codes (its own catalogue, see docs/sandbox.md). */
export const MessageCode = {
  ok: "OK",
  invalidRequest: "INVALID_REQUEST",
  authenticationFailed: "AUTHENTICATION_FAILED",
  notFound: "NOT_FOUND",
  duplicate: "DUPLICATE",
  invalidState: "INVALID_STATE",
  declined: "DECLINED",
  alreadyCanceled: "ALREADY_CANCELED",
} as const;

/** The two result codes, typed so object literals keep them. */
export const OK: MessageTypeEnum = "Ok";
export const ERROR: MessageTypeEnum = "Error";

/** What every SOAP handler works with. */
export interface SoapContext {
  readonly state: SandboxState;
  readonly ids: Ids;
  readonly ledger: Ledger;
  readonly billing: Billing;
  readonly now: () => number;
}

/** Facts about the HTTP request an operation came in. */
export interface SoapCall {
  readonly remoteAddress: string | undefined;
}

/** Thrown by a handler to answer `resultCode` Error with one message. */
export class SoapFailure extends Error {
  constructor(
    readonly messageCode: string,
    readonly text: string,
  ) {
    super(text);
  }
}

/** The `Ok` result messages. */
export function okMessages(text = "Successful."): Message[] {
  return [{ code: MessageCode.ok, text }];
}

export interface SoapOperationSpec<Req extends ApiRequestType, Res> {
  readonly name: string;
  /** Whether the operation needs merchant credentials (all but IsAlive). */
  readonly auth: boolean;
  /** The generated `read<Op>Envelope`. */
  readonly read: (xml: Uint8Array) => Req;
  /** The generated validator of the request type. */
  readonly validate: (value: unknown) => ValidationResult<NoInfer<Req>>;
  /** The generated `build<Op>ResponseEnvelope`. */
  readonly write: (result: Res, namespace: string) => string;
  readonly handle: (request: NoInfer<Req>, call: SoapCall) => NoInfer<Res>;
  /** The result of a failed call carrying `messages`. */
  readonly failure: (messages: Message[]) => NoInfer<Res>;
}

/** An operation ready for the endpoint. `run` throws the reader's `ParseError` for a broken envelope. */
export interface SoapOperation {
  readonly name: string;
  run(xml: Uint8Array, call: SoapCall): string;
}

function issuesText(issues: readonly ValidationIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => `${issue.path || "(request)"}: ${issue.message}`);
  return `invalid request: ${shown.join("; ")}${issues.length > 5 ? `; and ${issues.length - 5} more` : ""}`;
}

export function defineOperation<Req extends ApiRequestType, Res>(
  spec: SoapOperationSpec<Req, Res>,
  credentials: Credentials,
  namespace: string,
): SoapOperation {
  const failWith = (code: string, text: string): string =>
    spec.write(spec.failure([{ code, text }]), namespace);
  return {
    name: spec.name,
    run(xml, call) {
      const request = spec.read(xml);
      const checked = spec.validate(request);
      if (!checked.ok) return failWith(MessageCode.invalidRequest, issuesText(checked.issues));
      // The credentials as sent: the generated reader trims text, and credentials compare exactly.
      if (spec.auth && !credentials.acceptsSoap(rawMerchantAuthentication(xml, spec.name))) {
        return failWith(
          MessageCode.authenticationFailed,
          "User authentication failed: the merchant name or transaction key is not the sandbox's.",
        );
      }
      let result: Res;
      try {
        result = spec.handle(checked.value, call);
      } catch (error) {
        if (error instanceof SoapFailure) return failWith(error.messageCode, error.text);
        throw error;
      }
      return spec.write(result, namespace);
    },
  };
}
