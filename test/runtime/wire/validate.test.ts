import { describe, expect, it } from "vitest";
import { ValidationError, type ValidationIssue } from "../../../generator/runtime/errors.js";
import {
  checkBase64,
  checkBoolean,
  checkChoice,
  checkConst,
  checkDate,
  checkDateTime,
  checkDecimal,
  checkEnum,
  checkGYearMonth,
  checkInt,
  checkList,
  checkLong,
  checkMaximum,
  checkMaxLength,
  checkMinimum,
  checkMinLength,
  checkObject,
  checkShort,
  checkString,
  checkUnknownKeys,
  checkUri,
  isRecord,
  joinPath,
  requireField,
  result,
} from "../../../generator/runtime/validate.js";

/** Runs one check and returns its outcome and issues. */
function run(check: (issues: ValidationIssue[]) => boolean): {
  ok: boolean;
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  const ok = check(issues);
  return { ok, issues };
}

/** Asserts that neither the issues nor the resulting error message contain the secret. */
function expectNoLeak(issues: readonly ValidationIssue[], secret: string): void {
  expect(issues.length).toBeGreaterThan(0);
  expect(JSON.stringify(issues)).not.toContain(secret);
  expect(new ValidationError(issues).message).not.toContain(secret);
}

describe("scalar checks: exact issues, never the value in a message", () => {
  it("checkString: type, const; checkMinLength, checkMaxLength", () => {
    expect(
      run(
        (i) =>
          checkString("ok", "a", i, { const: "ok" }) &&
          checkMinLength("ok", 1, "a", i) &&
          checkMaxLength("ok", 5, "a", i),
      ),
    ).toEqual({
      ok: true,
      issues: [],
    });
    expect(run((i) => checkString(4111, "a", i)).issues).toEqual([
      { path: "a", code: "type", message: "must be a string" },
    ]);
    const secret = "4111111111111111";
    const tooLong = run((i) => checkMaxLength(secret, 4, "payment.card.cardNumber", i));
    expect(tooLong).toEqual({
      ok: false,
      issues: [
        {
          path: "payment.card.cardNumber",
          code: "length",
          message: "must be at most 4 characters long",
        },
      ],
    });
    expectNoLeak(tooLong.issues, secret);
    const tooShort = run((i) => checkMinLength("s3cr3t-key", 16, "k", i));
    expect(tooShort.issues).toEqual([
      { path: "k", code: "length", message: "must be at least 16 characters long" },
    ]);
    expectNoLeak(tooShort.issues, "s3cr3t-key");
    const notConst = run((i) => checkString("SECRET-VALUE-123", "t", i, { const: "AUTH_CAPTURE" }));
    expect(notConst.issues).toEqual([
      { path: "t", code: "const", message: 'must be the documented constant "AUTH_CAPTURE"' },
    ]);
    expectNoLeak(notConst.issues, "SECRET-VALUE-123");
  });

  it("checkBoolean", () => {
    expect(run((i) => checkBoolean(false, "b", i)).ok).toBe(true);
    const r = run((i) => checkBoolean("true", "b", i));
    expect(r).toEqual({
      ok: false,
      issues: [{ path: "b", code: "type", message: "must be a boolean" }],
    });
  });

  it("checkShort and checkInt", () => {
    expect(run((i) => checkShort(-32768, "s", i)).ok).toBe(true);
    expect(run((i) => checkShort(31337.5, "s", i)).issues).toEqual([
      { path: "s", code: "type", message: "must be an integer number from -32768 to 32767" },
    ]);
    const r = run((i) => checkShort(98765, "s", i));
    expect(r.issues).toEqual([
      { path: "s", code: "range", message: "must be an integer number from -32768 to 32767" },
    ]);
    expectNoLeak(r.issues, "98765");
    expect(run((i) => checkInt(2147483647, "n", i)).ok).toBe(true);
    const big = run((i) => checkInt(3141592653, "n", i));
    expect(big.issues).toEqual([
      {
        path: "n",
        code: "range",
        message: "must be an integer number from -2147483648 to 2147483647",
      },
    ]);
    expectNoLeak(big.issues, "3141592653");
    expect(run((i) => checkInt("12", "n", i)).issues[0]?.code).toBe("type");
  });

  it("checkLong accepts strings of digits only", () => {
    expect(run((i) => checkLong("9223372036854775807", "id", i)).ok).toBe(true);
    expect(run((i) => checkLong("-9223372036854775808", "id", i)).ok).toBe(true);
    expect(run((i) => checkLong(12, "id", i)).issues).toEqual([
      {
        path: "id",
        code: "type",
        message: "must be a string of digits (64-bit integer), not a number",
      },
    ]);
    const f = run((i) => checkLong("77777x", "id", i));
    expect(f.issues).toEqual([
      {
        path: "id",
        code: "format",
        message: "must be a 64-bit integer: optional '-' and digits only",
      },
    ]);
    expectNoLeak(f.issues, "77777x");
    const r = run((i) => checkLong("9223372036854775808", "id", i));
    expect(r.issues).toEqual([
      { path: "id", code: "range", message: "must be within the signed 64-bit integer range" },
    ]);
    expectNoLeak(r.issues, "9223372036854775808");
  });

  it("checkDecimal: string only, exact format; checkMinimum, checkMaximum: exact bounds", () => {
    expect(
      run(
        (i) =>
          checkDecimal("12.50", "amount", i) &&
          checkMinimum("12.50", "0.01", "amount", i) &&
          checkMaximum("12.50", "99999.99", "amount", i),
      ).ok,
    ).toBe(true);
    expect(run((i) => checkMinimum("0.01", "0.01", "amount", i)).ok).toBe(true);
    const notString = run((i) => checkDecimal(12.5, "amount", i));
    expect(notString.issues).toEqual([
      {
        path: "amount",
        code: "type",
        message: "must be a decimal: digits with at most one point, no exponent, given as a string",
      },
    ]);
    const exp = run((i) => checkDecimal("31337e5", "amount", i));
    expect(exp.issues).toEqual([
      {
        path: "amount",
        code: "format",
        message: "must be a decimal: digits with at most one point, no exponent",
      },
    ]);
    expectNoLeak(exp.issues, "31337e5");
    const low = run((i) => checkMinimum("0.00999", "0.01", "amount", i));
    expect(low.issues).toEqual([
      { path: "amount", code: "range", message: "must be at least 0.01" },
    ]);
    expectNoLeak(low.issues, "0.00999");
    const high = run((i) => checkMaximum("100000000000000000000.001", "99999.99", "amount", i));
    expect(high.issues).toEqual([
      { path: "amount", code: "range", message: "must be at most 99999.99" },
    ]);
    expectNoLeak(high.issues, "100000000000000000000.001");
  });

  it("format checks: date, dateTime, gYearMonth, base64, uri", () => {
    const cases = [
      [checkDate, "2023-02-29", "must be a date: YYYY-MM-DD"],
      [
        checkDateTime,
        "2024-01-01T25:61:00Z",
        "must be a date and time: YYYY-MM-DDThh:mm:ss with optional fraction and zone",
      ],
      [checkGYearMonth, "2031-13", "must be a year and month: YYYY-MM"],
      [checkBase64, "c2VjcmV0LXBheWxvYWQ", "must be Base64 text (standard alphabet, padded)"],
      [checkUri, "not a uri/secret-path", "must be an absolute URI with a scheme"],
    ] as const;
    for (const [check, bad, message] of cases) {
      const r = run((i) => check(bad, "x.y", i));
      expect(r).toEqual({ ok: false, issues: [{ path: "x.y", code: "format", message }] });
      expectNoLeak(r.issues, bad);
      expect(run((i) => check(42, "x.y", i)).issues).toEqual([
        { path: "x.y", code: "type", message: `${message}, given as a string` },
      ]);
    }
    expect(run((i) => checkDate("2024-02-29", "d", i)).ok).toBe(true);
    expect(run((i) => checkDateTime("2024-02-29T12:00:00.5Z", "d", i)).ok).toBe(true);
    expect(run((i) => checkGYearMonth("2031-12", "d", i)).ok).toBe(true);
    expect(run((i) => checkBase64("c2VjcmV0", "d", i)).ok).toBe(true);
    expect(run((i) => checkUri("https://example.com/x", "d", i)).ok).toBe(true);
  });

  it("checkEnum and checkConst", () => {
    expect(run((i) => checkEnum("days", ["days", "months"], "interval.unit", i)).ok).toBe(true);
    const e = run((i) => checkEnum("fortnights", ["days", "months"], "interval.unit", i));
    expect(e.issues).toEqual([
      { path: "interval.unit", code: "enum", message: "must be one of: days, months" },
    ]);
    expectNoLeak(e.issues, "fortnights");
    expect(run((i) => checkEnum(1, ["days"], "u", i)).issues[0]?.code).toBe("enum");
    expect(run((i) => checkConst("012", "012", "p", i)).ok).toBe(true);
    expect(run((i) => checkConst(true, true, "p", i)).ok).toBe(true);
    const c = run((i) => checkConst("SECRET-VALUE-123", "012", "processing.solution", i));
    expect(c.issues).toEqual([
      {
        path: "processing.solution",
        code: "const",
        message: 'must be the documented constant "012"',
      },
    ]);
    expectNoLeak(c.issues, "SECRET-VALUE-123");
    expect(run((i) => checkConst(1, true, "p", i)).issues).toEqual([
      { path: "p", code: "const", message: "must be the documented constant true" },
    ]);
  });
});

