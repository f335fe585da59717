import { describe, expect, it } from "vitest";
import {
  evaluateRange,
  languagePresets,
  parseRange,
  presets,
  renderRange,
  toString,
  type PresetName,
} from "../../../generator/runtime/search-query/index.js";
import { DOCUMENTED_RANGES, language } from "./fixture-language.js";

type Expected = Record<PresetName, readonly [string, string]>;

interface Case {
  readonly zone: string;
  readonly now: string;
  readonly expected: Expected;
}

// Every expected instant below was worked out by hand from the zone's rules.
const CASES: readonly Case[] = [
  {
    zone: "UTC",
    now: "2026-03-15T14:37:12.345Z",
    expected: {
      lastHour: ["2026-03-15T13:00:00Z", "2026-03-15T14:00:00Z"],
      today: ["2026-03-15T00:00:00Z", "2026-03-16T00:00:00Z"],
      yesterday: ["2026-03-14T00:00:00Z", "2026-03-15T00:00:00Z"],
      past7Days: ["2026-03-08T00:00:00Z", "2026-03-16T00:00:00Z"],
      monthToDate: ["2026-03-01T00:00:00Z", "2026-03-16T00:00:00Z"],
      pastMonth: ["2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"],
      past6Months: ["2025-09-15T00:00:00Z", "2026-03-16T00:00:00Z"],
      past12Months: ["2025-03-15T00:00:00Z", "2026-03-16T00:00:00Z"],
      past13Months: ["2025-02-15T00:00:00Z", "2026-03-16T00:00:00Z"],
    },
  },
  {
    // Spring forward: 2026-03-08 02:00 EST becomes 03:00 EDT; the day has 23 hours.
    zone: "America/New_York",
    now: "2026-03-08T15:20:00Z", // 11:20 EDT
    expected: {
      lastHour: ["2026-03-08T14:00:00Z", "2026-03-08T15:00:00Z"],
      today: ["2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z"],
      yesterday: ["2026-03-07T05:00:00Z", "2026-03-08T05:00:00Z"],
      past7Days: ["2026-03-01T05:00:00Z", "2026-03-09T04:00:00Z"],
      monthToDate: ["2026-03-01T05:00:00Z", "2026-03-09T04:00:00Z"],
      pastMonth: ["2026-02-01T05:00:00Z", "2026-03-01T05:00:00Z"],
      past6Months: ["2025-09-08T04:00:00Z", "2026-03-09T04:00:00Z"],
      past12Months: ["2025-03-08T05:00:00Z", "2026-03-09T04:00:00Z"],
      past13Months: ["2025-02-08T05:00:00Z", "2026-03-09T04:00:00Z"],
    },
  },
  {
    // Fall back: 2026-11-01 02:00 EDT becomes 01:00 EST; NOW is the second 01:30.
    zone: "America/New_York",
    now: "2026-11-01T06:30:00Z", // 01:30 EST
    expected: {
      lastHour: ["2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z"],
      today: ["2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"],
      yesterday: ["2026-10-31T04:00:00Z", "2026-11-01T04:00:00Z"],
      past7Days: ["2026-10-25T04:00:00Z", "2026-11-02T05:00:00Z"],
      monthToDate: ["2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"],
      pastMonth: ["2026-10-01T04:00:00Z", "2026-11-01T04:00:00Z"],
      past6Months: ["2026-05-01T04:00:00Z", "2026-11-02T05:00:00Z"],
      past12Months: ["2025-11-01T04:00:00Z", "2026-11-02T05:00:00Z"],
      past13Months: ["2025-10-01T04:00:00Z", "2026-11-02T05:00:00Z"],
    },
  },
  {
    // 2026-03-29 01:00 GMT becomes 02:00 BST.
    zone: "Europe/London",
    now: "2026-03-29T12:00:00Z", // 13:00 BST
    expected: {
      lastHour: ["2026-03-29T11:00:00Z", "2026-03-29T12:00:00Z"],
      today: ["2026-03-29T00:00:00Z", "2026-03-29T23:00:00Z"],
      yesterday: ["2026-03-28T00:00:00Z", "2026-03-29T00:00:00Z"],
      past7Days: ["2026-03-22T00:00:00Z", "2026-03-29T23:00:00Z"],
      monthToDate: ["2026-03-01T00:00:00Z", "2026-03-29T23:00:00Z"],
      pastMonth: ["2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"],
      past6Months: ["2025-09-28T23:00:00Z", "2026-03-29T23:00:00Z"],
      past12Months: ["2025-03-29T00:00:00Z", "2026-03-29T23:00:00Z"],
      // 2026-03-29 minus 13 months is 2025-02-29, clamped to 2025-02-28.
      past13Months: ["2025-02-28T00:00:00Z", "2026-03-29T23:00:00Z"],
    },
  },
  {
    // Lord Howe: +11:00 in summer, +10:30 in winter; 2026-04-05 02:00 +11 becomes 01:30 +10:30.
    zone: "Australia/Lord_Howe",
    now: "2026-04-05T03:00:00Z", // 13:30 +10:30
    expected: {
      lastHour: ["2026-04-05T01:30:00Z", "2026-04-05T02:30:00Z"],
      today: ["2026-04-04T13:00:00Z", "2026-04-05T13:30:00Z"],
      yesterday: ["2026-04-03T13:00:00Z", "2026-04-04T13:00:00Z"],
      past7Days: ["2026-03-28T13:00:00Z", "2026-04-05T13:30:00Z"],
      monthToDate: ["2026-03-31T13:00:00Z", "2026-04-05T13:30:00Z"],
      pastMonth: ["2026-02-28T13:00:00Z", "2026-03-31T13:00:00Z"],
      past6Months: ["2025-10-04T13:30:00Z", "2026-04-05T13:30:00Z"],
      past12Months: ["2025-04-04T13:00:00Z", "2026-04-05T13:30:00Z"],
      past13Months: ["2025-03-04T13:00:00Z", "2026-04-05T13:30:00Z"],
    },
  },
  {
    // Newfoundland: -03:30 / -02:30; 2026-03-08 02:00 NST becomes 03:00 NDT.
    zone: "America/St_Johns",
    now: "2026-03-08T12:00:00Z", // 09:30 NDT
    expected: {
      lastHour: ["2026-03-08T10:30:00Z", "2026-03-08T11:30:00Z"],
      today: ["2026-03-08T03:30:00Z", "2026-03-09T02:30:00Z"],
      yesterday: ["2026-03-07T03:30:00Z", "2026-03-08T03:30:00Z"],
      past7Days: ["2026-03-01T03:30:00Z", "2026-03-09T02:30:00Z"],
      monthToDate: ["2026-03-01T03:30:00Z", "2026-03-09T02:30:00Z"],
      pastMonth: ["2026-02-01T03:30:00Z", "2026-03-01T03:30:00Z"],
      past6Months: ["2025-09-08T02:30:00Z", "2026-03-09T02:30:00Z"],
      past12Months: ["2025-03-08T03:30:00Z", "2026-03-09T02:30:00Z"],
      past13Months: ["2025-02-08T03:30:00Z", "2026-03-09T02:30:00Z"],
    },
  },
  {
    // Nepal, +05:45 all year; NOW is just after local midnight of a new month.
    zone: "Asia/Katmandu",
    now: "2026-01-31T20:00:00Z", // 2026-02-01 01:45
    expected: {
      lastHour: ["2026-01-31T18:15:00Z", "2026-01-31T19:15:00Z"],
      today: ["2026-01-31T18:15:00Z", "2026-02-01T18:15:00Z"],
      yesterday: ["2026-01-30T18:15:00Z", "2026-01-31T18:15:00Z"],
      past7Days: ["2026-01-24T18:15:00Z", "2026-02-01T18:15:00Z"],
      monthToDate: ["2026-01-31T18:15:00Z", "2026-02-01T18:15:00Z"],
      pastMonth: ["2025-12-31T18:15:00Z", "2026-01-31T18:15:00Z"],
      past6Months: ["2025-07-31T18:15:00Z", "2026-02-01T18:15:00Z"],
      past12Months: ["2025-01-31T18:15:00Z", "2026-02-01T18:15:00Z"],
      past13Months: ["2024-12-31T18:15:00Z", "2026-02-01T18:15:00Z"],
    },
  },
];

