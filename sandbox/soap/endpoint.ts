/**
 * The one SOAP endpoint, `POST /soap`: finds the operation named by the
 * element inside the SOAP Body and runs it. A request that is not a SOAP
 * request of a known operation is answered with a SOAP 1.1 Fault
 * (`soap:Client`): status 500 as SOAP 1.1 prescribes for faults, 415 for a
 * body that is not XML by its content type, 413 for an oversized body.
 */
import { ParseError } from "../../generated/runtime/errors.js";
import { buildXml, readSoapBody, SOAP11_NAMESPACE } from "../../generated/runtime/xml.js";
import {
  validateAuthenticateTestRequest,
  validateIsAliveRequest,
} from "../../generated/subscriptions/validators.js";
import {
  buildAuthenticateTestResponseEnvelope,
  buildIsAliveResponseEnvelope,
  readAuthenticateTestEnvelope,
  readIsAliveEnvelope,
} from "../../generated/subscriptions/server.js";
import type { Credentials } from "../credentials.js";
import { mediaType, type SandboxAnswer } from "../http-io.js";
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

export class SoapEndpoint {
  private readonly operations = new Map<string, SoapOperation>();

  constructor(ctx: SoapContext, credentials: Credentials, namespace: string) {
    const all: SoapOperation[] = [
      defineOperation(
        {
          name: "IsAlive",
          auth: false,
          read: readIsAliveEnvelope,
          validate: validateIsAliveRequest,
          write: buildIsAliveResponseEnvelope,
          handle: () => ({ resultCode: OK, messages: okMessages() }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
        namespace,
      ),
      defineOperation(
        {
          name: "AuthenticateTest",
          auth: true,
          read: readAuthenticateTestEnvelope,
          validate: validateAuthenticateTestRequest,
          write: buildAuthenticateTestResponseEnvelope,
          handle: () => ({ resultCode: OK, messages: okMessages() }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
        namespace,
      ),
      ...new SubscriptionOperations(ctx).operations(credentials, namespace),
      ...new ProfileOperations(ctx).operations(credentials, namespace),
      ...new ProfileTransactionOperations(ctx).operations(credentials, namespace),
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

  /** Answers a request to the endpoint: POST only (405), at most `maxBodyBytes` (413). */
  async serve(
    request: Request,
    remoteAddress: string | undefined,
    maxBodyBytes: number,
  ): Promise<SandboxAnswer> {
    if (request.method !== "POST") {
      const fault = soapFault(405, "soap:Client", "the SOAP endpoint takes POST only");
      return { ...fault, headers: { ...fault.headers, allow: "POST" } };
    }
    const declared = Number(request.headers.get("content-length"));
    const body =
      Number.isFinite(declared) && declared > maxBodyBytes
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    if (body === undefined || body.byteLength > maxBodyBytes)
      return soapFault(413, "soap:Client", `the request body is larger than ${maxBodyBytes} bytes`);
    return this.handle(body, request.headers, remoteAddress);
  }

  private handle(
    body: Uint8Array,
    headers: Headers,
    remoteAddress: string | undefined,
  ): SandboxAnswer {
    const type = mediaType(headers);
    if (type === undefined || !XML_TYPES.has(type)) {
      return soapFault(415, "soap:Client", "the request must be XML (Content-Type text/xml)");
    }
    let name: string;
    try {
      const envelope = readSoapBody(body);
      if (envelope.kind === "fault")
        return soapFault(500, "soap:Client", "a request cannot be a SOAP Fault");
      name = envelope.name;
    } catch (error) {
      if (error instanceof ParseError)
        return soapFault(500, "soap:Client", `malformed request: ${error.message}`);
      throw error;
    }
    const operation = this.operations.get(name);
    if (operation === undefined)
      return soapFault(
        500,
        "soap:Client",
        `unknown operation ${JSON.stringify(name.slice(0, 100))}`,
      );
    try {
      const xml = operation.run(body, { remoteAddress });
      return { status: 200, headers: { "content-type": "text/xml; charset=utf-8" }, body: xml };
    } catch (error) {
      if (error instanceof ParseError)
        return soapFault(500, "soap:Client", `malformed ${name} request: ${error.message}`);
      throw error;
    }
  }
}
