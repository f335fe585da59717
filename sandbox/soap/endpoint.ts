/**
 * The one SOAP endpoint, `POST /soap`: the generated subscriptions server
 * (`createSubscriptionsServer`) with the sandbox's operations as its
 * handlers. It dispatches by the element inside the SOAP Body, reads and
 * validates the request and writes the answer in schema order; the sandbox
 * adds its rules around it:
 * - a body that is not XML by its content type is refused (415);
 * - a request the validator refuses is answered with the operation's result,
 *   `resultCode` Error, message INVALID_REQUEST (not a fault);
 * - faults are SOAP 1.1 (`soap:Client`, `soap:Server`): status 500 as SOAP
 *   1.1 prescribes for faults, 405 for another method, 413 for an oversized
 *   body.
 */
import type { Problem } from "../../generated/runtime/server/problem.js";
import type { FetchHandler } from "../../generated/runtime/server/fetch-handler.js";
import type { FaultReport } from "../../generated/runtime/server/soap-fault.js";
import { buildXml, SOAP11_NAMESPACE } from "../../generated/runtime/xml.js";
import {
  createSubscriptionsServer,
  type SubscriptionsHandlers,
} from "../../generated/subscriptions/server.js";
import type { Credentials } from "../credentials.js";
import { mediaType, type SandboxAnswer, toResponse } from "../http-io.js";
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

/** A SOAP 1.1 Fault envelope, built with the generated package's XML writer. */
export function soapFault(status: number, faultCode: string, faultString: string): SandboxAnswer {
  const body = buildXml(
    {
      "soap:Envelope": {
        "@_xmlns:soap": SOAP11_NAMESPACE,
        "soap:Body": { "soap:Fault": { faultcode: faultCode, faultstring: faultString } },
      },
    },
    { declaration: true },
  );
  return { status, headers: { "content-type": "text/xml; charset=utf-8" }, body };
}

/** The problems of a request, as fault text: path and rule, never a value. */
function problemsText(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join("; ");
}

/** The sandbox's fault for each fault the generated server answers itself. */
function faultAnswer(report: FaultReport, maxBodyBytes: number): SandboxAnswer {
  switch (report.cause) {
    case "method": {
      const fault = soapFault(405, "soap:Client", "the SOAP endpoint takes POST only");
      return { ...fault, headers: { ...fault.headers, allow: "POST" } };
    }
    case "too-large":
      return soapFault(413, "soap:Client", `the request body is larger than ${maxBodyBytes} bytes`);
    case "not-soap":
      return soapFault(500, "soap:Client", `malformed request: ${problemsText(report.problems)}`);
    case "unknown-operation":
      return soapFault(
        500,
        "soap:Client",
        "unknown operation: the SOAP Body holds no request of this service",
      );
    case "invalid":
      return soapFault(500, "soap:Client", `malformed request: ${problemsText(report.problems)}`);
    default:
      return soapFault(
        500,
        report.side === "client" ? "soap:Client" : "soap:Server",
        report.reason,
      );
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
        return toResponse(
          soapFault(415, "soap:Client", "the request must be XML (Content-Type text/xml)"),
        );
      },
      invalid: ({ operation, problems }) => this.operations.get(operation)?.refuse(problems),
      fault: (report) => toResponse(faultAnswer(report, maxBodyBytes)),
      onError,
    });
  }
}
