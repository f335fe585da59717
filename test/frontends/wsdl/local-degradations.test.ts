import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  Diagnostics,
  formatDiagnostic,
  SchemaErrors,
} from "../../../generator/diagnostics/diagnostic.js";
import { readWsdlContract } from "../../../generator/frontends/wsdl/read-contract.js";
import { generate, loadCheckedModel } from "../../../generator/generate.js";
import { vendorWsdl, writeContract } from "./vendor-wsdl.js";

/**
 * Constructs that once refused a whole contract are read locally: a
 * substitution group as the choice of the elements that may stand in its
 * head's place, `xs:redefine` as the include it is with the redefinitions
 * in place of the originals, and stray text passed over. What cannot be read
 * exactly is a positioned warning (an error under `--strict`); the package
 * is generated.
 */

const PING_RESPONSE = `<s:element name="PingResponse"><s:complexType><s:sequence><s:element name="ok" type="s:string"/></s:sequence></s:complexType></s:element>`;

/** A vendor WSDL of one operation, Ping, whose request element is `Ping` (declared in `schema`). */
function pingWsdl(schema: string): string {
  return vendorWsdl(`${schema}${PING_RESPONSE}`, [
    { name: "Ping", request: "Ping", response: "PingResponse" },
  ]);
}

/** `line:col` of the first `needle` in `text`. */
function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in the contract`);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/** Writes the WSDL (and the other files given, beside it); answers the WSDL's path. */
async function writeFiles(wsdl: string, others: Record<string, string> = {}): Promise<string> {
  const full = await writeContract(wsdl);
  for (const [name, text] of Object.entries(others))
    await writeFile(path.join(path.dirname(full), name), text);
  return full;
}

/** Reads a WSDL (with the files beside it): its errors and warnings as printed (and as recorded), its services, and its first service's types. */
async function read(wsdl: string, others: Record<string, string> = {}) {
  const full = await writeFiles(wsdl, others);
  const diagnostics = new Diagnostics();
  const description = await readWsdlContract(path.basename(full), path.dirname(full), diagnostics);
  const service = description.services[0];
  return {
    path: full,
    errors: diagnostics.sorted().map(formatDiagnostic),
    warnings: diagnostics.warnings().map(formatDiagnostic),
    recorded: diagnostics.warnings(),
    services: description.services,
    type: (name: string) => service?.types.find((t) => t.name === name),
  };
}

/** The errors of reading a WSDL under `--strict`. */
async function strictErrors(wsdl: string, others: Record<string, string> = {}) {
  const full = await writeFiles(wsdl, others);
  const error = await loadCheckedModel({
    schemasDir: "",
    from: [path.basename(full)],
    cwd: path.dirname(full),
    strict: true,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SchemaErrors);
  return (error as SchemaErrors).diagnostics.map(formatDiagnostic);
}

const PAYMENT = `<s:complexType name="Payment"><s:sequence><s:element name="amount" type="s:decimal"/></s:sequence></s:complexType>
<s:element name="card" substitutionGroup="tns:payment"><s:complexType><s:complexContent><s:extension base="tns:Payment"><s:sequence><s:element name="last4" type="s:string"/></s:sequence></s:extension></s:complexContent></s:complexType></s:element>
<s:element name="voucher" substitutionGroup="tns:payment"/>`;
const PAY_REQUEST = `<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/><s:element ref="tns:payment"/></s:sequence></s:complexType></s:element>`;

describe("a reference to the head of a substitution group", () => {
  it("is a choice of the elements that may stand in its place, each of its own type (or its head's): exact, no warning", async () => {
    const text = pingWsdl(
      `<s:element name="payment" type="tns:Payment" abstract="true"/>${PAYMENT}${PAY_REQUEST}`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    const request = type("PingRequest")!;
    expect(request.fields.map((f) => [f.name, f.type.name, f.required])).toEqual([
      ["id", "string", true],
      ["card", "PingRequestCard", false],
      ["voucher", "Payment", false],
    ]);
    expect(request.choices).toMatchObject([
      { fields: [{ name: "card" }, { name: "voucher" }], required: true },
    ]);
    expect(request.notes.map((n) => n.text)).toContain(
      'The element "payment" heads a substitution group: one of "card", "voucher" stands in its place (a choice).',
    );
    expect(type("PingRequestCard")).toMatchObject({ extends: { name: "Payment" } });
  });

  it("keeps a head that is not abstract among the choices, and a head that blocks substitution as itself", async () => {
    const open = await read(
      pingWsdl(`<s:element name="payment" type="tns:Payment"/>${PAYMENT}${PAY_REQUEST}`),
    );
    expect(open.errors).toEqual([]);
    expect(open.type("PingRequest")!.fields.map((f) => f.name)).toEqual([
      "id",
      "payment",
      "card",
      "voucher",
    ]);
    const blocked = await read(
      pingWsdl(
        `<s:element name="payment" type="tns:Payment" block="substitution"/>${PAYMENT}${PAY_REQUEST}`,
      ),
    );
    expect(blocked.errors).toEqual([]);
    expect(blocked.warnings).toEqual([]);
    expect(
      blocked.type("PingRequest")!.fields.map((f) => [f.name, f.type.name, f.required]),
    ).toEqual([
      ["id", "string", true],
      ["payment", "Payment", true],
    ]);
  });

  it("an abstract head no element may stand in for: read as itself, with a warning at the reference", async () => {
    const text = pingWsdl(
      `<s:element name="payment" type="tns:Payment" abstract="true"/><s:complexType name="Payment"><s:sequence><s:element name="amount" type="s:decimal"/></s:sequence></s:complexType>${PAY_REQUEST}`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<s:element ref="tns:payment"/>`)}: warning: the element "payment" is abstract, and no element of the schemas read may stand in its place: it is read as itself, of its type (at /wsdl:definitions/wsdl:types/s:schema/s:element[@name='Ping']/s:complexType/s:sequence/s:element[@ref='tns:payment'])`,
    ]);
    expect(type("PingRequest")!.fields.map((f) => [f.name, f.type.name])).toEqual([
      ["id", "string"],
      ["payment", "Payment"],
    ]);
  });
});

const BASE_XSD = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:vendor" targetNamespace="urn:vendor" elementFormDefault="qualified">
  <xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:maxLength value="8"/></xs:restriction></xs:simpleType>
  <xs:complexType name="Address"><xs:sequence><xs:element name="street" type="xs:string"/></xs:sequence><xs:attribute name="kind" type="xs:string"/></xs:complexType>
  <xs:complexType name="Contact"><xs:sequence><xs:element name="phone" type="xs:string"/><xs:element name="fax" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType>
  <xs:group name="Extra"><xs:sequence><xs:element name="note" type="xs:string"/></xs:sequence></xs:group>
</xs:schema>
`;
const REDEFINE = `<s:redefine schemaLocation="base.xsd">
<s:simpleType name="Code"><s:restriction base="tns:Code"><s:minLength value="2"/></s:restriction></s:simpleType>
<s:complexType name="Address"><s:complexContent><s:extension base="tns:Address"><s:sequence><s:element name="city" type="s:string"/></s:sequence></s:extension></s:complexContent></s:complexType>
<s:complexType name="Contact"><s:complexContent><s:restriction base="tns:Contact"><s:sequence><s:element name="phone" type="s:string"/></s:sequence></s:restriction></s:complexContent></s:complexType>
<s:group name="Extra"><s:sequence><s:group ref="tns:Extra"/><s:element name="memo" type="s:string" minOccurs="0"/></s:sequence></s:group>
</s:redefine>`;
const USES_REDEFINED = `<s:element name="Ping"><s:complexType><s:sequence><s:element name="code" type="tns:Code"/><s:element name="address" type="tns:Address"/><s:element name="contact" type="tns:Contact"/><s:group ref="tns:Extra"/></s:sequence></s:complexType></s:element>`;

