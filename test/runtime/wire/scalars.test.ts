import { describe, expect, it } from "vitest";
import {
  compareDecimal,
  decimalFromNumber,
  isBase64,
  isDecimal,
  isGYearMonth,
  isInt,
  isIsoDate,
  isIsoDateTime,
  isLong,
  isShort,
  isUri,
} from "../../../generator/runtime/scalars.js";

describe("isDecimal", () => {
  it.each([
    "0",
    "-0",
    "12.50",
    "007",
    ".5",
    "5.",
    "-0.01",
    "123456789012345678901234567890.123456789",
  ])("accepts %j", (s) => expect(isDecimal(s)).toBe(true));
  it.each([
    "1e5",
    "1E5",
    "1.5e-3",
    "",
    "-",
    ".",
    "-.",
    "+1",
    " 1",
    "1 ",
    "1.2.3",
    "1,5",
    "NaN",
    "Infinity",
    "0x10",
    "--1",
    "\u0661",
  ])("rejects %j", (s) => expect(isDecimal(s)).toBe(false));
});

describe("isLong", () => {
  it.each([
    "0",
    "-0",
    "42",
    "9223372036854775807",
    "-9223372036854775808",
    "0009223372036854775807",
    "-000001",
  ])("accepts %j", (s) => expect(isLong(s)).toBe(true));
  it.each([
    "9223372036854775808",
    "-9223372036854775809",
    "12345678901234567890",
    "99999999999999999999999",
    "1.0",
    "",
    "-",
    "+1",
    " 1",
    "1e3",
  ])("rejects %j", (s) => expect(isLong(s)).toBe(false));
});

