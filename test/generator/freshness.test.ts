import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { PROJECT_ROOT } from "../../generator/generate.js";

describe("generated/ is fresh", () => {
  it("equals a fresh generation from schemas/ (the same as `npm run generate -- --check`)", async () => {
    const err: string[] = [];
    const code = await main(
      [
        "--schemas",
        path.join(PROJECT_ROOT, "schemas"),
        "--out",
        path.join(PROJECT_ROOT, "generated"),
        "--check",
      ],
      () => {},
      (m) => err.push(m),
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
  });
});
