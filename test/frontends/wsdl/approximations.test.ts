import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  Diagnostics,
  formatDiagnostic,
  SchemaErrors,
} from "../../../generator/diagnostics/diagnostic.js";
import { warningSummary } from "../../../generator/diagnostics/warning-summary.js";
import { readContracts } from "../../../generator/frontends/registry.js";
import {
  readWsdlContract,
  readXsdContract,
} from "../../../generator/frontends/wsdl/read-contract.js";
import { loadCheckedModel } from "../../../generator/generate.js";
import { describeWithSpecs, SHARED_SPECS } from "../../helpers/shared-specs.js";
import { vendorWsdl, writeContract } from "./vendor-wsdl.js";

/**
 * What the WSDL and XSD front end reads approximately is a positioned
 * warning of a short kind: counted in the run's summary, listed in the
 * package README (the service's approximations), an error under `--strict`.
 * Each case: a small contract in, the exact warning out, at the position of
 * the construct (found in the contract's text, not copied from the output).
 */

const PING = `<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`;
const wrap = (types: string) =>
  `${PING}<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="tns:R"/></s:sequence></s:complexType></s:element>${types}`;

/** `line:col` of the first `needle` in `text` (the start of its tag). */
function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in the contract`);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/** The warnings of reading a WSDL text, formatted as the command prints them, and the service's approximations. */
async function warningsOf(text: string) {
  const full = await writeContract(text);
  const diagnostics = new Diagnostics();
  const description = await readWsdlContract(path.basename(full), path.dirname(full), diagnostics);
  return {
    errors: diagnostics.sorted().map(formatDiagnostic),
    warnings: diagnostics.warnings().map(formatDiagnostic),
    approximations: description.services[0]?.approximations ?? [],
  };
}

describe("WSDL and XSD constructs read approximately are positioned warnings", () => {
  // `path`: where the warning is, as an XML path (printed as a JSON document's pointer is).
  const table: { given: string; path: string; schema: string; at: string; want: string }[] = [
    {
      given: "a restriction of a complex type with simple content",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:simpleContent/s:restriction",
      schema:
        wrap(`<s:complexType name="Price"><s:simpleContent><s:extension base="s:decimal"><s:attribute name="currency" type="s:string"/></s:extension></s:simpleContent></s:complexType>
<s:complexType name="R"><s:simpleContent><s:restriction base="tns:Price"><s:maxInclusive value="100"/></s:restriction></s:simpleContent></s:complexType>`),
      at: `<s:restriction base="tns:Price">`,
      want: "warning: R restricts Price (simple content) and is read as Price: the restriction's facets are not checked",
    },
    {
      given: "mixed content",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']",
      schema: wrap(
        `<s:complexType name="R" mixed="true"><s:sequence><s:element name="b" type="s:string" minOccurs="0"/></s:sequence></s:complexType>`,
      ),
      at: `<s:complexType name="R" mixed="true">`,
      want: 'warning: R has mixed content: the text between its elements is the one field "text" (its pieces joined), and where each piece stood is not kept',
    },
    {
      given: "an extension that redefines a field of its base",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:complexContent/s:extension/s:sequence/s:element[@name='id']",
      schema:
        wrap(`<s:complexType name="Base"><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType>
