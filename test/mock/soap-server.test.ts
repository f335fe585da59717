import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { writePackage } from "../helpers/temp-package.js";

const BOOKINGS = path.join(
  PROJECT_ROOT,
  "test",
  "frontends",
  "wsdl",
  "fixtures",
  "bookings",
  "bookings.overlay.yaml",
);
const NAMESPACE = "urn:example:bookings";

type Handler = (request: Request) => Promise<Response>;
type Factory = (handlers?: object, options?: object) => Handler;

const BOOKING = {
  booking: { guest: "Ada", nights: 2, price: { value: "120.50", currency: "EUR" }, id: "42" },
};
const CONFIRMATION = {
  code: "C-1",
  total: { value: "241.00", currency: "EUR" },
  status: "confirmed",
};

describe("the generated SOAP server, called as a fetch handler", () => {
  let createServer: Factory;
  let createMock: Factory;
  let buildEnvelope: (request: unknown, namespace: string) => string;
  let parseResponse: (xml: string) => unknown;

  beforeAll(async () => {
    const { files } = await generate({
      schemasDir: "",
      from: [BOOKINGS],
      cwd: PROJECT_ROOT,
      mock: { seed: 1 },
    });
    const pkg = await writePackage(files);
    const server = await pkg.load("bookings", "server");
    const xml = await pkg.load("bookings", "xml");
    createServer = server["createBookingsServer"] as Factory;
    createMock = server["createBookingsMock"] as Factory;
    buildEnvelope = xml["buildCreateBookingEnvelope"] as typeof buildEnvelope;
    parseResponse = xml["parseCreateBookingResponse"] as typeof parseResponse;
  }, 60_000);

  const post = (handler: Handler, body: string, contentType = "text/xml; charset=utf-8") =>
    handler(
      new Request("http://mock.test/bookings", {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      }),
    );

  it("dispatches by body element, hands the handler the request read and validated, and answers in schema order", async () => {
    const seen: unknown[] = [];
    const handler = createServer({
      CreateBooking: ({ body }: { body: unknown }) => {
        seen.push(body);
        return CONFIRMATION;
      },
    });
    const response = await post(handler, buildEnvelope(BOOKING, NAMESPACE));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain(`<CreateBookingResponse xmlns="${NAMESPACE}"`);
    expect(parseResponse(xml)).toEqual(CONFIRMATION);
    expect(seen).toEqual([BOOKING]);
  });

  it("answers SOAP 1.2 in a 1.2 envelope", async () => {
    const response = await post(
      createServer({ CreateBooking: () => CONFIRMATION }),
      buildEnvelope(BOOKING, NAMESPACE).replace(
        "http://schemas.xmlsoap.org/soap/envelope/",
        "http://www.w3.org/2003/05/soap-envelope",
      ),
      "application/soap+xml; charset=utf-8",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/soap+xml; charset=utf-8");
    expect(await response.text()).toContain("http://www.w3.org/2003/05/soap-envelope");
  });

  it("answers a client fault listing every problem with its path, never quoting a value", async () => {
    const bad = {
      booking: {
        ...BOOKING.booking,
        guest: "",
        nights: 2,
        price: { value: "-1", currency: "EURO" },
      },
    };
    const response = await post(createMock(), buildEnvelope(bad, NAMESPACE));
    expect(response.status).toBe(500);
    const xml = await response.text();
    expect(xml).toContain("<faultcode>soap:Client</faultcode>");
    expect([...xml.matchAll(/path="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "booking.price.value",
      "booking.price.currency",
    ]);
    expect(xml).not.toContain("EURO");
  });

  it("faults a body that is no envelope, an unknown operation, and a GET", async () => {
    const mock = createMock();
    expect(await (await post(mock, "not xml")).text()).toContain("not a SOAP envelope");
    const unknown = await post(
      mock,
      '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Other/></s:Body></s:Envelope>',
    );
    expect(await unknown.text()).toContain("No operation of this service has this body");
    const get = await mock(new Request("http://mock.test/bookings"));
    expect(await get.text()).toContain("soap:Client");
  });

  it("answers a server fault when a Prefer header asks for one, or when the handler's result breaks the contract", async () => {
    const preferred = await createMock()(
      new Request("http://mock.test/", {
        method: "POST",
        headers: { "content-type": "text/xml", prefer: "code=500" },
        body: buildEnvelope(BOOKING, NAMESPACE),
      }),
    );
    expect(await preferred.text()).toContain("<faultcode>soap:Server</faultcode>");
    const broken = await post(
      createServer({ CreateBooking: () => ({ ...CONFIRMATION, status: "lost" }) }),
      buildEnvelope(BOOKING, NAMESPACE),
    );
    const xml = await broken.text();
    expect(xml).toContain("The answer does not follow the contract");
    expect(xml).toContain('path="status"');
  });
});