describe("isShort / isInt", () => {
  it("checks the 16-bit range", () => {
    expect([32767, -32768, 0, -0].map(isShort)).toEqual([true, true, true, true]);
    expect([32768, -32769, 1.5, Number.NaN, Infinity, "1", null].map(isShort)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it("checks the 32-bit range", () => {
    expect([2147483647, -2147483648, 0].map(isInt)).toEqual([true, true, true]);
    expect([2147483648, -2147483649, 0.5, "7", 2 ** 53].map(isInt)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("isIsoDate", () => {
  it.each(["2024-02-29", "2000-02-29", "2023-12-31", "2024-04-30", "0001-01-01"])(
    "accepts %j",
    (s) => expect(isIsoDate(s)).toBe(true),
  );
  it.each([
    "2023-02-29",
    "1900-02-29",
    "2100-02-29",
    "2024-04-31",
    "2024-13-01",
    "2024-00-10",
    "2024-01-00",
    "2024-1-01",
    "20240101",
    "2024-01-01T00:00:00Z",
    "2024-01-01Z",
    " 2024-01-01",
  ])("rejects %j", (s) => expect(isIsoDate(s)).toBe(false));
});

describe("isIsoDateTime", () => {
  it.each([
    "2024-02-29T23:59:59Z",
    "2024-02-29T23:59:59.123456+05:30",
    "2024-01-01T00:00:00",
    "2024-01-01T00:00:00.5",
    "2024-01-01T00:00:00-08:00",
  ])("accepts %j", (s) => expect(isIsoDateTime(s)).toBe(true));
  it.each([
    "2024-01-01T24:00:00Z",
    "2024-01-01T23:60:00Z",
    "2024-01-01T23:59:60Z",
    "2023-02-29T00:00:00Z",
    "2024-01-01 00:00:00Z",
    "2024-01-01t00:00:00Z",
    "2024-01-01T00:00:00+0530",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01T00:00Z",
    "2024-01-01T00:00:00.Z",
    "2024-01-01",
    "2024-01-01T00:00:00-08:60",
  ])("rejects %j", (s) => expect(isIsoDateTime(s)).toBe(false));

  it("agrees with the definition by capture groups on thousands of near misses", () => {
    // The definition the fast check must keep: the pattern with its numbers captured, then ranges.
    const pattern =
      /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:Z|[+-]([0-9]{2}):([0-9]{2}))?$/;
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const reference = (s: string): boolean => {
      const m = pattern.exec(s);
      if (m === null) return false;
      const [y, mo, d, h, mi, se] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
      if (mo! < 1 || mo! > 12 || d! < 1 || d! > (mo === 2 && leap(y!) ? 29 : days[mo! - 1]!))
        return false;
      if (h! > 23 || mi! > 59 || se! > 59) return false;
      return m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59);
    };
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[next(xs.length)]!;
    // Mostly in range, sometimes just past it, sometimes anything.
    const two = (max = 99) =>
      String(pick([next(max + 1), next(max + 1), next(max + 1), max + 1, next(100)]))
        .padStart(2, "0")
        .slice(-2);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const zone = pick([
        "",
        "Z",
        `+${two(23)}:${two(59)}`,
        `-${two(23)}:${two(59)}`,
        "+1:00",
        "-00:0",
      ]);
      const fraction = pick(["", ".5", ".123456", "."]);
      let s = `${pick(["2024", "2023", "1900", "2000", "0000"])}-${pick(["01", "02", "04", "12", two(12)])}-${pick(["01", "28", "29", "30", "31", two(31)])}T${two(23)}:${two(59)}:${two(59)}${fraction}${zone}`;
      if (next(4) === 0) {
        const at = next(s.length);
        s = s.slice(0, at) + pick(["-", "+", ":", "9", "", "T", "Z"]) + s.slice(at + 1);
      }
      expect(isIsoDateTime(s), s).toBe(reference(s));
      if (reference(s)) accepted++;
    }
    expect(accepted).toBeGreaterThan(30);
  });
});

describe("isGYearMonth / isBase64 / isUri", () => {
  it("checks year and month", () => {
    expect(["2025-12", "2025-01", "0000-06"].map(isGYearMonth)).toEqual([true, true, true]);
    expect(
      ["2025-13", "2025-00", "2025-1", "25-12", "2025-12-01", "2025/12"].map(isGYearMonth),
    ).toEqual([false, false, false, false, false, false]);
  });
  it("checks padded Base64", () => {
    expect(["", "TWFu", "TWE=", "TQ==", "TWFuTQ==", "+/+/"].map(isBase64)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ["TQ=", "TWFu\n", "TW Fu", "T===", "TWFu=", "TQ==TWFu", "-_8=", "TWF"].map(isBase64),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
  it("checks absolute URIs", () => {
    expect(
      [
        "https://example.com/a?b=c#d",
        "urn:isbn:0451450523",
        "mailto:a@b.c",
        "https://example.com/%20x",
      ].map(isUri),
    ).toEqual([true, true, true, true]);
    expect(
      [
        "/relative",
        "example.com",
        "http://exa mple.com",
        "1http://x",
        "https://example.com/%zz",
        "",
        ":x",
        "https://é.com",
      ].map(isUri),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});

describe("compareDecimal", () => {
  it.each([
    ["1.50", "1.5", 0],
    ["-0", "0", 0],
    ["-0.000", "0.", 0],
    [".5", "0.5", 0],
    ["5.", "5", 0],
    ["007", "7", 0],
    ["10", "9.99", 1],
    ["9.99", "10", -1],
    ["-10", "-9", -1],
    ["-9", "-10", 1],
    ["-1", "1", -1],
    ["0.01", "0.001", 1],
    ["0.01", "0.010000000000000000001", -1],
    ["123456789012345678901234567890.1", "123456789012345678901234567890.01", 1],
    ["9223372036854775808", "9223372036854775807", 1],
  ] as const)("compareDecimal(%j, %j) = %d", (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });
  it("throws on text that is not a decimal", () => {
    expect(() => compareDecimal("1e5", "1")).toThrow(TypeError);
  });
});

describe("decimalFromNumber", () => {
  it.each([
    [0, "0"],
    [-0, "0"],
    [12.5, "12.5"],
    [0.1, "0.1"],
    [-7, "-7"],
    [1e21, "1000000000000000000000"],
    [1.25e21, "1250000000000000000000"],
    [123e25, "1230000000000000000000000000"],
    [1.5e-7, "0.00000015"],
    [-1.5e-7, "-0.00000015"],
    [0.000001, "0.000001"],
    [9007199254740993, "9007199254740992"],
  ] as const)("decimalFromNumber(%d) = %j", (n, expected) => {
    expect(decimalFromNumber(n)).toBe(expected);
  });
  it("writes the smallest subnormal without exponent", () => {
    expect(decimalFromNumber(5e-324)).toBe(`0.${"0".repeat(323)}5`);
  });
  it("returns undefined for non-finite numbers", () => {
    expect([Number.NaN, Infinity, -Infinity].map(decimalFromNumber)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
  it("always gives decimal text that reads back as the same number", () => {
    for (const n of [
      1 / 3,
      -2 / 3,
      Math.PI * 1e30,
      1e-10,
      123.456,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      2 ** 70,
    ]) {
      const d = decimalFromNumber(n);
      expect(d !== undefined && isDecimal(d)).toBe(true);
      expect(Number(d)).toBe(n);
    }
  });
});
