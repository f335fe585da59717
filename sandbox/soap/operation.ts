/**
 * One SOAP operation of the sandbox, as a handler of the generated
 * subscriptions server (which reads, validates and writes the envelopes):
 * the credentials are checked, then the sandbox's rule answers.
 *
 * A request that fails validation, carries other credentials or breaks a
 * sandbox rule is answered with `resultCode` Error and one message; the
 * message codes are the sandbox's own (the documents show no catalogue).
 */
import type { Problem } from "../../generated/runtime/server/problem.js";
import type { SoapCall as ServerCall } from "../../generated/runtime/server/soap-server.js";
import type { MessageTypeEnum } from "../../generated/subscriptions/enums.js";
import type { SubscriptionsOperations } from "../../generated/subscriptions/server.js";
import type { Message } from "../../generated/subscriptions/types.js";
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

type Operations = SubscriptionsOperations;

export interface SoapOperationSpec<K extends keyof Operations> {
  readonly name: K;
  /** Whether the operation needs merchant credentials (all but IsAlive). */
  readonly auth: boolean;
  readonly handle: (request: Operations[K]["body"], call: SoapCall) => Operations[K]["result"];
  /** The result of a failed call carrying `messages`. */
  readonly failure: (messages: Message[]) => Operations[K]["result"];
}

/** An operation ready for the generated server: its handler, and its answer to a request the validator refused. */
export interface SoapOperation {
  readonly name: keyof Operations;
  handle(call: ServerCall<unknown>): unknown;
  refuse(problems: readonly Problem[]): unknown;
}

function problemsText(problems: readonly Problem[]): string {
  const shown = problems.slice(0, 5).map((p) => `${p.path || "(request)"}: ${p.message}`);
  return `invalid request: ${shown.join("; ")}${problems.length > 5 ? `; and ${problems.length - 5} more` : ""}`;
}

export function defineOperation<K extends keyof Operations>(
  spec: SoapOperationSpec<K>,
  credentials: Credentials,
): SoapOperation {
  const failWith = (code: string, text: string) => spec.failure([{ code, text }]);
  return {
    name: spec.name,
    refuse: (problems) => failWith(MessageCode.invalidRequest, problemsText(problems)),
    handle(call) {
      // The credentials as sent: the generated reader trims text, and credentials compare exactly.
      const raw = rawMerchantAuthentication(new TextEncoder().encode(call.text), spec.name);
      if (spec.auth && !credentials.acceptsSoap(raw)) {
        return failWith(
          MessageCode.authenticationFailed,
          "User authentication failed: the merchant name or transaction key is not the sandbox's.",
        );
      }
      try {
        return spec.handle(call.body as Operations[K]["body"], {
          remoteAddress: call.client.remoteAddress,
        });
      } catch (error) {
        if (error instanceof SoapFailure) return failWith(error.messageCode, error.text);
        throw error;
      }
    },
  };
}
