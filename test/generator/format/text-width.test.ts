/**
 * The layout's width of a character outside ASCII (`width`, `widthKnown` in
 * emit/ts-layout.ts) is prettier's: for every character the layout takes as
 * one column, prettier keeps a line of exactly the print width that holds it
 * and breaks one a column wider; a character it does not know counts two
 * columns and makes the width unknown, so the layout leaves such a line to
 * prettier.
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { width, widthKnown } from "../../../generator/emit/ts-layout.js";
import { FORMAT_OPTIONS } from "../../../generator/format/format-options.js";

const PRINT_WIDTH = FORMAT_OPTIONS.printWidth!;

/** `f(aaa…, "c");` of `columns` columns if `c` is one column wide. */
function lineOf(c: string, columns: number): string {
  const tail = `, "${c}");`;
  return `f(${"a".repeat(columns - 2 - tail.length)}${tail}`;
}

async function kept(line: string): Promise<boolean> {
  return (await format(`${line}\n`, { ...FORMAT_OPTIONS, parser: "babel-ts" })) === `${line}\n`;
}

describe("the width of text outside ASCII", () => {
  const known: string[] = [];
  for (let code = 0x80; code <= 0x20ff; code++) {
    const c = String.fromCharCode(code);
    if (widthKnown(c)) known.push(c);
  }

  it("takes as one column the letters, punctuation and signs contracts write", () => {
    for (const c of "éñß€‘’“”–—…°±×Ωжπ") expect(widthKnown(c) && width(c) === 1).toBe(true);
    expect(known.length).toBeGreaterThan(1000);
  });

  it("knows no width for a wide, combining or astral character, and counts it two", () => {
    for (const c of ["中", "😀", "\u0301", "\u0483", "\u2028", "\u200b"]) {
      expect(widthKnown(c)).toBe(false);
      expect(width(c)).toBe(c.length * 2);
    }
  });

  it("measures each character it knows as prettier does", { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    for (const c of known) {
      const fits = lineOf(c, PRINT_WIDTH);
      const over = lineOf(c, PRINT_WIDTH + 1);
      expect(width(fits)).toBe(PRINT_WIDTH);
      if (!(await kept(fits)) || (await kept(over))) wrong.push(c.charCodeAt(0).toString(16));
    }
    expect(wrong).toEqual([]);
  });
});
