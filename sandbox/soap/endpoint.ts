/**
 * The one SOAP endpoint, `POST /soap`: the generated subscriptions server
 * (`createSubscriptionsServer`) with the sandbox's operations as its
 * handlers. It dispatches by the element inside the SOAP Body, reads and
 * validates the request and writes the answer in schema order; the sandbox
 * adds its rules around it:
 * - a body that is not XML by its content type is refused (415);
 * - a request the validator refuses is answered with the operation's result,
 *   `resultCode` Error, message INVALID_REQUEST (not a fault);
 * - faults are in the request's SOAP version (`soap:Client`/`soap:Sender`,
 *   `soap:Server`/`soap:Receiver`), status 500 (as SOAP 1.1 prescribes for
 *   faults; kept for 1.2 too), 405 for another method, 413 for an oversized
 *   body, 415 for a body that is not XML.
 */
import type { Problem } from "../../generated/runtime/server/problem.js";
import type { FetchHandler } from "../../generated/runtime/server/fetch-handler.js";
import {
  type FaultReport,
  type FaultSide,
  soapFaultResponse,
} from "../../generated/runtime/server/soap-fault.js";
import type { SoapVersion } from "../../generated/runtime/xml.js";
import {
  createSubscriptionsServer,
  type SubscriptionsHandlers,
} from "../../generated/subscriptions/server.js";
import type { Credentials } from "../credentials.js";
import { mediaType } from "../http-io.js";
import {
  defineOperation,
  ERROR,
  OK,
  okMessages,
  type SoapContext,
  type SoapOperation,
} from "./operation.js";
import { ProfileTransactionOperations } from "./profile-transactions.js";
import { ProfileOperations } from "./profiles.js";
import { SubscriptionOperations } from "./subscriptions.js";

export const SOAP_PATH = "/soap";

const XML_TYPES: ReadonlySet<string> = new Set([
  "text/xml",
  "application/soap+xml",
  "application/xml",
]);

/** The generated server's fault of `version`, with the sandbox's HTTP status. */
function soapFault(
  version: SoapVersion,
  status: number,
  side: FaultSide,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const standard = soapFaultResponse(version, side, text);
  return new Response(standard.body, {
    status,
    headers: { ...Object.fromEntries(standard.headers), ...headers },
  });
}

/** The problems of a request, as fault text: path and rule, never a value. */
function problemsText(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join("; ");
}

/** The sandbox's fault for each fault the generated server answers itself. */
function faultAnswer(report: FaultReport, maxBodyBytes: number): Response {
  const { version } = report;
  switch (report.cause) {
    case "method":
      return soapFault(version, 405, "client", "the SOAP endpoint takes POST only", {
        allow: "POST",
      });
    case "too-large":
      return soapFault(
        version,
        413,
        "client",
        `the request body is larger than ${maxBodyBytes} bytes`,
      );
    case "not-soap":
    case "invalid":
      return soapFault(
        version,
        500,
        "client",
        `malformed request: ${problemsText(report.problems)}`,
      );
    case "unknown-operation":
      return soapFault(
        version,
        500,
        "client",
        "unknown operation: the SOAP Body holds no request of this service",
      );
    default:
      return soapFault(version, 500, report.side, report.reason);
  }
}

export class SoapEndpoint {
  private readonly operations = new Map<string, SoapOperation>();

  constructor(ctx: SoapContext, credentials: Credentials) {
    const all: SoapOperation[] = [
      defineOperation(
        {
          name: "IsAlive",
          auth: false,
          handle: () => ({ resultCode: OK, messages: okMessages() }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "AuthenticateTest",
          auth: true,
          handle: () => ({ resultCode: OK, messages: okMessages() }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      ...new SubscriptionOperations(ctx).operations(credentials),
      ...new ProfileOperations(ctx).operations(credentials),
      ...new ProfileTransactionOperations(ctx).operations(credentials),
    ];
    for (const operation of all) this.operations.set(operation.name, operation);
  }

  /** The names of the operations served. */
  get operationNames(): string[] {
    return [...this.operations.keys()];
  }

  /** Whether a path is the SOAP endpoint's. */
  static serves(path: string): boolean {
    return path === SOAP_PATH || path === `${SOAP_PATH}/`;
  }

  /** The generated server with the sandbox's operations and rules; answers in `namespace`. */
  server(namespace: string, maxBodyBytes: number, onError: (error: unknown) => void): FetchHandler {
    const handlers = Object.fromEntries(
      [...this.operations].map(([name, operation]) => [name, operation.handle]),
    ) as SubscriptionsHandlers;
    return createSubscriptionsServer(handlers, {
      namespace,
      maxBodyBytes,
      before: (request) => {
        const type = mediaType(request.headers);
        if (type !== undefined && XML_TYPES.has(type)) return undefined;
        return soapFault("1.1", 415, "client", "the request must be XML (Content-Type text/xml)");
      },
      invalid: ({ operation, problems }) => this.operations.get(operation)?.refuse(problems),
      fault: (report) => faultAnswer(report, maxBodyBytes),
      onError,
    });
  }
}