describe("xs:redefine", () => {
  it("is the include it is, each redefinition in place of its original: exact, no warning", async () => {
    const { errors, warnings, type } = await read(pingWsdl(`${REDEFINE}${USES_REDEFINED}`), {
      "base.xsd": BASE_XSD,
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    const request = type("PingRequest")!;
    expect(request.fields.map((f) => [f.name, f.type.name, f.required])).toEqual([
      ["code", "string", true],
      ["address", "Address", true],
      ["contact", "Contact", true],
      ["note", "string", true],
      ["memo", "string", false],
    ]);
    // The redefined simple type restricts the original further: both facets hold.
    expect(request.fields[0]!.facets).toMatchObject([
      { key: "minLength", value: 2 },
      { key: "maxLength", value: 8 },
    ]);
    // An extension of the original: its content, then the redefinition's; its attributes kept.
    expect(type("Address")!.fields.map((f) => f.name)).toEqual(["street", "city", "kind"]);
    // A restriction of the original: the restriction's content replaces it.
    expect(type("Contact")!.fields.map((f) => f.name)).toEqual(["phone"]);
  });

  it("a redefinition that does not derive from its original, or names none: a warning each, the rest read", async () => {
    const text = pingWsdl(`<s:redefine schemaLocation="base.xsd">
<s:simpleType name="Code"><s:restriction base="s:string"><s:length value="3"/></s:restriction></s:simpleType>
<s:complexType name="Missing"><s:sequence><s:element name="x" type="s:string"/></s:sequence></s:complexType>
</s:redefine><s:element name="Ping"><s:complexType><s:sequence><s:element name="code" type="tns:Code"/></s:sequence></s:complexType></s:element>`);
    const { errors, warnings, type } = await read(text, { "base.xsd": BASE_XSD });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<s:simpleType name="Code">`)}: warning: the redefinition of "Code" does not derive from the original simple type, as xs:redefine requires; it is read as written (at /wsdl:definitions/wsdl:types/s:schema/s:redefine/s:simpleType[@name='Code'])`,
      `vendor.wsdl:${positionOf(text, `<s:complexType name="Missing">`)}: warning: base.xsd defines no complex type "Missing" to redefine; the redefinition is passed over (at /wsdl:definitions/wsdl:types/s:schema/s:redefine/s:complexType[@name='Missing'])`,
    ]);
    expect(type("PingRequest")!.fields[0]!.facets).toMatchObject([
      { key: "minLength", value: 3 },
      { key: "maxLength", value: 3 },
    ]);
  });
});