const NAMES = Object.keys(DOCUMENTED_RANGES) as PresetName[];

describe("documented ranges", () => {
  it("presets render exactly the documented strings", () => {
    for (const name of NAMES) expect(renderRange(presets[name]())).toBe(DOCUMENTED_RANGES[name]);
    for (const name of NAMES) expect(toString(presets[name]())).toBe(DOCUMENTED_RANGES[name]);
  });

  it("the language's presets parse to the same bounds", () => {
    const parsed = languagePresets(language);
    expect(parsed.map((p) => p.name)).toEqual(NAMES);
    for (const p of parsed) expect(p.bounds).toEqual(presets[p.name as PresetName]());
  });

  it("rejects a language preset that does not parse with the language's units", () => {
    const narrow = { ...language, dateMathUnits: ["DAY", "DAYS", "MONTH", "MONTHS"] };
    expect(() => languagePresets(narrow)).toThrow(
      "preset lastHour: col 6: unknown date-math unit HOUR; use one of DAY, DAYS, MONTH, MONTHS",
    );
  });

  for (const c of CASES) {
    describe(`${c.zone} at ${c.now}`, () => {
      for (const name of NAMES) {
        it(`${name} ${DOCUMENTED_RANGES[name]}`, () => {
          const [start, end] = c.expected[name];
          const fromText = evaluateRange(DOCUMENTED_RANGES[name], {
            now: new Date(c.now),
            timeZone: c.zone,
          });
          expect(fromText).toEqual({
            start: new Date(start),
            end: new Date(end),
            startInclusive: true,
            endInclusive: false,
          });
          const fromPreset = evaluateRange(presets[name](), {
            now: new Date(c.now).getTime(),
            timeZone: c.zone,
          });
          expect(fromPreset).toEqual(fromText);
        });
      }
    });
  }

  it("reports inclusivity of each bound", () => {
    const r = evaluateRange("{NOW/DAY TO NOW/DAY+1DAY]", { now: new Date("2026-03-15T10:00:00Z") });
    expect(r).toEqual({
      start: new Date("2026-03-15T00:00:00Z"),
      end: new Date("2026-03-16T00:00:00Z"),
      startInclusive: false,
      endInclusive: true,
    });
  });

  it("evaluates epoch-millisecond bounds as given", () => {
    const r = evaluateRange("[1767225600000 TO 1767312000000]", { timeZone: "Asia/Tokyo" });
    expect(r.start).toEqual(new Date("2026-01-01T00:00:00Z"));
    expect(r.end).toEqual(new Date("2026-01-02T00:00:00Z"));
    expect(r.endInclusive).toBe(true);
  });

  it("parses ranges with columns for problems", () => {
    expect(parseRange("[NOW TO NOW+1DAY}").ok).toBe(true);
    expect(parseRange("[NOW-1WEEK TO NOW}")).toEqual({
      ok: false,
      errors: [
        {
          column: 7,
          code: "unknown-unit",
          severity: "error",
          message:
            "col 7: unknown date-math unit WEEK; use one of MINUTE, MINUTES, HOUR, HOURS, DAY, DAYS, MONTH, MONTHS",
        },
      ],
    });
    expect(parseRange("[NOW to NOW}")).toMatchObject({
      ok: false,
      errors: [{ column: 6, code: "range-syntax" }],
    });
    expect(parseRange("[NOW TO NOW")).toMatchObject({
      ok: false,
      errors: [{ column: 1, code: "range-syntax" }],
    });
    expect(parseRange("[* TO NOW}")).toMatchObject({
      ok: false,
      errors: [{ column: 2, code: "open-range" }],
    });
    expect(parseRange("NOW TO NOW")).toMatchObject({
      ok: false,
      errors: [{ column: 1, code: "range-syntax" }],
    });
    expect(() => evaluateRange("[NOW TO")).toThrow(/col 1: the range is never closed/);
  });
});
