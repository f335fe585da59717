import { describe, expect, it } from "vitest";
import type { Field } from "../../generator/model/ir.js";
import {
  synthesizeField,
  synthesizeType,
  type SynthesisOptions,
} from "../../generator/mock/synthesize-value.js";
import { isGYearMonth, isIsoDate, isIsoDateTime, isUri } from "../../generator/runtime/scalars.js";
import { enumType, field, objectType, ref, restService, scalar } from "../helpers/ir.js";

const facets = (...pairs: [string, number | string][]): Field["facets"] =>
  pairs.map(([key, value]) => ({ key, value }));

const payment = objectType("Payment", [
  field("amount", scalar("decimal"), {
    required: true,
    facets: facets(["minimum", "0.01"], ["maximum", "100"], ["multipleOf", "0.01"]),
  }),
  field("currency", scalar("string"), {
    required: true,
    facets: facets(["pattern", "^[A-Z]{3}$"]),
  }),
  field("installments", scalar("int"), {
    required: true,
    facets: facets(["minimum", "1"], ["maximum", "12"]),
  }),
  field("reference", scalar("long"), { required: true }),
  field("rate", scalar("double"), { facets: facets(["exclusiveMaximum", "1"], ["minimum", "0"]) }),
  field("status", ref("enum", "Status"), { required: true }),
]);
const service = restService({ types: [payment], enums: [enumType("Status", ["open", "paid"])] });

const seed = (n: number): SynthesisOptions => ({ seed: n });

