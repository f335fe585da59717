import { describe, expect, it } from "vitest";
import {
  MAX_EVALUATED_RANGES,
  MAX_NESTING_DEPTH,
  QueryError,
  createQueryBuilder,
  parseQuery,
  toString,
  validateQuery,
  type QueryDiagnostic,
  type QueryLanguage,
} from "../../../generator/runtime/search-query/index.js";
import { language } from "./fixture-language.js";

const NOW = new Date("2026-03-15T14:37:12Z");
const parse = (text: string, timeZone = "UTC") =>
  parseQuery(text, language, { now: NOW, timeZone });
const errorsOf = (text: string): QueryDiagnostic[] => {
  const r = parse(text);
  if (r.ok) throw new Error(`expected errors for ${text}`);
  return [...r.errors];
};
const warningsOf = (text: string): QueryDiagnostic[] => [...parse(text).warnings];
const codes = (ds: readonly QueryDiagnostic[]) => ds.map((d) => [d.column, d.code]);
const WEEK = "submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}";

describe("parseQuery: accepted shapes", () => {
  it("parses two filters with AND, a group of values, and combinations", () => {
    const q = createQueryBuilder(language);
    expect(parse(`id:abc AND ${WEEK}`)).toEqual({
      ok: true,
      ast: q.and(q.eq("id", "abc"), q.range("submitTimeUtc", parseRangeOf(WEEK))),
      warnings: [],
    });
    const r = parse(`paymentInformation.paymentType.method:(vi OR mc OR ax) AND ${WEEK}`);
    expect(r.ok && r.ast).toEqual(
      q.and(
        q.anyOf("paymentInformation.paymentType.method", ["vi", "mc", "ax"]),
        q.range("submitTimeUtc", parseRangeOf(WEEK)),
      ),
    );
    const c = parse(`(id:a OR merchantId:b) AND reconciliationId:"x y" AND ${WEEK}`);
    expect(c.ok && toString(c.ast)).toBe(
      `(id:a OR merchantId:b) AND reconciliationId:"x y" AND ${WEEK}`,
    );
  });

  it("reads escapes inside quotes and keeps a quoted * literal", () => {
    const r = parse(`id:"a\\"b\\\\c*" AND ${WEEK}`);
    expect(r.ok && r.ast).toMatchObject({
      operands: [{ kind: "eq", field: "id", value: 'a"b\\c*' }, {}],
    });
  });

  it("parses wildcards: prefix, inner patterns, and leading ones when the language allows them", () => {
    const r = parse(`id:abc* AND merchantId:abc*d* AND ${WEEK}`);
    expect(r.ok && r.ast).toMatchObject({
      operands: [{ kind: "prefix", prefix: "abc" }, { kind: "wildcard", pattern: "abc*d*" }, {}],
    });
    const leading = {
      ...language,
      wildcard: { leading: true, minPrefix: 3 },
    } as const satisfies QueryLanguage;
    const l = parseQuery("id:*abc", leading, { now: NOW });
    expect(l.ok && l.ast).toEqual({ kind: "wildcard", field: "id", pattern: "*abc" });
  });

  it("accepts aliases as field names and keeps them as written", () => {
    const r = parse(`reconciliationId:R1 AND ${WEEK}`);
    expect(r.ok && r.ast).toMatchObject({
      operands: [{ kind: "eq", field: "reconciliationId", value: "R1" }, {}],
    });
  });

  it("drops redundant parentheses and flattens", () => {
    const r = parse(`((id:a AND (id:b AND id:c))) AND ${WEEK}`);
    expect(r.ok && toString(r.ast)).toBe(`id:a AND id:b AND id:c AND ${WEEK}`);
  });

  it("allows whitespace of any kind between tokens", () => {
    const r = parse(`\tid :  abc\nAND\u00a0${WEEK}  `);
    expect(r.ok).toBe(true);
  });
});

function parseRangeOf(filter: string) {
  const r = parse(filter);
  if (!r.ok || r.ast.kind !== "range") throw new Error("not a range");
  return r.ast;
}

