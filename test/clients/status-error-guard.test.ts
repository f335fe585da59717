/**
 * A REST service's one status error guard: `isSearchError(error, "op")` tells
 * the status error of a call of `op` from any other error, and narrows it to
 * `SearchError<"op">`, whose `data` has that operation's error body type. The
 * types below are enforced by the project's type-check (typecheck.test.ts).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  HttpStatusError,
  isSearchError,
  type SearchError,
  type SearchErrors,
} from "../../generated/search/index.js";

const statusError = (operation: string) =>
  new HttpStatusError(404, "Not found.", { message: "gone" }, undefined, { operation });

describe("the status error guard of a REST service", () => {
  it("narrows the status error of the named operation, and only that one", () => {
    const error: unknown = statusError("getSearch");
    expect(isSearchError(error, "getSearch")).toBe(true);
    expect(isSearchError(error, "createSearch")).toBe(false);
    expect(isSearchError(new Error("x"), "getSearch")).toBe(false);
    if (isSearchError(error, "getSearch")) {
      expectTypeOf(error).toEqualTypeOf<SearchError<"getSearch">>();
      expectTypeOf(error.data).toEqualTypeOf<SearchErrors["getSearch"] | undefined>();
    }
  });

  it("takes only the names of operations that document an error status", () => {
    // @ts-expect-error: no operation of the service is called that.
    expect(isSearchError(statusError("nope"), "nope")).toBe(true);
  });
});
