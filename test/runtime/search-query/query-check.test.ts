import { describe, expect, it } from "vitest";
import { ValidationError, type ValidationIssue } from "../../../generator/runtime/errors.js";
import { callRest, type RestOperation } from "../../../generator/runtime/rest-call.js";
import { checkQueryText, withQueryCheck } from "../../../generator/runtime/search-query/index.js";
import { parseSearchResult, serializeSearchRequest } from "../../../generated/search/json.js";
import { searchQueryLanguage } from "../../../generated/search/query.js";
import { redactSearchRequest } from "../../../generated/search/redact.js";
import type { SearchRequest, SearchResult } from "../../../generated/search/types.js";
import { ValidationError as GeneratedValidationError } from "../../../generated/runtime/errors.js";
import { createSearchClient } from "../../../generated/search/client.js";
import { validateSearchRequest } from "../../../generated/search/validators.js";
import { language } from "./fixture-language.js";

const CARD = "4111111111111111";
const INVALID = `id:${CARD} AND (`;

/** A fetch that records what it is asked to send and answers an empty search result. */
function recordingFetch(): { fetch: typeof fetch; sent: string[] } {
  const sent: string[] = [];
  const stub = (async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(String(init?.body ?? ""));
    return new Response(JSON.stringify({ searchId: "1", totalCount: 0 }), {
      status: 201,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return { fetch: stub, sent };
}

/** The createSearch operation as a generated client describes it, its request check wired through `withQueryCheck`. */
const createSearch = {
  name: "createSearch",
  method: "POST",
  path: "/tss/v2/searches",
  idempotent: true,
  retryNotFound: false,
  meanings: {},
  validate: withQueryCheck(validateSearchRequest, searchQueryLanguage),
  serialize: serializeSearchRequest,
  redact: redactSearchRequest,
  parse: (body) => parseSearchResult(body),
} satisfies RestOperation<SearchRequest, SearchResult>;

function everythingSaid(error: unknown): string {
  const e = error as ValidationError;
  return [String(e), e.message, e.stack ?? "", JSON.stringify(e), JSON.stringify(e.issues)].join(
    "\n",
  );
}

describe("checkQueryText", () => {
  it("adds one format issue per error of the query, at the given path, without any value of the query", () => {
    const issues: ValidationIssue[] = [];
    checkQueryText(INVALID, language, "body.query", issues);
    expect(issues).toEqual([
      {
        path: "body.query",
        code: "format",
        message: "col 26: expected a filter such as field:value",
      },
    ]);
    expect(JSON.stringify(issues)).not.toContain(CARD);
  });

  it("adds nothing for a valid query, for warnings only, and for values the type checks report", () => {
    const issues: ValidationIssue[] = [];
    checkQueryText(`id:${CARD}`, language, "query", issues);
    // More values than recommended in one lookup: a warning, not an error.
    checkQueryText(
      `id:(${Array.from({ length: 20 }, (_, i) => `v${i}`).join(" OR ")})`,
      language,
      "query",
      issues,
    );
    checkQueryText(42, language, "query", issues);
    checkQueryText(undefined, language, "query", issues);
    expect(issues).toEqual([]);
  });

  it("reports an empty query", () => {
    const issues: ValidationIssue[] = [];
    checkQueryText("  ", language, "query", issues);
    expect(issues.map((i) => [i.path, i.code])).toEqual([["query", "required"]]);
  });
});

describe("withQueryCheck", () => {
  const validate = withQueryCheck(validateSearchRequest, searchQueryLanguage);

  it("refuses an invalid query, adding to the shape check's issues", () => {
    const checked = validate({ query: INVALID, sort: "submitTimeUtc:desc", limit: "ten" });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((i) => [i.path, i.code])).toEqual([
      ["limit", "type"],
      ["query", "format"],
    ]);
    expect(JSON.stringify(checked.issues)).not.toContain(CARD);
  });

  it("accepts a valid request unchanged", () => {
    const request = { query: `paymentInformation.card.number:${CARD}`, sort: "submitTimeUtc:desc" };
    expect(validate(request)).toEqual({ ok: true, value: request });
  });

  it("evaluates date math in the request's time zone", () => {
    // The same range is valid in any zone; an unknown zone is reported by the shape check, not here.
    const request = {
      query: "submitTimeUtc:[NOW/DAY-1DAY TO NOW/DAY}",
      sort: "submitTimeUtc:desc",
      timezone: "America/Chicago",
    };
    expect(validate(request).ok).toBe(true);
  });

  it("leaves a request that is not an object to the shape check", () => {
    const checked = validate("id:1");
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.issues.every((i) => i.code !== "format")).toBe(true);
  });
});

describe("a search call with an invalid query", () => {
  it("is refused with a ValidationError before anything is sent, and the error never shows the card number", async () => {
    const { fetch, sent } = recordingFetch();
    const error = await callRest(
      createSearch,
      "https://search.example/tss/v2/searches",
      { query: INVALID, sort: "submitTimeUtc:desc" },
      { fetch },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.code])).toEqual([
      ["query", "format"],
    ]);
    expect(everythingSaid(error)).not.toContain(CARD);
    expect(sent).toEqual([]);
  });

  it("a valid query is sent", async () => {
    const { fetch, sent } = recordingFetch();
    const result = await callRest(
      createSearch,
      "https://search.example/tss/v2/searches",
      { query: `id:${CARD}`, sort: "submitTimeUtc:desc" },
      { fetch },
    );
    expect(result).toBeDefined();
    expect(sent).toHaveLength(1);
  });
});

describe("the generated search client", () => {
  it("refuses an invalid query before sending it", async () => {
    const { fetch, sent } = recordingFetch();
    const client = createSearchClient({
      fetch,
      searchUrl: "https://search.example",
      testBaseUrl: "https://test.example",
    });
    const error = await client.createSearch({ query: INVALID, sort: "submitTimeUtc:desc" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(GeneratedValidationError);
    expect(everythingSaid(error)).not.toContain(CARD);
  });
});
