import { describe, expect, it } from "vitest";
import {
  instantFromWallClock,
  isValidTimeZone,
  timeZoneOffsetMs,
  wallClockAt,
} from "../../../generator/runtime/search-query/index.js";
import { TIME_ZONES } from "./fixture-language.js";
import { ms } from "./helpers.js";

const H = 3_600_000;
const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
  millisecond: 0,
});

describe("time zones", () => {
  it("knows every documented time zone", () => {
    expect(TIME_ZONES.filter((z) => !isValidTimeZone(z))).toEqual([]);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });

  it("reads offsets, including 30- and 45-minute ones", () => {
    expect(timeZoneOffsetMs("America/New_York", ms("2026-01-15T12:00:00Z"))).toBe(-5 * H);
    expect(timeZoneOffsetMs("America/New_York", ms("2026-07-15T12:00:00Z"))).toBe(-4 * H);
    expect(timeZoneOffsetMs("Asia/Katmandu", ms("2026-07-15T12:00:00Z"))).toBe(5.75 * H);
    expect(timeZoneOffsetMs("America/St_Johns", ms("2026-01-15T12:00:00Z"))).toBe(-3.5 * H);
    expect(timeZoneOffsetMs("Australia/Lord_Howe", ms("2026-01-15T12:00:00Z"))).toBe(11 * H);
    expect(timeZoneOffsetMs("Australia/Lord_Howe", ms("2026-07-15T12:00:00Z"))).toBe(10.5 * H);
    expect(timeZoneOffsetMs("GMT", ms("2026-07-15T12:00:00Z"))).toBe(0);
  });

  it("reads wall clocks", () => {
    expect(wallClockAt("Asia/Katmandu", ms("2026-01-31T20:00:00.250Z"))).toEqual({
      year: 2026,
      month: 2,
      day: 1,
      hour: 1,
      minute: 45,
      second: 0,
      millisecond: 250,
    });
  });

  it("resolves gaps forward and overlaps to the preferred offset or the earlier instant", () => {
    // Gap: 2026-03-08 02:30 New York → read with EST → 07:30Z (03:30 EDT).
    expect(instantFromWallClock("America/New_York", wall(2026, 3, 8, 2, 30))).toBe(
      ms("2026-03-08T07:30:00Z"),
    );
    // Overlap: 2026-11-01 01:30 New York → 05:30Z (EDT) or 06:30Z (EST).
    expect(instantFromWallClock("America/New_York", wall(2026, 11, 1, 1, 30))).toBe(
      ms("2026-11-01T05:30:00Z"),
    );
    expect(instantFromWallClock("America/New_York", wall(2026, 11, 1, 1, 30), -5 * H)).toBe(
      ms("2026-11-01T06:30:00Z"),
    );
    expect(instantFromWallClock("America/New_York", wall(2026, 11, 1, 1, 30), 3 * H)).toBe(
      ms("2026-11-01T05:30:00Z"),
    );
    // London: 2026-03-29 01:30 does not exist → 02:30 BST = 01:30Z; 2026-10-25 01:30 repeats.
    expect(instantFromWallClock("Europe/London", wall(2026, 3, 29, 1, 30))).toBe(
      ms("2026-03-29T01:30:00Z"),
    );
    expect(instantFromWallClock("Europe/London", wall(2026, 10, 25, 1, 30))).toBe(
      ms("2026-10-25T00:30:00Z"),
    );
    // Lord Howe's 30-minute shift: 02:15 on 2026-10-04 is in the gap → 02:45 +11 = 15:45Z.
    expect(instantFromWallClock("Australia/Lord_Howe", wall(2026, 10, 4, 2, 15))).toBe(
      ms("2026-10-03T15:45:00Z"),
    );
    // 01:45 on 2026-04-05 repeats: +11 (14:45Z) first, then +10:30 (15:15Z).
    expect(instantFromWallClock("Australia/Lord_Howe", wall(2026, 4, 5, 1, 45))).toBe(
      ms("2026-04-04T14:45:00Z"),
    );
    expect(instantFromWallClock("Australia/Lord_Howe", wall(2026, 4, 5, 1, 45), 10.5 * H)).toBe(
      ms("2026-04-04T15:15:00Z"),
    );
  });
});
