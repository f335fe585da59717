import { describe, expect, it } from "vitest";
import {
  parseQuery,
  parseSort,
  toString,
  type ParseResult,
} from "../../../generator/runtime/search-query/index.js";
import { language } from "./fixture-language.js";
import { int, pick, prng } from "./helpers.js";
import { expectNoBlowUp } from "../../helpers/cost.js";

const NOW = new Date("2026-03-15T14:37:12Z");

function check(text: string): ParseResult<string> {
  const r = parseQuery(text, language, { now: NOW, timeZone: "America/New_York" });
  const all = r.ok ? r.warnings : [...r.errors, ...r.warnings];
  for (const d of all) {
    expect(Number.isInteger(d.column)).toBe(true);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeLessThanOrEqual(text.length + 1);
    expect(d.message.startsWith(`col ${d.column}: `)).toBe(true);
    expect(d.code).not.toBe("internal-error");
  }
  if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
  return r;
}

describe("parser fuzzing", () => {
  it("never throws on random token soup, and what it accepts is stable", () => {
    const rand = prng(7);
    const PIECES = [
      "id",
      "merchantId",
      "submitTimeUtc",
      "reconciliationId",
      "nope",
      ":",
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      '"',
      "\\",
      "*",
      " ",
      " ",
      " ",
      "AND",
      "OR",
      "TO",
      "NOT",
      "and",
      "NOW",
      "/DAY",
      "-1DAY",
      "+7DAYS",
      "/MONTH",
      "-",
      "+",
      "/",
      "abc",
      "1767225600000",
      "é",
      "\u0000",
      "\n",
      "\ud800",
      "😀",
      "x*",
      "ab*",
      "'",
      "?",
      "~",
      "^",
      "!",
    ];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      let text = "";
      for (let n = int(rand, 0, 24); n > 0; n--) text += pick(rand, PIECES);
      const r = check(text);
      if (r.ok) {
        accepted++;
        const again = check(toString(r.ast));
        expect(again.ok && again.ast).toEqual(r.ast);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it("never throws on random code units and on mutated valid queries", () => {
    const rand = prng(11);
    for (let i = 0; i < 2000; i++) {
      let text = "";
      for (let n = int(rand, 0, 40); n > 0; n--)
        text += String.fromCharCode(int(rand, 0, rand() < 0.9 ? 127 : 0xffff));
      check(text);
    }
    const base =
      'id:abc AND (merchantId:(a OR "b c" OR d) OR clientReferenceInformation.code:abc*) AND submitTimeUtc:[NOW/DAY-7DAYS TO NOW/DAY+1DAY}';
    const alphabet = ' ()[]{}:"\\*AND OR TO NOW/DAY+-1x';
    for (let i = 0; i < 3000; i++) {
      let text = base;
      for (let m = int(rand, 1, 4); m > 0; m--) {
        const at = int(rand, 0, text.length);
        const r = rand();
        if (r < 0.33) text = text.slice(0, at) + text.slice(at + 1);
        else if (r < 0.66) text = text.slice(0, at) + pick(rand, [...alphabet]) + text.slice(at);
        else text = text.slice(0, at) + pick(rand, [...alphabet]) + text.slice(at + 1);
      }
      check(text);
    }
  });

  it("never throws in parseSort", () => {
    const rand = prng(3);
    for (let i = 0; i < 500; i++) {
      let text = "";
      for (let n = int(rand, 0, 12); n > 0; n--)
        text += pick(rand, ["id", ":", "asc", "desc", "DESC", " ", "x", "submitTimeUtc"]);
      const r = parseSort(text, language);
      expect(typeof r.ok).toBe("boolean");
    }
  });

  // Each input parses at 1 MB without an internal error, and its cost grows
  // linearly: built at 128 KB it may not cost 40 times as much as at 16 KB.
  // (Between 128 KB and 1 MB the parse trees outgrow the young generation of
  // the garbage collector, which alone makes some of them cost 35 times more.)
  describe("1 MB inputs, linear cost", () => {
    const MB = 1 << 20;
    const fill = (unit: string, size: number) =>
      unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const rand = prng(5);
    const randomText = Array.from({ length: MB }, () =>
      String.fromCharCode(int(rand, 32, 126)),
    ).join("");
    const inputs: Record<string, (size: number) => string> = {
      "open parens": (size) => fill("(", size),
      "close parens": (size) => fill(")", size),
      "one word": (size) => fill("a", size),
      "unterminated quote": (size) => `"${fill("a", size)}`,
      "quoted backslashes": (size) => `id:"${fill("\\\\", size)}"`,
      "long AND chain": (size) => `${fill("id:abc AND ", size)}id:abc`,
      "long OR chain": (size) => `${fill("merchantId:abc OR ", size)}id:abc`,
      "huge value group": (size) => `id:(${fill("a OR ", size)}a)`,
      "many ranges": (size) => `${fill("submitTimeUtc:[NOW/DAY-1DAY TO NOW/DAY} OR ", size)}id:a`,
      "many bad wildcards": (size) => fill("id:a* OR ", size),
      "many unknown fields": (size) => fill("orderInformation.billTo.mial:x OR ", size),
      "long field name": (size) => `${fill("x", size)}:1`,
      "long date math": (size) => `submitTimeUtc:[NOW${fill("+1DAY", size)} TO NOW]`,
      "long valid date math": (size) =>
        `submitTimeUtc:[NOW${"+1DAY".repeat(Math.floor(size / 5))} TO NOW]`,
      "many distinct ranges": (size) =>
        Array.from(
          { length: Math.round((25_000 * size) / MB) },
          (_, i) => `submitTimeUtc:[NOW-${i}DAYS TO NOW]`,
        ).join(" OR "),
      "long wildcard": (size) => `id:${fill("x", size)}*`,
      "nested groups": (size) => `${"(".repeat(30)}${fill("id:a AND ", size)}id:a${")".repeat(30)}`,
      "random printable": (size) => randomText.slice(0, size),
      stars: (size) => fill("*", size),
      spaces: (size) => fill(" ", size),
    };
    for (const [name, make] of Object.entries(inputs)) {
      it(name, () => {
        check(make(MB));
        expectNoBlowUp(
          make,
          (text) => parseQuery(text, language, { now: NOW, timeZone: "America/New_York" }),
          MB / 64,
        );
      });
    }
  });
});
