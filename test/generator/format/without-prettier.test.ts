/**
 * Generating the project's own package (`schemas/`, server side included, as
 * `paygen.config.json` asks) leaves nothing to prettier: every file is laid
 * out by its emitter or by the statement layout, so prettier is never
 * loaded. A construct added to the emitters that the layout cannot tell
 * prettier's layout of fails here (prettier-identity.test.ts checks the
 * layout itself).
 */
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";

const loaded = vi.hoisted(() => ({ prettier: false, texts: [] as string[] }));

vi.mock("prettier", () => {
  loaded.prettier = true;
  return {
    format: async (text: string) => {
      loaded.texts.push(text);
      throw new Error("prettier was asked to format");
    },
  };
});

describe("generating schemas/", () => {
  it("never loads prettier, client or server side", async () => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      cwd: PROJECT_ROOT,
      server: true,
    });
    expect(result.files.length).toBeGreaterThan(50);
    expect(loaded.texts).toEqual([]);
    expect(loaded.prettier).toBe(false);
  });
});