<s:complexType name="R"><s:complexContent><s:extension base="tns:Base"><s:sequence><s:element name="id" type="s:int"/></s:sequence></s:extension></s:complexContent></s:complexType>`),
      at: `<s:element name="id" type="s:int"/>`,
      want: 'warning: R extends Base and redefines "id": the derived definition is taken, and R holds the fields of Base rather than extending it',
    },
    {
      given: "an xs:list simple type",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:element[@name='sizes']/s:simpleType/s:list",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="sizes"><s:simpleType><s:list itemType="s:int"/></s:simpleType></s:element></s:sequence></s:complexType>`,
      ),
      at: `<s:list itemType="s:int"/>`,
      want: "warning: an xs:list is read as its text, one string: its items are not checked",
    },
    {
      given: "an xs:union simple type",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:simpleType[@name='Code']/s:union",
      schema: wrap(
        `<s:simpleType name="Code"><s:union memberTypes="s:int s:date"/></s:simpleType><s:complexType name="R"><s:sequence><s:element name="code" type="tns:Code"/></s:sequence></s:complexType>`,
      ),
      at: `<s:union memberTypes="s:int s:date"/>`,
      want: "warning: an xs:union is read as its text, one string: its member types are not checked",
    },
    {
      given: "whiteSpace other than the type's own",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:element[@name='name']/s:simpleType/s:restriction/s:whiteSpace",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="name"><s:simpleType><s:restriction base="s:string"><s:whiteSpace value="collapse"/></s:restriction></s:simpleType></s:element></s:sequence></s:complexType>`,
      ),
      at: `<s:whiteSpace value="collapse"/>`,
      want: 'warning: whiteSpace "collapse" is not applied: the value is read and written as it is',
    },
    {
      given: "an identity constraint",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:element[@name='items']/s:unique[@name='oneEach']",
      schema:
        wrap(`<s:complexType name="R"><s:sequence><s:element name="items"><s:complexType><s:sequence><s:element name="item" type="s:string" maxOccurs="unbounded"/></s:sequence></s:complexType>
<s:unique name="oneEach"><s:selector xpath="tns:item"/><s:field xpath="."/></s:unique></s:element></s:sequence></s:complexType>`),
      at: `<s:unique name="oneEach">`,
      want: 'warning: the identity constraint xs:unique "oneEach" of the element items is not checked',
    },
    {
      given: "xs:anyAttribute",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:anyAttribute",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="a" type="s:string"/></s:sequence><s:anyAttribute processContents="lax"/></s:complexType>`,
      ),
      at: `<s:anyAttribute processContents="lax"/>`,
      want: "warning: R allows other attributes (xs:anyAttribute): they are not read or written",
    },
    {
      given: "a repeated choice",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:choice",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:choice minOccurs="0" maxOccurs="unbounded"><s:element name="add" type="s:string"/><s:element name="drop" type="s:string"/></s:choice></s:sequence></s:complexType>`,
      ),
      at: `<s:choice minOccurs="0" maxOccurs="unbounded">`,
      want: 'warning: a repeated choice of "add", "drop" is read as one list per member: the order of the elements across members is not kept',
    },
    {
      given: "a choice whose branches hold several elements",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:choice",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="id" type="s:string"/><s:choice><s:sequence><s:element name="card" type="s:string"/><s:element name="expiry" type="s:string"/></s:sequence><s:element name="token" type="s:string"/></s:choice></s:sequence></s:complexType>`,
      ),
      at: `<s:choice><s:sequence>`,
      want: 'warning: a choice of "card", "expiry", "token" is read as optional fields: that exactly one branch is given is not checked',
    },
    {
      given: "an xs:extension directly in xs:complexType (no xs:complexContent)",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:extension",
      schema: wrap(
        `<s:complexType name="Base"><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType><s:complexType name="R"><s:extension base="tns:Base"><s:sequence><s:element name="more" type="s:string"/></s:sequence></s:extension></s:complexType>`,
      ),
      at: `<s:extension base="tns:Base">`,
      want: "warning: <s:extension> is not allowed directly in <s:complexType>; it is read as if in an xs:complexContent",
    },
    {
      given: "a repeated sequence of several elements",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence",
      schema: wrap(
        `<s:complexType name="R"><s:sequence minOccurs="0" maxOccurs="unbounded"><s:element name="key" type="s:string"/><s:element name="value" type="s:string"/></s:sequence></s:complexType>`,
      ),
      at: `<s:sequence minOccurs="0" maxOccurs="unbounded"><s:element name="key"`,
      want: 'warning: a repeated sequence of "key", "value" is read as one list per member: which elements belong to the same repetition is not kept',
    },
    {
      given: "a repeated sequence of one element that occurs twice each time",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence",
      schema: wrap(
        `<s:complexType name="R"><s:sequence maxOccurs="unbounded"><s:element name="pair" type="s:string" minOccurs="2" maxOccurs="2"/></s:sequence></s:complexType>`,
      ),
      at: `<s:sequence maxOccurs="unbounded"><s:element name="pair"`,
      want: "warning: a repeated sequence of one element that occurs several times each time is read as one list of that element: the count is not checked to be a multiple",
    },
    {
      given: "an attribute XML Schema does not define on an element",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:element[@name='a']",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="a" type="s:string" color="red"/></s:sequence></s:complexType>`,
      ),
      at: `color="red"`,
      want: "warning: attribute color is not allowed on <s:element>; it is passed over",
    },
    {
      given: "a misspelt attribute, with the nearest allowed one",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:element[@name='a']",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="a" type="s:string" fixd="x"/></s:sequence></s:complexType>`,
      ),
      at: `fixd="x"`,
      want: 'warning: attribute fixd is not allowed on <s:element>; it is passed over; did you mean "fixed"?',
    },
    {
      given: "an xs:annotation after the content",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:annotation",
      schema: wrap(
        `<s:complexType name="R"><s:sequence><s:element name="a" type="s:string"/></s:sequence><s:annotation><s:documentation>Late.</s:documentation></s:annotation></s:complexType>`,
      ),
      at: `<s:annotation><s:documentation>Late.`,
      want: "warning: <s:annotation> must come first in <s:complexType>, and only once; its documentation is read all the same",
    },
    {
      given: "an element of another namespace in xs:annotation",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:annotation/x:note",
      schema: wrap(
        `<s:complexType name="R"><s:annotation><x:note xmlns:x="urn:x"/></s:annotation><s:sequence><s:element name="a" type="s:string"/></s:sequence></s:complexType>`,
      ),
      at: `<x:note`,
      want: "warning: <x:note> is not allowed in <s:annotation> (only xs:documentation and xs:appinfo are); it is passed over",
    },
    {
      given: "an xs:notation",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:notation[@name='jpeg']",
      schema: wrap(
        `<s:notation name="jpeg" public="image/jpeg"/><s:complexType name="R"><s:sequence><s:element name="a" type="s:string"/></s:sequence></s:complexType>`,
      ),
      at: `<s:notation`,
      want: "warning: <s:notation> declares nothing paygen reads; it is passed over",
    },
    {
      given: "a group reference that repeats",
      path: "/wsdl:definitions/wsdl:types/s:schema/s:complexType[@name='R']/s:sequence/s:group[@ref='tns:Line']",
      schema: wrap(
        `<s:group name="Line"><s:sequence><s:element name="sku" type="s:string"/><s:element name="qty" type="s:int"/></s:sequence></s:group><s:complexType name="R"><s:sequence><s:group ref="tns:Line" maxOccurs="unbounded"/></s:sequence></s:complexType>`,
      ),
      at: `<s:group ref="tns:Line"`,
      want: 'warning: a repeated sequence of "sku", "qty" is read as one list per member: which elements belong to the same repetition is not kept',
    },
  ];

  it.each(table)("$given", async ({ schema, at, want, path: xmlPath }) => {
    const text = vendorWsdl(schema, [{ name: "Ping", request: "Ping", response: "PingResponse" }]);
    const { errors, warnings, approximations } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([`vendor.wsdl:${positionOf(text, at)}: ${want} (at ${xmlPath})`]);
    expect(
      approximations.map((a) => `${a.position}: warning: ${a.message} (at ${a.pointer})`),
    ).toEqual(warnings);
  });

  it("a one-way operation: left out, with a warning at the operation", async () => {
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
    const { errors, warnings, approximations } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<wsdl:operation name="Notify"><wsdl:input`)}: warning: the operation "Notify" is one-way (no output) and is left out: only request-response operations have a client method (at /wsdl:definitions/wsdl:portType[@name='VendorPort']/wsdl:operation[@name='Notify'])`,
    ]);
    expect(approximations.map((a) => a.kind)).toEqual(["one-way-operation"]);
  });
});

