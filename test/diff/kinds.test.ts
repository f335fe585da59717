import { describe, expect, it } from "vitest";
import { diffKinds, restWith, soapWith, type Side } from "./schema-pairs.js";

/** `[severity, kind, path below the service, surfaces]`. */
type Expected = readonly [string, string, string, readonly string[]];

interface Case {
  readonly name: string;
  readonly before: string;
  readonly after: string;
  readonly enumsBefore?: string;
  readonly enumsAfter?: string;
  /** What a change means when `Thing` travels in a request, and when it travels in a response. */
  readonly request: readonly Expected[];
  readonly response: readonly Expected[];
}

const thing = (...fields: string[]) =>
  `Thing:\n  fields:\n${fields.map((f) => `    - ${f}`).join("\n")}`;
const choice = (...fields: string[]) =>
  `Thing:\n  choice: true\n  fields:\n${fields.map((f) => `    - ${f}`).join("\n")}`;
const A = "{ name: a, type: string }";
const B = "{ name: b, type: string }";
const STATUS = (...values: string[]) => `Status:\n  values: [${values.join(", ")}]`;

/**
 * Each schema change once from the request side and once from the response
 * side, with the surface it breaks in XML. The wire of REST is JSON: the same
 * cases run there with `wire-json` in place of `wire-xml` (order and item
 * names aside, which only XML has).
 */
const CASES: readonly Case[] = [
  {
    name: "optional field added",
    before: thing(A),
    after: thing(A, B),
    request: [["info", "field-added-optional", "types/Thing/b", []]],
    response: [["info", "field-added-optional", "types/Thing/b", []]],
  },
  {
    name: "required field added",
    before: thing(A),
    after: thing(A, "{ name: b, type: string, required: true }"),
    request: [["breaking", "field-added-required", "types/Thing/b", ["source", "wire-xml"]]],
    response: [["info", "field-added-required", "types/Thing/b", []]],
  },
  {
    name: "field removed",
    before: thing(A, B),
    after: thing(A),
    request: [["breaking", "field-removed", "types/Thing/b", ["source", "wire-xml"]]],
    response: [["breaking", "field-removed", "types/Thing/b", ["source"]]],
  },
  {
    name: "optional made required",
    before: thing(A),
    after: thing("{ name: a, type: string, required: true }"),
    request: [["breaking", "field-made-required", "types/Thing/a", ["source", "wire-xml"]]],
    response: [["info", "field-made-required", "types/Thing/a", []]],
  },
  {
    name: "required made optional",
    before: thing("{ name: a, type: string, required: true }"),
    after: thing(A),
    request: [["info", "field-made-optional", "types/Thing/a", []]],
    response: [["breaking", "field-made-optional", "types/Thing/a", ["source", "wire-xml"]]],
  },
  {
    name: "scalar type changed",
    before: thing(A),
    after: thing("{ name: a, type: int }"),
    request: [["breaking", "scalar-type-changed", "types/Thing/a", ["source", "wire-xml"]]],
    response: [["breaking", "scalar-type-changed", "types/Thing/a", ["source", "wire-xml"]]],
  },
  {
    name: "list bounds tightened",
    before: thing("{ name: a, type: string, list: { min: 0, max: 5 } }"),
    after: thing("{ name: a, type: string, list: { min: 1, max: 3 } }"),
    request: [["breaking", "occurrence-changed", "types/Thing/a", ["wire-xml"]]],
    response: [["info", "occurrence-changed", "types/Thing/a", []]],
  },
  {
    name: "list bounds loosened",
    before: thing("{ name: a, type: string, list: { min: 0, max: 3 } }"),
    after: thing("{ name: a, type: string, list: true }"),
    request: [["info", "occurrence-changed", "types/Thing/a", []]],
    response: [["warning", "occurrence-changed", "types/Thing/a", ["wire-xml"]]],
  },
  {
    name: "single value became a list",
    before: thing(A),
    after: thing("{ name: a, type: string, list: true }"),
    request: [["breaking", "list-changed", "types/Thing/a", ["source", "wire-xml"]]],
    response: [["breaking", "list-changed", "types/Thing/a", ["source", "wire-xml"]]],
  },
  {
    name: "choice branch added",
    before: choice(A, B),
    after: choice(A, B, "{ name: c, type: string }"),
    request: [["info", "choice-branch-added", "types/Thing/c", []]],
    response: [["warning", "choice-branch-added", "types/Thing/c", ["wire-xml"]]],
  },
  {
    name: "choice branch removed",
    before: choice(A, B, "{ name: c, type: string }"),
    after: choice(A, "{ name: c, type: string }"),
    request: [["breaking", "choice-branch-removed", "types/Thing/b", ["source", "wire-xml"]]],
    response: [["warning", "choice-branch-removed", "types/Thing/b", ["source"]]],
  },
  {
    name: "enum value added",
    before: thing("{ name: s, type: Status }"),
    after: thing("{ name: s, type: Status }"),
    enumsBefore: STATUS("on", "off"),
    enumsAfter: STATUS("on", "off", "paused"),
    request: [["info", "enum-value-added", "enums/Status/paused", []]],
    response: [["warning", "enum-value-added", "enums/Status/paused", ["wire-xml"]]],
  },
  {
    name: "enum value removed",
    before: thing("{ name: s, type: Status }"),
    after: thing("{ name: s, type: Status }"),
    enumsBefore: STATUS("on", "off"),
    enumsAfter: STATUS("on"),
    request: [["breaking", "enum-value-removed", "enums/Status/off", ["source", "wire-xml"]]],
    response: [["warning", "enum-value-removed", "enums/Status/off", ["source"]]],
  },
  {
    name: "maximum length tightened",
    before: thing("{ name: a, type: string, maxLength: 10 }"),
    after: thing("{ name: a, type: string, maxLength: 5 }"),
    request: [["breaking", "facet-tightened", "types/Thing/a", ["wire-xml"]]],
    response: [["info", "facet-tightened", "types/Thing/a", []]],
  },
  {
    name: "decimal minimum loosened",
    before: thing('{ name: a, type: decimal, minimum: "1.50" }'),
    after: thing('{ name: a, type: decimal, minimum: "0.5" }'),
    request: [["info", "facet-loosened", "types/Thing/a", []]],
    response: [["warning", "facet-loosened", "types/Thing/a", ["wire-xml"]]],
  },
  {
    name: "pattern added",
    before: thing(A),
    after: thing('{ name: a, type: string, pattern: "[0-9]+" }'),
    request: [["breaking", "facet-tightened", "types/Thing/a", ["wire-xml"]]],
    response: [["info", "facet-tightened", "types/Thing/a", []]],
  },
  {
    name: "default changed",
    before: thing("{ name: s, type: Status, default: on }"),
    after: thing("{ name: s, type: Status, default: off }"),
    enumsBefore: STATUS("on", "off"),
    enumsAfter: STATUS("on", "off"),
    request: [["warning", "default-changed", "types/Thing/s", ["wire-xml"]]],
    response: [["warning", "default-changed", "types/Thing/s", ["wire-xml"]]],
  },
  {
    name: "sensitivity removed",
    before: thing("{ name: a, type: string, sensitive: card-number }"),
    after: thing(A),
    request: [["warning", "sensitivity-removed", "types/Thing/a", []]],
    response: [["warning", "sensitivity-removed", "types/Thing/a", []]],
  },
  {
    name: "sensitivity added",
    before: thing(A),
    after: thing("{ name: a, type: string, sensitive: card-number }"),
    request: [["info", "sensitivity-added", "types/Thing/a", []]],
    response: [["info", "sensitivity-added", "types/Thing/a", []]],
  },
  {
    name: "base type changed",
    before: `${thing(A).replace("Thing:\n", "Thing:\n  extends: Base1\n")}\nBase1:\n  fields:\n    - { name: x, type: string }\nBase2:\n  fields:\n    - { name: x, type: string }`,
    after: `${thing(A).replace("Thing:\n", "Thing:\n  extends: Base2\n")}\nBase1:\n  fields:\n    - { name: x, type: string }\nBase2:\n  fields:\n    - { name: x, type: string }`,
    request: [["breaking", "base-changed", "types/Thing", ["source", "wire-xml"]]],
    response: [["breaking", "base-changed", "types/Thing", ["source", "wire-xml"]]],
  },
  {
    name: "type renamed, shape kept",
    before: thing(A),
    after: thing(A).replace("Thing:", "Thing2:"),
    request: [["breaking", "type-renamed", "types/Thing", ["source"]]],
    response: [["breaking", "type-renamed", "types/Thing", ["source"]]],
  },
  {
    name: "type added and removed",
    before: `${thing(A)}\nOld:\n  fields:\n    - ${A}`,
    after: `${thing(A)}\nNew:\n  fields:\n    - ${B}\n    - ${A}`,
    request: [
      ["breaking", "type-removed", "types/Old", ["source"]],
      ["info", "type-added", "types/New", []],
    ],
    response: [
      ["breaking", "type-removed", "types/Old", ["source"]],
      ["info", "type-added", "types/New", []],
    ],
  },
];

