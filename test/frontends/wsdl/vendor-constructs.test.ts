import { describe, expect, it } from "vitest";
import type {
  FieldDescription,
  ServiceDescription,
  SoapOperationDescription,
  TypeDescription,
} from "../../../generator/description/description.js";
import { describeWsdl, vendorWsdl } from "./vendor-wsdl.js";

/**
 * What SOAP vendors publish and the front end once refused, each read now:
 * bare document/literal responses, identity constraints, mixed content, a
 * field an extension redefines, `maxOccurs="0"`, ports of both SOAP versions
 * and a credentials element in every request.
 */

const PING = `<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`;

function typeOf(service: ServiceDescription, name: string): TypeDescription {
  const t = service.types.find((x) => x.name === name);
  if (!t) throw new Error(`no type ${name}; types: ${service.types.map((x) => x.name).join(", ")}`);
  return t;
}

function soapOperation(service: ServiceDescription, name: string): SoapOperationDescription {
  const op = service.operations.find((o) => o.name === name);
  if (op?.protocol !== "soap") throw new Error(`no SOAP operation ${name}`);
  return op;
}

const fieldLine = (f: FieldDescription) =>
  `${f.name}: ${f.type.name}${f.required ? " required" : ""}${f.list ? " list" : ""}${f.xml ? ` (${f.xml.node})` : ""}${f.facets.map((x) => ` ${x.key}=${x.value}`).join("")}`;

async function readOk(
  schema: string,
  operations = [{ name: "Ping", request: "Ping", response: "PingResponse" }],
  options: { soap12?: boolean } = {},
): Promise<ServiceDescription> {
  const { service, problems } = await describeWsdl(vendorWsdl(schema, operations, options));
  expect(problems).toEqual([]);
  return service!;
}

describe("the response of a document/literal operation", () => {
  const table: {
    given: string;
    response: string;
    want: {
      result: string;
      bare: boolean;
      resultElement?: string;
      fields: string[];
    };
  }[] = [
    {
      given: "a wrapper of one result element of a complex type (wrapped)",
      response: `<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="tns:Outcome"/></s:sequence></s:complexType></s:element>
        <s:complexType name="Outcome"><s:sequence><s:element name="code" type="s:int"/></s:sequence></s:complexType>`,
      want: { result: "Outcome", bare: false, fields: ["code: int required"] },
    },
    {
      given: "many children (bare: the response element is the result)",
      response: `<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="code" type="s:int"/><s:element name="text" type="s:string" minOccurs="0"/></s:sequence></s:complexType></s:element>`,
      want: {
        result: "PingResponse",
        bare: true,
        fields: ["code: int required", "text: string"],
      },
    },
    {
      given: "one child of a simple type (bare)",
      response: `<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="echo" type="s:string"/></s:sequence></s:complexType></s:element>`,
      want: {
        result: "PingResponse",
        bare: true,
        fields: ["echo: string required"],
      },
    },
    {
      given: "a named type with attributes (bare)",
      response: `<s:element name="PingResponse" type="tns:Reply"/>
        <s:complexType name="Reply"><s:sequence><s:element name="item" type="tns:Item"/></s:sequence><s:attribute name="version" type="s:string"/></s:complexType>
        <s:complexType name="Item"><s:sequence><s:element name="n" type="s:int"/></s:sequence></s:complexType>`,
      want: {
        result: "Reply",
        bare: true,
        fields: ["item: Item required", "version: string (attribute)"],
      },
    },
    {
      given: "nothing (bare, an empty result)",
      response: `<s:element name="PingResponse"><s:complexType/></s:element>`,
      want: { result: "PingResponse", bare: true, fields: [] },
    },
  ];
  it.each(table)("$given", async ({ response, want }) => {
    const service = await readOk(`${PING}${response}`);
    const op = soapOperation(service, "Ping");
    expect(op.responseType.name).toBe(want.result);
    expect(op.bare === true).toBe(want.bare);
    expect(typeOf(service, want.result).fields.map(fieldLine)).toEqual(want.fields);
    expect(op.notes.some((n) => n.text.startsWith("Document/literal bare"))).toBe(want.bare);
  });

  it("refuses a response element of a simple type, at its position", async () => {
    const { problems } = await describeWsdl(
      vendorWsdl(`${PING}<s:element name="PingResponse" type="s:string"/>`, [
        { name: "Ping", request: "Ping", response: "PingResponse" },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^vendor\.wsdl:\d+:\d+: the response element PingResponse of "Ping" must be of a complex type$/,
      ),
    ]);
  });
});