describe("structure checks", () => {
  it("isRecord accepts plain objects only", () => {
    class Thing {}
    expect([{}, { a: 1 }, Object.create(null) as object].map(isRecord)).toEqual([true, true, true]);
    expect([[], null, undefined, "x", 1, new Date(), new Thing(), new Map()].map(isRecord)).toEqual(
      [false, false, false, false, false, false, false, false],
    );
  });

  it("checkObject", () => {
    expect(run((i) => checkObject({}, "o", i)).ok).toBe(true);
    expect(run((i) => checkObject(["SECRET"], "o", i))).toEqual({
      ok: false,
      issues: [{ path: "o", code: "type", message: "must be an object" }],
    });
  });

  it("checkUnknownKeys reports each unknown own key by its position, never by its name", () => {
    const r = run((i) => checkUnknownKeys({ a: 1, b: 2, c: 3 }, new Set(["a"]), "root", i));
    expect(r).toEqual({
      ok: false,
      issues: [
        {
          path: "root.<unknown key #2>",
          code: "unknown-field",
          message: "is not a documented field (the key's name is not shown)",
        },
        {
          path: "root.<unknown key #3>",
          code: "unknown-field",
          message: "is not a documented field (the key's name is not shown)",
        },
      ],
    });
    expect(
      run((i) => checkUnknownKeys({ "4111111111111111": "x" }, new Set(["a"]), "", i)),
    ).toEqual({
      ok: false,
      issues: [
        {
          path: "<unknown key #1>",
          code: "unknown-field",
          message: "is not a documented field (the key's name is not shown)",
        },
      ],
    });
    expect(run((i) => checkUnknownKeys({ a: 1 }, new Set(["a", "b"]), "", i)).ok).toBe(true);
  });

  it("checkUnknownKeys counts own keys only, even when Object.prototype has an enumerable one", () => {
    Object.defineProperty(Object.prototype, "polluted", {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(run((i) => checkUnknownKeys({ a: 1 }, new Set(["a"]), "", i)).ok).toBe(true);
      expect(
        run((i) => checkUnknownKeys({ a: 1, b: 2 }, new Set(["a"]), "", i)).issues?.map(
          (x) => x.path,
        ),
      ).toEqual(["<unknown key #2>"]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("checkList checks the type and the number of entries", () => {
    expect(run((i) => checkList("x", "items", i, 0, undefined))).toEqual({
      ok: false,
      issues: [{ path: "items", code: "type", message: "must be a list" }],
    });
    expect(run((i) => checkList([1], "items", i, 2, undefined))).toEqual({
      ok: true,
      issues: [{ path: "items", code: "cardinality", message: "must have at least 2 entries" }],
    });
    expect(run((i) => checkList([1, 2, 3], "items", i, 0, 2))).toEqual({
      ok: true,
      issues: [{ path: "items", code: "cardinality", message: "must have at most 2 entries" }],
    });
    expect(run((i) => checkList([], "items", i, 1, 1)).issues[0]?.message).toBe(
      "must have at least 1 entry",
    );
    expect(run((i) => checkList(new Array(1000).fill(0), "items", i, 0, undefined))).toEqual({
      ok: true,
      issues: [],
    });
  });

  it("checkChoice wants exactly one present member", () => {
    const members = ["creditCard", "bankAccount"];
    expect(run((i) => checkChoice({ creditCard: {} }, members, "payment", i)).ok).toBe(true);
    expect(
      run((i) => checkChoice({ creditCard: undefined, bankAccount: {} }, members, "payment", i)).ok,
    ).toBe(true);
    const none = run((i) => checkChoice({}, members, "payment", i));
    expect(none.issues).toEqual([
      {
        path: "payment",
        code: "choice",
        message: "must have exactly one of: creditCard, bankAccount",
      },
    ]);
    expect(
      run((i) => checkChoice({ creditCard: {}, bankAccount: {} }, members, "payment", i)).issues[0]
        ?.code,
    ).toBe("choice");
  });

  it("requireField wants an own, defined property", () => {
    expect(run((i) => requireField({ id: "1" }, "id", "sub", i)).ok).toBe(true);
    expect(run((i) => requireField({ id: undefined }, "id", "sub", i)).issues).toEqual([
      { path: "sub.id", code: "required", message: "is required" },
    ]);
    const inherited = Object.create({ id: "1" }) as Record<string, unknown>;
    expect(run((i) => requireField(inherited, "id", "", i)).issues).toEqual([
      { path: "id", code: "required", message: "is required" },
    ]);
  });

  it("joinPath and result", () => {
    expect(joinPath("a.b", 2)).toBe("a.b[2]");
    expect(joinPath("a.b", "c")).toBe("a.b.c");
    expect(joinPath("", "c")).toBe("c");
    expect(joinPath("a[0]", "_links")).toBe("a[0]._links");
    expect(result({ x: 1 }, [])).toEqual({ ok: true, value: { x: 1 } });
    const issues: ValidationIssue[] = [{ path: "x", code: "required", message: "is required" }];
    expect(result({ x: 1 }, issues)).toEqual({ ok: false, issues });
  });
});
