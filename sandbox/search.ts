/**
 * Transaction search, saved searches and transaction details (document 002).
 *
 * The request is parsed and validated with the generated functions, the
 * query with the generated parser (every documented rule: fields, wildcards,
 * ranges, date math in the request's time zone), the sort with the runtime's
 * sort parser. Without a submitTimeUtc filter the window is the last seven
 * days. The bodies of the result, the saved search and the details are not
 * shown by the document: their shapes are the sandbox's (docs/sandbox.md);
 * details always carry the documented applications array.
 */
import { QueryError, evaluateRange, parseSort } from "../generated/runtime/search-query/index.js";
import { parseSavedSearch } from "../generated/search/json.js";
import { type SearchHandlers, serializeSearchResult } from "../generated/search/server.js";
import { parseSearchQuery, searchQueryLanguage } from "../generated/search/query.js";
import type { SearchTimeZone } from "../generated/search/enums.js";
import type {
  SavedSearch,
  SearchRequest,
  SearchResult,
  TransactionDetails,
} from "../generated/search/types.js";
import { errorAnswer, fail, replying, type SandboxAnswer } from "./http-io.js";
import type { Ids } from "./ids.js";
import { opaqueBody } from "./opaque.js";
import type { FixedWindowLimiter } from "./rate-limit.js";
import {
  canonicalField,
  compareBy,
  hasTimeFilter,
  inWindow,
  matches,
  RangeCache,
  type FilterContext,
} from "./search-filter.js";
import type { SandboxState } from "./store/state.js";
import { isoSeconds, type Ledger } from "./transactions.js";

/** The time zone of a search that names none. */
export const DEFAULT_TIME_ZONE: SearchTimeZone = "GMT";
/** The window searched when the query has no submitTimeUtc filter (the documented seven days). */
export const DEFAULT_WINDOW = "[NOW-7DAYS TO NOW]";
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export class SearchApi {
  constructor(
    private readonly state: SandboxState,
    private readonly ledger: Ledger,
    private readonly ids: Ids,
    private readonly now: () => number,
    private readonly limiter: FixedWindowLimiter | undefined,
  ) {}

  /** The search handlers of the generated search server. */
  handlers(): Pick<SearchHandlers, "createSearch" | "getSearch" | "getTransaction"> {
    return {
      createSearch: replying(({ body }) => ({ status: 201, body: this.search(body) })),
      getSearch: replying(({ params }) => ({
        status: 200,
        body: this.savedSearch(params.searchID),
      })),
      getTransaction: replying(({ params }) => ({ status: 200, body: this.details(params.id) })),
    };
  }

  /** The 429 of a search past the rate limit (checked before the request is read), else undefined. */
  rateLimited(): SandboxAnswer | undefined {
    const decision = this.limiter?.take();
    if (decision === undefined || decision.ok) return undefined;
    return errorAnswer(
      429,
      "TOO_MANY_REQUESTS",
      "the sandbox's search rate limit was reached",
      undefined,
      { "retry-after": String(decision.retryAfterSeconds) },
    );
  }

  /** POST /tss/v2/searches. */
  private search(body: SearchRequest): SearchResult {
    const timeZone = body.timezone ?? DEFAULT_TIME_ZONE;
    const nowMs = this.now();
    let parsed: ReturnType<typeof parseSearchQuery>;
    try {
      parsed = parseSearchQuery(body.query, { now: nowMs, timeZone });
    } catch (error) {
      if (error instanceof QueryError)
        fail(400, "INVALID_DATA", "the time zone is not known to the sandbox", [
          { field: "timezone", reason: "enum" },
        ]);
      throw error;
    }
    if (!parsed.ok) {
      fail(
        400,
        "INVALID_DATA",
        "the query is not valid",
        parsed.errors.map((e) => ({ field: "query", reason: e.code, message: e.message })),
      );
    }
    const sort = parseSort(body.sort, searchQueryLanguage);
    if (!sort.ok) {
      fail(
        400,
        "INVALID_DATA",
        "the sort is not valid",
        sort.errors.map((e) => ({ field: "sort", reason: e.code, message: e.message })),
      );
    }
    const offset = body.offset ?? 0;
    const limit = body.limit ?? DEFAULT_LIMIT;
    if (offset < 0)
      fail(400, "INVALID_DATA", "offset must be 0 or more", [{ field: "offset", reason: "range" }]);
    if (limit < 1 || limit > MAX_LIMIT) {
      fail(400, "INVALID_DATA", `limit must be from 1 to ${MAX_LIMIT}`, [
        { field: "limit", reason: "range" },
      ]);
    }
    const save = (body.save ?? "false").toLowerCase();
    if (save !== "true" && save !== "false") {
      fail(400, "INVALID_DATA", "save is the string true or false", [
        { field: "save", reason: "enum" },
      ]);
    }

    const ctx: FilterContext = {
      nowMs,
      timeZone,
      merchantId: this.ledger.merchantId,
      digests: this.state.digests,
    };
    const ranges = new RangeCache(ctx);
    const ast = parsed.ast;
    const window = hasTimeFilter(ast)
      ? undefined
      : evaluateRange(DEFAULT_WINDOW, { now: nowMs, timeZone });
    const field = canonicalField(sort.field) ?? "submitTimeUtc";
    const direction = sort.direction === "desc" ? -1 : 1;
    const found = this.ledger
      .all()
      .filter(
        (tx) =>
          (window === undefined ||
            inWindow(tx.submitTimeMs, {
              start: window.start.getTime(),
              end: window.end.getTime(),
              startInclusive: window.startInclusive,
              endInclusive: window.endInclusive,
            })) &&
          matches(ast, tx, ctx, ranges),
      )
      .sort(
        (a, b) =>
          direction * compareBy(field, a, b, ctx.merchantId) ||
          direction * (a.submitTimeMs - b.submitTimeMs) ||
          (a.id < b.id ? -direction : a.id > b.id ? direction : 0),
      );
    const page = found.slice(offset, offset + limit);
    const id = this.ids.search();
    const saved = save === "true";
    const result = opaqueBody({
      id,
      save: saved,
      name: body.name,
      timezone: timeZone,
      query: body.query,
      offset,
      limit,
      sort: body.sort,
      count: page.length,
      totalCount: found.length,
      status: "COMPLETED",
      submitTimeUtc: isoSeconds(nowMs),
      _embedded: { transactionSummaries: page.map((tx) => this.ledger.summary(tx)) },
      _links: saved ? { self: { href: `/tss/v2/searches/${id}`, method: "GET" } } : undefined,
    });
    if (saved) this.state.savedSearches.put({ id, body: serializeSearchResult(result) });
    return result;
  }

  /** GET /tss/v2/searches/{searchID}: a saved search as it was answered. */
  private savedSearch(id: string): SavedSearch {
    const saved = this.state.savedSearches.get(id);
    if (saved === undefined) fail(404, "NOT_FOUND", "no saved search has this id");
    return parseSavedSearch(saved.body);
  }

  /** GET /tss/v2/transactions/{id}. */
  private details(id: string): TransactionDetails {
    const tx = this.ledger.get(id);
    if (tx === undefined) fail(404, "NOT_FOUND", "no transaction has this id");
    return this.ledger.details(tx);
  }
}