describe("schema constructs read with a note instead of refused", () => {
  const wrap = (type: string) =>
    `${PING}<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="tns:R"/></s:sequence></s:complexType></s:element>${type}`;
  const table: {
    given: string;
    schema: string;
    want: { type: string; fields: string[]; extends?: string; note?: RegExp };
  }[] = [
    {
      given: "identity constraints (xs:unique, xs:key, xs:keyref) on an element",
      schema:
        wrap(`<s:complexType name="R"><s:sequence><s:element name="items"><s:complexType><s:sequence><s:element name="item" type="s:string" maxOccurs="unbounded"/></s:sequence></s:complexType>
        <s:unique name="oneEach"><s:selector xpath="tns:item"/><s:field xpath="."/></s:unique><s:key name="k"><s:selector xpath="tns:item"/><s:field xpath="."/></s:key><s:keyref name="r" refer="tns:k"><s:selector xpath="tns:item"/><s:field xpath="."/></s:keyref></s:element></s:sequence></s:complexType>`),
      want: {
        type: "R",
        fields: ["items: RItems required"],
        note: /^The contract declares the identity constraint xs:unique "oneEach" here: it is not checked\.$/,
      },
    },
    {
      given: "mixed content: its text is the field text",
      schema: wrap(
        `<s:complexType name="R" mixed="true"><s:sequence><s:element name="b" type="s:string" minOccurs="0"/></s:sequence><s:attribute name="lang" type="s:string"/></s:complexType>`,
      ),
      want: {
        type: "R",
        fields: ["b: string", "text: string (text)", "lang: string (attribute)"],
        note: /^Mixed content: the text between the elements is the field "text"/,
      },
    },
    {
      given: "an extension that redefines a field of its base: the derived definition",
      schema:
        wrap(`<s:complexType name="Base"><s:sequence><s:element name="id" type="s:string"/><s:element name="when" type="s:date"/></s:sequence></s:complexType>
        <s:complexType name="R"><s:complexContent><s:extension base="tns:Base"><s:sequence><s:element name="id" type="s:int"/><s:element name="extra" type="s:string" minOccurs="0"/></s:sequence></s:extension></s:complexContent></s:complexType>`),
      want: {
        type: "R",
        fields: ["when: date required", "id: int required", "extra: string"],
        note: /^Extends Base and redefines "id": the derived definition is taken/,
      },
    },
    {
      given: 'an element with maxOccurs="0": no field',
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="kept" type="s:string"/><s:element name="gone" type="s:string" minOccurs="0" maxOccurs="0"/></s:sequence></s:complexType>`,
      ),
      want: {
        type: "R",
        fields: ["kept: string required"],
        note: /^The element "gone" has maxOccurs="0" in the contract: it never occurs, so it has no field\.$/,
      },
    },
    {
      given: "an xs:list simple type: its text as a string",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="sizes"><s:simpleType><s:list itemType="s:int"/></s:simpleType></s:element></s:sequence></s:complexType>`,
      ),
      want: {
        type: "R",
        fields: ["sizes: string required"],
        note: /^An xs:list \(items separated by white space\) in the contract: its text as one string here/,
      },
    },
    {
      given: "an xs:union simple type: its text as a string",
      schema: wrap(
        `<s:simpleType name="Code"><s:union memberTypes="s:int s:date"/></s:simpleType><s:complexType name="R"><s:sequence><s:element name="code" type="tns:Code"/></s:sequence></s:complexType>`,
      ),
      want: {
        type: "R",
        fields: ["code: string required"],
        note: /^An xs:union \(a value of any of its member types\) in the contract/,
      },
    },
    {
      given: "whiteSpace other than the type's own: the value as it is",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="name"><s:simpleType><s:restriction base="s:string"><s:whiteSpace value="collapse"/></s:restriction></s:simpleType></s:element></s:sequence></s:complexType>`,
      ),
      want: {
        type: "R",
        fields: ["name: string required"],
        note: /^whiteSpace "collapse" in the contract: the value is read and written as it is/,
      },
    },
    {
      given: "a pattern restricting a type that has another: both, as one pattern",
      schema:
        wrap(`<s:simpleType name="Digits"><s:restriction base="s:string"><s:pattern value="[0-9]+"/></s:restriction></s:simpleType>
        <s:complexType name="R"><s:sequence><s:element name="pin"><s:simpleType><s:restriction base="tns:Digits"><s:pattern value=".{4}"/></s:restriction></s:simpleType></s:element></s:sequence></s:complexType>`),
      want: {
        type: "R",
        fields: ["pin: string required pattern=^(?=(?:[0-9]+)$)(?:.{4})$"],
      },
    },
    {
      given: "a restriction of a complex type with simple content: read as its base",
      schema:
        wrap(`<s:complexType name="Price"><s:simpleContent><s:extension base="s:decimal"><s:attribute name="currency" type="s:string"/></s:extension></s:simpleContent></s:complexType>
        <s:complexType name="R"><s:simpleContent><s:restriction base="tns:Price"><s:maxInclusive value="100"/></s:restriction></s:simpleContent></s:complexType>`),
      want: {
        type: "R",
        fields: [],
        extends: "Price",
        note: /^A restriction of Price \(simple content\): read as Price/,
      },
    },
  ];
  it.each(table)("$given", async ({ schema, want }) => {
    const service = await readOk(schema);
    const t = typeOf(service, want.type);
    expect(t.fields.map(fieldLine)).toEqual(want.fields);
    expect(t.extends?.name).toBe(want.extends);
    const notes = [
      ...t.notes,
      ...t.fields.flatMap((f) => f.notes),
      ...service.types.flatMap((x) => x.fields.flatMap((f) => f.notes)),
    ].map((n) => n.text);
    if (want.note !== undefined) expect(notes.some((n) => want.note!.test(n))).toBe(true);
    else expect(notes.filter((n) => /pattern/.test(n))).toEqual([]);
  });

  it("checks a restriction's pattern and its base's together", () => {
    const both = new RegExp("^(?=(?:[0-9]+)$)(?:.{4})$", "u");
    expect(["1234", "12a4", "12345", "123"].map((v) => both.test(v))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("ports of both SOAP versions", () => {
  it("offers SOAP 1.2 by option beside the default SOAP 1.1, each with its port's address", async () => {
    const service = await readOk(
      `${PING}<s:element name="PingResponse"><s:complexType/></s:element>`,
      undefined,
      { soap12: true },
    );
    expect(service.soap).toMatchObject({
      endpoint: "http://127.0.0.1:9/soap11",
      versions: [
        { soapVersion: "1.1", endpoint: "http://127.0.0.1:9/soap11" },
        { soapVersion: "1.2", endpoint: "http://127.0.0.1:9/soap12" },
      ],
    });
    expect(service.soap?.soapVersion).toBeUndefined();
  });

  it("offers no choice with one port", async () => {
    const service = await readOk(
      `${PING}<s:element name="PingResponse"><s:complexType/></s:element>`,
    );
    expect(service.soap?.versions).toBeUndefined();
  });
});

describe("a credentials element in every request", () => {
  const auth = `<s:complexType name="MerchantAuthenticationType"><s:sequence><s:element name="name" type="s:string" minOccurs="0"/><s:element name="transactionKey" type="s:string" minOccurs="0"/></s:sequence></s:complexType>
    <s:complexType name="Reply"><s:sequence><s:element name="code" type="s:string"/></s:sequence></s:complexType>`;
  const request = (name: string, credentials: string) =>
    `<s:element name="${name}"><s:complexType><s:sequence>${credentials}<s:element name="amount" type="s:decimal" minOccurs="0"/></s:sequence></s:complexType></s:element>
     <s:element name="${name}Response"><s:complexType><s:sequence><s:element name="${name}Result" type="tns:Reply"/></s:sequence></s:complexType></s:element>`;
  const ops = ["Charge", "Refund", "IsAlive"].map((name) => ({
    name,
    request: name,
    response: `${name}Response`,
  }));
  const merchant = `<s:element name="merchantAuthentication" type="tns:MerchantAuthenticationType" minOccurs="0"/>`;
  const emptyIsAlive = `<s:element name="IsAlive"><s:complexType/></s:element><s:element name="IsAliveResponse"><s:complexType><s:sequence><s:element name="IsAliveResult" type="tns:Reply"/></s:sequence></s:complexType></s:element>`;
  const table: {
    given: string;
    schema: string;
    want: { credentials?: string; auth: Record<string, boolean> };
  }[] = [
    {
      given: "the same merchantAuthentication in every request with fields",
      schema: `${auth}${request("Charge", merchant)}${request("Refund", merchant)}${emptyIsAlive}`,
      want: {
        credentials: "merchantAuthentication",
        auth: { Charge: true, Refund: true, IsAlive: false },
      },
    },
    {
      given: "an element missing from one request: no credentials option",
      schema: `${auth}${request("Charge", merchant)}${request("Refund", "")}${emptyIsAlive}`,
      want: { auth: { Charge: false, Refund: false, IsAlive: false } },
    },
    {
      given: "a common element whose names say nothing of authentication: no credentials option",
      schema: `${auth}${request("Charge", `<s:element name="context" type="tns:Reply"/>`)}${request("Refund", `<s:element name="context" type="tns:Reply"/>`)}${emptyIsAlive}`,
      want: { auth: { Charge: false, Refund: false, IsAlive: false } },
    },
  ];
  it.each(table)("$given", async ({ schema, want }) => {
    const service = await readOk(schema, ops);
    expect(service.soap?.credentials?.name).toBe(want.credentials);
    expect(
      Object.fromEntries(service.operations.map((o) => [o.name, o.protocol === "soap" && o.auth])),
    ).toEqual(want.auth);
  });
});

describe("several patterns in one restriction", () => {
  it("are one pattern of their alternatives: a value matches any of them", async () => {
    const service = await readOk(
      `${PING}<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="tns:R"/></s:sequence></s:complexType></s:element>
      <s:complexType name="R"><s:sequence><s:element name="code"><s:simpleType><s:restriction base="s:string"><s:pattern value="[A-Z]{2}"/><s:pattern value="[0-9]{3}"/></s:restriction></s:simpleType></s:element></s:sequence></s:complexType>`,
    );
    const pattern = typeOf(service, "R").fields[0]!.facets.find((f) => f.key === "pattern")!.value;
    // XML Schema patterns match the whole value: the front end anchors their alternatives as one.
    expect(pattern).toBe("^(?:([A-Z]{2})|([0-9]{3}))$");
    const whole = new RegExp(String(pattern), "u");
    expect(["AB", "123", "AB1", "12"].map((v) => whole.test(v))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("more of what a vendor's contract may hold, read locally", () => {
  const wrap = (type: string) =>
    `${PING}<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="tns:R"/></s:sequence></s:complexType></s:element>${type}`;

  it("an optional group reference: its fields are optional", async () => {
    const service = await readOk(
      wrap(`<s:group name="Extra"><s:sequence><s:element name="a" type="s:string"/><s:element name="b" type="s:int"/></s:sequence></s:group>
        <s:complexType name="R"><s:sequence><s:element name="id" type="s:string"/><s:group ref="tns:Extra" minOccurs="0"/></s:sequence></s:complexType>`),
    );
    expect(typeOf(service, "R").fields.map(fieldLine)).toEqual([
      "id: string required",
      "a: string",
      "b: int",
    ]);
  });

  it("a one-way operation: left out with a service note, the others generated", async () => {
    const schema = `${PING}<s:element name="PingResponse"><s:complexType/></s:element><s:element name="Notify"><s:complexType/></s:element>`;
    const text = vendorWsdl(schema, [
      { name: "Ping", request: "Ping", response: "PingResponse" },
      { name: "Notify", request: "Notify", response: "PingResponse" },
    ])
      .replace(`<wsdl:output message="tns:NotifyOut"/>`, "")
      .replace(
        /(<wsdl:operation name="Notify"><soap:operation[^>]*\/><wsdl:input><soap:body use="literal"\/><\/wsdl:input>)<wsdl:output><soap:body use="literal"\/><\/wsdl:output>/,
        "$1",
      );
    const { service, problems } = await describeWsdl(text);
    expect(problems).toEqual([]);
    expect(service!.operations.map((o) => o.name)).toEqual(["Ping"]);
    expect(service!.notes.map((n) => n.text)).toContain(
      'The operation "Notify" is one-way (no output): it has no client method; only request-response operations are generated.',
    );
  });
});