describe("text where only elements may be", () => {
  it("is passed over, with a warning at the text, in a schema and in the WSDL alike", async () => {
    const text = pingWsdl(
      `<s:element name="Ping"><s:complexType><s:sequence>stray schema text<s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`,
    ).replace(
      `<wsdl:portType name="VendorPort">`,
      `<wsdl:portType name="VendorPort">stray WSDL text`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, "stray schema text")}: warning: text is not allowed in <s:sequence>; it is passed over (at /wsdl:definitions/wsdl:types/s:schema/s:element[@name='Ping']/s:complexType/s:sequence)`,
      `vendor.wsdl:${positionOf(text, "stray WSDL text")}: warning: text is not allowed in <wsdl:portType>; it is passed over (at /wsdl:definitions/wsdl:portType[@name='VendorPort'])`,
    ]);
    expect(type("PingRequest")!.fields.map((f) => f.name)).toEqual(["id"]);
  });
});

describe("what third-party contracts write that paygen reads around", () => {
  it("a notification or solicit-response operation: left out, with a warning at it; the others are generated", async () => {
    const text = pingWsdl(
      `<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element><s:element name="Hello"><s:complexType/></s:element>`,
    )
      .replace(
        `<wsdl:message name="PingIn">`,
        `<wsdl:message name="HelloOut"><wsdl:part name="parameters" element="tns:Hello"/></wsdl:message><wsdl:message name="PingIn">`,
      )
      .replace(
        `</wsdl:portType>`,
        `<wsdl:operation name="Hello"><wsdl:output message="tns:HelloOut"/></wsdl:operation><wsdl:operation name="Ask"><wsdl:output message="tns:HelloOut"/><wsdl:input message="tns:PingIn"/></wsdl:operation></wsdl:portType>`,
      )
      .replace(
        `</wsdl:binding>`,
        `<wsdl:operation name="Hello"><soap:operation soapAction="urn:vendor/Hello" style="document"/><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>`,
      );
    const { errors, warnings } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<wsdl:operation name="Hello"><wsdl:output`)}: warning: the operation "Hello" is a notification (output only) and is left out: only request-response and one-way operations are read (at /wsdl:definitions/wsdl:portType[@name='VendorPort']/wsdl:operation[@name='Hello'])`,
      `vendor.wsdl:${positionOf(text, `<wsdl:operation name="Ask">`)}: warning: the operation "Ask" is a solicit-response (output, then input) and is left out: only request-response and one-way operations are read (at /wsdl:definitions/wsdl:portType[@name='VendorPort']/wsdl:operation[@name='Ask'])`,
    ]);
  });

  it("an xs:import after the schema's components: followed all the same, with a warning", async () => {
    const other = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:other" elementFormDefault="qualified">
  <xs:complexType name="Money"><xs:sequence><xs:element name="amount" type="xs:decimal"/></xs:sequence></xs:complexType>
</xs:schema>
`;
    const text = pingWsdl(
      `<s:element name="Ping"><s:complexType><s:sequence><s:element name="price" type="o:Money" xmlns:o="urn:other"/></s:sequence></s:complexType></s:element><s:import namespace="urn:other" schemaLocation="other.xsd"/>`,
    );
    const { errors, warnings, type } = await read(text, { "other.xsd": other });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, "<s:import")}: warning: <s:import> must come before the schema's components; it is followed all the same (at /wsdl:definitions/wsdl:types/s:schema/s:import)`,
    ]);
    expect(type("PingRequest")!.fields.map((f) => [f.name, f.type.name])).toEqual([
      ["price", "Money"],
    ]);
  });

  it("an import of the SOAP encoding namespace without a location: nothing to read when none of its types is used", async () => {
    const text = pingWsdl(
      `<s:import namespace="http://schemas.xmlsoap.org/soap/encoding/"/><s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`,
    );
    const { errors, warnings } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("an import of a namespace nothing read defines: a warning when nothing of it is used, an error where something is", async () => {
    const unused = pingWsdl(
      `<s:import namespace="urn:unknown"/><s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`,
    );
    const read1 = await read(unused);
    expect(read1.errors).toEqual([]);
    expect(read1.warnings).toEqual([
      `vendor.wsdl:${positionOf(unused, "<s:import")}: warning: nothing read defines the namespace urn:unknown imported here, so none of its components is known: give its schemaLocation, or pass its schema with --from FILE (at /wsdl:definitions/wsdl:types/s:schema/s:import)`,
    ]);
    const used = unused.replace(`type="s:string"`, `type="u:Code" xmlns:u="urn:unknown"`);
    expect((await read(used)).errors).toEqual([
      `vendor.wsdl:${positionOf(used, `u:Code"`)}: type "Code" (namespace urn:unknown) is not defined: no schema read has that namespace (is an xs:import missing?)`,
    ]);
  });

  it("a request element that declares no type (xs:anyType): a request of any content, exactly", async () => {
    const { errors, warnings, type } = await read(pingWsdl(`<s:element name="Ping"/>`));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(type("PingRequest")).toMatchObject({
      kind: "opaque",
      fields: [],
      notes: [{ text: "Any content (xs:anyType)." }],
    });
  });

  it("a built-in type without a scalar (xs:QName, xs:hexBinary...): its text, one string, with a warning at the reference", async () => {
    const text = pingWsdl(
      `<s:element name="Ping"><s:complexType><s:sequence><s:element name="action" type="s:QName"/><s:element name="digest" type="s:hexBinary"/></s:sequence></s:complexType></s:element>`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `s:QName"/>`)}: warning: xs:QName has no scalar: it is read as its text, one string, and its form is not checked (nor which namespace its prefix stands for) (at /wsdl:definitions/wsdl:types/s:schema/s:element[@name='Ping']/s:complexType/s:sequence/s:element[@name='action'])`,
      `vendor.wsdl:${positionOf(text, `s:hexBinary"/>`)}: warning: xs:hexBinary has no scalar: it is read as its text, one string, and its form is not checked (at /wsdl:definitions/wsdl:types/s:schema/s:element[@name='Ping']/s:complexType/s:sequence/s:element[@name='digest'])`,
    ]);
    expect(type("PingRequest")!.fields.map((f) => [f.name, f.type.name])).toEqual([
      ["action", "string"],
      ["digest", "string"],
    ]);
  });
});

describe("a WSDL that defines no wsdl:service (an abstract WSDL)", () => {
  it("is a service per bound port type, its SOAP 1.1 and 1.2 bindings the client's two versions, with no default endpoint and a warning", async () => {
    const text = vendorWsdl(
      `<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>${PING_RESPONSE}`,
      [{ name: "Ping", request: "Ping", response: "PingResponse" }],
      { soap12: true },
    ).replace(/<wsdl:service[\s\S]*<\/wsdl:service>/, "");
    const { path: full, errors, warnings, services } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, '<wsdl:binding name="VendorSoap"')}: warning: the WSDL defines no wsdl:service: the port type "VendorPort" is generated as a service by its SOAP bindings ("VendorSoap", "VendorSoap12"), with no default endpoint (the client's endpoint option is required) (at /wsdl:definitions/wsdl:binding[@name='VendorSoap'])`,
    ]);
    expect(services.map((s) => s.title)).toEqual(["VendorPort"]);
    const soap = services[0]!.soap!;
    expect(soap.endpoint).toBeUndefined();
    expect(soap.versions).toEqual([{ soapVersion: "1.1" }, { soapVersion: "1.2" }]);
    const result = await generate({
      schemasDir: "",
      from: [path.basename(full)],
      cwd: path.dirname(full),
    });
    const client = result.files.find((f) => f.path.endsWith("/client.ts"))!;
    expect(client.content).toContain("The contract gives no address: `endpoint` is required.");
    expect(client.content).not.toContain("at ``");
    expect(await strictErrors(text)).toEqual([
      expect.stringMatching(/^vendor\.wsdl:\d+:\d+: no-service: the WSDL defines no wsdl:service/),
    ]);
  });
});

