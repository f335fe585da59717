/**
 * The bench's split of a consumer's gzipped bundle into parts (rows 9c and
 * 9d): each module goes to the part its path says, and each part's figure is
 * what the gzipped bundle loses without it, so it is positive and less than
 * the whole. Sizes, never times.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { bundleParts, partOf } from "../../scripts/bench/bundle-parts.js";
import { bundleConsumer } from "../../scripts/bench/consumer-bundle.js";

describe("partOf", () => {
  const table: { given: string; want: string }[] = [
    { given: "generated/payments/descriptions.ts", want: "descriptions" },
    { given: "generated/payments/client.ts", want: "service code" },
    { given: "generated/runtime/http/retry-after.ts", want: "retries" },
    { given: "generated/runtime/http/hooks.ts", want: "hooks" },
    { given: "generated/runtime/http/transport.ts", want: "call and transport" },
    { given: "generated/runtime/rest-call.ts", want: "call and transport" },
    { given: "generated/runtime/validate-description.ts", want: "validation" },
    { given: "generated/runtime/write-description.ts", want: "writing" },
    { given: "generated/runtime/redact-card-numbers.ts", want: "redaction" },
    { given: "generated/runtime/read-description-json.ts", want: "reading" },
    { given: "generated/runtime/json.ts", want: "reading" },
    { given: "generated/runtime/errors.ts", want: "other runtime" },
  ];
  it.each(table)("$given", ({ given, want }) => expect(partOf(given)).toBe(want));
});

describe("bundleParts", () => {
  it("gives each part of the authorize consumer what the gzipped bundle loses without it", async () => {
    const source = `import { authorize, configurePayments } from "./payments/index.ts";\nexport const answer = authorize(configurePayments({ baseUrl: "https://gateway.test" }), {});\n`;
    const generated = path.join(PROJECT_ROOT, "generated");
    const [parts, whole] = await Promise.all([
      bundleParts(source, generated),
      bundleConsumer(source, generated),
    ]);
    expect(parts.map((p) => p.part)).toEqual(
      expect.arrayContaining(["reading", "call and transport", "validation", "descriptions"]),
    );
    for (const { gzipBytes } of parts) {
      expect(gzipBytes).toBeGreaterThan(0);
      expect(gzipBytes).toBeLessThan(whole.gzipBytes);
    }
    const figures = parts.map((p) => p.gzipBytes);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
  });
});