describe("synthesizeType", () => {
  it("draws every value within its facets, as the generated code holds it", () => {
    const value = synthesizeType(service, "Payment", seed(1)) as Record<string, unknown>;
    expect(value).toEqual({
      amount: "78.80",
      currency: "RIB",
      installments: 3,
      reference: "433",
      rate: 0.5,
      status: "open",
    });
  });

  it("gives the same value for the same seed, and others for other seeds", () => {
    expect(synthesizeType(service, "Payment", seed(5))).toEqual(
      synthesizeType(service, "Payment", seed(5)),
    );
    const values = new Set(
      [1, 2, 3, 4].map((n) => JSON.stringify(synthesizeType(service, "Payment", seed(n)))),
    );
    expect(values.size).toBe(4);
  });

  it("keeps the value of a field when another field of the type is added", () => {
    const wider = restService({
      types: [{ ...payment, allFields: [field("note", scalar("string")), ...payment.allFields] }],
      enums: service.enums,
    });
    const before = synthesizeType(service, "Payment", seed(3)) as Record<string, unknown>;
    const after = synthesizeType(wider, "Payment", seed(3)) as Record<string, unknown>;
    expect({ ...after, note: undefined }).toEqual({ ...before, note: undefined });
  });

  it("prefers an example that meets every facet, and keeps a constant", () => {
    const s = restService({
      types: [
        objectType("T", [
          field("currency", scalar("string"), {
            required: true,
            facets: facets(["pattern", "^[A-Z]{3}$"]),
            examples: ["euro", "EUR"],
          }),
          field("kind", scalar("string"), { required: true, const: "sale" }),
          field("version", scalar("long"), { required: true, const: 2 }),
        ]),
      ],
    });
    expect(synthesizeType(s, "T", seed(1))).toEqual({
      currency: "EUR",
      kind: "sale",
      version: "2",
    });
  });

  it("gives sensitive fields obviously fake values the facets allow", () => {
    const s = restService({
      types: [
        objectType("Card", [
          field("number", scalar("string"), {
            required: true,
            sensitive: "card-number",
            facets: facets(["pattern", "^[0-9]{13,19}$"]),
          }),
          field("cvv", scalar("string"), {
            required: true,
            sensitive: "card-code",
            facets: facets(["maxLength", 3]),
          }),
          field("routing", scalar("string"), { required: true, sensitive: "routing-number" }),
        ]),
      ],
    });
    expect(synthesizeType(s, "Card", seed(9))).toEqual({
      number: "4111111111111111",
      cvv: "123",
      routing: "021000021",
    });
  });

  it("tags a union's variant with the value its mapping names", () => {
    const s = restService({
      types: [
        objectType("Source", [], {
          kind: "union",
          variants: ["CardSource", "BankSource"],
          discriminator: {
            property: "type",
            mapping: [
              { value: "card", type: "CardSource" },
              { value: "bank", type: "BankSource" },
            ],
          },
        }),
        objectType("CardSource", [
          field("type", scalar("string"), { required: true }),
          field("last4", scalar("string"), { required: true }),
        ]),
        objectType("BankSource", [
          field("type", scalar("string"), { required: true }),
          field("iban", scalar("string"), { required: true }),
        ]),
      ],
    });
    const tags = new Set<string>();
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const value = synthesizeType(s, "Source", seed(n)) as Record<string, unknown>;
      expect(value["type"] === "card" ? "last4" in value : "iban" in value).toBe(true);
      tags.add(String(value["type"]));
    }
    expect([...tags].sort()).toEqual(["bank", "card"]);
  });

  it("fills exactly one member of a required choice group and of a choice type", () => {
    const s = restService({
      types: [
        objectType(
          "Pay",
          [
            field("card", scalar("string")),
            field("bank", scalar("string")),
            field("amount", scalar("int"), { required: true }),
          ],
          { choices: [{ fields: ["card", "bank"], required: true }] },
        ),
        objectType("Either", [field("a", scalar("string")), field("b", scalar("string"))], {
          kind: "choice",
        }),
      ],
    });
    for (const n of [1, 2, 3]) {
      const pay = synthesizeType(s, "Pay", { seed: n, optionalDepth: 0 }) as object;
      expect(["card", "bank"].filter((k) => k in pay)).toHaveLength(1);
      expect(Object.keys(synthesizeType(s, "Either", seed(n)) as object)).toHaveLength(1);
    }
  });

  it("draws the member of a choice that does not lead back into the value", () => {
    const s = restService({
      types: [
        objectType("Tree", [field("node", ref("object", "Tree")), field("leaf", scalar("int"))], {
          kind: "choice",
        }),
      ],
    });
    for (const n of [1, 2, 3, 4])
      expect(Object.keys(synthesizeType(s, "Tree", seed(n)) as object)).toEqual(["leaf"]);
  });

  it("stops optional recursion, and reports a cycle of required fields", () => {
    const misses: string[] = [];
    const s = restService({
      types: [
        objectType("Node", [
          field("name", scalar("string"), { required: true }),
          field("child", ref("object", "Node")),
          field("children", ref("object", "Node"), { list: { min: 0 } }),
        ]),
        objectType("A", [field("b", ref("object", "B"), { required: true })]),
        objectType("B", [field("a", ref("object", "A"), { required: true })]),
      ],
    });
    const node = synthesizeType(s, "Node", { seed: 1, optionalDepth: 5 }) as Record<
      string,
      unknown
    >;
    expect(node["child"]).toBeUndefined();
    expect(node["children"]).toBeUndefined();
    const a = synthesizeType(s, "A", { seed: 1, onMiss: (p, r) => misses.push(`${p}: ${r}`) });
    expect(a).toEqual({ b: { a: { b: { a: {} } } } });
    expect(misses).toEqual([
      "A.b.a.b.a: a cycle of required fields through A: an empty object stands for it",
    ]);
  });

  it("reports a pattern it cannot sample, once, by path", () => {
    const misses: string[] = [];
    const s = restService({
      types: [
        objectType("T", [
          field("code", scalar("string"), {
            required: true,
            facets: facets(["pattern", "^(?=A)[A-Z]{2}$"]),
          }),
        ]),
      ],
    });
    synthesizeType(s, "T", { seed: 1, onMiss: (p, r) => misses.push(`${p}: ${r}`) });
    expect(misses).toEqual([
      "T.code: no string value found that meets every check (pattern ^(?=A)[A-Z]{2}$)",
    ]);
  });

  it("draws dates, times, URIs and the formats the contract names", () => {
    const s = restService({
      types: [
        objectType("T", [
          field("day", scalar("date"), { required: true }),
          field("at", scalar("dateTime"), { required: true }),
          field("month", scalar("gYearMonth"), { required: true }),
          field("hook", scalar("uri"), { required: true }),
          field("id", scalar("string"), {
            required: true,
            notes: [{ kind: "info", text: 'Format "uuid" is not checked: the value is a string.' }],
          }),
          field("email", scalar("string"), { required: true }),
          field("blob", scalar("base64"), { required: true, facets: facets(["maxLength", 8]) }),
        ]),
      ],
    });
    const v = synthesizeType(s, "T", seed(4)) as Record<string, string>;
    expect(isIsoDate(v["day"]!)).toBe(true);
    expect(isIsoDateTime(v["at"]!)).toBe(true);
    expect(isGYearMonth(v["month"]!)).toBe(true);
    expect(isUri(v["hook"]!)).toBe(true);
    expect(v["id"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(v["email"]).toMatch(/^buyer\d+@example\.com$/);
    expect(v["blob"]).toMatch(/^[A-Za-z0-9+/]{8}$/);
  });
});

describe("synthesizeType on a hostile model", () => {
  it("bounds huge lengths, counts and digit counts, and reports each", () => {
    const misses: string[] = [];
    const s = restService({
      types: [
        objectType("T", [
          field("ids", scalar("string"), { required: true, list: { min: 1e9 } }),
          field("text", scalar("string"), { required: true, facets: facets(["minLength", 1e9]) }),
          field("blob", scalar("base64"), { required: true, facets: facets(["minLength", 1e9]) }),
          field("n", scalar("decimal"), { required: true, facets: facets(["totalDigits", 1e9]) }),
        ]),
      ],
    });
    const value = synthesizeType(s, "T", { seed: 1, onMiss: (p) => misses.push(p) }) as Record<
      string,
      unknown
    >;
    expect((value["ids"] as unknown[]).length).toBe(100);
    expect((value["text"] as string).length).toBe(4096);
    expect((value["blob"] as string).length).toBe(4096);
    expect(value["n"]).toMatch(/^\d+\.\d\d$/);
    expect(misses).toEqual(["T.ids", "T.text", "T.blob"]);
  });

  it("stops a value that would grow without end (lists of lists of required objects)", () => {
    const levels = Array.from({ length: 40 }, (_, i) =>
      objectType(`L${i}`, [
        field("next", ref("object", `L${i + 1}`), { required: true, list: { min: 3 } }),
      ]),
    );
    const misses: string[] = [];
    const value = synthesizeType(restService({ types: [...levels, objectType("L40", [])] }), "L0", {
      seed: 1,
      onMiss: (p) => misses.push(p),
    });
    expect(JSON.stringify(value).length).toBeLessThan(10_000_000);
    expect(misses.length).toBeGreaterThan(0);
  });
});

describe("synthesizeField", () => {
  it("fills lists within their bounds, maps with a key, and nullable values with a value", () => {
    const list = field("ids", scalar("long"), { required: true, list: { min: 2, max: 2 } });
    expect(synthesizeField(service, list, seed(1))).toEqual(["727", "71"]);
    const map = field("metadata", scalar("string"), { map: true });
    expect(synthesizeField(service, map, seed(1))).toEqual({ metadataKey: "metadata-681" });
    const nullable = field("note", scalar("string"), { nullable: true });
    expect(synthesizeField(service, nullable, seed(1))).toBeTypeOf("string");
  });

  it("meets the bounds of a query parameter: an exclusive bound, a step, a digit count", () => {
    const limit = field("limit", scalar("int"), {
      facets: facets(["exclusiveMinimum", "10"], ["maximum", "20"], ["multipleOf", "5"]),
    });
    expect([1, 2, 3, 4].map((n) => synthesizeField(service, limit, seed(n)))).toSatisfy(
      (xs: unknown[]) => xs.every((x) => x === 15 || x === 20),
    );
    const small = field("small", scalar("decimal"), {
      facets: facets(["totalDigits", 3], ["fractionDigits", 1], ["minimum", "50"]),
    });
    const value = synthesizeField(service, small, seed(1)) as string;
    expect(Number(value)).toBeGreaterThanOrEqual(50);
    expect(value.replace(/[-.]/g, "").replace(/^0+/, "").length).toBeLessThanOrEqual(3);
  });
});