describe("what paygen's types cannot say of a type", () => {
  it("an extension of a type of nothing but xs:any: its own fields, other elements kept, with a warning", async () => {
    const text = pingWsdl(
      `<s:complexType name="Extensible"><s:sequence><s:any namespace="##other" processContents="lax" minOccurs="0" maxOccurs="unbounded"/></s:sequence></s:complexType><s:element name="Ping"><s:complexType><s:complexContent><s:extension base="tns:Extensible"><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:extension></s:complexContent></s:complexType></s:element>`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<s:extension base="tns:Extensible">`)}: warning: PingRequest extends Extensible, which holds only other elements (xs:any): PingRequest holds its own fields and keeps other elements, without extending it (at /wsdl:definitions/wsdl:types/s:schema/s:element[@name='Ping']/s:complexType/s:complexContent/s:extension)`,
    ]);
    const request = type("PingRequest")!;
    expect(request).toMatchObject({ kind: "object", open: true });
    expect(request).not.toHaveProperty("extends");
    expect(request.fields.map((f) => f.name)).toEqual(["id"]);
  });

  it("a bound on a type held as a string (an xs:duration): not checked, with a warning; the other facets kept", async () => {
    const text = pingWsdl(
      `<s:simpleType name="Positive"><s:restriction base="s:duration"><s:minExclusive value="PT0S"/></s:restriction></s:simpleType><s:element name="Ping"><s:complexType><s:sequence><s:element name="wait" type="tns:Positive"/></s:sequence></s:complexType></s:element>`,
    );
    const { errors, warnings, type } = await read(text);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      `vendor.wsdl:${positionOf(text, `<s:minExclusive`)}: warning: minExclusive PT0S is not checked: the value is held as a string, which exclusiveMinimum does not apply to (at /wsdl:definitions/wsdl:types/s:schema/s:simpleType[@name='Positive']/s:restriction/s:minExclusive)`,
    ]);
    const wait = type("PingRequest")!.fields[0]!;
    expect([wait.type.name, wait.facets.map((f) => f.key)]).toEqual(["string", ["pattern"]]);
  });
});