describe("a repeated sequence of one element (the ArrayOf idiom)", () => {
  it("is that element repeated, exactly: a list field, no warning", async () => {
    const schema = wrap(
      `<s:complexType name="R"><s:sequence minOccurs="0" maxOccurs="unbounded"><s:element name="item" type="s:string"/></s:sequence></s:complexType>`,
    );
    const text = vendorWsdl(schema, [{ name: "Ping", request: "Ping", response: "PingResponse" }]);
    const full = await writeContract(text);
    const diagnostics = new Diagnostics();
    const description = await readWsdlContract(
      path.basename(full),
      path.dirname(full),
      diagnostics,
    );
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    expect(diagnostics.warnings().map(formatDiagnostic)).toEqual([]);
    const r = description.services[0]!.types.find((t) => t.name === "R")!;
    expect(r.fields).toMatchObject([{ name: "item", required: false, list: { min: 0 } }]);
    expect(r.fields[0]!.list).not.toHaveProperty("max");
  });
});

describe("a repeated sequence holding a group", () => {
  it("makes the group's fields lists too, its choice unchecked, each with a warning", async () => {
    const schema = wrap(
      `<s:complexType name="R"><s:sequence maxOccurs="unbounded"><s:element name="k" type="s:string"/><s:choice><s:element name="a" type="s:string"/><s:element name="b" type="s:int"/></s:choice></s:sequence></s:complexType>`,
    );
    const text = vendorWsdl(schema, [{ name: "Ping", request: "Ping", response: "PingResponse" }]);
    const full = await writeContract(text);
    const diagnostics = new Diagnostics();
    const description = await readWsdlContract(
      path.basename(full),
      path.dirname(full),
      diagnostics,
    );
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    expect(diagnostics.warnings().map((w) => w.kind)).toEqual([
      "repeated-sequence",
      "choice-not-checked",
    ]);
    const r = description.services[0]!.types.find((t) => t.name === "R")!;
    expect(r.choices ?? []).toEqual([]);
    expect(r.fields.map((f) => [f.name, f.required, f.list?.min, f.list?.max])).toEqual([
      ["k", false, 0, undefined],
      ["a", false, 0, undefined],
      ["b", false, 0, undefined],
    ]);
  });
});

