import { describe, expect, it } from "vitest";
import { readXml } from "../../generator/frontends/xml/read-xml.js";
import { XmlPaths } from "../../generator/frontends/xml/xml-paths.js";

const TEXT = [
  `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">`,
  `<xs:complexType name="Card"><xs:sequence>`,
  `<xs:element name="number" type="xs:string"/>`,
  `<xs:element ref="it's"/>`,
  `</xs:sequence></xs:complexType>`,
  `<xs:annotation/><xs:annotation><xs:documentation>x</xs:documentation></xs:annotation>`,
  `</xs:schema>`,
].join("\n");

describe("XML paths of positions in a document, as warnings name them", () => {
  const paths = new XmlPaths();
  paths.add(readXml(TEXT, { file: "card.xsd" }));
  const at = (line: number, col: number) => paths.pathAt({ file: "card.xsd", line, col });

  it.each([
    { given: "the root's start", line: 1, col: 1, want: "/xs:schema" },
    {
      given: "an element named by its name attribute",
      line: 2,
      col: 1,
      want: "/xs:schema/xs:complexType[@name='Card']",
    },
    {
      given: "an attribute inside a start tag: its element",
      line: 3,
      col: 22,
      want: "/xs:schema/xs:complexType[@name='Card']/xs:sequence/xs:element[@name='number']",
    },
    {
      given: "a ref, its quote escaped",
      line: 4,
      col: 1,
      want: "/xs:schema/xs:complexType[@name='Card']/xs:sequence/xs:element[@ref='it&apos;s']",
    },
    {
      given: "unnamed siblings of one name: by their position",
      line: 6,
      col: 17,
      want: "/xs:schema/xs:annotation[2]",
    },
    {
      given: "a lone unnamed child",
      line: 6,
      col: 33,
      want: "/xs:schema/xs:annotation[2]/xs:documentation",
    },
  ])("$given", ({ line, col, want }) => {
    expect(at(line, col)).toBe(want);
  });

  it("knows nothing of a file it was not given", () => {
    expect(paths.pathAt({ file: "other.xsd", line: 1, col: 1 })).toBeUndefined();
  });
});
