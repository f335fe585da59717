/**
 * The pattern facet: OpenAPI patterns follow ECMA-262 (a match anywhere,
 * unless the pattern anchors itself), XML Schema and YAML-schema patterns
 * match the whole value; the front end says which in the facet's value. A
 * pattern that can backtrack catastrophically is refused at generation.
 */
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catastrophicBacktracking } from "../../generator/facets/pattern-backtracking.js";
import { pattern, wholeValuePattern, wholeValueSource } from "../../generator/facets/pattern.js";
import { loadModel, PROJECT_ROOT } from "../../generator/generate.js";
import type { Model } from "../../generator/model/ir.js";
import type { ValidationIssue } from "../../generator/runtime/errors.js";
import { checkPattern, compilePattern } from "../../generator/runtime/validate.js";
import { problemsOf, REST_SERVICE, writeSchemas } from "../helpers/temp-schemas.js";

const SPEC = path.join(
  PROJECT_ROOT,
  "..",
  "shared",
  "specs",
  "cybersource-rest-spec.2020-02-17.json",
);

/** Whether `value` passes the pattern facet `source` at run time. */
function passes(value: string, source: string): boolean {
  const issues: ValidationIssue[] = [];
  return checkPattern(value, source, "x", issues);
}

/** The pattern facet values of a model's fields, by `Type.field`. */
function patternsOf(model: Model): Record<string, string> {
  const out: Record<string, string> = {};
  for (const type of model.services.flatMap((s) => s.types)) {
    for (const f of type.fields) {
      const facet = f.facets.find((x) => x.key === "pattern");
      if (facet) out[`${type.name}.${f.name}`] = String(facet.value);
    }
  }
  return out;
}

async function contract(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-pattern-"));
  await writeFile(path.join(dir, name), text);
  return path.join(dir, name);
}

function openApiWith(patternText: string): string {
  const person = { type: "object", properties: { name: { type: "string", pattern: patternText } } };
  const ok = {
    "200": {
      description: "OK.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Person" } } },
    },
  };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "People", version: "1" },
    paths: { "/people": { get: { operationId: "getPerson", responses: ok } } },
    components: { schemas: { Person: person } },
  });
}

