/**
 * Generating each published REST contract of the shared specs (the REST
 * spec, the Orders API, the card-payments API; client side, as
 * `paygen generate --from` does outside the project) leaves nothing to
 * prettier: every TypeScript file is laid out by its emitter or by the
 * statement layout, so prettier is never loaded. A construct added to the
 * emitters that the layout cannot tell prettier's layout of fails here
 * (prettier-identity.test.ts checks the layout itself). Skipped when the
 * shared specs folder is absent.
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

const contracts = [
  "cybersource-rest-spec.2020-02-17.json",
  "paypal-checkout-orders-v2.2024-02-02.json",
  "stripe-spec3.2022-04-12.json",
];

describe("generating a published REST contract", () => {
  itWithSpecs.each(contracts)("never loads prettier: %s", { timeout: 300_000 }, async (file) => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [sharedSpec(file)],
      cwd: PROJECT_ROOT,
    });
    expect(result.files.length).toBeGreaterThan(20);
    // The start of each text prettier was asked for, to tell which statement it was.
    expect(loaded.texts.map((text) => text.slice(0, 200))).toEqual([]);
    expect(loaded.prettier).toBe(false);
  });
});
