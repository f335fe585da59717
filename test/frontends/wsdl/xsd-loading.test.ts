import { describe, expect, it } from "vitest";
import { namespaceOf, readXsdFixtures } from "./helpers.js";

/** Imports and includes: followed relative to the file that names them, each file read once, URLs never fetched. */

describe("loading a schema set", () => {
  it("follows imports and includes relative to the importing file, reading a file imported twice once", async () => {
    const { set, problems } = await readXsdFixtures("loading", ["main.xsd"]);
    expect(problems).toEqual([]);
    expect(
      set.documents.map((d) => [
        d.file,
        d.targetNamespace,
        d.chameleon,
        d.directives.map((x) => [x.kind, x.namespace, x.schemaLocation, x.file]),
      ]),
    ).toEqual([
      [
        "main.xsd",
        "urn:example:main",
        false,
        [
          ["import", "urn:example:common", "types/common.xsd", "types/common.xsd"],
          ["import", "urn:example:party", "types/party.xsd", "types/party.xsd"],
          ["include", undefined, "parts/order-part.xsd", "parts/order-part.xsd"],
          ["include", undefined, "parts/status-part.xsd", "parts/status-part.xsd"],
        ],
      ],
      ["types/common.xsd", "urn:example:common", false, []],
      // party.xsd imports "common.xsd" from its own folder: the same file, not read again.
      [
        "types/party.xsd",
        "urn:example:party",
        false,
        [["import", "urn:example:common", "common.xsd", "types/common.xsd"]],
      ],
      // A schema without a target namespace takes its includer's, references included.
      ["parts/order-part.xsd", "urn:example:main", true, []],
      ["parts/status-part.xsd", "urn:example:main", false, []],
    ]);
    const main = namespaceOf(set, "urn:example:main");
    expect([...main.complexTypes.keys()]).toEqual(["OrderLine"]);
    expect([...main.simpleTypes.keys()]).toEqual(["Price", "Status"]);
    expect(main.complexTypes.get("OrderLine")?.content).toMatchObject({
      particle: {
        particles: [
          { name: { local: "sku" } },
          { type: { name: { namespace: "urn:example:main", local: "Price" } } },
        ],
      },
    });
    expect([...namespaceOf(set, "urn:example:common").simpleTypes.keys()]).toEqual(["Money"]);
    expect([...namespaceOf(set, "urn:example:party").complexTypes.keys()]).toEqual(["Party"]);
  });

  it("ends import and include cycles", async () => {
    const { set, problems } = await readXsdFixtures("loading/cycle", ["a.xsd"]);
    expect(problems).toEqual([]);
    expect(set.documents.map((d) => [d.file, d.directives.map((x) => x.file)])).toEqual([
      ["a.xsd", ["b.xsd", "a-part.xsd"]],
      ["b.xsd", ["a.xsd"]],
      ["a-part.xsd", ["a.xsd"]],
    ]);
    expect([...namespaceOf(set, "urn:example:a").complexTypes.keys()]).toEqual(["A"]);
    expect([...namespaceOf(set, "urn:example:b").complexTypes.keys()]).toEqual(["B"]);
  });

  it("never fetches a URL: it says what to download and where to put it", async () => {
    const { problems } = await readXsdFixtures("loading/url", ["main.xsd", "file-scheme.xsd"]);
    expect(problems).toEqual([
      'file-scheme.xsd:3:3: schemaLocation "file:///etc/passwd" is a URL, and nothing is ever fetched: name the file by its path relative to file-scheme.xsd instead',
      'main.xsd:3:3: schemaLocation "https://schemas.example.com/v2/remote-types.xsd" is a URL, and nothing is ever fetched: download https://schemas.example.com/v2/remote-types.xsd, then pass it with --from FILE, or save it next to main.xsd as remote-types.xsd',
    ]);
  });

  it("uses a local copy of a URL import: one passed as --from, or one saved next to the importer; the XML namespace needs none", async () => {
    const given = await readXsdFixtures("loading/url", ["main.xsd"], {
      from: ["../downloads/remote-types.xsd"],
    });
    expect(given.problems).toEqual([]);
    expect(given.set.documents.find((d) => d.file === "main.xsd")?.directives[0]?.file).toBe(
      "../downloads/remote-types.xsd",
    );
    expect([...namespaceOf(given.set, "urn:example:remote").simpleTypes.keys()]).toEqual([
      "RemoteValue",
    ]);

    const beside = await readXsdFixtures("loading/url", ["beside.xsd"]);
    expect(beside.problems).toEqual([]);
    expect(beside.set.documents[0]?.directives.map((d) => d.file)).toEqual([
      "local-copy.xsd",
      undefined,
    ]);
    expect(
      namespaceOf(beside.set, "urn:example:beside").complexTypes.get("UsesCopy")?.attributes,
    ).toMatchObject([
      {
        kind: "attributeRef",
        ref: { name: { namespace: "http://www.w3.org/XML/1998/namespace", local: "lang" } },
      },
    ]);
  });

  it("keeps the same name in two namespaces apart, and reports a name defined twice in one", async () => {
    const { set, problems } = await readXsdFixtures("loading/clash", ["one.xsd", "duplicate.xsd"]);
    expect(problems).toEqual([
      'duplicate.xsd:3:3: simple type "Address" is already defined in namespace urn:example:one, as complex type at one.xsd:5:3',
    ]);
    const one = namespaceOf(set, "urn:example:one");
    const two = namespaceOf(set, "urn:example:two");
    expect(one.complexTypes.get("Address")?.at.file).toBe("one.xsd");
    expect(two.complexTypes.get("Address")?.at.file).toBe("two.xsd");
    // An element, an attribute and a type may share a name: they are in different symbol spaces.
    expect(one.elements.get("Address")?.type).toMatchObject({
      name: { namespace: "urn:example:one", local: "Address" },
    });
    expect(one.attributes.get("Address")?.at).toEqual({ file: "duplicate.xsd", line: 6, col: 3 });
    expect(one.complexTypes.get("Address")?.content).toMatchObject({
      particle: {
        particles: [
          { name: { local: "street" } },
          { type: { name: { namespace: "urn:example:two", local: "Address" } } },
        ],
      },
    });
  });

  it("reports every problem of a schema at once, each at its position, and what is not supported as such", async () => {
    const { problems, warnings } = await readXsdFixtures("loading/errors", ["problems.xsd"]);
    // An attribute or an element XML Schema does not define there means nothing: passed over, with a warning.
    expect(warnings).toEqual([
      "problems.xsd:5:35: warning: attribute color is not allowed on <xs:complexType>; it is passed over",
      "problems.xsd:9:63: warning: text is not allowed in <xs:sequence>; it is passed over",
      "problems.xsd:11:7: warning: <foo:extra> is not an XML Schema element (other namespaces are only allowed inside xs:annotation); it is passed over",
    ]);
    expect(problems).toEqual([
      "problems.xsd:4:3: <xs:include> needs schemaLocation=",
      'problems.xsd:7:37: type "Nmae" (namespace urn:example:errors) is not defined',
      "problems.xsd:8:7: minOccurs 3 is greater than maxOccurs 2",
      'problems.xsd:9:37: "strin" (namespace http://www.w3.org/2001/XMLSchema) is not an XML Schema built-in type; did you mean "string"?',
      'problems.xsd:9:57: nillable must be true or false, not "yes"',
      'problems.xsd:15:27: "Customer" (namespace urn:example:errors) is a complex type; a simple type is needed here',
      "problems.xsd:16:7: minLength 5 is greater than maxLength 2",
      "problems.xsd:26:3: a top-level <xs:complexType> needs a name",
      'problems.xsd:36:27: type "Loop" (namespace urn:example:errors) derives from itself (Loop → Loop2 → Loop)',
    ]);
  });

  it("reports a missing file, a namespace that does not match, a file that is not a schema, and a broken one, each where it is named", async () => {
    const { problems, warnings } = await readXsdFixtures("loading/mismatch", ["main.xsd"]);
    // An import of a namespace nothing defines takes nothing away unless a component of it is used (an error there).
    expect(warnings).toEqual([
      "main.xsd:6:3: warning: nothing read defines the namespace urn:example:nowhere imported here, so none of its components is known: give its schemaLocation, or pass its schema with --from FILE",
    ]);
    expect(problems).toEqual([
      "broken.xsd:4:1: the document ends inside the start tag <xs:element>",
      'main.xsd:3:3: "other-namespace.xsd" has target namespace urn:example:other, but this import is of namespace urn:example:expected',
      `main.xsd:4:3: "other-namespace.xsd" has target namespace urn:example:other, but an included schema must have the includer's (urn:example:mismatch) or none; use xs:import`,
      "main.xsd:5:3: cannot read missing.xsd: no such file",
      'main.xsd:7:3: "not-a-schema.xml" is not an XML schema: its root element is <note>',
    ]);
  });
});
