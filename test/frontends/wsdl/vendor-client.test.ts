import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { RUNTIME_DIR } from "../../../generator/project-paths.js";
import {
  respond,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from "../../helpers/http-server.js";
import { writePackage } from "../../helpers/temp-package.js";
import { vendorWsdl, writeContract } from "./vendor-wsdl.js";

/**
 * A client generated from a small vendor WSDL (SOAP 1.1 and 1.2 ports, a
 * credentials element in every request, a bare response with mixed content)
 * calls a server on 127.0.0.1: the SOAP version is the client's option, each
 * with its own envelope, content type, action and port address.
 */

const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
const SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

const SCHEMA = `
<s:complexType name="MerchantAuthenticationType"><s:sequence><s:element name="name" type="s:string" minOccurs="0"/><s:element name="transactionKey" type="s:string" minOccurs="0"/></s:sequence></s:complexType>
<s:complexType name="Reply"><s:sequence><s:element name="code" type="s:string"/></s:sequence></s:complexType>
<s:element name="Charge"><s:complexType><s:sequence><s:element name="merchantAuthentication" type="tns:MerchantAuthenticationType" minOccurs="0"/><s:element name="amount" type="s:decimal"/></s:sequence></s:complexType></s:element>
<s:element name="ChargeResponse"><s:complexType><s:sequence><s:element name="ChargeResult" type="tns:Reply"/></s:sequence></s:complexType></s:element>
<s:element name="Lookup"><s:complexType><s:sequence><s:element name="merchantAuthentication" type="tns:MerchantAuthenticationType" minOccurs="0"/><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>
<s:element name="LookupResponse"><s:complexType mixed="true"><s:sequence><s:element name="status" type="s:string"/><s:element name="count" type="s:int"/></s:sequence></s:complexType></s:element>`;

const OPERATIONS = [
  { name: "Charge", request: "Charge", response: "ChargeResponse" },
  { name: "Lookup", request: "Lookup", response: "LookupResponse" },
];

type Call = (request: object) => Promise<unknown>;
type Factory = (options: object) => Record<string, Call>;

function envelope(version: "1.1" | "1.2", body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${version === "1.2" ? SOAP12 : SOAP11}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** The answer to each request: by its operation element, in the version of its envelope. */
function answer(request: RecordedRequest) {
  const version = request.body.includes(SOAP12) ? "1.2" : "1.1";
  if (request.body.includes("<Charge ")) {
    if (request.body.includes("<amount>0</amount>")) {
      const fault =
        version === "1.2"
          ? `<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">zero amount</soap:Text></soap:Reason></soap:Fault>`
          : `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>zero amount</faultstring></soap:Fault>`;
      return respond.raw(
        500,
        envelope(version, fault),
        version === "1.2" ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8",
      );
    }
    return respond.xml(
      200,
      envelope(
        version,
        `<ChargeResponse xmlns="urn:vendor"><ChargeResult><code>approved ${version}</code></ChargeResult></ChargeResponse>`,
      ),
    );
  }
  return respond.xml(
    200,
    envelope(
      version,
      `<LookupResponse xmlns="urn:vendor">found <status>open</status><count>3</count></LookupResponse>`,
    ),
  );
}

describe("a client generated from a vendor WSDL with SOAP 1.1 and 1.2 ports", () => {
  let server: RecordingServer;
  let create: Factory;
  let root: string;
  let xml: Record<string, unknown>;
  let serverSide: Record<string, unknown>;
  let nameOf: (kind: "responseParser" | "responseEnvelopeBuilder") => string;

  beforeAll(async () => {
    server = await startRecordingServer(answer);
    const wsdl = vendorWsdl(SCHEMA, OPERATIONS, { soap12: true }).replaceAll(
      "http://127.0.0.1:9/",
      `${server.origin}/`,
    );
    const file = await writeContract(wsdl);
    const { files, model } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.relative(PROJECT_ROOT, file)],
      cwd: PROJECT_ROOT,
      server: true,
    });
    const service = model.services[0]!;
    const names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    const pkg = await writePackage(files);
    root = pkg.root;
    const client = await pkg.load(service.name, "client");
    create = client[names.get("clientFactory", service.name)] as Factory;
    xml = await pkg.load(service.name, "xml");
    serverSide = await pkg.load(service.name, "server");
    nameOf = (kind) => names.get(kind, "Lookup");
  });
  afterAll(() => server.close());

  it("type-checks with tsc in strict mode", async () => {
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await promisify(execFile)(
      process.execPath,
      [tsc, "-p", path.join(root, "tsconfig.json"), "--noEmit"],
      { cwd: root },
    ).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout || "tsc failed",
    );
    expect(result).toBe("");
  });

  const credentials = { name: "merchant-1", transactionKey: "key-1" };
  const table: {
    given: string;
    options: object;
    want: {
      path: string;
      contentType: string;
      soapAction?: string;
      envelope: string;
      code: string;
    };
  }[] = [
    {
      given: "by default: SOAP 1.1 at the SOAP 1.1 port's address",
      options: {},
      want: {
        path: "/soap11",
        contentType: "text/xml; charset=utf-8",
        soapAction: '"urn:vendor/Charge"',
        envelope: SOAP11,
        code: "approved 1.1",
      },
    },
    {
      given: 'soapVersion "1.1"',
      options: { soapVersion: "1.1" },
      want: {
        path: "/soap11",
        contentType: "text/xml; charset=utf-8",
        soapAction: '"urn:vendor/Charge"',
        envelope: SOAP11,
        code: "approved 1.1",
      },
    },
    {
      given:
        'soapVersion "1.2": SOAP 1.2 at the SOAP 1.2 port\'s address, the action in the content type',
      options: { soapVersion: "1.2" },
      want: {
        path: "/soap12",
        contentType: 'application/soap+xml; charset=utf-8; action="urn:vendor/Charge"',
        envelope: SOAP12,
        code: "approved 1.2",
      },
    },
  ];
  it.each(table)(
    "sends $given, with the credentials option in the request",
    async ({ options, want }) => {
      const before = server.requests.length;
      const result = await create({ ...options, credentials }).charge!({
        amount: "12.50",
      });
      expect(result).toEqual({ code: want.code });
      const sent = server.requests[before]!;
      expect(sent.path).toBe(want.path);
      expect(sent.headers["content-type"]).toBe(want.contentType);
      expect(sent.headers["soapaction"]).toBe(want.soapAction);
      expect(sent.body).toContain(`xmlns:soap="${want.envelope}"`);
      expect(sent.body).toContain(
        `<Charge xmlns="urn:vendor"><merchantAuthentication><name>merchant-1</name><transactionKey>key-1</transactionKey></merchantAuthentication><amount>12.50</amount></Charge>`,
      );
    },
  );

  it.each(["1.1", "1.2"] as const)(
    "reads a SOAP %s fault as SoapFaultError",
    async (soapVersion) => {
      await expect(
        create({ soapVersion, credentials }).charge!({ amount: "0" }),
      ).rejects.toMatchObject({
        code: "soap.fault",
        faultCode: soapVersion === "1.2" ? "soap:Sender" : "soap:Client",
        faultString: "zero amount",
      });
    },
  );

  it.each(["1.1", "1.2"] as const)(
    "answers a bare response (the response element is the result) with its mixed text, over SOAP %s",
    async (soapVersion) => {
      const result = await create({ soapVersion, credentials }).lookup!({
        id: "x1",
      });
      expect(result).toEqual({ status: "open", count: 3, text: "found" });
    },
  );

  it("writes a bare response on the server side as the response element itself, which the client's parser reads back", () => {
    const build = serverSide[nameOf("responseEnvelopeBuilder")] as (
      result: object,
      namespace: string,
    ) => string;
    const parse = xml[nameOf("responseParser")] as (text: string) => unknown;
    const result = { status: "open", count: 3, text: "found" };
    const text = build(result, "urn:vendor");
    expect(text).toContain(
      `<soap:Body><LookupResponse xmlns="urn:vendor">found<status>open</status><count>3</count></LookupResponse></soap:Body>`,
    );
    expect(parse(text)).toEqual(result);
  });
});
