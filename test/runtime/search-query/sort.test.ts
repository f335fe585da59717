import { describe, expect, it } from "vitest";
import {
  createQueryBuilder,
  createSort,
  parseSort,
  QueryError,
} from "../../../generator/runtime/search-query/index.js";
import { language } from "./fixture-language.js";

describe("sort", () => {
  const q = createQueryBuilder(language);

  it("renders field:direction over known fields", () => {
    expect(q.sort("submitTimeUtc", "desc")).toBe("submitTimeUtc:desc");
    expect(q.sort("reconciliationId", "asc")).toBe("reconciliationId:asc");
    const sort = createSort(language);
    const s: "id:asc" = sort("id", "asc");
    expect(s).toBe("id:asc");
  });

  it("rejects unknown fields and directions at runtime", () => {
    // @ts-expect-error not a field
    expect(() => q.sort("submitTime", "desc")).toThrow(/did you mean submitTimeUtc/);
    // @ts-expect-error not a direction
    expect(() => q.sort("id", "DESC")).toThrow(QueryError);
  });

  it("parses sort strings", () => {
    expect(parseSort("submitTimeUtc:desc", language)).toEqual({
      ok: true,
      field: "submitTimeUtc",
      direction: "desc",
      sort: "submitTimeUtc:desc",
    });
    expect(parseSort("orderInformation.amountDetails.totalAmount:asc", language)).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ["submitTimeUtc", [[14, "expected-colon"]]],
    ["submitTimeUtc:DESC", [[15, "expected-value"]]],
    ["submitTimeUtc:up", [[15, "expected-value"]]],
    ["submitTime:desc", [[1, "unknown-field"]]],
    [
      "nope:sideways",
      [
        [1, "unknown-field"],
        [6, "expected-value"],
      ],
    ],
    [":asc", [[1, "unknown-field"]]],
  ])("rejects %j", (text, expected) => {
    const r = parseSort(text, language);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => [e.column, e.code])).toEqual(expected);
  });

  it("suggests the lower-case direction", () => {
    const r = parseSort("id:DESC", language);
    expect(!r.ok && r.errors[0]?.message).toBe(
      "col 4: the sort direction is asc or desc; write desc",
    );
  });
});
