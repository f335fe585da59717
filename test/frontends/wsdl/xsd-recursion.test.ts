/**
 * XML Schema constructs that contain themselves: a cycle of named groups is a
 * positioned error, a global element holding itself by reference is a
 * recursive type (or, when required, the checker's required-cycle error);
 * never a stack overflow.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, SchemaErrors } from "../../../generator/diagnostics/diagnostic.js";
import { loadModel } from "../../../generator/generate.js";
import type { Model } from "../../../generator/model/ir.js";

const HEAD =
  '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t" elementFormDefault="qualified">';

/** The model of one XSD file, or its problems as printed. */
async function read(body: string): Promise<Model | string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-xsd-recursion-"));
  await writeFile(path.join(dir, "s.xsd"), `${HEAD}\n${body}\n</xs:schema>\n`);
  try {
    return await loadModel({ schemasDir: dir, from: [path.join(dir, "s.xsd")], cwd: dir });
  } catch (error) {
    if (error instanceof SchemaErrors) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
}

describe("XML Schema constructs that contain themselves", () => {
  it("a cycle of named groups is a positioned error at the reference that closes it", async () => {
    const problems =
      await read(`  <xs:group name="A"><xs:sequence><xs:element name="a" type="xs:string"/><xs:group ref="t:B"/></xs:sequence></xs:group>
  <xs:group name="B"><xs:sequence><xs:group ref="t:A"/></xs:sequence></xs:group>
  <xs:element name="root"><xs:complexType><xs:sequence><xs:group ref="t:A"/></xs:sequence></xs:complexType></xs:element>`);
    expect(problems).toEqual(['s.xsd:3:35: the group "A" contains itself (A → B → A)']);
  });

  it("a group that refers to itself directly, as the whole content of a type, is a positioned error", async () => {
    const problems =
      await read(`  <xs:group name="G"><xs:sequence><xs:group ref="t:G"/></xs:sequence></xs:group>
  <xs:complexType name="T"><xs:group ref="t:G"/></xs:complexType>
  <xs:element name="root" type="t:T"/>`);
    expect(problems).toEqual(['s.xsd:2:35: the group "G" contains itself (G → G)']);
  });

  it("a group that contains itself through an element's type in place is a positioned error", async () => {
    const problems =
      await read(`  <xs:group name="G"><xs:sequence><xs:element name="x" minOccurs="0"><xs:complexType><xs:group ref="t:G"/></xs:complexType></xs:element></xs:sequence></xs:group>
  <xs:element name="root"><xs:complexType><xs:group ref="t:G"/></xs:complexType></xs:element>`);
    expect(problems).toEqual(['s.xsd:2:86: the group "G" contains itself (G → G)']);
  });

  it("a global element holding itself optionally by ref is a recursive type", async () => {
    const model = await read(
      `  <xs:element name="node"><xs:complexType><xs:sequence><xs:element name="v" type="xs:string"/><xs:element ref="t:node" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>`,
    );
    expect(Array.isArray(model)).toBe(false);
    const types = (model as Model).services[0]!.types;
    expect(types.map((t) => t.name)).toEqual(["node"]);
    expect(types[0]!.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["v", { kind: "scalar", name: "string" }, true],
      ["node", { kind: "object", name: "node" }, false],
    ]);
  });

  it("a global element holding itself through another element's type is a recursive type too", async () => {
    const model = await read(
      `  <xs:element name="tree"><xs:complexType><xs:sequence><xs:element name="child" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:sequence><xs:element ref="t:tree"/></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>`,
    );
    expect(Array.isArray(model), String(model)).toBe(false);
    const types = (model as Model).services[0]!.types;
    const child = types.find((t) => t.name !== "tree")!;
    expect(child.fields.map((f) => f.type)).toEqual([{ kind: "object", name: "tree" }]);
  });

  it("a global element requiring itself is the checker's positioned error about the required cycle", async () => {
    const problems = await read(
      `  <xs:element name="node"><xs:complexType><xs:sequence><xs:element ref="t:node"/></xs:sequence></xs:complexType></xs:element>`,
    );
    expect(problems).toEqual([
      's.xsd:2:3: "node" requires itself through required fields (node → node: node); make one of them optional',
    ]);
  });
});