/** A vendor WSDL of Ping and Greet whose binding of Greet is changed by `bind`. */
function pingAndGreet(bind: (greet: string) => string): string {
  const schema = `${PING}<s:element name="PingResponse"><s:complexType/></s:element><s:element name="Greet"><s:complexType/></s:element>`;
  const text = vendorWsdl(schema, [
    { name: "Ping", request: "Ping", response: "PingResponse" },
    { name: "Greet", request: "Greet", response: "PingResponse" },
  ]);
  const greet = /<wsdl:operation name="Greet"><soap:operation[^>]*\/>.*?<\/wsdl:operation>/.exec(
    text,
  )![0];
  return text.replace(greet, bind(greet));
}

describe("operations and ports paygen does not read", () => {
  const encoded = (greet: string) =>
    greet.replaceAll(
      `<soap:body use="literal"/>`,
      `<soap:body use="encoded" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" namespace="urn:vendor"/>`,
    );

  it("an encoded operation: left out, with a warning at its body; the others are generated", async () => {
    const text = pingAndGreet(encoded);
    const { errors, warnings, approximations } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<soap:body use="encoded"`)}: warning: the operation "Greet" is encoded (use="encoded") and is left out: only document/literal operations are read (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Greet']/wsdl:input/soap:body)`,
    ]);
    expect(approximations.map((a) => a.kind)).toEqual(["rpc-encoded-operation"]);
  });

  it("an rpc operation and an operation carried in MIME parts: each left out, with a warning", async () => {
    const rpc = pingAndGreet((greet) => greet.replace(`style="document"/>`, `style="rpc"/>`));
    expect((await warningsOf(rpc)).warnings).toEqual([
      `vendor.wsdl:${positionOf(rpc, `<wsdl:operation name="Greet"><soap:operation`)}: warning: the operation "Greet" is rpc style and is left out: only document/literal operations are read (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Greet'])`,
    ]);
    const mime = pingAndGreet((greet) =>
      greet.replace(
        `<wsdl:input><soap:body use="literal"/></wsdl:input>`,
        `<wsdl:input><mime:multipartRelated xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"><mime:part><soap:body use="literal"/></mime:part></mime:multipartRelated></wsdl:input>`,
      ),
    );
    const read = await warningsOf(mime);
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([
      `vendor.wsdl:${positionOf(mime, `<mime:multipartRelated`)}: warning: the operation "Greet" is carried in <mime:multipartRelated> (not read) and is left out: only document/literal operations are read (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Greet']/wsdl:input/mime:multipartRelated)`,
    ]);
  });

  it("an operation whose message is an rpc one (a part that names a type): left out, with a warning", async () => {
    const text = pingAndGreet((greet) => greet).replace(
      `<wsdl:part name="parameters" element="tns:Greet"/>`,
      `<wsdl:part name="name" type="s:string"/>`,
    );
    const { errors, warnings } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<wsdl:part name="name"`)}: warning: the operation "Greet" has an input part that names a type (a document/literal part names an element) and is left out: only document/literal operations are read (at /wsdl:definitions/wsdl:message[@name='GreetIn']/wsdl:part[@name='name'])`,
    ]);
  });

  it("refuses a service whose every operation is rpc/encoded, saying so", async () => {
    const text = pingAndGreet(encoded).replace(
      /(<wsdl:operation name="Ping"><soap:operation[^>]*\/>.*?<\/wsdl:operation>)/,
      encoded,
    );
    const { errors } = await warningsOf(text);
    expect(errors).toEqual([
      `vendor.wsdl:${positionOf(text, `<wsdl:binding name="VendorSoap"`)}: every operation of the binding "VendorSoap" is rpc/encoded (rpc style or messages, encoded, or MIME): only document/literal operations are read, so nothing is left to generate`,
    ]);
  });

  it("an HTTP binding and its port: left out, with a warning each, beside the SOAP port", async () => {
    const http = `<wsdl:binding name="VendorGet" type="tns:VendorPort"><http:binding xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" verb="GET"/></wsdl:binding>`;
    const port = `<wsdl:port name="VendorGet" binding="tns:VendorGet"><http:address xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" location="http://127.0.0.1:9/get"/></wsdl:port>`;
    const text = vendorWsdl(
      PING.replace(/$/, `<s:element name="PingResponse"><s:complexType/></s:element>`),
      [{ name: "Ping", request: "Ping", response: "PingResponse" }],
    )
      .replace(`<wsdl:service`, `${http}\n<wsdl:service`)
      .replace(`</wsdl:service>`, `${port}</wsdl:service>`);
    const { errors, warnings, approximations } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, "<http:binding")}: warning: <http:binding> is not read: only SOAP 1.1 and SOAP 1.2 bindings are; the binding "VendorGet" and its ports are left out (at /wsdl:definitions/wsdl:binding[@name='VendorGet']/http:binding)`,
      `vendor.wsdl:${positionOf(text, "<http:address")}: warning: <http:address> is not read: only SOAP 1.1 and SOAP 1.2 addresses are; the port "VendorGet" is left out (at /wsdl:definitions/wsdl:service[@name='VendorService']/wsdl:port[@name='VendorGet']/http:address)`,
    ]);
    expect(approximations.map((a) => a.kind)).toEqual(["non-soap-binding", "non-soap-port"]);
  });

  it("are errors under --strict", async () => {
    const full = await writeContract(pingAndGreet(encoded));
    const strict = loadCheckedModel({
      schemasDir: "",
      from: [path.basename(full)],
      cwd: path.dirname(full),
      strict: true,
    });
    const error = (await strict.catch((e: unknown) => e)) as SchemaErrors;
    expect(error).toBeInstanceOf(SchemaErrors);
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      expect.stringMatching(
        /^vendor\.wsdl:\d+:\d+: rpc-encoded-operation: the operation "Greet" is encoded/,
      ),
    ]);
  });
});

describe("WSDL elements out of place and extension elements paygen does not read", () => {
  const ping = () =>
    vendorWsdl(`${PING}<s:element name="PingResponse"><s:complexType/></s:element>`, [
      { name: "Ping", request: "Ping", response: "PingResponse" },
    ]);
  const policy = `<wsp:PolicyReference xmlns:wsp="http://www.w3.org/ns/ws-policy" URI="#p"/>`;

  it.each([
    {
      given: "a wsdl:documentation after other content",
      edit: (t: string) =>
        t.replace(
          `<wsdl:input message="tns:PingIn"/>`,
          `<wsdl:input message="tns:PingIn"/><wsdl:documentation>Late.</wsdl:documentation>`,
        ),
      at: "<wsdl:documentation>Late.",
      want: "warning: <wsdl:documentation> must come first in <wsdl:operation>, and only once; it is read all the same (at /wsdl:definitions/wsdl:portType[@name='VendorPort']/wsdl:operation[@name='Ping']/wsdl:documentation)",
    },
    {
      given: "an extension element in a binding",
      edit: (t: string) => t.replace(`<soap:binding `, `${policy}<soap:binding `),
      at: "<wsp:PolicyReference",
      want: "warning: <wsp:PolicyReference> is an extension element that is not read in <wsdl:binding>; it is passed over (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsp:PolicyReference)",
    },
    {
      given: "a soap:headerfault",
      edit: (t: string) =>
        t
          .replace(
            `<wsdl:portType`,
            `<wsdl:message name="TraceIn"><wsdl:part name="trace" element="tns:Ping"/></wsdl:message>\n<wsdl:portType`,
          )
          .replace(
            `<wsdl:input><soap:body use="literal"/></wsdl:input>`,
            `<wsdl:input><soap:body use="literal"/><soap:header message="tns:TraceIn" part="trace" use="literal"><soap:headerfault message="tns:TraceIn" part="trace" use="literal"/></soap:header></wsdl:input>`,
          ),
      at: "<soap:headerfault",
      want: "warning: <soap:headerfault> is not read: a fault carried in this header is not typed (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Ping']/wsdl:input/soap:header/soap:headerfault)",
    },
  ])("$given: passed over, with a warning", async ({ edit, at, want }) => {
    const text = edit(ping());
    const { errors, warnings } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([`vendor.wsdl:${positionOf(text, at)}: ${want}`]);
  });

  it('refuses an extension element that says wsdl:required="true"', async () => {
    const required = policy.replace(" URI=", ' wsdl:required="true" URI=');
    const text = ping().replace(`<soap:binding `, `${required}<soap:binding `);
    const { errors } = await warningsOf(text);
    expect(errors).toEqual([
      `vendor.wsdl:${positionOf(text, "<wsp:PolicyReference")}: <wsp:PolicyReference> is an extension element that is not supported in <wsdl:binding>, and it is required (wsdl:required="true")`,
    ]);
  });

  it("an operation with an encoded SOAP header: left out, with a warning", async () => {
    const text = pingAndGreet((greet) =>
      greet.replace(
        `<wsdl:input><soap:body use="literal"/></wsdl:input>`,
        `<wsdl:input><soap:body use="literal"/><soap:header message="tns:GreetIn" part="parameters" use="encoded"/></wsdl:input>`,
      ),
    );
    const { errors, warnings } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<soap:header message="tns:GreetIn"`)}: warning: the operation "Greet" has an encoded SOAP header and is left out: only document/literal operations are read (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Greet']/wsdl:input/soap:header)`,
    ]);
  });
});

