import { beforeAll, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { readSchemaFiles } from "../../../generator/frontends/wsdl/load-schema-set.js";
import { readWsdlFile } from "../../../generator/frontends/wsdl/read-wsdl.js";
import type { WsdlDefinitions } from "../../../generator/frontends/wsdl/wsdl-model.js";
import type {
  ComplexType,
  LocalElement,
  SchemaSet,
} from "../../../generator/frontends/wsdl/xsd-model.js";
import { describeWithSpecs, SHARED_SPECS } from "../../helpers/shared-specs.js";
import { namespaceOf, XS } from "./helpers.js";

/**
 * The publishers' own contracts, read where they are (never copied into the
 * project). Without them these tests skip, and the run says so once.
 */

const WSDL_FILE = "Service.2015-02-02.wsdl";
const XSD_FILE = "AnetApiSchema.xsd";
const SOAP_NAMESPACE = "https://api.authorize.net/soap/v1/";
const ANET_NAMESPACE = "AnetApi/xml/v1/schema/AnetApiSchema.xsd";

describeWithSpecs("the published WSDL", () => {
  let wsdl: WsdlDefinitions;
  let problems: string[];
  beforeAll(async () => {
    const diagnostics = new Diagnostics();
    const read = await readWsdlFile(WSDL_FILE, { cwd: SHARED_SPECS }, diagnostics);
    problems = diagnostics.sorted().map(formatDiagnostic);
    if (read === undefined) throw new Error(`the WSDL was not read:\n${problems.join("\n")}`);
    wsdl = read;
  });

  it("is read without a problem", () => {
    expect(problems).toEqual([]);
    expect(wsdl.targetNamespace).toBe(SOAP_NAMESPACE);
  });

  it("has one port type of 30 request-response operations, each with its documentation", () => {
    expect([...wsdl.portTypes.keys()]).toEqual(["ServiceSoap"]);
    const operations = wsdl.portTypes.get("ServiceSoap")!.operations;
    expect(operations).toHaveLength(30);
    expect(operations.slice(0, 3).map((o) => o.name)).toEqual([
      "IsAlive",
      "AuthenticateTest",
      "ARBCreateSubscription",
    ]);
    expect(operations.every((o) => o.output !== undefined && o.faults.length === 0)).toBe(true);
    expect(operations[0]).toMatchObject({
      doc: "This method is used to test the availability of the API.",
      input: { message: { name: { namespace: SOAP_NAMESPACE, local: "IsAliveSoapIn" } } },
      output: { message: { name: { namespace: SOAP_NAMESPACE, local: "IsAliveSoapOut" } } },
    });
  });

  it("has 60 messages, each one element part named parameters (document/literal wrapped)", () => {
    expect(wsdl.messages.size).toBe(60);
    for (const message of wsdl.messages.values()) {
      expect(message.parts).toEqual([
        { kind: "element", name: "parameters", at: expect.anything(), element: expect.anything() },
      ]);
    }
    expect(wsdl.messages.get("ARBCreateSubscriptionSoapIn")?.parts[0]).toMatchObject({
      element: { name: { namespace: SOAP_NAMESPACE, local: "ARBCreateSubscription" } },
    });
  });

  it("has a SOAP 1.1 and a SOAP 1.2 binding, each binding the 30 operations with soapAction = namespace + operation name", () => {
    expect(
      [...wsdl.bindings.values()].map((b) => [
        b.name.local,
        b.soapVersion,
        b.style,
        b.transport,
        b.operations.length,
      ]),
    ).toEqual([
      ["ServiceSoap", "1.1", "document", "http://schemas.xmlsoap.org/soap/http", 30],
      ["ServiceSoap12", "1.2", "document", "http://schemas.xmlsoap.org/soap/http", 30],
    ]);
    const names = wsdl.portTypes.get("ServiceSoap")!.operations.map((o) => o.name);
    for (const binding of wsdl.bindings.values()) {
      expect(binding.operations.map((o) => o.name)).toEqual(names);
      for (const operation of binding.operations) {
        expect(operation).toMatchObject({
          soapAction: SOAP_NAMESPACE + operation.name,
          style: "document",
          input: { body: { use: "literal" }, headers: [] },
          output: { body: { use: "literal" }, headers: [] },
        });
      }
    }
    expect(wsdl.bindings.get("ServiceSoap12")?.operations[0]?.at).toEqual({
      file: WSDL_FILE,
      line: 2041,
      col: 5,
    });
  });

  it("has the service with a SOAP 1.1 and a SOAP 1.2 address", () => {
    expect([...wsdl.services.values()].map((s) => [s.name.local, s.ports])).toEqual([
      [
        "Service",
        [
          {
            name: "ServiceSoap",
            at: { file: WSDL_FILE, line: 2313, col: 5 },
            binding: {
              name: { namespace: SOAP_NAMESPACE, local: "ServiceSoap" },
              at: { file: WSDL_FILE, line: 2313, col: 44 },
            },
            address: {
              location: "https://apitest.authorize.net/soap/v1/Service.asmx",
              soapVersion: "1.1",
              at: { file: WSDL_FILE, line: 2314, col: 7 },
            },
          },
          {
            name: "ServiceSoap12",
            at: { file: WSDL_FILE, line: 2316, col: 5 },
            binding: {
              name: { namespace: SOAP_NAMESPACE, local: "ServiceSoap12" },
              at: { file: WSDL_FILE, line: 2316, col: 46 },
            },
            address: {
              location: "https://apitest.authorize.net/soap/v1/Service.asmx",
              soapVersion: "1.2",
              at: { file: WSDL_FILE, line: 2317, col: 7 },
            },
          },
        ],
      ],
    ]);
  });

  it("has one embedded schema whose list wrappers hold items named after the item type, nillable", () => {
    const schemas = wsdl.schemas;
    expect(schemas.documents.map((d) => [d.file, d.targetNamespace, d.elementFormDefault])).toEqual(
      [[WSDL_FILE, SOAP_NAMESPACE, "qualified"]],
    );
    const namespace = namespaceOf(schemas, SOAP_NAMESPACE);
    expect(namespace.elements.size).toBe(60);
    expect(itemOf(namespace.complexTypes.get("ArrayOfMessagesTypeMessage"))).toMatchObject({
      name: { namespace: SOAP_NAMESPACE, local: "MessagesTypeMessage" },
      type: { kind: "typeRef", name: { namespace: SOAP_NAMESPACE, local: "MessagesTypeMessage" } },
      nillable: true,
      occurs: { min: 0, max: "unbounded" },
      at: { file: WSDL_FILE, line: 29, col: 11 },
    });
    expect(itemOf(namespace.complexTypes.get("ArrayOfLong"))).toMatchObject({
      name: { local: "long" },
      type: { name: { namespace: XS, local: "long" } },
    });
    // A choice inside a sequence, with its own occurrence.
    expect(namespace.complexTypes.get("PaymentType")?.content).toMatchObject({
      particle: {
        kind: "sequence",
        particles: [
          {
            kind: "choice",
            occurs: { min: 1, max: 1 },
            particles: [{ name: { local: "creditCard" } }, { name: { local: "bankAccount" } }],
          },
        ],
      },
    });
    expect(namespace.complexTypes.get("CreditCardType")?.content).toMatchObject({
      derivation: {
        method: "extension",
        base: { name: { namespace: SOAP_NAMESPACE, local: "CreditCardSimpleType" } },
      },
    });
  });
});

describeWithSpecs("the published XML schema", () => {
  let set: SchemaSet;
  let problems: string[];
  beforeAll(async () => {
    const diagnostics = new Diagnostics();
    set = await readSchemaFiles([XSD_FILE], { cwd: SHARED_SPECS }, diagnostics);
    problems = diagnostics.sorted().map(formatDiagnostic);
  });

  it("is read without a problem: exactly 130 top-level complex types, 42 simple types and 94 elements in one namespace", () => {
    expect(problems).toEqual([]);
    expect([...set.namespaces.keys()]).toEqual([ANET_NAMESPACE]);
    const namespace = namespaceOf(set, ANET_NAMESPACE);
    expect([
      namespace.complexTypes.size,
      namespace.simpleTypes.size,
      namespace.elements.size,
    ]).toEqual([130, 42, 94]);
    expect([
      namespace.attributes.size,
      namespace.groups.size,
      namespace.attributeGroups.size,
    ]).toEqual([0, 0, 0]);
  });

  it("keeps documentation, attributes with anonymous types, and extension", () => {
    const namespace = namespaceOf(set, ANET_NAMESPACE);
    expect(namespace.complexTypes.get("emailSettingsType")).toMatchObject({
      doc: "Allowed values for settingName are: headerEmailReceipt and footerEmailReceipt",
      content: {
        kind: "elements",
        derivation: {
          method: "extension",
          base: { name: { namespace: ANET_NAMESPACE, local: "ArrayOfSetting" } },
        },
      },
      attributes: [
        {
          kind: "attribute",
          name: { namespace: "", local: "version" },
          use: "optional",
          type: {
            kind: "simpleType",
            content: { kind: "restriction", base: { name: { namespace: XS, local: "integer" } } },
          },
        },
      ],
    });
  });

  it("keeps facets, defaults, and choices of every shape", () => {
    const namespace = namespaceOf(set, ANET_NAMESPACE);
    expect(namespace.simpleTypes.get("cardCode")?.content).toMatchObject({
      base: { name: { namespace: ANET_NAMESPACE, local: "numericString" } },
      facets: { minLength: { value: 3 }, maxLength: { value: 4 } },
    });
    expect(namespace.simpleTypes.get("numericString")?.content).toMatchObject({
      facets: { patterns: [{ value: "[0-9]+" }] },
    });
    expect(namespace.complexTypes.get("ListOfAUDetailsType")?.content).toMatchObject({
      particle: {
        kind: "choice",
        occurs: { min: 1, max: "unbounded" },
        particles: [{ name: { local: "auUpdate" } }, { name: { local: "auDelete" } }],
      },
    });
    // A choice of seven credentials between two optional elements.
    const authentication = namespace.complexTypes.get("merchantAuthenticationType")?.content;
    const particles =
      authentication?.kind === "elements" && authentication.particle?.kind === "sequence"
        ? authentication.particle.particles
        : [];
    expect(particles.map((p) => (p.kind === "element" ? p.name.local : p.kind))).toEqual([
      "name",
      "choice",
      "mobileDeviceId",
    ]);
    expect(particles[0]).toMatchObject({
      occurs: { min: 0, max: 1 },
      type: { kind: "simpleType", content: { facets: { maxLength: { value: 25 } } } },
    });
    const choice = particles[1];
    expect(
      choice?.kind === "choice" &&
        choice.particles.map((p) => (p.kind === "element" ? p.name.local : p.kind)),
    ).toEqual([
      "transactionKey",
      "sessionToken",
      "password",
      "impersonationAuthentication",
      "fingerPrint",
      "clientKey",
      "accessToken",
    ]);
    expect(namespace.complexTypes.get("transRetailInfoType")?.content).toMatchObject({
      particle: {
        particles: expect.arrayContaining([
          expect.objectContaining({
            name: { namespace: ANET_NAMESPACE, local: "marketType" },
            default: { value: "2", at: { file: XSD_FILE, line: 442, col: 63 } },
          }),
        ]),
      },
    });
    const enumerations = [...namespace.simpleTypes.values()].flatMap((t) =>
      t.content.kind === "restriction" ? t.content.facets.enumerations : [],
    );
    expect(enumerations.length).toBeGreaterThan(100);
  });
});

/** The one repeated element of a list wrapper type. */
function itemOf(type: ComplexType | undefined): LocalElement | undefined {
  if (type?.content.kind !== "elements") return undefined;
  const particle = type.content.particle;
  if (particle?.kind !== "sequence" || particle.particles.length !== 1) return undefined;
  const item = particle.particles[0];
  return item?.kind === "element" ? item : undefined;
}
