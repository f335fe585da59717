import { describe, expect, it } from "vitest";
import {
  DATE_MATH_UNITS,
  createQueryBuilder,
  epochMillis,
  now,
  parseQuery,
  presets,
  toString,
  type DateMath,
  type PresetName,
  type QueryNode,
} from "../../../generator/runtime/search-query/index.js";
import { TEXT_FIELDS, language, type SearchField } from "./fixture-language.js";
import { int, pick, prng } from "./helpers.js";

const q = createQueryBuilder(language);
const NOW = new Date("2026-03-15T14:37:12Z");
type Node = QueryNode<SearchField>;

function roundTrip(node: Node): void {
  const text = toString(node);
  const parsed = parseQuery(text, language, { now: NOW, timeZone: "Europe/London" });
  if (!parsed.ok) throw new Error(`${text}\n${parsed.errors.map((e) => e.message).join("\n")}`);
  expect(parsed.ast).toEqual(node);
  expect(toString(parsed.ast)).toBe(text);
  expect(parsed.warnings.filter((w) => w.code === "mixed-operators")).toEqual([]);
}

describe("build → string → parse → build", () => {
  it("round-trips hand-written queries", () => {
    const week = q.range("submitTimeUtc", presets.past7Days());
    const cases: Node[] = [
      q.eq("id", "abc"),
      q.and(q.eq("clientReferenceInformation.code", "ord 1"), week),
      q.and(
        q.anyOf("paymentInformation.paymentType.method", ["vi", "mc"]),
        q.or(q.eq("id", "x"), q.prefix("merchantId", "acme")),
        week,
      ),
      q.or(q.and(q.eq("id", "a"), q.eq("id", "b")), q.and(q.eq("id", "c"), week)),
      q.eq("orderInformation.billTo.lastName", 'O"Brien \\ (AND) * TO'),
      q.anyOf("id", ["", "AND", "a:b", "x*", " lead", "trail "]),
      q.wildcard("id", "abc*def*"),
      q.range("submitTimeUtc", 0, epochMillis(1767225600000).minus(1, "MONTH").round("DAY"), {
        startInclusive: false,
        endInclusive: true,
      }),
      q.eq("reconciliationId", "R-1"),
      ...(Object.keys(presets) as PresetName[]).map((name) =>
        q.range("submitTimeUtc", presets[name]()),
      ),
    ];
    for (const node of cases) roundTrip(node);
  });

  it("round-trips a few hundred random builder trees (seeded)", () => {
    const rand = prng(20260315);
    const CHARS = [
      "a",
      "Z",
      "0",
      "9",
      "_",
      ".",
      "@",
      "-",
      "+",
      " ",
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      ":",
      '"',
      "\\",
      "*",
      "?",
      "/",
      "é",
      "日",
      "\t",
      "😀",
      "!",
      "~",
      "^",
    ];
    const WORDS = [
      "AND",
      "OR",
      "TO",
      "NOT",
      "and",
      "to",
      "NOW",
      "",
      "-1",
      "+x",
      "NOW/DAY",
      "a OR b",
    ];
    const SAFE = ["a", "b", "Z", "0", "7", "_", ".", "@", "é"];
    const value = (): string => {
      if (rand() < 0.15) return pick(rand, WORDS);
      let s = "";
      for (let i = int(rand, 0, 8); i > 0; i--) s += pick(rand, CHARS);
      return s;
    };
    const safe = (min: number, max: number): string => {
      let s = "";
      for (let i = int(rand, min, max); i > 0; i--) s += pick(rand, SAFE);
      return s;
    };
    const dateMath = (): DateMath => {
      let m = rand() < 0.6 ? now() : epochMillis(int(rand, 0, 2_000_000_000_000));
      for (let i = int(rand, 0, 4); i > 0; i--) {
        const unit = pick(rand, DATE_MATH_UNITS);
        const r = rand();
        m =
          r < 0.3
            ? m.round(unit)
            : r < 0.65
              ? m.plus(int(rand, 0, 40), unit)
              : m.minus(int(rand, 0, 40), unit);
      }
      return m;
    };
    const leaf = (): Node => {
      const field = pick(rand, [
        ...TEXT_FIELDS,
        "reconciliationId",
        "applicationInformation.applications.reconciliationId",
      ] as const);
      switch (int(rand, 0, 4)) {
        case 0:
          return q.eq(field, value());
        case 1:
          return q.anyOf(field, Array.from({ length: int(rand, 1, 18) }, value));
        case 2:
          return q.prefix(field, safe(3, 7));
        case 3:
          return q.wildcard(field, `${safe(3, 5)}*${safe(0, 3)}${rand() < 0.5 ? "*" : ""}`);
        default:
          return q.range("submitTimeUtc", dateMath(), dateMath(), {
            startInclusive: rand() < 0.5,
            endInclusive: rand() < 0.5,
          });
      }
    };
    const tree = (depth: number): Node => {
      if (depth === 0 || rand() < 0.35) return leaf();
      const operands = Array.from({ length: int(rand, 2, 4) }, () => tree(depth - 1));
      const [first, ...rest] = operands as [Node, ...Node[]];
      return rand() < 0.5 ? q.and(first, ...rest) : q.or(first, ...rest);
    };
    for (let i = 0; i < 400; i++) roundTrip(tree(int(rand, 0, 5)));
  });
});
