import { describe, expect, it } from "vitest";
import path from "node:path";
import { Diagnostics } from "../../../generator/diagnostics/diagnostic.js";
import { readYamlDescription } from "../../../generator/frontends/yaml/read-yaml.js";
import {
  problemsOf,
  REST_SERVICE,
  SOAP_SERVICE,
  writeSchemas,
} from "../../helpers/temp-schemas.js";

/** One test per class of schema problem: exact message, exact position. */
describe("schema problems are reported as file:line:col: message", () => {
  it("bad YAML", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/bad.yaml": "types:\n  A: [unclosed\n",
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schemas\/svc\/bad\.yaml:\d+:\d+: YAML: /);
  });

  it("unknown type reference, with a suggestion", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  Order:\n    fields:\n      - { name: addr, type: Adress }\n  Address:\n    fields:\n      - { name: zip, type: string }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:29: unknown type "Adress"; did you mean "Address"?',
    ]);
  });

  it("duplicate names across files", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/a.yaml": "types:\n  Thing:\n    fields:\n      - { name: x, type: string }\n",
      "svc/b.yaml": "enums:\n  Thing:\n    values: [a]\n",
    });
    expect(problems).toEqual([
      'schemas/svc/b.yaml:2:3: enum "Thing" is already declared at schemas/svc/a.yaml:2:3',
    ]);
  });

  it("unknown keys, with a suggestion", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  T:\n    fields:\n      - { name: x, type: string, requird: true }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:34: unknown key "requird" in field; did you mean "required"?',
    ]);
  });

  it("a choice member that is also required", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  Pay:\n    choice: true\n    fields:\n      - { name: card, type: string, required: true }\n      - { name: bank, type: string }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:5:37: "card" is a member of the choice "Pay" and cannot be required: exactly one member is present',
    ]);
  });

  it("an extension cycle", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  A:\n    extends: B\n    fields: []\n  B:\n    extends: A\n    fields: []\n",
    });
    expect(problems).toEqual([
      "schemas/svc/types.yaml:3:14: extension cycle: A → B → A",
      "schemas/svc/types.yaml:6:14: extension cycle: B → A → B",
    ]);
  });

  it("a type that requires itself", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  Node:\n    fields:\n      - { name: next, type: Node, required: true }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:17: "Node" requires itself through required fields (Node → next: Node); make one of them optional',
    ]);
  });

  it("an enum default that is not in the enum", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/enums.yaml": "enums:\n  Unit:\n    values: [days, months]\n    default: weeks\n",
    });
    expect(problems).toEqual([
      'schemas/svc/enums.yaml:4:14: default "weeks" is not a value of enum "Unit"',
    ]);
  });

  it("a field default that is not in its enum", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "enums:\n  Unit:\n    values: [days, months]\ntypes:\n  S:\n    fields:\n      - { name: unit, type: Unit, default: dayz }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:7:44: default "dayz" is not a value of enum "Unit"',
    ]);
  });

  it("an unknown gap reference", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": `${SOAP_SERVICE}gaps:\n  body-not-shown:\n    text: "Body: not shown."\n    extension: Opaque.\n`,
      "svc/types.yaml": "types:\n  Body:\n    opaque: true\n    gap: body-not-show\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:10: unknown gap "body-not-show"; did you mean "body-not-shown"?',
    ]);
  });

  it("a constant that does not fit its field", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  T:\n    fields:\n      - { name: capture, type: boolean, const: yes please }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:48: const of "T.capture": a boolean field needs true or false',
    ]);
  });

  it("a REST path parameter that is not declared", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/ops.yaml":
        'operations:\n  getThing:\n    http: { method: GET, path: "/things/{id}", baseUrl: base_url }\n',
    });
    expect(problems).toEqual([
      'schemas/svc/ops.yaml:3:32: path parameter {id} is not declared in "params"',
    ]);
  });

  it("a flow path that is not in the request", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/ops.yaml": [
        "types:",
        "  PayRequest:",
        "    fields:",
        "      - { name: order.amount, type: decimal }",
        "operations:",
        "  pay:",
        "    http: { method: POST, path: /pay, baseUrl: base_url }",
        "    request: { type: PayRequest }",
        "flows:",
        "  quick:",
        "    operation: pay",
        "    required: [order.amont]",
        "",
      ].join("\n"),
    });
    expect(problems).toEqual([
      'schemas/svc/ops.yaml:12:16: "order.amont" is not a field of PayRequest: no field "amont" in PayRequestOrder; did you mean "amount"?',
    ]);
  });

  it("a request constant at a path the request lacks, or of a value that does not fit", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/ops.yaml": [
        "types:",
        "  PayRequest:",
        "    fields:",
        "      - { name: processing.capture, type: boolean }",
        "operations:",
        "  sale:",
        "    http: { method: POST, path: /pay, baseUrl: base_url }",
        "    request: { type: PayRequest, constants: { processing.captur: true } }",
        "  auth:",
        "    http: { method: POST, path: /auth, baseUrl: base_url }",
        "    request: { type: PayRequest, constants: { processing.capture: yes } }",
        "  ping:",
        "    http: { method: POST, path: /ping, baseUrl: base_url }",
        "    request: { fields: [], constants: { mode: fast } }",
        "",
      ].join("\n"),
    });
    expect(problems).toEqual([
      'schemas/svc/ops.yaml:8:47: "processing.captur" is not a field of PayRequest: no field "captur" in PayRequestProcessing; did you mean "capture"?',
      'schemas/svc/ops.yaml:11:47: constant for "processing.capture": a boolean field needs true or false',
      'schemas/svc/ops.yaml:14:41: "mode" is not a field of PingRequest: no field "mode" in PingRequest',
    ]);
  });

  it("a flow that builds nothing, supports an unknown enum, or gives a list to a single field", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/ops.yaml": [
        "types:",
        "  Token:",
        "    fields:",
        "      - { name: kind, type: string }",
        "      - { name: tags, type: string, list: true }",
        "enums:",
        "  CardType:",
        "    values: [Visa]",
        "flows:",
        "  nothing:",
        "    required: [kind]",
        "  token:",
        "    type: Token",
        "    supports: { cardTypes: CardTyp }",
        "    defaults: { kind: [a, b], tags: [x] }",
        "",
      ].join("\n"),
    });
    expect(problems).toEqual([
      'schemas/svc/ops.yaml:10:3: flow "nothing" needs "operation" (the request it builds) or "type" (the value it builds)',
      'schemas/svc/ops.yaml:14:28: unknown enum "CardTyp"; did you mean "CardType"?',
      'schemas/svc/ops.yaml:15:17: constant for "kind": a single field needs one value, not a list',
    ]);
  });

  it("a service folder without service.yaml, and a file outside any service", async () => {
    const problems = await problemsOf({
      "orphan/types.yaml": "types:\n  T:\n    fields: []\n",
      "loose.yaml": "types: {}\n",
    });
    expect(problems).toEqual([
      "schemas/loose.yaml:1:1: schema files belong in a service folder: schemas/SERVICE/FILE.yaml",
      'schemas/orphan/types.yaml:1:1: service folder "orphan" has no service.yaml with a "service:" block',
    ]);
  });

  it("a YAML alias reads as the value its anchor names", async () => {
    const root = await writeSchemas({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml":
        "types:\n  A:\n    fields: &f\n      - { name: x, type: string }\n  B:\n    fields: *f\n",
    });
    const diagnostics = new Diagnostics();
    const description = await readYamlDescription(
      { dir: path.join(root, "schemas"), cwd: root },
      diagnostics,
    );
    expect(diagnostics.sorted()).toEqual([]);
    const fieldsOf = (name: string) =>
      description.services[0]!.types.find((t) => t.name === name)!.fields.map((f) => f.name);
    expect([fieldsOf("A"), fieldsOf("B")]).toEqual([["x"], ["x"]]);
  });

  it("aliases that would multiply a schema file beyond the budget are refused (no billion laughs)", async () => {
    // Each level names the one before ten times: 10^7 nodes from a few lines.
    const levels = ["a: &l0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i <= 6; i++)
      levels.push(
        `l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(", ")}]`,
      );
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/bomb.yaml": `${levels.join("\n")}\n`,
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^schemas\/svc\/bomb\.yaml:\d+:\d+: YAML: aliases expand the document beyond 1000000 nodes$/,
    );
  });

  it("reports every problem of every file at once, sorted", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/a.yaml": "types:\n  A:\n    fields:\n      - { name: x, type: Nope }\n",
      "svc/b.yaml": "types:\n  B:\n    fields:\n      - { name: y, type: Nada }\n    bogus: 1\n",
    });
    expect(problems).toEqual([
      'schemas/svc/a.yaml:4:26: unknown type "Nope"',
      'schemas/svc/b.yaml:4:26: unknown type "Nada"',
      'schemas/svc/b.yaml:5:5: unknown key "bogus" in type "B"',
    ]);
  });

  it("facets that do not fit: a pattern that does not compile, a facet on the wrong scalar", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/t.yaml":
        'types:\n  T:\n    fields:\n      - { name: a, type: string, pattern: "[0-9" }\n      - { name: b, type: int, pattern: "[0-9]+" }\n',
    });
    expect(problems).toEqual([
      'schemas/svc/t.yaml:4:43: pattern of "a": not a regular expression: Unterminated character class',
      'schemas/svc/t.yaml:5:40: pattern applies to strings and URIs; "b" is int',
    ]);
  });
});
