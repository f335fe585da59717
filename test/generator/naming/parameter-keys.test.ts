import { describe, expect, it } from "vitest";
import { parameterKeys } from "../../../generator/naming/parameter-keys.js";

describe("parameterKeys", () => {
  it("keeps each wire name when no other parameter has it (query and cookie names are case-sensitive)", () => {
    expect(
      parameterKeys([
        { place: "query", name: "maxResults" },
        { place: "query", name: "MaxResults" },
        { place: "header", name: "X-Id" },
      ]),
    ).toEqual(["maxResults", "MaxResults", "X-Id"]);
  });

  it("gives a name of two places to the first in the order path, query, header, cookie; the later one is named by its place", () => {
    expect(
      parameterKeys([
        { place: "header", name: "Last-Event-ID" },
        { place: "cookie", name: "id" },
        { place: "query", name: "Last-Event-ID" },
        { place: "path", name: "id" },
        { place: "query", name: "id" },
      ]),
    ).toEqual(["header:Last-Event-ID", "cookie:id", "Last-Event-ID", "id", "query:id"]);
  });

  it("adds $ when the name by place is itself taken", () => {
    expect(
      parameterKeys([
        { place: "query", name: "header:a" },
        { place: "query", name: "a" },
        { place: "header", name: "a" },
      ]),
    ).toEqual(["header:a", "a", "header:a$"]);
  });
});