describe("parseQuery: rules with columns", () => {
  it("rejects a leading wildcard", () => {
    expect(errorsOf("id:*abc")).toEqual([
      {
        column: 4,
        code: "leading-wildcard",
        severity: "error",
        message: "col 4: a leading wildcard is not supported",
      },
    ]);
    expect(codes(errorsOf("id:*"))).toEqual([[4, "leading-wildcard"]]);
  });

  it("needs three characters before *", () => {
    expect(errorsOf("id:abc AND id:ab*")).toEqual([
      {
        column: 17,
        code: "wildcard-too-short",
        severity: "error",
        message: "col 17: a wildcard needs at least three characters before *",
      },
    ]);
    expect(codes(errorsOf("clientReferenceInformation.code:a*"))).toEqual([
      [34, "wildcard-too-short"],
    ]);
    expect(codes(errorsOf("id:a*bcdef"))).toEqual([[5, "wildcard-too-short"]]);
    expect(parse("id:abc*").ok).toBe(true);
  });

  it("rejects wildcards inside value groups", () => {
    expect(codes(errorsOf("id:(abcd* OR x)"))).toEqual([[9, "wildcard-in-group"]]);
  });

  it("rejects unknown fields with a suggestion", () => {
    expect(errorsOf(`id:1 AND orderInformation.billTo.mail:x`)).toEqual([
      {
        column: 10,
        code: "unknown-field",
        severity: "error",
        message:
          "col 10: unknown field orderInformation.billTo.mail; did you mean orderInformation.billTo.email?",
      },
    ]);
    expect(errorsOf("reconcilationId:x")[0]?.message).toBe(
      "col 1: unknown field reconcilationId; did you mean reconciliationId?",
    );
    expect(errorsOf("phoneNumber:1")[0]?.message).toBe(
      "col 1: unknown field phoneNumber; did you mean orderInformation.billTo.phoneNumber or orderInformation.shipTo.phoneNumber?",
    );
    expect(errorsOf("submittimeutc:[NOW TO NOW]")[0]?.message).toBe(
      "col 1: unknown field submittimeutc; did you mean submitTimeUtc?",
    );
    expect(errorsOf("zzz:1")[0]?.message).toBe("col 1: unknown field zzz");
    // A name that is not an identifier is not repeated in the message.
    expect(errorsOf("4111-1111:1")[0]?.message).toBe("col 1: unknown field");
  });

  it("reports every rule error of a query, sorted by column", () => {
    expect(
      codes(errorsOf("nope:1 AND id:ab* AND id:[NOW TO NOW+1DAY] AND submitTimeUtc:x")),
    ).toEqual([
      [1, "unknown-field"],
      [17, "wildcard-too-short"],
      [26, "range-on-text-field"],
      [62, "time-field-needs-range"],
    ]);
  });

  it("warns about more than 15 values in one lookup", () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    expect(warningsOf(`id:(${values(15).join(" OR ")}) AND ${WEEK}`)).toEqual([]);
    expect(warningsOf(`${WEEK} AND id:(${values(16).join(" OR ")})`)).toEqual([
      {
        column: 51,
        code: "too-many-values",
        severity: "warning",
        message: "col 51: 16 values for id in one lookup; at most 15 per search are recommended",
      },
    ]);
    const chain = values(16)
      .map((v) => `id:${v}`)
      .join(" OR ");
    expect(codes(warningsOf(`${WEEK} AND (${chain})`))).toEqual([[52, "too-many-values"]]);
    // Aliases count towards their field.
    const mixed = `${WEEK} AND (reconciliationId:(${values(10).join(" OR ")}) OR applicationInformation.applications.reconciliationId:(${values(6).join(" OR ")}))`;
    expect(codes(warningsOf(mixed))).toEqual([[52, "too-many-values"]]);
  });

  it("warns about a submitTimeUtc window longer than the recommended 7 days", () => {
    expect(warningsOf(`id:a AND ${WEEK}`)).toEqual([]);
    expect(warningsOf("id:a AND submitTimeUtc:[NOW/DAY-8DAYS TO NOW/DAY+1DAY}")).toEqual([
      {
        column: 24,
        code: "window-too-long",
        severity: "warning",
        message:
          "col 24: the submitTimeUtc window is about 9 days; at most seven days (plus the current day) are recommended for interactive searches",
      },
    ]);
    expect(codes(warningsOf("submitTimeUtc:[NOW/DAY-6MONTHS TO NOW/DAY+1DAY}"))).toEqual([
      [15, "window-too-long"],
    ]);
    expect(codes(warningsOf("submitTimeUtc:[NOW/MONTH-1MONTH TO NOW/MONTH}"))).toEqual([
      [15, "window-too-long"],
    ]);
    expect(codes(warningsOf("submitTimeUtc:[NOW-7DAYS TO NOW]"))).toEqual([]);
    // The past 7 days on a 23-hour DST day is not "longer than 7 days".
    const dst = parseQuery(WEEK, language, {
      now: new Date("2026-03-08T15:20:00Z"),
      timeZone: "America/New_York",
    });
    expect(dst).toMatchObject({ ok: true, warnings: [] });
    // Evaluated at the given NOW: epoch bounds 10 days apart.
    expect(codes(warningsOf("submitTimeUtc:[1767225600000 TO 1768089600000}"))).toEqual([
      [15, "window-too-long"],
    ]);
  });

  it("says when the default 7-day window applies", () => {
    expect(warningsOf("id:abc")).toEqual([
      {
        column: 1,
        code: "default-window",
        severity: "info",
        message: "col 1: no submitTimeUtc filter: the service searches the last seven days",
      },
    ]);
  });

  it("warns about empty ranges and unparenthesized mixed operators", () => {
    expect(codes(warningsOf("submitTimeUtc:[NOW TO NOW-1DAY}"))).toEqual([[15, "empty-range"]]);
    expect(codes(warningsOf("submitTimeUtc:[NOW TO NOW}"))).toEqual([[15, "empty-range"]]);
    expect(codes(warningsOf("submitTimeUtc:[NOW TO NOW]"))).toEqual([]);
    expect(codes(warningsOf(`id:a AND id:b OR ${WEEK}`))).toEqual([[15, "mixed-operators"]]);
    expect(codes(warningsOf(`${WEEK} OR id:a AND id:b`))).toEqual([[47, "mixed-operators"]]);
    expect(codes(warningsOf(`(id:a AND id:b) OR ${WEEK}`))).toEqual([]);
  });

  it.each([
    ["", 1, "empty-query"],
    ["   ", 1, "empty-query"],
    ["(id:a", 1, "unbalanced-parenthesis"],
    ["id:a)", 5, "unbalanced-parenthesis"],
    ["(id:a OR (id:b)", 1, "unbalanced-parenthesis"],
    ["id:(a OR b", 4, "unbalanced-parenthesis"],
    ["()", 1, "expected-field"],
    ["id:a AND", 6, "dangling-operator"],
    ["OR id:a", 1, "dangling-operator"],
    ["id:a AND OR id:b", 6, "dangling-operator"],
    ["(id:a OR)", 7, "dangling-operator"],
    ["id:(a OR)", 7, "dangling-operator"],
    ["id:(OR a)", 5, "dangling-operator"],
    ["id:a id:b", 6, "missing-operator"],
    ["id:(a b)", 7, "missing-operator"],
    ["id:a and id:b", 6, "lowercase-operator"],
    ["NOT id:a", 1, "unsupported-operator"],
    ["id:a AND NOT id:b", 10, "unsupported-operator"],
    ["id a", 4, "expected-colon"],
    ["id:", 4, "expected-value"],
    ["id:AND", 4, "expected-value"],
    ["id:a:b", 5, "unexpected-token"],
    ["id:TO", 4, "reserved-word"],
    ['id:"abc', 4, "unterminated-string"],
    ["id:a\\b", 5, "unexpected-character"],
    ["id:(a AND b)", 7, "group-syntax"],
    ["id:((a))", 5, "group-syntax"],
    [":a", 1, "expected-field"],
    ["[NOW TO NOW]", 1, "expected-field"],
    ["id:[NOW TO NOW+1DAY]", 4, "range-on-text-field"],
    ["submitTimeUtc:NOW", 15, "time-field-needs-range"],
    ["submitTimeUtc:[NOW-1WEEK TO NOW}", 21, "unknown-unit"],
    ["submitTimeUtc:[NOW/day TO NOW}", 20, "unknown-unit"],
    ["submitTimeUtc:[NOW-xDAY TO NOW}", 20, "bad-number"],
    ["submitTimeUtc:[NOW-1.5DAY TO NOW}", 20, "bad-number"],
    ["submitTimeUtc:[NOW TO NOW-1}", 28, "date-math-syntax"],
    ["submitTimeUtc:[NOW - 1DAY TO NOW}", 20, "range-syntax"],
    ["submitTimeUtc:[NOW TO NOW", 15, "range-syntax"],
    ["submitTimeUtc:[NOW NOW]", 20, "range-syntax"],
    ['submitTimeUtc:["NOW" TO NOW]', 16, "range-syntax"],
    ["submitTimeUtc:[* TO NOW]", 16, "open-range"],
    ["submitTimeUtc:[NOW-1000000MONTHS TO NOW}", 15, "date-math-range"],
  ])("rejects %j at column %i (%s)", (text, column, code) => {
    const errors = errorsOf(text);
    expect(errors[0]).toMatchObject({ column, code, severity: "error" });
    expect(errors[0]?.message.startsWith(`col ${column}: `)).toBe(true);
  });

  it("bounds the nesting depth with a clear error", () => {
    const ok = `${"(".repeat(MAX_NESTING_DEPTH)}id:a${")".repeat(MAX_NESTING_DEPTH)}`;
    expect(parse(ok).ok).toBe(true);
    const deep = `${"(".repeat(MAX_NESTING_DEPTH + 1)}id:a${")".repeat(MAX_NESTING_DEPTH + 1)}`;
    expect(errorsOf(deep)).toEqual([
      {
        column: MAX_NESTING_DEPTH + 1,
        code: "too-deep",
        severity: "error",
        message: `col ${MAX_NESTING_DEPTH + 1}: parentheses are nested deeper than ${MAX_NESTING_DEPTH} levels`,
      },
    ]);
  });

  it("limits date-math steps and the number of evaluated ranges", () => {
    expect(codes(errorsOf(`submitTimeUtc:[NOW${"+1DAY".repeat(33)} TO NOW}`))).toEqual([
      [15 + 4 + 32 * 5, "date-math-syntax"],
    ]);
    expect(parse(`submitTimeUtc:[NOW${"+1DAY".repeat(32)} TO NOW+40DAYS}`).ok).toBe(true);
    const ranges = Array.from(
      { length: MAX_EVALUATED_RANGES + 2 },
      (_, i) => `submitTimeUtc:[NOW-${i + 1}HOURS TO NOW]`,
    );
    const r = parse(ranges.join(" OR "));
    expect(r.ok).toBe(true);
    const skipped = r.warnings.filter((w) => w.code === "checks-skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.column).toBe(
      ranges.slice(0, MAX_EVALUATED_RANGES).join(" OR ").length + 4 + 15,
    );
  });

  it("stops after 50 errors", () => {
    const many = Array.from({ length: 80 }, (_, i) => `bad${i}:x`).join(" OR ");
    const errors = errorsOf(many);
    expect(errors).toHaveLength(51);
    expect(errors.at(-1)?.code).toBe("too-many-errors");
  });

  it("never repeats values in messages", () => {
    const r = parse('paymentInformation.card.number:"4111111111111111" AND id:41*');
    expect(r.ok).toBe(false);
    for (const d of [...(r.ok ? [] : r.errors), ...r.warnings])
      expect(d.message).not.toContain("41");
  });

  it("throws only for invalid options", () => {
    expect(() => parseQuery("id:a", language, { timeZone: "Mars/Olympus" as never })).toThrow(
      QueryError,
    );
    expect(() => parseQuery("id:a", language, { now: new Date(Number.NaN) })).toThrow(QueryError);
  });

  it("validates builder trees through their text", () => {
    const q = createQueryBuilder(language);
    const r = validateQuery(
      q.anyOf(
        "id",
        Array.from({ length: 20 }, (_, i) => `v${i}`),
      ),
      language,
      { now: NOW },
    );
    expect(r.ok).toBe(true);
    expect(codes(r.warnings)).toEqual([
      [1, "too-many-values"],
      [1, "default-window"],
    ]);
  });
});
