import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import { emitXml } from "../../../generator/emit/emit-xml.js";
import type { Service } from "../../../generator/model/ir.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  scalar,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";

/** What the emitters write for a WSDL's bare responses and its SOAP 1.1 and 1.2 ports: small models in, exact declarations out. */

const TYPES = [
  objectType("Req", [field("id", scalar("string"), { required: true })]),
  objectType("Reply", [field("code", scalar("string"), { required: true })]),
];

/** A service whose contract has a SOAP 1.1 port (the default) and a SOAP 1.2 port at another address. */
function twoPorts(service: Service): Service {
  return {
    ...service,
    soap: {
      ...service.soap!,
      endpoint: "https://v11.example.test/",
      versions: [
        { soapVersion: "1.1", endpoint: "https://v11.example.test/" },
        { soapVersion: "1.2", endpoint: "https://v12.example.test/" },
      ],
    },
  };
}

const PING = soapService({
  types: TYPES,
  operations: [soapOperation("Ping", "Req", "Reply")],
});

describe("the emitted code of a WSDL's options", () => {
  const table: {
    given: string;
    service: Service;
    emit: typeof emitXml;
    emitted: string;
    want: string;
  }[] = [
    {
      given: "a bare response: the parser reads the response element as the result",
      service: soapService({
        types: TYPES,
        operations: [
          soapOperation("Ping", "Req", "Reply", {
            bare: true,
            resultElement: "PingResponse",
          }),
        ],
      }),
      emit: emitXml,
      emitted: "parsePingResponse",
      want: `/** The typed \`PingResponse\` (the result itself: document/literal bare) envelope. Throws \`SoapFaultError\` for a SOAP Fault and \`ParseError\` for anything that is not the expected envelope or does not fit its type (unknown data: see \`ReadOptions.onUnknown\`). A result whose \`resultCode\` is Error holds only the fields the service sent: the client hands it over as \`Partial\` (or an \`ApiError\`). */
export function parsePingResponse(xml: string | Uint8Array, options?: ReadOptions): Reply {
  const o = xmlReadContext(options);
  const value = soapBareResult(xml, "PingResponse", options);
  // An Error result usually lacks what a success carries: it is read for what it holds, and the client hands it over as Partial.
  if (isErrorResult(value))
    return errorResult(readReply(value, "PingResponse", errorResultContext(o)));
  return readReply(value, "PingResponse", o);
}`,
    },
    {
      given: "ports of both versions: the envelope builder writes the version it is given",
      service: twoPorts(PING),
      emit: emitXml,
      emitted: "buildPingEnvelope",
      want: `/** The SOAP envelope of a \`Ping\` request: the \`Ping\` element in the given namespace, its elements in schema order. */
export function buildPingEnvelope(
  request: Req,
  namespace: string,
  version: SoapVersion = "1.1",
): string {
  return soapEnvelope(namespace, "Ping", xmlOfReq(request), version);
}`,
    },
    {
      given: "ports of both versions: the options offer soapVersion",
      service: twoPorts(PING),
      emit: emitClient,
      emitted: "SvcClientOptions",
      want: `/** Options of {@link createSvcClient}. \`endpoint\` defaults to the contract's \`https://v11.example.test/\`; \`namespace\` defaults to the contract's \`urn:svc\`. \`soapVersion\` (default \`1.1\`) chooses the SOAP version and its port: SOAP 1.1 at \`https://v11.example.test/\`, SOAP 1.2 at \`https://v12.example.test/\`. */
export type SvcClientOptions<M extends ApiErrorMode = "throw"> = Omit<
  SoapClientOptions<M, never>,
  "endpoint" | "namespace" | "soapVersion"
> & {
  readonly endpoint?: string;
  readonly namespace?: string;
  readonly soapVersion?: "1.1" | "1.2";
};`,
    },
    {
      given: "ports of both versions: each operation offers both and builds the chosen one",
      service: twoPorts(PING),
      emit: emitClient,
      emitted: "pingOperation",
      want: `const pingOperation: SoapOperation<Req, Reply> = {
  name: "Ping",
  versions: ["1.1", "1.2"],
  validate: validateReq,
  build: (request, namespace, _headers, version) => buildPingEnvelope(request, namespace, version),
  parse: parsePingResponse,
};`,
    },
    {
      given: "ports of both versions: the endpoint defaults to the chosen version's port",
      service: twoPorts(PING),
      emit: emitClient,
      emitted: "configureSvc",
      want: `/** Checks a client's options once, fills in the contract's defaults and makes the configuration each operation function takes (\`ping(config, request)\`): a caller that imports only the functions it calls bundles only their code. */
export function configureSvc<M extends ApiErrorMode = "throw">(
  options: SvcClientOptions<M>,
): SvcConfig<M> {
  checkClientOptions(options, options.httpHeaders, "httpHeaders");
  return configured({
    ...options,
    endpoint:
      options.endpoint ??
      (options.soapVersion === "1.2" ? "https://v12.example.test/" : "https://v11.example.test/"),
    namespace: options.namespace ?? "urn:svc",
  });
}`,
    },
    {
      given: "one port: no soapVersion option",
      service: PING,
      emit: emitClient,
      emitted: "SvcClientOptions",
      want: `/** Options of {@link createSvcClient}. \`namespace\` defaults to the contract's \`urn:svc\`. The contract gives no address: \`endpoint\` is required. */
export type SvcClientOptions<M extends ApiErrorMode = "throw"> = Omit<
  SoapClientOptions<M, never>,
  "namespace" | "soapVersion"
> & { readonly namespace?: string };`,
    },
  ];
  it.each(table)("$given", async ({ service, emit, emitted, want }) => {
    // The declaration with its doc comment, exactly (a type alias that ends on a later line is found as it is written).
    const code = await emitWith(emit, service);
    expect(code).toContain(`\n${want}\n`);
    expect(declaration(code, emitted).startsWith(want.split("\n")[0]!)).toBe(true);
  });
});
