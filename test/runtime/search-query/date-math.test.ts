import { describe, expect, it, vi } from "vitest";
import {
  DateMath,
  QueryError,
  epochMillis,
  evaluateDateMath,
  now,
  parseDateMath,
} from "../../../generator/runtime/search-query/index.js";

const at = (expr: string | DateMath, nowIso: string, timeZone = "UTC"): string =>
  evaluateDateMath(expr, { now: new Date(nowIso), timeZone }).toISOString();

describe("date math text", () => {
  it("builds and renders", () => {
    expect(now().toString()).toBe("NOW");
    expect(now().round("DAY").minus(1, "DAY").toString()).toBe("NOW/DAY-1DAY");
    expect(now().round("HOUR").minus(1, "HOUR").toString()).toBe("NOW/HOUR-1HOUR");
    expect(now().plus(0, "MINUTES").toString()).toBe("NOW+0MINUTES");
    expect(epochMillis(1767225600000).round("MONTH").toString()).toBe("1767225600000/MONTH");
  });

  it("parses what it renders", () => {
    for (const text of [
      "NOW",
      "NOW/DAY-7DAYS",
      "NOW/MONTH-1MONTH",
      "NOW+1DAY/DAY",
      "0",
      "1767225600000-5MINUTES/HOUR",
      "NOW-0DAY",
    ]) {
      const parsed = parseDateMath(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        expect(parsed.value).toBeInstanceOf(DateMath);
        expect(parsed.value.toString()).toBe(text);
      }
    }
    expect(parseDateMath("NOW/DAY-1DAY")).toEqual({
      ok: true,
      value: now().round("DAY").minus(1, "DAY"),
    });
  });

  it.each([
    ["", 1, "date-math-syntax", "col 1: a date-math value starts with NOW or epoch milliseconds"],
    ["now", 1, "date-math-syntax", "col 1: write NOW in upper case"],
    ["NOW/", 5, "date-math-syntax", "col 5: expected a unit such as DAY after /"],
    ["NOW-1", 6, "date-math-syntax", "col 6: expected a unit such as DAY after 1"],
    ["NOW-DAY", 5, "bad-number", "col 5: expected a number after -"],
    ["NOW+1.5DAY", 5, "bad-number", "col 5: a date-math amount must be a whole number"],
    ["NOW+2000000DAYS", 5, "bad-number", "col 5: a date-math amount must not exceed 1000000"],
    [
      "NOW/day",
      5,
      "unknown-unit",
      "col 5: unknown date-math unit day; write units in upper case: DAY",
    ],
    ["NOW-1DYA", 6, "unknown-unit", "col 6: unknown date-math unit DYA; did you mean DAY?"],
    [
      "NOW-1WEEK",
      6,
      "unknown-unit",
      "col 6: unknown date-math unit WEEK; use one of MINUTE, MINUTES, HOUR, HOURS, DAY, DAYS, MONTH, MONTHS",
    ],
    ["NOW*2", 4, "date-math-syntax", "col 4: expected /UNIT, +nUNIT or -nUNIT in date math"],
    [
      "99999999999999999",
      1,
      "bad-number",
      "col 1: epoch milliseconds must not be later than year 9999",
    ],
  ])("rejects %j at column %i", (text, column, code, message) => {
    expect(parseDateMath(text)).toEqual({
      ok: false,
      errors: [{ column, code, severity: "error", message }],
    });
  });

  it("restricts units to the given list", () => {
    expect(parseDateMath("NOW-1HOUR", { units: ["DAY"] })).toMatchObject({
      ok: false,
      errors: [{ column: 6, code: "unknown-unit" }],
    });
  });
});

