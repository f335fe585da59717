import { describe, expect, it } from "vitest";
import { compilePath, matchPath } from "../../../generator/runtime/server/path-template.js";

describe("matching a request path against a path template", () => {
  const table: { template: string; path: string; want: Record<string, string> | undefined }[] = [
    { template: "/pets", path: "/pets", want: {} },
    { template: "/pets", path: "/pets/", want: {} },
    { template: "/pets/{id}", path: "/pets/a%2Fb", want: { id: "a/b" } },
    { template: "/pets/{id}", path: "/pets/", want: undefined },
    { template: "/pets/{id}", path: "/pets/1/more", want: undefined },
    { template: "/files/v{version}.json", path: "/files/v2.json", want: { version: "2" } },
    { template: "/files/v{version}.json", path: "/files/v.json", want: undefined },
    // A segment that does not decode matches nothing.
    { template: "/pets/{id}", path: "/pets/%E0%A4%A", want: undefined },
    { template: "/a/{x}/b/{y}", path: "/a/1/b/__proto__", want: { x: "1", y: "__proto__" } },
  ];
  it.each(table)("$template against $path", ({ template, path, want }) => {
    const got = matchPath(compilePath(template), path);
    expect(got === undefined ? undefined : { ...got }).toEqual(want);
  });

  it("counts literal segments, so the more specific of two templates can win", () => {
    expect(compilePath("/payments/search").literals).toBe(2);
    expect(compilePath("/payments/{id}").literals).toBe(1);
  });
});
