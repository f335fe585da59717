import { describe, expect, it } from "vitest";
import { emitXml } from "../../../generator/emit/emit-xml.js";
import { emitDescriptions } from "../../../generator/emit/emit-descriptions.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  scalar,
  ref,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";

/** emit-xml and the XML parts of emit-validators: small models in, exact declarations out. */
const AMOUNT = objectType("Amount", [
  field("value", scalar("decimal"), { required: true, xml: "text" }),
  field("currency", scalar("string"), { required: true, xml: "attribute" }),
]);

describe("emitXml", () => {
  const table: {
    name: string;
    given: Parameters<typeof soapService>[0];
    emitted: string;
    want: string;
  }[] = [
    {
      name: "an attribute, the text of a value with attributes, and null as xsi:nil",
      given: {
        types: [
          AMOUNT,
          objectType("Order", [
            field("total", ref("object", "Amount"), { required: true }),
            field("note", scalar("string"), { nullable: true }),
          ]),
          objectType("Done", []),
        ],
        operations: [soapOperation("Place", "Order", "Done")],
      },
      emitted: "xmlOfOrder",
      want: `function xmlOfOrder(value: Order): XmlInput {
  return {
    total: value.total === undefined ? undefined : xmlOfAmount(value.total),
    note: value.note === undefined ? undefined : value.note === null ? XML_NIL : value.note,
  };
}`,
    },
    {
      name: "the value with attributes itself",
      given: {
        types: [AMOUNT, objectType("Done", [])],
        operations: [soapOperation("Pay", "Amount", "Done")],
      },
      emitted: "xmlOfAmount",
      want: `function xmlOfAmount(value: Amount): XmlInput {
  return {
    "#text": value.value,
    "@_currency": value.currency,
  };
}`,
    },
    {
      name: "elements of another namespace are prefixed, the prefixes declared on the operation element",
      given: {
        types: [
          objectType("Req", [
            field("id", scalar("long"), { namespace: "urn:types" }),
            field("tags", scalar("string"), {
              list: { min: 0, item: "tag", itemNamespace: "urn:types" },
            }),
          ]),
          objectType("Done", []),
        ],
        operations: [soapOperation("Send", "Req", "Done")],
      },
      emitted: "buildSendEnvelope",
      want: `/** The SOAP envelope of a \`Send\` request: the \`Send\` element in the given namespace, its elements in schema order. */
export function buildSendEnvelope(request: Req, namespace: string): string {
  return soapEnvelope(namespace, "Send", { "@_xmlns:ns1": "urn:types", ...xmlOfReq(request) });
}`,
    },
    {
      name: "a writer prefixes an element, and the items of a wrapper, of another namespace",
      given: {
        types: [
          objectType("Req", [
            field("id", scalar("long"), { namespace: "urn:types" }),
            field("tags", scalar("string"), {
              list: { min: 0, item: "tag", itemNamespace: "urn:types" },
            }),
          ]),
          objectType("Done", []),
        ],
        operations: [soapOperation("Send", "Req", "Done")],
      },
      emitted: "xmlOfReq",
      want: `function xmlOfReq(value: Req): XmlInput {
  return {
    "ns1:id": value.id,
    tags: value.tags === undefined ? undefined : { "ns1:tag": value.tags },
  };
}`,
    },
    {
      name: "a SOAP header element from the headers argument, in its own namespace",
      given: {
        types: [
          objectType("Req", []),
          objectType("Token", [field("value", scalar("string"), { required: true })]),
          objectType("Done", []),
        ],
        operations: [
          soapOperation("Ping", "Req", "Done", {
            headers: [{ name: "Auth", type: "Token", namespace: "urn:auth" }],
          }),
        ],
      },
      emitted: "buildPingEnvelope",
      want: `/** The SOAP envelope of a \`Ping\` request: the \`Ping\` element in the given namespace, its elements in schema order. The SOAP header carries \`Auth\` from \`headers\`. */
export function buildPingEnvelope(
  request: Req,
  namespace: string,
  headers?: { readonly Auth?: Token },
): string {
  return soapEnvelope(namespace, "Ping", xmlOfReq(request), "1.1", {
    ...(headers?.Auth === undefined
      ? {}
      : { Auth: { "@_xmlns": "urn:auth", ...xmlOfToken(headers?.Auth) } }),
  });
}`,
    },
    {
      name: "a result the contract makes optional reads as undefined",
      given: {
        types: [objectType("Req", []), objectType("Done", [field("ok", scalar("boolean"))])],
        operations: [soapOperation("Ping", "Req", "Done", { resultOptional: true })],
      },
      emitted: "parsePingResponse",
      want: `/** The typed \`PingResult\` of a \`PingResponse\` envelope. Throws \`SoapFaultError\` for a SOAP Fault and \`ParseError\` for anything that is not the expected envelope or does not fit its type (unknown data: see \`ReadOptions.onUnknown\`). A result whose \`resultCode\` is Error holds only the fields the service sent: the client hands it over as \`Partial\` (or an \`ApiError\`). The contract lets the response leave the \`PingResult\` out: it is \`undefined\` then. */
export function parsePingResponse(
  xml: string | Uint8Array,
  options?: ReadOptions,
): Done | undefined {
  const o = xmlReadContext(options);
  const value = soapResult(xml, "PingResponse", "PingResult", options, true);
  if (value === undefined) return undefined;
  // An Error result usually lacks what a success carries: it is read for what it holds, and the client hands it over as Partial.
  if (isErrorResult(value))
    return errorResult(readDone(value, "PingResult", errorResultContext(o)));
  return readDone(value, "PingResult", o);
}`,
    },
  ];
  it.each(table)("$name", async ({ given, emitted, want }) => {
    expect(declaration(await emitWith(emitXml, soapService(given)), emitted)).toBe(want);
  });
});

describe("emitDescriptions: choice groups", () => {
  it("checks each group after the fields", async () => {
    const contact = objectType(
      "Contact",
      [field("email", scalar("string")), field("phone", scalar("string"))],
      { choices: [{ fields: ["email", "phone"], required: true }] },
    );
    const service = soapService({
      types: [contact, objectType("Done", [])],
      operations: [soapOperation("Add", "Contact", "Done")],
    });
    expect(declaration(await emitWith(emitDescriptions, service), "descriptionOfContact"))
      .toBe(`export const descriptionOfContact: ObjectDescription = {
  fields: [
    { name: "email", type: stringScalar },
    { name: "phone", type: stringScalar },
  ],
  groups: [{ fields: ["email", "phone"], required: true }],
};`);
  });
});
