import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { FACETS, type XsdFacetName } from "../../../generator/facets/registry.js";
import { readSchemaFiles } from "../../../generator/frontends/wsdl/load-schema-set.js";
import { readXsdContract } from "../../../generator/frontends/wsdl/read-contract.js";
import { isFacet } from "../../../generator/frontends/wsdl/read-xsd-facets.js";
import type { Facets } from "../../../generator/frontends/wsdl/xsd-model.js";
import { namespaceOf } from "./helpers.js";

interface Case {
  readonly given: { readonly base: string; readonly facets: string };
  readonly want: readonly string[];
}

/** XML Schema facet elements, and the facets (`key=value`, in the registry's order) each restriction gives its field. */
const CASES: readonly Case[] = [
  {
    given: { base: "string", facets: '<xs:length value="3"/>' },
    want: ["minLength=3", "maxLength=3"],
  },
  {
    given: { base: "string", facets: '<xs:maxLength value="20"/><xs:minLength value="2"/>' },
    want: ["minLength=2", "maxLength=20"],
  },
  {
    given: { base: "string", facets: '<xs:pattern value="[A-Z]{3}"/>' },
    want: ["pattern=^(?:[A-Z]{3})$"],
  },
  {
    given: {
      base: "decimal",
      facets:
        '<xs:minInclusive value="0.01"/><xs:maxInclusive value="999.99"/><xs:totalDigits value="5"/><xs:fractionDigits value="2"/>',
    },
    want: ["minimum=0.01", "maximum=999.99", "totalDigits=5", "fractionDigits=2"],
  },
  {
    given: {
      base: "decimal",
      facets: '<xs:maxExclusive value="100"/><xs:minExclusive value="0"/>',
    },
    want: ["exclusiveMinimum=0", "exclusiveMaximum=100"],
  },
];

const xsd = ({ base, facets }: Case["given"]) => `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:facets" elementFormDefault="qualified">
  <xs:complexType name="Thing">
    <xs:sequence>
      <xs:element name="v">
        <xs:simpleType>
          <xs:restriction base="xs:${base}">${facets}</xs:restriction>
        </xs:simpleType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>
</xs:schema>
`;

describe("XML Schema facets, read with the facet elements each facet declares", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "paygen-xsd-facets-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(CASES)("$given.facets", async ({ given, want }) => {
    await writeFile(path.join(dir, "facets.xsd"), xsd(given));
    const diagnostics = new Diagnostics();
    const description = await readXsdContract("facets.xsd", dir, diagnostics);
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    const thing = description.services[0]!.types.find((t) => t.name === "Thing")!;
    expect(thing.fields[0]!.facets.map((f) => `${f.key}=${f.value}`)).toEqual(want);
  });

  it("reports a value a facet refuses, at the XML Schema facet", async () => {
    await writeFile(
      path.join(dir, "facets.xsd"),
      xsd({ base: "decimal", facets: '<xs:totalDigits value="0"/>' }),
    );
    const diagnostics = new Diagnostics();
    await readXsdContract("facets.xsd", dir, diagnostics);
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([
      "facets.xsd:7:68: totalDigits must be at least 1",
    ]);
  });

  it("has the registry's XML Schema names as the XSD model's facet keys, and reads each into its key", async () => {
    // The model declares no facet name of its own: counts and bounds are the registry's, patterns its text facet.
    expectTypeOf<Exclude<keyof Facets, "enumerations" | "patterns" | "whiteSpace">>().toEqualTypeOf<
      XsdFacetName<"count" | "decimal">
    >();
    expectTypeOf<XsdFacetName<"text">>().toEqualTypeOf<"pattern">();
    const registered = [...new Set(FACETS.flatMap((f) => f.xsdFacets))].sort();
    const valued = registered.filter((name) => name !== "pattern");
    // Accepted as facets: the registry's names, and the two XML Schema facets the mapping reads itself.
    expect(registered.every(isFacet)).toBe(true);
    expect(["enumeration", "whiteSpace"].every(isFacet)).toBe(true);
    expect(["assertion", "explicitTimezone", "maxScale", "multipleOf"].some(isFacet)).toBe(false);
    // Each registered count or bound, written alone in a restriction, is read into the key of its name.
    const count = new Set(
      FACETS.filter((f) => f.valueKind === "count").flatMap((f) => f.xsdFacets),
    );
    const types = valued.map(
      (name) =>
        `<xs:simpleType name="${name}"><xs:restriction base="xs:${count.has(name) ? "string" : "decimal"}"><xs:${name} value="1"/></xs:restriction></xs:simpleType>`,
    );
    await writeFile(
      path.join(dir, "names.xsd"),
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:facets">${types.join("")}</xs:schema>`,
    );
    const diagnostics = new Diagnostics();
    const set = await readSchemaFiles(["names.xsd"], { cwd: dir }, diagnostics);
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    const simpleTypes = namespaceOf(set, "urn:facets").simpleTypes;
    for (const name of valued) {
      const content = simpleTypes.get(name)!.content;
      const facets = content.kind === "restriction" ? content.facets : undefined;
      expect(
        Object.keys(facets ?? {}).filter((k) => k !== "enumerations" && k !== "patterns"),
      ).toEqual([name]);
    }
  });

  it("covers every facet XML Schema can write", () => {
    const read = new Set(CASES.flatMap((c) => c.want.map((f) => f.split("=")[0])));
    expect(read).toEqual(new Set(FACETS.filter((f) => f.xsdFacets.length > 0).map((f) => f.key)));
  });
});
