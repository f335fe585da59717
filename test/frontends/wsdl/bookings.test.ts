import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { fn } from "../../helpers/generated.js";
import { writePackage } from "../../helpers/temp-package.js";
import { FIXTURES } from "./helpers.js";

/**
 * A WSDL of our own, shaped like no gateway's: its schemas come from other
 * files in other namespaces, its types carry attributes, an attribute group,
 * a value with attributes and element references, and its credentials travel
 * in a SOAP header (marked sensitive by an overlay). The envelope is checked
 * as text, and a response written with other prefixes is read.
 */
// No element of the service is in urn:example:common (Money's attribute is unqualified): only the namespaces used get a prefix.
const PREFIXES = 'xmlns:ns1="urn:example:bookings:types" xmlns:ns2="urn:example:security"';

describe("the bookings WSDL", () => {
  let xml: Record<string, unknown>;
  let server: Record<string, unknown>;
  let index: Record<string, unknown>;

  beforeAll(async () => {
    const { files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(FIXTURES, "bookings", "bookings.overlay.yaml")],
      cwd: PROJECT_ROOT,
      server: true,
    });
    const pkg = await writePackage(files);
    [xml, server, index] = await Promise.all([
      pkg.load("bookings", "xml"),
      pkg.load("bookings", "server"),
      pkg.load("bookings", "index"),
    ]);
  });

  const request = {
    booking: {
      guest: "Ada",
      nights: 2,
      price: { value: "120.00", currency: "EUR" },
      extras: ["breakfast", null],
      id: "9007199254740993",
      channel: "phone",
    },
    note: null,
  };
  const credentials = { user: "front-desk", secret: "s3cr3t-key" };

  it("writes the header in its namespace, and each element in its schema's namespace", () => {
    const envelope = fn<(r: object, ns: string, h: object) => string>(
      xml,
      "buildCreateBookingEnvelope",
    )(request, "urn:example:bookings", { Credentials: credentials });
    expect(envelope).toBe(
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        `<soap:Header><Credentials xmlns="urn:example:security" ${PREFIXES}><ns2:user>front-desk</ns2:user><ns2:secret>s3cr3t-key</ns2:secret></Credentials></soap:Header>` +
        `<soap:Body><CreateBooking xmlns="urn:example:bookings" ${PREFIXES}>` +
        '<ns1:booking id="9007199254740993" channel="phone"><ns1:guest>Ada</ns1:guest><ns1:nights>2</ns1:nights><ns1:price currency="EUR">120.00</ns1:price>' +
        '<ns1:extras><ns1:extra>breakfast</ns1:extra><ns1:extra xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"></ns1:extra></ns1:extras></ns1:booking>' +
        '<note xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"></note></CreateBooking></soap:Body></soap:Envelope>',
    );
    // A server reads the body and the header back.
    expect(fn<(x: string) => unknown>(server, "readCreateBookingEnvelope")(envelope)).toEqual(
      request,
    );
    expect(
      fn<(x: string) => unknown>(server, "readCreateBookingEnvelopeHeaders")(envelope),
    ).toEqual({ Credentials: credentials });
  });

  it("reads a response whatever prefixes it uses", () => {
    const parse = fn<(x: string) => unknown>(xml, "parseCreateBookingResponse");
    const answer =
      '<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><r:CreateBookingResponse xmlns:r="urn:example:bookings" xmlns:t="urn:example:bookings:types" xmlns:m="urn:example:common">' +
      '<r:CreateBookingResult status="confirmed"><t:code>BK-1</t:code><t:total currency="EUR">240.00</t:total></r:CreateBookingResult></r:CreateBookingResponse></e:Body></e:Envelope>';
    expect(parse(answer)).toEqual({
      code: "BK-1",
      total: { value: "240.00", currency: "EUR" },
      status: "confirmed",
    });
  });

  it("sends the header from the client's options, refuses a call without it, and never shows its secret", async () => {
    const create = index["createBookingsClient"] as (options: object) => {
      createBooking(r: object): Promise<unknown>;
    };
    const bodies: string[] = [];
    const shown: string[] = [];
    const fetch = async (_url: string | URL, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return new Response("<not-soap/>", { status: 500 });
    };
    const hook = (context: { body?: string }) => void shown.push(String(context.body));
    const options = { fetch, retry: { maxAttempts: 1 }, onRequest: [hook] };
    const without = await create(options)
      .createBooking(request)
      .catch((e: Error) => e);
    expect((without as Error & { issues?: { path: string }[] }).issues?.map((i) => i.path)).toEqual(
      ["headers.Credentials"],
    );
    expect(bodies).toEqual([]);
    await create({ ...options, headers: { Credentials: credentials } })
      .createBooking(request)
      .catch(() => undefined);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain("<ns2:secret>s3cr3t-key</ns2:secret>");
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain("<ns2:user>front-desk</ns2:user>");
    expect(shown[0]).not.toContain("s3cr3t-key");
  });
});