describe("an attribute qualified in the service's own namespace (wsu:Id)", () => {
  it("is a limit of its type: a note on a type no operation sends, an error on one it sends", async () => {
    const schema = `<s:attribute name="Id" type="s:ID"/><s:complexType name="Tagged"><s:sequence><s:element name="v" type="s:string"/></s:sequence><s:attribute ref="tns:Id"/></s:complexType>`;
    const unused = await read(
      pingWsdl(
        `${schema}<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>`,
      ),
    );
    expect(unused.errors).toEqual([]);
    expect(unused.type("Tagged")!.notes.map((n) => n.text)).toContain(
      `Not in this type: the attribute "Id" qualified in the service's own namespace: qualified attributes are written in other namespaces only.`,
    );
    const text = pingWsdl(
      `${schema}<s:element name="Ping"><s:complexType><s:sequence><s:element name="tag" type="tns:Tagged"/></s:sequence></s:complexType></s:element>`,
    );
    expect((await read(text)).errors).toEqual([
      `vendor.wsdl:${positionOf(text, `<s:attribute ref="tns:Id"/>`)}: the attribute "Id" qualified in the service's own namespace: qualified attributes are written in other namespaces only (in "Tagged", which an operation sends or receives)`,
    ]);
  });
});

describe("an operation whose messages hold what the wire code cannot write yet", () => {
  it("is left out with a warning when other operations remain; its types are kept, the others generated", async () => {
    const text = vendorWsdl(
      `<s:complexType name="Loose"><s:sequence><s:element name="v" type="s:string" form="unqualified"/></s:sequence></s:complexType>
<s:element name="Ping"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>${PING_RESPONSE}
<s:element name="Loosen"><s:complexType><s:sequence><s:element name="loose" type="tns:Loose"/></s:sequence></s:complexType></s:element>${PING_RESPONSE.replaceAll("PingResponse", "LoosenResponse")}`,
      [
        { name: "Ping", request: "Ping", response: "PingResponse" },
        { name: "Loosen", request: "Loosen", response: "LoosenResponse" },
      ],
    );
    const { errors, recorded, services } = await read(text);
    expect(errors).toEqual([]);
    expect(recorded.map((w) => [w.kind, w.message])).toEqual([
      [
        "wire-limit",
        `the operation "Loosen" is left out: the unqualified element "v": elements are written in the operation's namespace (in "Loose"), which paygen's XML wire code cannot write yet`,
      ],
    ]);
    const service = services[0]!;
    expect(service.operations.map((o) => o.name)).toEqual(["Ping"]);
    expect(service.types.find((t) => t.name === "Loose")!.notes.map((n) => n.text)).toContain(
      `Not in this type: the unqualified element "v": elements are written in the operation's namespace.`,
    );
  });
});

