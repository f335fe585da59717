/**
 * SOAP faults a generated server answers, in the envelope of the request's
 * version: `soap:Client`/`soap:Server` codes in 1.1 (HTTP 500), and
 * `soap:Sender`/`soap:Receiver` in 1.2 (HTTP 400 for the sender's fault).
 * Every problem is listed in the fault's detail with its path; none quotes a
 * value of the request.
 */

import { buildXml, SOAP11_NAMESPACE, SOAP12_NAMESPACE, type SoapVersion } from "../xml.js";
import type { Problem } from "./problem.js";

/** Whose fault it is: the request's (`client`) or the service's (`server`). */
export type FaultSide = "client" | "server";

/** Why the server itself answers a fault, for a service that writes its own (see `FaultWriter`). */
export type FaultCause =
  /** Another method than POST. */
  | "method"
  /** A body larger than the server reads. */
  | "too-large"
  /** Not a SOAP envelope holding a request. */
  | "not-soap"
  /** No operation has the body's element or the SOAPAction. */
  | "unknown-operation"
  /** The operation's reader or validator refused the request (the problems say where). */
  | "invalid"
  /** A `Prefer` header asked for a fault. */
  | "asked"
  /** No resource with the id asked for (a stateful mock). */
  | "not-found"
  /** No handler and no default answer. */
  | "not-implemented"
  /** The handler failed, or its answer breaks the contract. */
  | "failed";

/** A fault the server itself answers, before it is written. */
export interface FaultReport {
  readonly cause: FaultCause;
  readonly version: SoapVersion;
  readonly side: FaultSide;
  readonly reason: string;
  readonly problems: readonly Problem[];
}

/** Writes the server's own faults in a service's shape (its status, its text). */
export type FaultWriter = (report: FaultReport, request: Request) => Response;

/** The media type of a SOAP message of `version`. */
export function soapMediaType(version: SoapVersion): string {
  return version === "1.2" ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8";
}

/** A fault answer: its envelope, status and media type. */
export function soapFaultResponse(
  version: SoapVersion,
  side: FaultSide,
  reason: string,
  problems: readonly Problem[] = [],
): Response {
  const detail =
    problems.length > 0
      ? { problem: problems.map((p) => ({ "@_path": p.path, "#text": p.message })) }
      : undefined;
  const fault =
    version === "1.2"
      ? {
          "soap:Code": { "soap:Value": side === "client" ? "soap:Sender" : "soap:Receiver" },
          "soap:Reason": { "soap:Text": { "@_xml:lang": "en", "#text": reason } },
          ...(detail ? { "soap:Detail": detail } : {}),
        }
      : {
          faultcode: side === "client" ? "soap:Client" : "soap:Server",
          faultstring: reason,
          ...(detail ? { detail } : {}),
        };
  const xml = buildXml(
    {
      "soap:Envelope": {
        "@_xmlns:soap": version === "1.2" ? SOAP12_NAMESPACE : SOAP11_NAMESPACE,
        "soap:Body": { "soap:Fault": fault },
      },
    },
    { declaration: true },
  );
  const status = version === "1.2" && side === "client" ? 400 : 500;
  return new Response(xml, { status, headers: { "content-type": soapMediaType(version) } });
}
