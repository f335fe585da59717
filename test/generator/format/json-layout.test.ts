import { readFile } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { MODEL_RECORD } from "../../../generator/diff/model-record.js";
import { FORMAT_OPTIONS } from "../../../generator/format/format-files.js";
import { layOutJson } from "../../../generator/format/json-layout.js";
import { PROJECT_ROOT } from "../../../generator/project-paths.js";
import { filesIn } from "../../helpers/files-in.js";

const WIDTH = FORMAT_OPTIONS.printWidth!;

/** What prettier prints for the value written by JSON.stringify with two spaces: the reference. */
function prettierAlone(value: unknown): Promise<string> {
  return prettier.format(JSON.stringify(value, null, 2), { ...FORMAT_OPTIONS, parser: "json" });
}

const cases: readonly { readonly name: string; readonly given: unknown }[] = [
  {
    name: "scalars, empty containers and a short array",
    given: { a: [1, "b", true, null], b: {}, c: [], d: { x: 1 } },
  },
  { name: "strings that need escapes", given: { s: 'é\u2028"\\\n\t', key: ["\u0000"] } },
  {
    name: "a string array that does not fit on one line",
    given: { list: Array.from({ length: 30 }, (_, i) => `item${i}`) },
  },
  { name: "a string array that fits only without its key", given: { k: ["a".repeat(80), "bb"] } },
  {
    name: "an array that fits exactly at the width, before and after a comma",
    given: { kk: ["a".repeat(86)], k: ["a".repeat(87)], z: 1 },
  },
  {
    name: "arrays of arrays (two or more of two or more always break)",
    given: {
      n1: [
        [1, 2],
        [3, 4],
      ],
      n2: [["a"], ["b"]],
      n3: [[], [1]],
    },
  },
  {
    name: "a nested array too long for its line",
    given: {
      k: [
        [
          ["x", "y"],
          ["z".repeat(70), "w".repeat(20)],
        ],
      ],
    },
  },
  { name: "objects in arrays", given: [{ a: 1 }, { b: 2, c: 3 }, {}] },
  {
    name: "numbers filling lines, exponents without a plus",
    given: {
      nums: [-1, 2.5, -3, 1e21, 1e-7, 0.1, ...Array.from({ length: 40 }, (_, i) => i * 37)],
    },
  },
  { name: "a top-level array of strings", given: ["a", "b"] },
  {
    name: "a string longer than the line",
    given: { about: "a ".repeat(80), list: ["b ".repeat(60)] },
  },
];

describe("JSON laid out as prettier prints it", () => {
  it.each(cases)("prints $name exactly as prettier does", async ({ given }) => {
    expect(layOutJson(given, WIDTH)).toBe(await prettierAlone(given));
  });

  it("leaves nothing for prettier to change in the JSON files of the golden packages and of generated/", async () => {
    const all = (
      await Promise.all(
        ["generated", "test/golden", "test/golden-contracts"].map((dir) =>
          filesIn(path.join(PROJECT_ROOT, dir), ".json"),
        ),
      )
    ).flat();
    // The model record is written after formatting, compact: a record for `diff`, not for reading.
    const files = all.filter((file) => path.basename(file) !== MODEL_RECORD);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(layOutJson(JSON.parse(text), WIDTH), file).toBe(text);
      expect(await prettier.format(text, { ...FORMAT_OPTIONS, parser: "json" }), file).toBe(text);
    }
  });
});
