import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../generator/runtime/errors.js";
import {
  createQueryBuilder,
  createSearchRequest,
  presets,
} from "../../../generator/runtime/search-query/index.js";
import { language } from "./fixture-language.js";

const q = createQueryBuilder(language);

function issuesOf(fn: () => unknown): [string, string][] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e.issues.map((i) => [i.path, i.code]);
    throw e;
  }
  throw new Error("expected a ValidationError");
}

describe("createSearchRequest", () => {
  it("renders a builder query and keeps only given options", () => {
    const query = q.and(q.eq("id", "abc"), q.range("submitTimeUtc", presets.past7Days()));
    expect(createSearchRequest({ query, sort: "submitTimeUtc:desc" })).toEqual({
      query: "id:abc AND submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}",
      sort: "submitTimeUtc:desc",
    });
    expect(
      createSearchRequest(
        {
          query: "id:abc",
          sort: q.sort("submitTimeUtc", "asc"),
          save: false,
          name: "my search",
          timezone: "America/New_York",
          offset: 0,
          limit: 100,
        },
        language,
      ),
    ).toEqual({
      query: "id:abc",
      sort: "submitTimeUtc:asc",
      save: "false",
      name: "my search",
      timezone: "America/New_York",
      offset: 0,
      limit: 100,
    });
    expect(createSearchRequest({ query: "id:a", sort: "id:asc", save: true }).save).toBe("true");
  });

  it("checks offset and limit", () => {
    expect(
      issuesOf(() => createSearchRequest({ query: "id:a", sort: "id:asc", offset: -1 })),
    ).toEqual([["offset", "range"]]);
    expect(
      issuesOf(() => createSearchRequest({ query: "id:a", sort: "id:asc", offset: 1.5 })),
    ).toEqual([["offset", "range"]]);
    expect(
      issuesOf(() => createSearchRequest({ query: "id:a", sort: "id:asc", limit: 0 })),
    ).toEqual([["limit", "range"]]);
    expect(
      issuesOf(() => createSearchRequest({ query: "id:a", sort: "id:asc", limit: Number.NaN })),
    ).toEqual([["limit", "range"]]);
    expect(
      createSearchRequest({ query: "id:a", sort: "id:asc", offset: 0, limit: 1 }),
    ).toMatchObject({ offset: 0, limit: 1 });
  });

  it("checks the query, sort, name and time zone against the language", () => {
    expect(
      issuesOf(() =>
        createSearchRequest(
          // @ts-expect-error not a sort field
          { query: "id:ab*", sort: "nope:asc", name: " ", timezone: "Mars/Olympus", limit: 10 },
          language,
        ),
      ),
    ).toEqual([
      ["query", "format"],
      ["sort", "format"],
      ["name", "length"],
      ["timezone", "enum"],
    ]);
    expect(issuesOf(() => createSearchRequest({ query: "  ", sort: "id:asc" }))).toEqual([
      ["query", "required"],
    ]);
    // @ts-expect-error not a sort string
    expect(issuesOf(() => createSearchRequest({ query: "id:a", sort: "id" }))).toEqual([
      ["sort", "format"],
    ]);
  });

  it("accepts warnings (recommendations) but not errors", () => {
    const many = q.anyOf(
      "id",
      Array.from({ length: 20 }, (_, i) => `v${i}`),
    );
    expect(createSearchRequest({ query: many, sort: "id:asc" }, language).query).toContain("v19");
    try {
      createSearchRequest({ query: "id:abc AND id:ab*", sort: "id:asc" }, language);
      throw new Error("expected a ValidationError");
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).message).toBe(
        "invalid request: query: col 17: a wildcard needs at least three characters before *",
      );
    }
  });
});
