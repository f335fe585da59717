import { describe, expect, it } from "vitest";
import {
  applicationNameValues,
  buildSearchRequest,
  evaluateRange,
  isApplicationName,
  parseSearchQuery,
  paymentMethodCodeByPaymentType,
  paymentTypeOfPaymentMethodCode,
  presets,
  searchQuery as q,
  searchQueryLanguage,
  searchSort,
  searchTimeZoneValues,
  ValidationError,
} from "../../generated/search/index.js";

/** The query language as generated from schemas/search: bound to the documented fields, zones and codes. */
describe("generated search query module", () => {
  it("knows every documented query field, the reconciliationId alias included", () => {
    const names = searchQueryLanguage.fields.flatMap((f) =>
      "alias" in f && f.alias ? [f.name, f.alias] : [f.name],
    );
    expect(names).toContain("reconciliationId");
    expect(names).toContain("applicationInformation.applications.reconciliationId");
    expect(names).toContain("submitTimeUtc");
    expect(searchQueryLanguage.fields).toHaveLength(31);
    expect(searchTimeZoneValues).toHaveLength(90);
  });

  it("builds queries whose field names the compiler checks", () => {
    const query = q.and(
      q.eq("reconciliationId", "abc 123"),
      q.anyOf("paymentInformation.paymentType.method", ["vi", "mc"]),
      q.range("submitTimeUtc", presets.past7Days()),
    );
    const request = buildSearchRequest({
      query,
      sort: searchSort("submitTimeUtc", "desc"),
      timezone: "America/New_York",
      limit: 100,
    });
    expect(request.query).toBe(
      'reconciliationId:"abc 123" AND paymentInformation.paymentType.method:(vi OR mc) AND submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}',
    );
    expect(request.sort).toBe("submitTimeUtc:desc");
    // @ts-expect-error an unknown field does not compile
    expect(() => q.eq("orderInformation.amountDetails.totalAmont", "1")).toThrow();
  });

  it("explains a hand-written query with columns and suggestions", () => {
    const result = parseSearchQuery(
      "clientReferenceInformation.code:ab* AND orderInformation.billTo.emial:x",
      { now: Date.UTC(2026, 10, 22) },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.message)).toEqual([
        "col 35: a wildcard needs at least three characters before *",
        "col 41: unknown field orderInformation.billTo.emial; did you mean orderInformation.billTo.email?",
      ]);
    }
  });

  it("rejects a time zone outside the documented list", () => {
    expect(() =>
      buildSearchRequest({ query: "id:1", sort: "id:asc", timezone: "Mars/Olympus" as never }),
    ).toThrow(ValidationError);
  });

  it("evaluates the documented presets in a documented zone", () => {
    const range = evaluateRange(presets.yesterday(), {
      now: Date.UTC(2026, 2, 9, 12),
      timeZone: "America/New_York",
    });
    // 2026-03-08 was the spring-forward day in New York: 23 hours long, starting at 05:00Z.
    expect(range.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("returns both payment types of a method code listed under two (rbt)", () => {
    expect(paymentTypeOfPaymentMethodCode("rbt")).toEqual(["bank transfer", "ewallet"]);
    expect(paymentTypeOfPaymentMethodCode("vi")).toEqual(["credit card"]);
    expect(paymentMethodCodeByPaymentType.check).toEqual(["c", "x", "u", "s"]);
    expect(paymentMethodCodeByPaymentType.partnerc).toBeUndefined();
  });

  it("lists the service identifiers of the applications array", () => {
    expect(applicationNameValues).toHaveLength(113);
    expect(isApplicationName("ics_auth")).toBe(true);
    expect(isApplicationName("ics_unknown")).toBe(false);
  });
});
