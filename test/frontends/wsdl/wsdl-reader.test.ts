import { describe, expect, it } from "vitest";
import { namespaceOf, positions, readWsdlFixture, XS } from "./helpers.js";

/**
 * A WSDL of this project's own making, unlike the published one in every
 * way that matters to a reader: a default WSDL namespace, an embedded schema
 * importing an XSD file of another namespace, attributes, simple content,
 * element references, a one-way operation, a fault, and a SOAP 1.2 binding
 * with a SOAP header.
 */
describe("the WSDL reader", () => {
  const ns = "urn:example:orders";
  const types = "urn:example:orders:types";
  const at = positions("orders.wsdl");
  const ref = (namespace: string, local: string, line: number, col: number) => ({
    name: { namespace, local },
    at: at(line, col),
  });

  it("reads messages, port types, a SOAP 1.2 binding with a header, and the service", async () => {
    const { wsdl, problems } = await readWsdlFixture("wsdl/orders", "orders.wsdl");
    expect(problems).toEqual([]);
    expect(wsdl).toMatchObject({
      file: "orders.wsdl",
      at: at(2, 1),
      name: "Orders",
      targetNamespace: ns,
      doc: "Places orders.",
    });
    expect([...wsdl!.messages.values()].map((m) => [m.name.local, m.parts])).toEqual([
      [
        "PlaceOrderIn",
        [
          {
            kind: "element",
            name: "body",
            at: at(23, 5),
            element: ref(types, "PlaceOrder", 23, 32),
          },
        ],
      ],
      [
        "PlaceOrderOut",
        [
          {
            kind: "element",
            name: "body",
            at: at(26, 5),
            element: ref(types, "PlaceOrderResponse", 26, 32),
          },
        ],
      ],
      [
        "ClientHeader",
        [
          {
            kind: "element",
            name: "header",
            at: at(29, 5),
            element: ref(types, "ClientInfo", 29, 34),
          },
        ],
      ],
      [
        "OrderFault",
        [
          {
            kind: "element",
            name: "fault",
            at: at(32, 5),
            element: ref(types, "OrderFault", 32, 33),
          },
        ],
      ],
      [
        "PingIn",
        [
          {
            kind: "element",
            name: "body",
            at: at(35, 5),
            element: ref("urn:example:orders:messages", "Ping", 35, 32),
          },
        ],
      ],
    ]);
    expect(wsdl!.portTypes.get("OrdersPort")).toEqual({
      name: { namespace: ns, local: "OrdersPort" },
      at: at(37, 3),
      operations: [
        {
          name: "PlaceOrder",
          at: at(38, 5),
          doc: "Places one order.",
          input: { message: ref(ns, "PlaceOrderIn", 40, 23), at: at(40, 7) },
          output: { message: ref(ns, "PlaceOrderOut", 41, 24), at: at(41, 7) },
          faults: [{ name: "OrderFault", message: ref(ns, "OrderFault", 42, 41), at: at(42, 7) }],
        },
        {
          name: "Ping",
          at: at(44, 5),
          input: { message: ref(ns, "PingIn", 45, 23), at: at(45, 7) },
          faults: [],
        },
      ],
      leftOut: [],
    });
    expect(wsdl!.bindings.get("OrdersSoap12")).toEqual({
      name: { namespace: ns, local: "OrdersSoap12" },
      at: at(48, 3),
      portType: ref(ns, "OrdersPort", 48, 38),
      soapVersion: "1.2",
      style: "document",
      transport: "http://schemas.xmlsoap.org/soap/http",
      operations: [
        {
          name: "PlaceOrder",
          at: at(50, 5),
          soapAction: "urn:example:orders/PlaceOrder",
          style: "document",
          input: {
            at: at(52, 7),
            body: { at: at(53, 9), use: "literal", parts: ["body"] },
            headers: [
              {
                at: at(54, 9),
                message: ref(ns, "ClientHeader", 54, 33),
                part: "header",
                use: "literal",
              },
            ],
          },
          output: { at: at(56, 7), body: { at: at(57, 9), use: "literal" }, headers: [] },
          faults: [{ at: at(59, 7), name: "OrderFault", use: "literal" }],
        },
        {
          name: "Ping",
          at: at(63, 5),
          soapAction: "",
          style: "document",
          input: { at: at(65, 7), body: { at: at(66, 9), use: "literal" }, headers: [] },
          faults: [],
        },
      ],
    });
    expect(wsdl!.services.get("OrdersService")).toEqual({
      name: { namespace: ns, local: "OrdersService" },
      at: at(70, 3),
      ports: [
        {
          name: "OrdersSoap12",
          at: at(71, 5),
          binding: ref(ns, "OrdersSoap12", 71, 40),
          address: {
            location: "https://orders.example.com/soap12",
            soapVersion: "1.2",
            at: at(72, 7),
          },
        },
      ],
    });
  });

  it("reads the embedded schema and the XSD it imports from another namespace", async () => {
    const { wsdl } = await readWsdlFixture("wsdl/orders", "orders.wsdl");
    const schemas = wsdl!.schemas;
    expect(
      schemas.documents.map((d) => [d.file, d.targetNamespace, d.directives.map((x) => x.file)]),
    ).toEqual([
      ["orders.wsdl", "urn:example:orders:messages", ["orders-types.xsd"]],
      ["orders-types.xsd", types, []],
    ]);
    const messages = namespaceOf(schemas, "urn:example:orders:messages");
    expect(messages.elements.get("Ping")?.type).toMatchObject({
      kind: "complexType",
      content: {
        particle: {
          particles: [
            {
              kind: "elementRef",
              ref: { name: { namespace: types, local: "orderId" } },
              occurs: { min: 0, max: 1 },
            },
          ],
        },
      },
    });
    const typed = namespaceOf(schemas, types);
    const xsdAt = positions("orders-types.xsd");
    // The XSD's default namespace is its target namespace: unprefixed type names resolve into it.
    expect(typed.complexTypes.get("Money")).toMatchObject({
      content: {
        kind: "simple",
        derivation: { method: "extension", base: { name: { namespace: XS, local: "decimal" } } },
      },
      attributes: [
        {
          kind: "attribute",
          name: { namespace: "", local: "currency" },
          type: { name: { namespace: types, local: "CurrencyCode" } },
          use: "required",
        },
      ],
    });
    expect(typed.complexTypes.get("OrderRequest")).toMatchObject({
      content: {
        particle: {
          particles: [
            {
              kind: "elementRef",
              ref: { name: { namespace: types, local: "orderId" }, at: xsdAt(25, 25) },
            },
            {
              kind: "element",
              name: { namespace: types, local: "amount" },
              type: { name: { namespace: types, local: "Money" } },
            },
            {
              kind: "element",
              name: { namespace: types, local: "note" },
              occurs: { min: 0, max: 1 },
            },
          ],
        },
      },
      attributes: [
        {
          kind: "attribute",
          name: { local: "channel" },
          default: { value: "web", at: xsdAt(29, 59) },
          use: "optional",
        },
      ],
    });
    expect(typed.elements.get("ClientInfo")?.type).toMatchObject({
      kind: "complexType",
      content: {
        kind: "simple",
        derivation: { base: { name: { namespace: XS, local: "string" } } },
      },
      attributes: [{ name: { local: "version" }, use: "required" }],
    });
  });

  it("keeps rpc style and encoded use for the description, and leaves out bindings and ports that are not SOAP, with a warning", async () => {
    const { wsdl, problems, warnings } = await readWsdlFixture("wsdl", "rpc-encoded.wsdl");
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      'rpc-encoded.wsdl:31:5: warning: <http:binding> is not read: only SOAP 1.1 and SOAP 1.2 bindings are; the binding "CalculatorHttp" and its ports are left out',
      'rpc-encoded.wsdl:35:7: warning: <http:address> is not read: only SOAP 1.1 and SOAP 1.2 addresses are; the port "CalculatorHttp" is left out',
    ]);
    expect([...wsdl!.bindings.keys()]).toEqual(["CalculatorRpc"]);
    expect(wsdl!.bindings.get("CalculatorRpc")!.operations).toMatchObject([
      { name: "Add", style: "rpc", input: { body: { use: "encoded" } } },
    ]);
    expect(wsdl!.services.get("Calculator")!.ports).toEqual([]);
  });

  it("checks what the parts of a WSDL say about each other, reporting every problem at once", async () => {
    const { problems } = await readWsdlFixture("wsdl", "broken-references.wsdl");
    expect(problems).toEqual([
      'broken-references.wsdl:11:37: element "Requets" (namespace urn:example:broken) is not defined in the schemas; did you mean "Request"?',
      'broken-references.wsdl:16:29: message "Out" (namespace urn:example:broken) is not defined',
      'broken-references.wsdl:22:3: binding "Binding" does not bind operation "Forgotten" of port type "Port"',
      'broken-references.wsdl:24:5: the binding of operation "Send" has no output, but the operation has one',
      'broken-references.wsdl:27:9: message "In" has no part "extra"',
      "broken-references.wsdl:28:9: <soap12:header> is a SOAP 1.2 element in a SOAP 1.1 binding",
      'broken-references.wsdl:28:9: message "In" has no part "missing"',
      'broken-references.wsdl:31:5: port type "Port" has no operation "Sned"',
      'broken-references.wsdl:37:7: port "Port" has a SOAP 1.2 address but its binding "Binding" is SOAP 1.1',
      'broken-references.wsdl:39:38: binding "NoSuchBinding" (namespace urn:example:broken) is not defined',
    ]);
  });

  it("refuses a file whose root is not wsdl:definitions, and a file that is missing", async () => {
    const schema = await readWsdlFixture("wsdl/orders", "orders-types.xsd");
    expect(schema.wsdl).toBeUndefined();
    expect(schema.problems).toEqual([
      "orders-types.xsd:2:1: the root element is <xsd:schema>, not a WSDL 1.1 wsdl:definitions (namespace http://schemas.xmlsoap.org/wsdl/)",
    ]);
    const missing = await readWsdlFixture("wsdl", "absent.wsdl");
    expect(missing.problems).toEqual(["absent.wsdl:1:1: cannot read absent.wsdl: no such file"]);
  });
});
