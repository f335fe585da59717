import { describe, expect, it } from "vitest";
import type { Position } from "../../../generator/diagnostics/diagnostic.js";
import { namespaceOf, positions, readXsdFixtures, XS } from "./helpers.js";

/** One fixture per construct, read into the XSD model and compared as a whole. */

const one = { min: 1, max: 1 };
const optional = { min: 0, max: 1 };

/** A type named by reference, in `namespace`. */
function typeRef(namespace: string, local: string, at: Position) {
  return { kind: "typeRef", name: { namespace, local }, at };
}

/** A local element as the reader builds it, with its defaults. */
function localElement(
  namespace: string,
  local: string,
  at: Position,
  type: object,
  occurs: object,
  extra: object = {},
) {
  return {
    kind: "element",
    name: { namespace, local },
    at,
    type,
    nillable: false,
    abstract: false,
    occurs,
    ...extra,
  };
}

async function readOne(file: string) {
  const { set, problems } = await readXsdFixtures("xsd", [file]);
  expect(problems).toEqual([]);
  return set;
}

describe("the XSD reader, construct by construct", () => {
  it("reads a sequence: order, occurrence, nillable, default, fixed, documentation", async () => {
    const set = await readOne("sequence.xsd");
    const ns = "urn:example:sequence";
    const at = positions("sequence.xsd");
    expect(namespaceOf(set, ns).complexTypes.get("Order")).toEqual({
      kind: "complexType",
      name: { namespace: ns, local: "Order" },
      at: at(4, 3),
      doc: "An order as the merchant sends it.\nLines are kept in the order given.",
      abstract: false,
      mixed: false,
      content: {
        kind: "elements",
        particle: {
          kind: "sequence",
          at: at(9, 5),
          occurs: one,
          particles: [
            localElement(ns, "id", at(10, 7), typeRef(XS, "long", at(10, 35)), one),
            localElement(ns, "note", at(11, 7), typeRef(XS, "string", at(11, 37)), optional, {
              nillable: true,
            }),
            localElement(ns, "line", at(12, 7), typeRef(ns, "Line", at(12, 37)), {
              min: 1,
              max: "unbounded",
            }),
            localElement(
              ns,
              "tag",
              at(13, 7),
              typeRef(XS, "string", at(13, 36)),
              { min: 0, max: 5 },
              { default: { value: "none", at: at(13, 84) } },
            ),
          ],
        },
      },
      attributes: [],
    });
    const line = namespaceOf(set, ns).complexTypes.get("Line");
    expect(line?.content).toMatchObject({
      particle: {
        particles: [
          { name: { local: "sku" } },
          { name: { local: "quantity" }, fixed: { value: "1", at: at(19, 56) } },
        ],
      },
    });
  });

  it("reads a choice as a whole type, and a choice group with its own occurrence inside a sequence", async () => {
    const set = await readOne("choice.xsd");
    const ns = "urn:example:choice";
    const at = positions("choice.xsd");
    const types = namespaceOf(set, ns).complexTypes;
    expect(types.get("Payment")?.content).toEqual({
      kind: "elements",
      particle: {
        kind: "choice",
        at: at(5, 5),
        occurs: one,
        particles: [
          localElement(ns, "card", at(6, 7), typeRef(XS, "string", at(6, 37)), one),
          localElement(ns, "bank", at(7, 7), typeRef(XS, "string", at(7, 37)), one),
        ],
      },
    });
    expect(types.get("Credentials")?.content).toEqual({
      kind: "elements",
      particle: {
        kind: "sequence",
        at: at(11, 5),
        occurs: one,
        particles: [
          localElement(ns, "name", at(12, 7), typeRef(XS, "string", at(12, 37)), one),
          {
            kind: "choice",
            at: at(13, 7),
            occurs: { min: 0, max: 3 },
            particles: [
              localElement(ns, "key", at(14, 9), typeRef(XS, "string", at(14, 38)), one),
              localElement(ns, "token", at(15, 9), typeRef(XS, "string", at(15, 40)), one),
            ],
          },
        ],
      },
    });
  });

  it("reads xs:all; without elementFormDefault, local elements are in no namespace", async () => {
    const set = await readOne("all.xsd");
    const at = positions("all.xsd");
    expect(namespaceOf(set, "urn:example:all").complexTypes.get("Address")?.content).toEqual({
      kind: "elements",
      particle: {
        kind: "all",
        at: at(4, 5),
        occurs: optional,
        particles: [
          localElement("", "city", at(5, 7), typeRef(XS, "string", at(5, 37)), one),
          localElement("", "zip", at(6, 7), typeRef(XS, "string", at(6, 36)), optional),
        ],
      },
    });
  });

  it("reads complexContent extension and restriction, and abstract types", async () => {
    const set = await readOne("derivation.xsd");
    const ns = "urn:example:derivation";
    const at = positions("derivation.xsd");
    const types = namespaceOf(set, ns).complexTypes;
    expect(types.get("Base")).toMatchObject({ abstract: true, content: { kind: "elements" } });
    expect(types.get("Base")?.content).not.toHaveProperty("derivation");
    expect(types.get("Extended")).toEqual({
      kind: "complexType",
      name: { namespace: ns, local: "Extended" },
      at: at(9, 3),
      abstract: false,
      mixed: false,
      content: {
        kind: "elements",
        derivation: { method: "extension", base: typeRef(ns, "Base", at(11, 27)), at: at(11, 7) },
        particle: {
          kind: "sequence",
          at: at(12, 9),
          occurs: one,
          particles: [
            localElement(ns, "extra", at(13, 11), typeRef(XS, "string", at(13, 42)), one),
          ],
        },
      },
      attributes: [],
    });
    expect(types.get("Restricted")?.content).toEqual({
      kind: "elements",
      derivation: { method: "restriction", base: typeRef(ns, "Base", at(20, 29)), at: at(20, 7) },
      particle: {
        kind: "sequence",
        at: at(21, 9),
        occurs: one,
        particles: [localElement(ns, "id", at(22, 11), typeRef(XS, "string", at(22, 39)), one)],
      },
    });
  });

  it("reads simpleContent: a value with required, defaulted, fixed and prohibited attributes", async () => {
    const set = await readOne("simple-content.xsd");
    const ns = "urn:example:simple";
    const at = positions("simple-content.xsd");
    const types = namespaceOf(set, ns).complexTypes;
    expect(types.get("Amount")).toEqual({
      kind: "complexType",
      name: { namespace: ns, local: "Amount" },
      at: at(4, 3),
      abstract: false,
      mixed: false,
      content: {
        kind: "simple",
        derivation: { method: "extension", base: typeRef(XS, "decimal", at(6, 27)), at: at(6, 7) },
        facets: { enumerations: [], patterns: [] },
      },
      attributes: [
        {
          kind: "attribute",
          name: { namespace: "", local: "currency" },
          at: at(7, 9),
          type: typeRef(XS, "string", at(7, 45)),
          use: "required",
        },
        {
          kind: "attribute",
          name: { namespace: "", local: "scale" },
          at: at(8, 9),
          type: typeRef(XS, "int", at(8, 42)),
          default: { value: "2", at: at(8, 59) },
          use: "optional",
        },
        {
          kind: "attribute",
          name: { namespace: "", local: "kind" },
          at: at(9, 9),
          type: typeRef(XS, "string", at(9, 41)),
          fixed: { value: "money", at: at(9, 59) },
          use: "optional",
        },
      ],
    });
    expect(types.get("SmallAmount")).toMatchObject({
      content: {
        kind: "simple",
        derivation: { method: "restriction", base: typeRef(ns, "Amount", at(15, 29)) },
        facets: {
          enumerations: [],
          patterns: [],
          maxInclusive: { value: "100.00", fixed: false, at: at(16, 9) },
        },
      },
      attributes: [
        {
          kind: "attribute",
          name: { namespace: "", local: "scale" },
          at: at(17, 9),
          use: "prohibited",
        },
      ],
    });
  });

  it("reads enumerations with their documentation, every facet, lists and unions", async () => {
    const set = await readOne("facets.xsd");
    const ns = "urn:example:facets";
    const at = positions("facets.xsd");
    const types = namespaceOf(set, ns).simpleTypes;
    expect(types.get("Status")).toEqual({
      kind: "simpleType",
      name: { namespace: ns, local: "Status" },
      at: at(4, 3),
      doc: "Where a subscription stands.",
      content: {
        kind: "restriction",
        base: typeRef(XS, "string", at(6, 27)),
        at: at(6, 5),
        facets: {
          enumerations: [
            { value: "active", at: at(7, 7), doc: "Charged on schedule." },
            { value: "suspended", at: at(10, 7) },
          ],
          patterns: [],
        },
      },
    });
    expect(types.get("Code")?.content).toMatchObject({
      facets: {
        enumerations: [],
        patterns: [{ value: "[A-Z]{3}", at: at(16, 7) }],
        length: { value: 3, fixed: true, at: at(15, 7) },
        whiteSpace: { value: "collapse", fixed: false, at: at(17, 7) },
      },
    });
    expect(types.get("Name")?.content).toMatchObject({
      facets: {
        minLength: { value: 1, fixed: false, at: at(22, 7) },
        maxLength: { value: 60, fixed: false, at: at(23, 7) },
      },
    });
    expect(types.get("Money")?.content).toEqual({
      kind: "restriction",
      base: typeRef(XS, "decimal", at(27, 27)),
      at: at(27, 5),
      facets: {
        enumerations: [],
        patterns: [],
        totalDigits: { value: 12, fixed: false, at: at(28, 7) },
        fractionDigits: { value: 2, fixed: false, at: at(29, 7) },
        minInclusive: { value: "0.01", fixed: false, at: at(30, 7) },
        maxExclusive: { value: "1000000000.00", fixed: false, at: at(31, 7) },
      },
    });
    expect(types.get("Interval")?.content).toMatchObject({
      facets: {
        minExclusive: { value: "0", at: at(36, 7) },
        maxInclusive: { value: "365", at: at(37, 7) },
      },
    });
    expect(types.get("Codes")?.content).toEqual({
      kind: "list",
      itemType: typeRef(ns, "Code", at(41, 24)),
      at: at(41, 5),
    });
    expect(types.get("CodeOrNumber")?.content).toEqual({
      kind: "union",
      at: at(44, 5),
      memberTypes: [
        typeRef(ns, "Code", at(44, 28)),
        typeRef(XS, "int", at(44, 28)),
        {
          kind: "simpleType",
          at: at(45, 7),
          content: {
            kind: "restriction",
            base: typeRef(XS, "string", at(46, 31)),
            at: at(46, 9),
            facets: { enumerations: [{ value: "none", at: at(47, 11) }], patterns: [] },
          },
        },
      ],
    });
  });

  it("reads element, group, attribute and attribute group references, anonymous types, xs:any and xs:anyAttribute", async () => {
    const set = await readOne("refs.xsd");
    const ns = "urn:example:refs";
    const at = positions("refs.xsd");
    const namespace = namespaceOf(set, ns);
    expect(namespace.elements.get("customerId")).toEqual({
      kind: "element",
      name: { namespace: ns, local: "customerId" },
      at: at(4, 3),
      type: typeRef(XS, "string", at(4, 39)),
      nillable: false,
      abstract: false,
    });
    expect(namespace.attributes.get("lang")).toEqual({
      kind: "attribute",
      name: { namespace: ns, local: "lang" },
      at: at(5, 3),
      type: typeRef(XS, "language", at(5, 35)),
    });
    expect(
      namespace.groups
        .get("Contact")
        ?.particle.particles.map((p) => p.kind === "element" && p.name.local),
    ).toEqual(["email", "phone"]);
    expect(namespace.attributeGroups.get("Audit")).toEqual({
      kind: "attributeGroup",
      name: { namespace: ns, local: "Audit" },
      at: at(12, 3),
      attributes: [
        {
          kind: "attribute",
          name: { namespace: "", local: "createdBy" },
          at: at(13, 5),
          type: typeRef(XS, "string", at(13, 42)),
          use: "optional",
        },
      ],
      anyAttribute: {
        kind: "anyAttribute",
        at: at(14, 5),
        namespace: "##other",
        processContents: "lax",
      },
    });
    expect(namespace.elements.get("customer")?.type).toEqual({
      kind: "complexType",
      at: at(17, 5),
      abstract: false,
      mixed: false,
      content: {
        kind: "elements",
        particle: {
          kind: "sequence",
          at: at(18, 7),
          occurs: one,
          particles: [
            {
              kind: "elementRef",
              ref: { name: { namespace: ns, local: "customerId" }, at: at(19, 26) },
              at: at(19, 9),
              occurs: optional,
            },
            {
              kind: "groupRef",
              ref: { name: { namespace: ns, local: "Contact" }, at: at(20, 24) },
              at: at(20, 9),
              occurs: { min: 1, max: 2 },
            },
            localElement(
              ns,
              "extension",
              at(21, 9),
              {
                kind: "complexType",
                at: at(22, 11),
                abstract: false,
                mixed: false,
                content: {
                  kind: "elements",
                  particle: {
                    kind: "sequence",
                    at: at(23, 13),
                    occurs: one,
                    particles: [
                      {
                        kind: "any",
                        at: at(24, 15),
                        occurs: { min: 0, max: "unbounded" },
                        namespace: "##any",
                        processContents: "skip",
                      },
                    ],
                  },
                },
                attributes: [],
              },
              optional,
            ),
            localElement(
              ns,
              "kind",
              at(28, 9),
              {
                kind: "simpleType",
                at: at(29, 11),
                content: {
                  kind: "restriction",
                  base: typeRef(XS, "string", at(30, 35)),
                  at: at(30, 13),
                  facets: {
                    enumerations: [
                      { value: "person", at: at(31, 15) },
                      { value: "company", at: at(32, 15) },
                    ],
                    patterns: [],
                  },
                },
              },
              one,
            ),
          ],
        },
      },
      attributes: [
        {
          kind: "attributeRef",
          ref: { name: { namespace: ns, local: "lang" }, at: at(37, 26) },
          at: at(37, 7),
          use: "required",
        },
        // form="qualified" puts a local attribute in the target namespace.
        {
          kind: "attribute",
          name: { namespace: ns, local: "version" },
          at: at(38, 7),
          type: typeRef(XS, "int", at(38, 42)),
          use: "optional",
        },
        {
          kind: "attributeGroupRef",
          ref: { name: { namespace: ns, local: "Audit" }, at: at(39, 31) },
          at: at(39, 7),
        },
      ],
    });
  });

  it("records each document read, with its target namespace and form defaults", async () => {
    const { set } = await readXsdFixtures("xsd", ["refs.xsd", "all.xsd"]);
    expect(set.documents).toEqual([
      {
        file: "refs.xsd",
        at: { file: "refs.xsd", line: 2, col: 1 },
        targetNamespace: "urn:example:refs",
        chameleon: false,
        elementFormDefault: "qualified",
        attributeFormDefault: "unqualified",
        directives: [],
      },
      {
        file: "all.xsd",
        at: { file: "all.xsd", line: 2, col: 1 },
        targetNamespace: "urn:example:all",
        chameleon: false,
        elementFormDefault: "unqualified",
        attributeFormDefault: "unqualified",
        directives: [],
      },
    ]);
  });
});