describe("who anchors a pattern: the front end, in the facet's value", () => {
  it("OpenAPI: [a-z]+ is kept as written and accepts 'Bob smith' (ECMA-262: unanchored)", async () => {
    const file = await contract("api.json", openApiWith("[a-z]+"));
    const patterns = patternsOf(
      await loadModel({ schemasDir: path.dirname(file), from: [file], cwd: path.dirname(file) }),
    );
    expect(patterns).toEqual({ "Person.name": "[a-z]+" });
    expect(passes("Bob smith", patterns["Person.name"]!)).toBe(true);
    expect(passes("BOB", patterns["Person.name"]!)).toBe(false);
    expect(pattern.doc("[a-z]+")).toBe("Holds a match of the pattern `[a-z]+`.");
    expect(pattern.doc("^[a-z]+$")).toBe("Matches the pattern `^[a-z]+$`.");
    expect(pattern.doc("^[a-z]+\\$")).toBe("Holds a match of the pattern `^[a-z]+\\$`.");
  });

  it("XML Schema: a pattern matches the whole value", async () => {
    const xsd = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t" elementFormDefault="qualified">
  <xs:simpleType name="Lower"><xs:restriction base="xs:string"><xs:pattern value="[a-z]+"/></xs:restriction></xs:simpleType>
  <xs:element name="person"><xs:complexType><xs:sequence><xs:element name="name" type="t:Lower"/></xs:sequence></xs:complexType></xs:element>
</xs:schema>
`;
    const file = await contract("people.xsd", xsd);
    const patterns = patternsOf(
      await loadModel({ schemasDir: path.dirname(file), from: [file], cwd: path.dirname(file) }),
    );
    expect(Object.values(patterns)).toEqual(["^(?:[a-z]+)$"]);
    expect(passes("Bob smith", "^(?:[a-z]+)$")).toBe(false);
    expect(passes("bob", "^(?:[a-z]+)$")).toBe(true);
  });

  it("the YAML schema language: a pattern matches the whole value, as documented", async () => {
    const root = await writeSchemas({
      "svc/service.yaml": REST_SERVICE,
      "svc/t.yaml":
        'types:\n  T:\n    fields:\n      - { name: a, type: string, pattern: "[a-z]+" }\n',
    });
    expect(
      patternsOf(await loadModel({ schemasDir: path.join(root, "schemas"), cwd: root })),
    ).toEqual({ "T.a": "^(?:[a-z]+)$" });
    expect(wholeValuePattern("[a-z]+")).toBe("^(?:[a-z]+)$");
    expect(wholeValueSource("^(?:[a-z]+)$")).toBe("[a-z]+");
    expect(wholeValueSource("^(?:a)|(?:b)$")).toBeUndefined();
    expect(pattern.doc("^(?:[a-z]+)$")).toBe("Matches the pattern `[a-z]+` as a whole.");
  });

  it.skipIf(!existsSync(SPEC))(
    "the published REST spec: its unanchored patterns stay unanchored, and none is refused",
    async () => {
      const model = await loadModel({
        schemasDir: path.dirname(SPEC),
        from: [SPEC],
        cwd: path.dirname(SPEC),
      });
      const values = Object.values(patternsOf(model));
      const unanchored = values.filter((v) => !v.startsWith("^"));
      expect(unanchored.length).toBeGreaterThan(0);
      expect(unanchored.every((v) => !v.startsWith("^(?:"))).toBe(true);
      for (const v of values) expect(pattern.problem?.(v), v).toBeUndefined();
    },
    120_000,
  );
});

describe("patterns that can backtrack catastrophically", () => {
  it.each([
    "^(a+)+$",
    "(a*)*",
    "(a|a)*",
    "(.*)*",
    "^(\\w+\\s?)*$",
    "((ab)+)+",
    "(a|aa)+",
    "(\\d|\\d+)*",
    "(?:x(a+){2,})",
    "([a-z]+)*!",
    "(a+){1,20}",
    // An alternative that is others one after the other.
    "(a|b|ab)*c",
    // One element repeated a varying number of times, itself repeated.
    "(?:a{1,5}){1,100}$",
    "^(\\d{1,3})+$",
    // A dot repeated without a bound, in a repeated group.
    "(.*a){12}",
    "^(.+,)+$",
  ])("%s is refused", (source) => {
    expect(catastrophicBacktracking(source)).toMatch(/^can backtrack catastrophically/);
    expect(pattern.problem?.(source)).toMatch(/^can backtrack catastrophically/);
    expect(pattern.problem?.(wholeValuePattern(source))).toMatch(/^can backtrack catastrophically/);
  });

  it.each([
    "[a-z]+",
    "^(\\d+,)*\\d+$",
    "([a-z]+-)+",
    "(a|b)*",
    "(ab|ac)+",
    "(a+){2}",
    "[(a+)+]",
    "\\(a+\\)+",
    "^PT((([1-9]|1[0-9]|2[0-3])H(([1-9]|[1-4][0-9]|5[0-9])M)?))$",
    "[a-zA-Z0-9-_]+",
    "^(a|ab|abc)*$",
    "^(\\d{3},)*\\d{1,3}$",
    "(.*a){2}",
  ])("%s is accepted", (source) => {
    expect(catastrophicBacktracking(source)).toBeUndefined();
  });

  it("a YAML schema's catastrophic pattern is a positioned error", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/t.yaml":
        'types:\n  T:\n    fields:\n      - { name: a, type: string, pattern: "(a+)+$" }\n',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^schemas\/svc\/t\.yaml:4:43: pattern of "a": can backtrack catastrophically .*`\(a\+\)` repeated by `\+`/,
      ),
    ]);
  });

  it("an OpenAPI contract's catastrophic pattern is not checked, and says so on the field", async () => {
    const file = await contract("api.json", openApiWith("^(a+)+$"));
    const model = await loadModel({
      schemasDir: path.dirname(file),
      from: [file],
      cwd: path.dirname(file),
    });
    expect(patternsOf(model)).toEqual({});
    const name = model.services[0]!.types.find((t) => t.name === "Person")!.fields.find(
      (f) => f.name === "name",
    )!;
    expect(name.notes.map((n) => n.text)).toEqual([
      expect.stringMatching(
        /^The contract gives pattern \^\(a\+\)\+\$ \(can backtrack catastrophically/,
      ),
    ]);
  });
});

describe("a pattern that does not compile", () => {
  it("gives the engine's reason without quoting the pattern a second time", () => {
    expect(pattern.problem?.("[0-9")).toBe(
      "not a regular expression: Unterminated character class",
    );
    expect(pattern.problem?.(wholeValuePattern("a{2,1}"))).toBe(
      "not a regular expression: numbers out of order in {} quantifier",
    );
  });
});

describe("a pattern of ECMA-262 5.1's dialect (OpenAPI 3.0's, Swagger 2.0's)", () => {
  // `\!` is an identity escape without the `u` flag and a syntax error with it; `{` alone likewise.
  const table: { given: string; match: string; miss: string }[] = [
    { given: "^[\\w\\-.,:;\\!?]*$", match: "a-b!", miss: "a b" },
    { given: "^a{$", match: "a{", miss: "a" },
  ];
  it.each(table)(
    "$given is a pattern, and checked as that dialect reads it",
    ({ given, match, miss }) => {
      expect(() => new RegExp(given, "u")).toThrow();
      expect(pattern.problem?.(given)).toBeUndefined();
      const issues: ValidationIssue[] = [];
      expect(checkPattern(match, given, "f", issues)).toBe(true);
      expect(checkPattern(miss, given, "f", issues)).toBe(false);
      expect(issues.map((i) => i.code)).toEqual(["pattern"]);
    },
  );

  it("keeps the u flag's reading for a pattern that compiles with it", () => {
    // With `u`, `.` is one code point: an emoji is one character.
    expect(compilePattern("^.$").test("😀")).toBe(true);
    expect(compilePattern("^.$").flags).toBe("u");
  });
});
