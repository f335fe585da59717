import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from "../../../generator/runtime/http/retry-after.js";

const NOW = Date.UTC(2030, 0, 1, 0, 0, 0); // Tue, 01 Jan 2030 00:00:00 GMT

describe("parseRetryAfter", () => {
  it("reads delta seconds as milliseconds", () => {
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("2", NOW)).toBe(2_000);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
  });

  it("gives no wait for negative seconds (never 0, which means at once)", () => {
    expect(parseRetryAfter("-5", NOW)).toBeUndefined();
    expect(parseRetryAfter("-0", NOW)).toBeUndefined();
  });

  it("reads the three HTTP date forms relative to now", () => {
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Tuesday, 01-Jan-30 00:01:00 GMT", NOW)).toBe(60_000);
    expect(parseRetryAfter("Tue Jan  1 00:00:05 2030", NOW)).toBe(5_000);
  });

  it("measures a date from a now that is not on a whole second", () => {
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:00:02 GMT", NOW + 250)).toBe(1_750);
  });

  it("gives no wait for a past date (never 0, which means at once), and 0 for a date that is now", () => {
    expect(parseRetryAfter("Mon, 31 Dec 2029 23:59:00 GMT", NOW)).toBeUndefined();
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:00:00 GMT", NOW + 1)).toBeUndefined();
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:00:00 GMT", NOW)).toBe(0);
  });

  it("rejects garbage", () => {
    for (const value of [
      null,
      undefined,
      "",
      "soon",
      "1.5",
      "1e3",
      "0x10",
      "Tue, 31 Feb 2030 00:00:00 GMT",
      "2030-01-01T00:00:10Z",
      "Tue, 01 Jan 2030 25:00:00 GMT",
      "Tue, 01 Jan 2030 00:00:10 UTC",
    ]) {
      expect(parseRetryAfter(value, NOW), String(value)).toBeUndefined();
    }
  });

  it("caps huge values at a configurable maximum", () => {
    expect(parseRetryAfter("999999999999999999999", NOW)).toBe(DEFAULT_MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("Fri, 01 Jan 2100 00:00:00 GMT", NOW)).toBe(DEFAULT_MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("600", NOW, { maxMs: 60_000 })).toBe(60_000);
    expect(parseRetryAfter("30", NOW, { maxMs: 60_000 })).toBe(30_000);
  });
});