describe("the package of a contract read with these warnings", () => {
  it("is generated, and every warning is an error under --strict", async () => {
    const text = pingWsdl(
      `<s:redefine schemaLocation="base.xsd"><s:complexType name="Missing"><s:sequence/></s:complexType></s:redefine>
<s:element name="payment" type="tns:Payment" abstract="true"/><s:complexType name="Payment"><s:sequence><s:element name="amount" type="s:decimal"/></s:sequence></s:complexType>
<s:element name="Ping"><s:complexType><s:sequence>oops<s:element name="id" type="s:string"/><s:element ref="tns:payment"/></s:sequence></s:complexType></s:element>`,
    );
    const others = { "base.xsd": BASE_XSD };
    const full = await writeFiles(text, others);
    const result = await generate({
      schemasDir: "",
      from: [path.basename(full)],
      cwd: path.dirname(full),
    });
    expect(result.warnings.map((w) => w.kind)).toEqual([
      "redefinition",
      "stray-text",
      "substitution-group",
    ]);
    const types = result.files.find((f) => f.path.endsWith("/types.ts"))!;
    expect(types.content).toContain(
      "export interface PingRequest {\n  id: string;\n  payment: Payment;\n}",
    );
    expect(await strictErrors(text, others)).toEqual([
      expect.stringMatching(
        /^vendor\.wsdl:\d+:\d+: redefinition: base\.xsd defines no complex type "Missing"/,
      ),
      expect.stringMatching(
        /^vendor\.wsdl:\d+:\d+: stray-text: text is not allowed in <s:sequence>/,
      ),
      expect.stringMatching(
        /^vendor\.wsdl:\d+:\d+: substitution-group: the element "payment" is abstract/,
      ),
    ]);
  });
});