/** Renaming `Thing` renames its use too: the operation's field must follow. */
function files(
  protocol: "soap" | "rest",
  side: Side,
  types: string,
  enums: string | undefined,
): Record<string, string> {
  const usesThing2 = /^Thing2:/m.test(types);
  const build = protocol === "soap" ? soapWith : restWith;
  const out = build(side, types, enums ? { enums } : {});
  if (!usesThing2) return out;
  return Object.fromEntries(
    Object.entries(out).map(([k, v]) => [
      k,
      k.endsWith("operations.yaml") ? v.replace(/type: Thing\b/g, "type: Thing2") : v,
    ]),
  );
}

describe.each(["soap", "rest"] as const)("paygen diff, %s", (protocol) => {
  const wire = protocol === "soap" ? "wire-xml" : "wire-json";
  describe.each(CASES)("$name", (c) => {
    it.each(["request", "response"] as const)("seen from the %s side", async (side) => {
      const changes = await diffKinds(
        files(protocol, side, c.before, c.enumsBefore),
        files(protocol, side, c.after, c.enumsAfter),
      );
      const expected = c[side].map(([severity, kind, path, surfaces]) => ({
        severity,
        kind,
        path: `svc/${path}`,
        surfaces: surfaces.map((s) => (s === "wire-xml" ? wire : s)),
      }));
      expect(changes).toEqual(expected);
    });
  });

  it("a folder compared with itself has no changes", async () => {
    const same = files(protocol, "request", thing(A, B), undefined);
    expect(await diffKinds(same, same)).toEqual([]);
  });
});