describe("a SOAP header of the response", () => {
  it("is not read: a warning at the header", async () => {
    const schema = `${PING}<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="PingResult" type="s:string"/></s:sequence></s:complexType></s:element><s:element name="Trace"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`;
    const header = `<soap:header message="tns:TraceOut" part="trace" use="literal"/>`;
    const text = vendorWsdl(schema, [{ name: "Ping", request: "Ping", response: "PingResponse" }])
      .replace(
        `<wsdl:portType`,
        `<wsdl:message name="TraceOut"><wsdl:part name="trace" element="tns:Trace"/></wsdl:message>\n<wsdl:portType`,
      )
      .replace(
        `<wsdl:output><soap:body use="literal"/></wsdl:output>`,
        `<wsdl:output><soap:body use="literal"/>${header}</wsdl:output>`,
      );
    const { errors, warnings, approximations } = await warningsOf(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, header)}: warning: the response header part "trace" of "Ping" is not read (at /wsdl:definitions/wsdl:binding[@name='VendorSoap']/wsdl:operation[@name='Ping']/wsdl:output/soap:header)`,
    ]);
    expect(approximations.map((a) => a.kind)).toEqual(["output-header"]);
  });
});

describe("warnings of an XSD contract", () => {
  const xsd = `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:doc" targetNamespace="urn:doc" elementFormDefault="qualified">
<xs:element name="Note"><xs:complexType mixed="true"><xs:sequence><xs:element name="b" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
<xs:simpleType name="Sizes"><xs:list itemType="xs:int"/></xs:simpleType>
<xs:complexType name="Box"><xs:sequence><xs:element name="sizes" type="tns:Sizes"/></xs:sequence></xs:complexType>
</xs:schema>
`;

  it("are the service's approximations, kinds counted, positions in the schema file", async () => {
    const full = await writeContract(xsd, "doc.xsd");
    const diagnostics = new Diagnostics();
    const description = await readXsdContract(path.basename(full), path.dirname(full), diagnostics);
    expect(diagnostics.sorted()).toEqual([]);
    const warnings = diagnostics.warnings();
    expect(warnings.map(formatDiagnostic)).toEqual([
      "doc.xsd:3:25: warning: Note has mixed content: the text between its elements is the one field \"text\" (its pieces joined), and where each piece stood is not kept (at /xs:schema/xs:element[@name='Note']/xs:complexType)",
      "doc.xsd:4:29: warning: an xs:list is read as its text, one string: its items are not checked (at /xs:schema/xs:simpleType[@name='Sizes']/xs:list)",
    ]);
    expect(warningSummary(warnings)).toBe("2 warnings (1 list-type, 1 mixed-content)");
    expect(description.services[0]!.approximations).toEqual([
      {
        kind: "mixed-content",
        position: "doc.xsd:3:25",
        pointer: "/xs:schema/xs:element[@name='Note']/xs:complexType",
        message: warnings[0]!.message,
      },
      {
        kind: "list-type",
        position: "doc.xsd:4:29",
        pointer: "/xs:schema/xs:simpleType[@name='Sizes']/xs:list",
        message: warnings[1]!.message,
      },
    ]);
  });

  it("are errors under --strict, each named by its kind; without it, the model carries them", async () => {
    const full = await writeContract(xsd, "doc.xsd");
    const strict = loadCheckedModel({
      schemasDir: "",
      from: [path.basename(full)],
      cwd: path.dirname(full),
      strict: true,
    });
    await expect(strict).rejects.toBeInstanceOf(SchemaErrors);
    const error = (await strict.catch((e: unknown) => e)) as SchemaErrors;
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      "doc.xsd:3:25: mixed-content: Note has mixed content: the text between its elements is the one field \"text\" (its pieces joined), and where each piece stood is not kept (at /xs:schema/xs:element[@name='Note']/xs:complexType)",
      "doc.xsd:4:29: list-type: an xs:list is read as its text, one string: its items are not checked (at /xs:schema/xs:simpleType[@name='Sizes']/xs:list)",
    ]);
    const lenient = await loadCheckedModel({
      schemasDir: "",
      from: [path.basename(full)],
      cwd: path.dirname(full),
    });
    expect(lenient.warnings).toHaveLength(2);
    expect(lenient.model.services[0]!.approximations?.map((a) => a.kind)).toEqual([
      "mixed-content",
      "list-type",
    ]);
  });
});

describeWithSpecs("the published WSDL and XSD", () => {
  // Each warning they give, exactly: a new one here is a reading that changed.
  it.each([
    { file: "Service.2015-02-02.wsdl", want: [] },
    {
      file: "AnetApiSchema.xsd",
      want: [
        'AnetApiSchema.xsd:4526:5: warning: a repeated choice of "auUpdate", "auDelete" is read as one list per member: the order of the elements across members is not kept (at /xs:schema/xs:complexType[@name=\'ListOfAUDetailsType\']/xs:choice)',
      ],
    },
  ])(
    "$file: read without an error, with its warnings as its approximations",
    async ({ file, want }) => {
      const diagnostics = new Diagnostics();
      const description = await readContracts([file], SHARED_SPECS, diagnostics);
      expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
      expect(diagnostics.warnings().map(formatDiagnostic)).toEqual(want);
      expect(
        description.services.flatMap((s) =>
          (s.approximations ?? []).map(
            (a) => `${a.position}: warning: ${a.message} (at ${a.pointer})`,
          ),
        ),
      ).toEqual(want);
    },
  );
});
