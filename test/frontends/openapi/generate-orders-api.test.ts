import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { main } from "../../../generator/cli.js";
import { linkDeclaredDependencies } from "../../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";
import { typeCheckPackage } from "../../helpers/type-check.js";

const SPEC = sharedSpec("paypal-checkout-orders-v2.2024-02-02.json");

/**
 * The PayPal Orders API (OpenAPI 3.0) as its vendor publishes it: `allOf`
 * error schemas whose parts define `details` differently, keywords next to
 * `$ref`, schemas that allow any value. It generates, with a warning for each
 * place it is read approximately, and the package type-checks.
 */
describeWithSpecs("generating the published PayPal Orders API", () => {
  let out: string;
  let code: number;
  const logs: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), "paygen-orders-"));
    out = path.join(root, "out");
    code = await main(
      ["generate", "--from", path.relative(process.cwd(), SPEC), "--out", out, "--no-cache"],
      (t) => logs.push(t),
      (t) => errors.push(t),
    );
    await linkDeclaredDependencies(out);
  }, 180_000);

  it("exits 0 and counts the warnings by kind", () => {
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(logs.at(-1)).toMatch(
      /^paygen: 1 services, \d+ types, 8 operations, \d+ sensitive fields recognised by name, \d+ files written to .*; 43 warnings \(31 allof-conflict, 12 ref-sibling\); --verbose prints each$/,
    );
  });

  it("lists every approximation in the README, with its position and JSON pointer, each message once", async () => {
    const readme = await readFile(path.join(out, "README.md"), "utf8");
    const rows = readme
      .split("\n")
      .filter((line) => /^- `(allof-conflict|ref-sibling)` /.test(line));
    const PLACE = /`paypal-checkout-orders-v2\.2024-02-02\.json:\d+:\d+` \(`#\/[^`]*`\)/g;
    const places = (list: string[]) => list.flatMap((r) => r.match(PLACE) ?? []);
    expect(places(rows)).toHaveLength(43);
    expect(places(rows.filter((r) => r.startsWith("- `ref-sibling`")))).toHaveLength(12);
    for (const row of rows)
      expect(row).toMatch(
        /^- `[a-z-]+` at `paypal-checkout-orders-v2\.2024-02-02\.json:\d+:\d+` \(`#\/[^`]*`\)(; `[^`]*` \(`#\/[^`]*`\))*: /,
      );
    // Two places with the same message are one row: the error responses' 30 conflicts over
    // `details` read alike (the part kept is told by its index), and the wallet's over `customer`.
    const conflicts = rows.filter((r) => r.startsWith("- `allof-conflict`"));
    expect(conflicts).toHaveLength(2);
    expect(places(conflicts)).toHaveLength(31);
  });

  it("type-checks with tsc in strict mode", async () => {
    const result = await typeCheckPackage(out);
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 180_000);
});
