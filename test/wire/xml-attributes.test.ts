import { beforeAll, describe, expect, it } from "vitest";
import { fn } from "../helpers/generated.js";
import { generateSchemas, problemsOf, SOAP_SERVICE } from "../helpers/temp-schemas.js";
import { writePackage } from "../helpers/temp-package.js";

/**
 * Attributes, simple content (a value with attributes) and nillable elements,
 * from a hand-written YAML schema: the envelope a client writes, what a
 * server reads back, what a client reads, and what the checker refuses.
 */
const TYPES = `
  Amount:
    doc: A value with attributes.
    fields:
      - { name: value, type: decimal, xml: text, required: true }
      - { name: currency, type: string, xml: attribute, required: true, minLength: 3, maxLength: 3 }
  Line:
    fields:
      - { name: sku, type: string, required: true }
  Order:
    fields:
      - { name: id, type: long, xml: attribute, required: true }
      - { name: channel, type: Channel, xml: attribute }
      - { name: total, type: Amount, required: true }
      - { name: note, type: string, nullable: true }
      - { name: tags, type: string, list: { item: tag }, nullable: true }
      - { name: line, type: Line, nullable: true }
enums:
  Channel:
    values: [web, phone]
`;

const OPERATIONS = `operations:
  PlaceOrder:
    auth: false
    doc: Places an order.
    request:
      fields:
        - { name: order, type: Order, required: true }
    response:
      fields:
        - { name: total, type: Amount, required: true }
        - { name: note, type: string, nullable: true }
`;

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';

describe("XML attributes, simple content and xsi:nil", () => {
  let xml: Record<string, unknown>;
  let server: Record<string, unknown>;
  let validators: Record<string, unknown>;

  beforeAll(async () => {
    const { files } = await generateSchemas(
      {
        "svc/service.yaml": `${SOAP_SERVICE}${TYPES}`,
        "svc/operations.yaml": OPERATIONS,
      },
      { server: true },
    );
    const pkg = await writePackage(files);
    [xml, server, validators] = await Promise.all([
      pkg.load("svc", "xml"),
      pkg.load("svc", "server"),
      pkg.load("svc", "validators"),
    ]);
  });

  const order = {
    id: "9007199254740993",
    channel: "web",
    total: { value: "10.50", currency: "EUR" },
    note: null,
    tags: ["a", null, "b"],
    line: null,
  };

  it("writes attributes on the element, the text as its content and null as xsi:nil", () => {
    const envelope = fn<(r: object, ns: string) => string>(xml, "buildPlaceOrderEnvelope")(
      { order },
      "urn:x",
    );
    expect(envelope).toContain(
      `<order id="9007199254740993" channel="web"><total currency="EUR">10.50</total><note ${XSI}></note><tags><tag>a</tag><tag ${XSI}></tag><tag>b</tag></tags><line ${XSI}></line></order>`,
    );
    // What a server reads is what was sent: attributes, the text and the nulls.
    expect(fn<(x: string) => unknown>(server, "readPlaceOrderEnvelope")(envelope)).toEqual({
      order,
    });
  });

  it("reads a value with attributes, and the text alone when it has none", () => {
    const parse = fn<(x: string) => unknown>(xml, "parsePlaceOrderResponse");
    const answer = (inner: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><PlaceOrderResponse xmlns="urn:x"><PlaceOrderResult>${inner}</PlaceOrderResult></PlaceOrderResponse></s:Body></s:Envelope>`;
    expect(
      parse(
        answer(
          `<total currency="USD">1.00</total><note xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="1"/>`,
        ),
      ),
    ).toEqual({
      total: { value: "1.00", currency: "USD" },
      note: null,
    });
    expect(parse(answer(`<total currency="USD" xml:lang="en">0</total><note>kept</note>`))).toEqual(
      { total: { value: "0", currency: "USD" }, note: "kept" },
    );
    // A required attribute missing, a text that is no decimal, a nil where null is not allowed: typed errors.
    // (The package carries its own runtime, so its errors are told by name and message.)
    const failure = (inner: string) => {
      try {
        parse(answer(inner));
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
      return "no error";
    };
    expect(failure(`<total>1.00</total>`)).toBe(
      "ParseError: PlaceOrderResult.total.currency: required element is missing",
    );
    expect(failure(`<total currency="USD">ten</total>`)).toMatch(
      /^ParseError: PlaceOrderResult\.total\.value: /,
    );
    expect(failure(`<total ${XSI} currency="USD"/>`)).toMatch(
      /^ParseError: PlaceOrderResult\.total\.value: /,
    );
  });

  it("validates null only where the schema allows it, and an attribute's facets", () => {
    const validate = fn<(v: unknown) => { ok: boolean; issues?: { path: string }[] }>(
      validators,
      "validatePlaceOrderRequest",
    );
    expect(validate({ order }).ok).toBe(true);
    const wrong = validate({
      order: { ...order, id: null, total: { value: "1", currency: "EURO" } },
    });
    expect(wrong.ok).toBe(false);
    expect(wrong.issues?.map((i) => i.path).sort()).toEqual(["order.id", "order.total.currency"]);
  });

  it("refuses attributes and text where XML cannot carry them, each at its position", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": `${SOAP_SERVICE}
  Bad:
    fields:
      - { name: obj, type: Req, xml: attribute }
      - { name: many, type: string, xml: attribute, list: true }
      - { name: nil, type: string, xml: attribute, nullable: true }
  Mixed:
    fields:
      - { name: value, type: string, xml: text }
      - { name: child, type: string }
  Twice:
    fields:
      - { name: a, type: string, xml: text }
      - { name: b, type: string, xml: text }
  Fixed:
    fields:
      - { name: c, type: string, const: x, nullable: true }
      - { name: d, type: string, xml: element }
`,
    });
    expect(problems).toEqual([
      'schemas/svc/service.yaml:19:38: "obj" is an attribute and so holds a scalar or enum value, not the object "Req"',
      'schemas/svc/service.yaml:20:42: "many" is an attribute and so holds one value, not a list',
      'schemas/svc/service.yaml:21:41: "nil" is an attribute and cannot be nil: only an element can (xsi:nil)',
      'schemas/svc/service.yaml:25:17: "Mixed" has a text field ("value") and so no child elements: make "child" an attribute, or the text an element',
      'schemas/svc/service.yaml:29:39: "Twice" already has a text field ("a"): an element has one text',
      'schemas/svc/service.yaml:32:54: "c" has a const and cannot be null',
      "schemas/svc/service.yaml:33:39: xml must be one of attribute, text (a field is a child element unless it says otherwise)",
    ]);
  });
});
