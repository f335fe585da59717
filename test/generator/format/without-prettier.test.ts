/**
 * Generating the project's own package (`schemas/`, server side included, as
 * `paygen.config.json` asks) and each published REST contract of the shared
 * specs (the REST spec, the Orders API, the card-payments API; client side, as
 * `paygen generate --from` does outside the project) leaves nothing to
 * prettier: every file is laid out by its emitter or by the statement layout,
 * so prettier is never loaded. A construct added to the emitters that the
 * layout cannot tell prettier's layout of fails here (prettier-identity.test.ts
 * checks the layout itself). The published contracts are skipped when the
 * shared specs folder is absent.
 */
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
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

beforeEach(() => {
  loaded.texts = [];
});

/** What prettier was asked for: the start of each text, to tell which statement it was. */
function askedOfPrettier(): { loaded: boolean; texts: string[] } {
  return { loaded: loaded.prettier, texts: loaded.texts.map((text) => text.slice(0, 200)) };
}

describe("generating schemas/", () => {
  it("never loads prettier, client or server side", async () => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      cwd: PROJECT_ROOT,
      server: true,
    });
    expect(result.files.length).toBeGreaterThan(50);
    expect(askedOfPrettier()).toEqual({ loaded: false, texts: [] });
  });
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
    expect(askedOfPrettier()).toEqual({ loaded: false, texts: [] });
  });
});
