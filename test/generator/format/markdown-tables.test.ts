import { readFile } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { FORMAT_OPTIONS } from "../../../generator/format/format-files.js";
import { alignMarkdownTables, displayWidth } from "../../../generator/format/markdown-tables.js";
import { PROJECT_ROOT } from "../../../generator/project-paths.js";
import { filesIn } from "../../helpers/files-in.js";

function prettierAlone(text: string): Promise<string> {
  return prettier.format(text, { ...FORMAT_OPTIONS, parser: "markdown" });
}

const cases: readonly { readonly name: string; readonly given: string }[] = [
  {
    name: "a table with columns of different widths",
    given: "# T\n\n| a | long header |\n| --- | --- |\n| `code` | x |\n| y | z |\n",
  },
  {
    name: "alignment colons, left, right and centred",
    given:
      "| l | r | c | n |\n| :-- | --: | :-: | --- |\n| 1 | 22 | 333 | 4444 |\n| 55555 | 6 | 7 | 8 |\n",
  },
  { name: "columns narrower than three", given: "| a | b |\n| - | - |\n| c | d |\n" },
  {
    name: "escaped pipes and backslashes in cells",
    given: "| a \\| b | c \\\\ |\n| --- | --- |\n| `x \\| y` | \\_z\\_ |\n",
  },
  {
    name: "wide characters and combining marks",
    given: "| 名前 | e\u0301 |\n| --- | --- |\n| ab | 顧客番号 |\n",
  },
  {
    name: "a table inside a fence, left as written",
    given: "```md\n| a | bb |\n| --- | --- |\n| c | d |\n```\n\n| a | bb |\n| --- | --- |\n",
  },
  { name: "a line starting with a pipe that is not a table", given: "| not a table\n\ntext\n" },
  { name: "a table followed by text", given: "| a | b |\n| --- | --- |\n| 1 | 2 |\n\nAfter.\n" },
];

describe("Markdown tables padded as prettier pads them", () => {
  it.each(cases)("prints $name exactly as prettier does", async ({ given }) => {
    expect(alignMarkdownTables(given)).toBe(await prettierAlone(given));
  });

  it("counts the columns a cell takes", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("顧客")).toBe(4);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("a\u0007b")).toBe(2);
  });

  it("leaves nothing for prettier to change in the READMEs of the golden packages and of generated/", async () => {
    const files = (
      await Promise.all(
        ["generated", "test/golden", "test/golden-contracts"].map((dir) =>
          filesIn(path.join(PROJECT_ROOT, dir), "README.md"),
        ),
      )
    ).flat();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(alignMarkdownTables(text), file).toBe(text);
      expect(await prettierAlone(text), file).toBe(text);
    }
  });
});
