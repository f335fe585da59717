import {
  buildSearchRequest,
  createSearchClient,
  presets,
  searchQuery as q,
  searchSort,
} from "paygen-clients/search";

const search = createSearchClient({
  searchUrl: process.env.SEARCH_URL ?? "http://127.0.0.1:4010",
  testBaseUrl: process.env.TEST_BASE_URL ?? "http://127.0.0.1:4010",
});

// Field names are checked by the compiler; values are quoted; the range is the documented "today".
const query = q.and(
  q.anyOf("clientReferenceInformation.code", ["order-1001", "order-1002"]),
  q.range("submitTimeUtc", presets.today()),
);
const result = await search.createSearch(
  buildSearchRequest({
    query,
    sort: searchSort("submitTimeUtc", "desc"),
    timezone: "Europe/Paris",
    offset: 0,
    limit: 100,
  }),
);
console.log(result); // the response body is not shown by the documents: an opaque value
