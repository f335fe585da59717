import { describe, expect, it } from "vitest";
import {
  MAX_NESTING_DEPTH,
  QueryError,
  createQueryBuilder,
  epochMillis,
  now,
  presets,
  toString,
  type QueryLanguage,
  type QueryNode,
} from "../../../generator/runtime/search-query/index.js";
import { language, type SearchField, type SearchTimeZone } from "./fixture-language.js";

const q = createQueryBuilder(language);
const day = () => now().round("DAY");

function thrown(fn: () => unknown): QueryError {
  try {
    fn();
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error("expected a QueryError");
}

describe("builder rendering", () => {
  it("renders eq, anyOf, prefix and range", () => {
    expect(toString(q.eq("id", "abc"))).toBe("id:abc");
    expect(toString(q.eq("reconciliationId", "R 1"))).toBe('reconciliationId:"R 1"');
    expect(toString(q.anyOf("paymentInformation.paymentType.method", ["vi", "mc", "ax"]))).toBe(
      "paymentInformation.paymentType.method:(vi OR mc OR ax)",
    );
    expect(toString(q.anyOf("id", ["only"]))).toBe("id:(only)");
    expect(toString(q.prefix("clientReferenceInformation.code", "abc"))).toBe(
      "clientReferenceInformation.code:abc*",
    );
    expect(toString(q.range("submitTimeUtc", day().minus(1, "DAY"), day()))).toBe(
      "submitTimeUtc:[NOW/DAY-1DAY TO NOW/DAY}",
    );
    expect(
      toString(
        q.range("submitTimeUtc", now().minus(30, "MINUTES"), now(), {
          startInclusive: false,
          endInclusive: true,
        }),
      ),
    ).toBe("submitTimeUtc:{NOW-30MINUTES TO NOW]");
  });

  it("renders epoch-millisecond bounds from numbers and dates", () => {
    const node = q.range("submitTimeUtc", 1767225600000, new Date("2026-01-02T00:00:00Z"), {
      endInclusive: true,
    });
    expect(toString(node)).toBe("submitTimeUtc:[1767225600000 TO 1767312000000]");
    expect(toString(q.range("submitTimeUtc", epochMillis(0).plus(1, "DAY"), now()))).toBe(
      "submitTimeUtc:[0+1DAY TO NOW}",
    );
  });

  it("renders presets through range()", () => {
    expect(toString(q.range("submitTimeUtc", presets.past7Days()))).toBe(
      "submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}",
    );
  });

  it("quotes values that need it and never treats a quoted * as a wildcard", () => {
    expect(toString(q.eq("orderInformation.billTo.lastName", 'O"Brien (jr)'))).toBe(
      'orderInformation.billTo.lastName:"O\\"Brien (jr)"',
    );
    expect(toString(q.anyOf("id", ["a*", "OR", "TO", "x:y", "back\\slash"]))).toBe(
      'id:("a*" OR "OR" OR "TO" OR "x:y" OR "back\\\\slash")',
    );
  });

  it("puts parentheses around a nested OR inside AND, and nowhere else", () => {
    const a = q.eq("id", "a");
    const b = q.eq("merchantId", "b");
    const c = q.eq("paymentInformation.card.suffix", "1111");
    const d = q.eq("orderInformation.amountDetails.currency", "USD");
    expect(toString(q.and(a, b, c))).toBe(
      "id:a AND merchantId:b AND paymentInformation.card.suffix:1111",
    );
    expect(toString(q.or(a, b))).toBe("id:a OR merchantId:b");
    expect(toString(q.and(a, q.or(b, c)))).toBe(
      "id:a AND (merchantId:b OR paymentInformation.card.suffix:1111)",
    );
    expect(toString(q.and(q.or(a, b), q.or(c, d)))).toBe(
      "(id:a OR merchantId:b) AND (paymentInformation.card.suffix:1111 OR orderInformation.amountDetails.currency:USD)",
    );
    // AND inside OR is grouped explicitly (Lucene-style services do not apply precedence reliably).
    expect(toString(q.or(q.and(a, b), c))).toBe(
      "(id:a AND merchantId:b) OR paymentInformation.card.suffix:1111",
    );
    expect(toString(q.and(a, q.or(b, q.and(c, d))))).toBe(
      "id:a AND (merchantId:b OR (paymentInformation.card.suffix:1111 AND orderInformation.amountDetails.currency:USD))",
    );
  });

  it("flattens nested and/or and returns a single operand as is", () => {
    const a = q.eq("id", "a");
    const b = q.eq("id", "b");
    const c = q.eq("id", "c");
    expect(q.and(a, q.and(b, c))).toEqual({ kind: "and", operands: [a, b, c] });
    expect(q.or(q.or(a, b), c)).toEqual({ kind: "or", operands: [a, b, c] });
    expect(q.and(a)).toBe(a);
    expect(toString(q.and(q.and(a, b), c))).toBe("id:a AND id:b AND id:c");
  });
});

describe("builder checks", () => {
  it("rejects a prefix shorter than minPrefix with a typed error", () => {
    const e = thrown(() => q.prefix("id", "ab"));
    expect(e.code).toBe("query.wildcard");
    expect(e.message).toBe("prefix: a wildcard needs at least three characters before *");
    expect(thrown(() => q.prefix("id", "")).message).toBe(
      "prefix: a leading wildcard is not supported",
    );
    expect(toString(q.prefix("id", "abc"))).toBe("id:abc*");
  });

  it("counts characters, not UTF-16 units, before *", () => {
    expect(toString(q.prefix("orderInformation.billTo.lastName", "日本語"))).toBe(
      "orderInformation.billTo.lastName:日本語*",
    );
    expect(thrown(() => q.prefix("orderInformation.billTo.lastName", "日本")).code).toBe(
      "query.wildcard",
    );
  });

  it("rejects prefixes that cannot be written bare", () => {
    expect(thrown(() => q.prefix("id", "ab c")).code).toBe("query.invalid-argument");
    expect(thrown(() => q.prefix("id", "abc*")).code).toBe("query.invalid-argument");
    expect(thrown(() => q.prefix("id", "-abc")).code).toBe("query.invalid-argument");
    expect(thrown(() => q.prefix("id", 'ab"c')).code).toBe("query.invalid-argument");
  });

  it("builds wildcard patterns and folds a plain trailing * into a prefix", () => {
    expect(q.wildcard("id", "abc*")).toEqual({ kind: "prefix", field: "id", prefix: "abc" });
    expect(toString(q.wildcard("id", "abc*def*"))).toBe("id:abc*def*");
    expect(thrown(() => q.wildcard("id", "*abc")).code).toBe("query.wildcard");
    expect(thrown(() => q.wildcard("id", "ab*c")).code).toBe("query.wildcard");
    expect(thrown(() => q.wildcard("id", "abc")).code).toBe("query.invalid-argument");
  });

  it("rejects unknown fields and wrong field kinds (types and runtime agree)", () => {
    // @ts-expect-error not a field of the language
    expect(thrown(() => q.eq("orderInformation.billTo.mail", "x")).message).toBe(
      "eq: unknown field orderInformation.billTo.mail; did you mean orderInformation.billTo.email?",
    );
    // @ts-expect-error submitTimeUtc is a time field
    expect(thrown(() => q.eq("submitTimeUtc", "x")).code).toBe("query.field-kind");
    // @ts-expect-error id is a text field
    expect(thrown(() => q.range("id", now(), now())).code).toBe("query.field-kind");
    // @ts-expect-error time fields take no prefix
    expect(thrown(() => q.prefix("submitTimeUtc", "abc")).code).toBe("query.field-kind");
    // @ts-expect-error not a field
    expect(thrown(() => q.sort("nope", "asc")).code).toBe("query.unknown-field");
  });

  it("rejects empty lookups, empty and/or and non-string values", () => {
    expect(thrown(() => q.anyOf("id", [])).code).toBe("query.invalid-argument");
    // @ts-expect-error and() needs an operand
    expect(thrown(() => q.and()).code).toBe("query.invalid-argument");
    // @ts-expect-error values are strings
    expect(thrown(() => q.eq("id", 5)).code).toBe("query.invalid-argument");
  });

  it("rejects date-math units the language does not accept", () => {
    const narrow = {
      ...language,
      dateMathUnits: ["DAY", "DAYS"],
    } as const satisfies QueryLanguage;
    const nq = createQueryBuilder(narrow);
    expect(toString(nq.range("submitTimeUtc", presets.yesterday()))).toBe(
      "submitTimeUtc:[NOW/DAY-1DAY TO NOW/DAY}",
    );
    expect(thrown(() => nq.range("submitTimeUtc", presets.lastHour())).message).toBe(
      "range: the date-math unit HOUR is not accepted by this language",
    );
  });

  it("rejects invalid date math arguments", () => {
    expect(thrown(() => now().plus(1.5, "DAY")).code).toBe("query.invalid-argument");
    expect(thrown(() => now().plus(2_000_000, "DAY")).code).toBe("query.invalid-argument");
    // @ts-expect-error not a unit
    expect(thrown(() => now().round("WEEK")).code).toBe("query.invalid-argument");
    expect(thrown(() => epochMillis(-1)).code).toBe("query.invalid-argument");
    expect(now().plus(-2, "DAYS").toString()).toBe("NOW-2DAYS");
    expect(now().minus(-2, "DAYS").toString()).toBe("NOW+2DAYS");
  });

  it("bounds nesting depth to what the parser accepts", () => {
    let node: ReturnType<typeof q.and> = q.eq("id", "x");
    for (let i = 0; i < MAX_NESTING_DEPTH; i++) {
      node =
        i % 2 === 0
          ? q.and(q.eq("id", `a${i}`), q.or(q.eq("id", `b${i}`), node))
          : q.or(q.eq("id", `c${i}`), q.and(q.eq("id", `d${i}`), node));
    }
    expect(() => toString(node)).not.toThrow();
    const e = thrown(() => q.and(q.eq("id", "z"), q.or(q.eq("id", "y"), node)));
    expect(e.code).toBe("query.too-deep");
  });

  it("refuses to render hand-made trees nested deeper than the parser accepts", () => {
    let node: QueryNode = { kind: "eq", field: "id", value: "x" };
    for (let i = 0; i < 40; i++) {
      node = {
        kind: i % 2 === 0 ? "and" : "or",
        operands: [{ kind: "eq", field: "id", value: String(i) }, node],
      };
    }
    expect(thrown(() => toString(node)).code).toBe("query.too-deep");
  });

  it("checks field kinds at runtime when the language type is widened", () => {
    const widened: QueryLanguage<SearchField, SearchTimeZone> = language;
    const wq = createQueryBuilder(widened);
    expect(toString(wq.eq("id", "x"))).toBe("id:x");
    expect(thrown(() => wq.eq("submitTimeUtc", "x")).code).toBe("query.field-kind");
    expect(thrown(() => wq.range("id", now(), now())).code).toBe("query.field-kind");
  });

  it("infers the field unions from the language", () => {
    const inline = createQueryBuilder({
      fields: [
        { name: "a.b", alias: "b", kind: "text" },
        { name: "when", kind: "time" },
      ],
      wildcard: { leading: true, minPrefix: 1 },
      recommend: { maxValuesPerLookup: 2, maxWindowDays: 1 },
      defaultWindowDays: 1,
      dateMathUnits: ["DAY"],
      timeZones: ["UTC"],
      presets: [],
    });
    expect(toString(inline.eq("b", "x"))).toBe("b:x");
    expect(toString(inline.wildcard("a.b", "*x"))).toBe("a.b:*x");
    expect(toString(inline.range("when", now().round("DAY"), now()))).toBe("when:[NOW/DAY TO NOW}");
    // @ts-expect-error "when" is a time field
    expect(() => inline.eq("when", "x")).toThrow(QueryError);
  });
});

describe("a built query prints as its query text", () => {
  it("String(node) and template literals give the text; JSON and equality see the data only", () => {
    const node = q.and(
      q.eq("clientReferenceInformation.code", "ORDER 1"),
      q.or(q.eq("id", "1"), q.eq("id", "2")),
    );
    expect(String(node)).toBe(toString(node));
    expect(`${node}`).toBe('clientReferenceInformation.code:"ORDER 1" AND (id:1 OR id:2)');
    expect(Object.keys(node)).toEqual(["kind", "operands"]);
    expect(JSON.parse(JSON.stringify(node))).toEqual({
      kind: "and",
      operands: [
        { kind: "eq", field: "clientReferenceInformation.code", value: "ORDER 1" },
        {
          kind: "or",
          operands: [
            { kind: "eq", field: "id", value: "1" },
            { kind: "eq", field: "id", value: "2" },
          ],
        },
      ],
    });
  });
});