describe("date math evaluation", () => {
  it("evaluates NOW, rounding and arithmetic left to right (UTC)", () => {
    const t = "2026-03-15T14:37:12.345Z";
    expect(at("NOW", t)).toBe(t);
    expect(at("NOW/MINUTE", t)).toBe("2026-03-15T14:37:00.000Z");
    expect(at("NOW/HOUR", t)).toBe("2026-03-15T14:00:00.000Z");
    expect(at("NOW/DAY", t)).toBe("2026-03-15T00:00:00.000Z");
    expect(at("NOW/MONTH", t)).toBe("2026-03-01T00:00:00.000Z");
    expect(at("NOW-90MINUTES", t)).toBe("2026-03-15T13:07:12.345Z");
    expect(at("NOW/DAY+1DAY", t)).toBe("2026-03-16T00:00:00.000Z");
    expect(at("NOW+1DAY/DAY", t)).toBe("2026-03-16T00:00:00.000Z");
    expect(at("NOW/DAY+36HOURS/DAY", t)).toBe("2026-03-16T00:00:00.000Z");
    expect(at("NOW-1MONTH/MONTH+1DAYS", t)).toBe("2026-02-02T00:00:00.000Z");
  });

  it("accepts singular and plural units alike", () => {
    const t = "2026-03-15T14:37:12.345Z";
    expect(at("NOW-2DAYS", t)).toBe(at("NOW-2DAY", t));
    expect(at("NOW/HOURS", t)).toBe(at("NOW/HOUR", t));
    expect(at("NOW+1MONTHS", t)).toBe(at("NOW+1MONTH", t));
  });

  it("clamps MONTH arithmetic to the end of the month", () => {
    expect(at("NOW+1MONTH", "2026-01-31T10:00:00Z")).toBe("2026-02-28T10:00:00.000Z");
    expect(at("NOW+1MONTH", "2028-01-31T10:00:00Z")).toBe("2028-02-29T10:00:00.000Z");
    expect(at("NOW-1MONTH", "2026-03-31T10:00:00Z")).toBe("2026-02-28T10:00:00.000Z");
    expect(at("NOW+3MONTHS", "2026-01-31T10:00:00Z")).toBe("2026-04-30T10:00:00.000Z");
    expect(at("NOW-13MONTHS", "2026-12-15T10:00:00Z")).toBe("2025-11-15T10:00:00.000Z");
    // Left to right: the clamp is not undone.
    expect(at("NOW-1MONTH+1MONTH", "2026-03-31T10:00:00Z")).toBe("2026-03-28T10:00:00.000Z");
  });

  it("keeps the local time across DST for DAY and MONTH, and exact durations for HOUR", () => {
    // New York, 2026-03-07 12:00 EST → 2026-03-08 12:00 EDT: 23 hours later.
    expect(at("NOW+1DAY", "2026-03-07T17:00:00Z", "America/New_York")).toBe(
      "2026-03-08T16:00:00.000Z",
    );
    expect(at("NOW+24HOURS", "2026-03-07T17:00:00Z", "America/New_York")).toBe(
      "2026-03-08T17:00:00.000Z",
    );
    // 2026-02-15 12:00 EST + 1 MONTH → 2026-03-15 12:00 EDT.
    expect(at("NOW+1MONTH", "2026-02-15T17:00:00Z", "America/New_York")).toBe(
      "2026-03-15T16:00:00.000Z",
    );
    // 01:30 EST on 2026-03-08 + 1 HOUR is 03:30 EDT.
    expect(at("NOW+1HOUR", "2026-03-08T06:30:00Z", "America/New_York")).toBe(
      "2026-03-08T07:30:00.000Z",
    );
  });

  it("moves a non-existent local time forward by the gap", () => {
    // 2026-03-07 02:30 EST + 1 DAY = 2026-03-08 02:30, which does not exist → 03:30 EDT.
    expect(at("NOW+1DAY", "2026-03-07T07:30:00Z", "America/New_York")).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    // Lord Howe skips 02:00-02:30 on 2026-10-04: /HOUR at 02:45 +11 is the transition (local 02:30).
    expect(at("NOW/HOUR", "2026-10-03T15:45:00Z", "Australia/Lord_Howe")).toBe(
      "2026-10-03T15:30:00.000Z",
    );
    // 2026-10-03 02:15 +10:30 + 1 DAY → 2026-10-04 02:15 (in the gap) → 02:45 +11.
    expect(at("NOW+1DAY", "2026-10-02T15:45:00Z", "Australia/Lord_Howe")).toBe(
      "2026-10-03T15:45:00.000Z",
    );
  });

  it("resolves a repeated local time by keeping the offset, else the earlier instant", () => {
    // 2026-10-31 01:30 EDT + 1 DAY → 2026-11-01 01:30 EDT (first occurrence, same offset).
    expect(at("NOW+1DAY", "2026-10-31T05:30:00Z", "America/New_York")).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // 2026-11-02 01:30 EST - 1 DAY → 2026-11-01 01:30 EST (second occurrence, same offset).
    expect(at("NOW-1DAY", "2026-11-02T06:30:00Z", "America/New_York")).toBe(
      "2026-11-01T06:30:00.000Z",
    );
    // 2026-10-31 02:30 EDT + 1 DAY → 2026-11-01 02:30 EST (exists once).
    expect(at("NOW+1DAY", "2026-10-31T06:30:00Z", "America/New_York")).toBe(
      "2026-11-01T07:30:00.000Z",
    );
    // +0 DAY is the identity, also in the repeated hour.
    expect(at("NOW+0DAY", "2026-11-01T06:30:00Z", "America/New_York")).toBe(
      "2026-11-01T06:30:00.000Z",
    );
  });

  it("rounds to the start of the current hour inside a repeated hour", () => {
    expect(at("NOW/HOUR", "2026-11-01T05:30:00Z", "America/New_York")).toBe(
      "2026-11-01T05:00:00.000Z",
    );
    expect(at("NOW/HOUR", "2026-11-01T06:30:00Z", "America/New_York")).toBe(
      "2026-11-01T06:00:00.000Z",
    );
    expect(at("NOW/DAY", "2026-11-01T06:30:00Z", "America/New_York")).toBe(
      "2026-11-01T04:00:00.000Z",
    );
    // Lord Howe repeats 01:30-02:00 on 2026-04-05; both 01:40s round to 01:00 +11.
    expect(at("NOW/HOUR", "2026-04-04T14:40:00Z", "Australia/Lord_Howe")).toBe(
      "2026-04-04T14:00:00.000Z",
    );
    expect(at("NOW/HOUR", "2026-04-04T15:10:00Z", "Australia/Lord_Howe")).toBe(
      "2026-04-04T14:00:00.000Z",
    );
    expect(at("NOW/MINUTE", "2026-04-04T15:10:42Z", "Australia/Lord_Howe")).toBe(
      "2026-04-04T15:10:00.000Z",
    );
  });

  it("rounds in zones with 30- and 45-minute offsets", () => {
    expect(at("NOW/HOUR", "2026-01-31T20:00:00Z", "Asia/Katmandu")).toBe(
      "2026-01-31T19:15:00.000Z",
    );
    expect(at("NOW/DAY", "2026-01-31T20:00:00Z", "Asia/Katmandu")).toBe("2026-01-31T18:15:00.000Z");
    expect(at("NOW/HOUR", "2026-01-15T12:10:00Z", "Asia/Calcutta")).toBe(
      "2026-01-15T11:30:00.000Z",
    );
    expect(at("NOW/DAY", "2026-01-15T12:10:00Z", "America/St_Johns")).toBe(
      "2026-01-15T03:30:00.000Z",
    );
  });

  it("evaluates epoch anchors in the zone", () => {
    // 2026-01-01T00:00Z is 2025-12-31 19:00 EST: the month starts 2025-12-01 00:00 EST.
    expect(at("1767225600000/MONTH", "2030-01-01T00:00:00Z", "America/New_York")).toBe(
      "2025-12-01T05:00:00.000Z",
    );
    expect(
      at(epochMillis(new Date("2026-01-01T00:00:00Z")).plus(1, "DAY"), "2030-01-01T00:00:00Z"),
    ).toBe("2026-01-02T00:00:00.000Z");
  });

  it("throws typed errors for bad input", () => {
    expect(() => evaluateDateMath("NOW-1WEEK")).toThrow(QueryError);
    expect(() => evaluateDateMath("NOW", { timeZone: "Mars/Olympus" })).toThrow(
      /unknown time zone Mars\/Olympus/,
    );
    expect(() => evaluateDateMath("NOW-1000000MONTHS", { now: 0 })).toThrow(
      expect.objectContaining({ code: "query.out-of-range" }),
    );
    expect(() => evaluateDateMath("NOW", { now: Number.NaN })).toThrow(
      expect.objectContaining({ code: "query.invalid-argument" }),
    );
  });

  it("defaults to Date.now() in UTC", () => {
    // A fixed clock: the default is read from Date.now(), exactly.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2024, 2, 10, 3, 30, 0) });
    try {
      expect(evaluateDateMath("NOW").toISOString()).toBe("2024-03-10T03:30:00.000Z");
    } finally {
      vi.useRealTimers();
    }
  });
});
