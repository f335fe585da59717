/**
 * Generating the published REST spec (the card-processing contract of the
 * shared specs, as `paygen generate --from` does outside the project: client
 * side) leaves nothing to prettier: every TypeScript file is laid out by its
 * emitter or by the statement layout, so prettier is never loaded. A
 * construct added to the emitters that the layout cannot tell prettier's
 * layout of fails here (prettier-identity.test.ts checks the layout itself).
 * Skipped when the shared specs folder is absent.
 */
import path from "node:path";
import { describe, expect, vi } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { itWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";

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

describe("generating the published REST spec", () => {
  itWithSpecs("never loads prettier", { timeout: 120_000 }, async () => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [sharedSpec("cybersource-rest-spec.2020-02-17.json")],
      cwd: PROJECT_ROOT,
    });
    expect(result.files.length).toBeGreaterThan(20);
    expect(loaded.texts.map((text) => text.slice(0, 200))).toEqual([]);
    expect(loaded.prettier).toBe(false);
  });
});
