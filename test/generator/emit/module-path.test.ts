import path from "node:path/posix";
import { describe, expect, it } from "vitest";
import { moduleSpecifier } from "../../../generator/emit/module-path.js";

/** What the specifier was before it compared segments itself: `path.relative`'s. */
function byPathRelative(fromFile: string, toFile: string): string {
  let rel = path.relative(path.dirname(fromFile), toFile).replace(/\.ts$/, ".js");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}

describe("moduleSpecifier", () => {
  const cases: readonly { given: [string, string]; want: string }[] = [
    { given: ["payments/types.ts", "runtime/scalars.ts"], want: "../runtime/scalars.js" },
    { given: ["payments/types.ts", "payments/xml.ts"], want: "./xml.js" },
    { given: ["index.ts", "runtime/http/retry.ts"], want: "./runtime/http/retry.js" },
    { given: ["index.ts", "payments.ts"], want: "./payments.js" },
    {
      given: ["payments/server/routes.ts", "runtime/scalars.ts"],
      want: "../../runtime/scalars.js",
    },
    { given: ["payments/server/routes.ts", "payments/types.ts"], want: "../types.js" },
    { given: ["runtime/http/retry.ts", "runtime/errors.ts"], want: "../errors.js" },
    { given: ["a/b/c.ts", "a/b.ts"], want: "../b.js" },
    { given: ["a/b.ts", "a/b/c.ts"], want: "./b/c.js" },
    { given: ["payments/types.ts", "payments/types.ts"], want: "./types.js" },
    { given: ["payments/types.ts", "README.md"], want: "../README.md" },
    // Not the plain paths generated files have: path.relative's answer.
    { given: ["./payments/types.ts", "runtime/scalars.ts"], want: "../runtime/scalars.js" },
    { given: ["payments/../index.ts", "runtime/a.ts"], want: "./runtime/a.js" },
  ];
  for (const { given, want } of cases) {
    it(`${given[0]} → ${given[1]}`, () => {
      expect(moduleSpecifier(...given)).toBe(want);
      expect(moduleSpecifier(...given)).toBe(byPathRelative(...given));
    });
  }
});
