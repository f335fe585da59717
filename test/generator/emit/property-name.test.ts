import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { propertyName } from "../../../generator/emit/safe-names.js";
import { FORMAT_OPTIONS } from "../../../generator/format/format-files.js";

/** The key prettier prints for a property written as `propertyName` writes it: the reference. */
async function prettierKey(key: string): Promise<string> {
  const printed = await prettier.format(`interface A {\n  ${key}: string;\n}\n`, {
    ...FORMAT_OPTIONS,
    parser: "typescript",
  });
  return /^ {2}(.*): string;$/m.exec(printed)![1]!;
}

describe("propertyName: a key written bare exactly where prettier writes it bare", () => {
  const table: { given: string; want: string }[] = [
    { given: "amount", want: "amount" },
    { given: "$ref", want: "$ref" },
    { given: "café", want: "café" },
    { given: "naïve", want: "naïve" },
    { given: "Straße", want: "Straße" },
    { given: "сумма", want: "сумма" },
    { given: "金额", want: "金额" },
    { given: "x\u0301", want: "x\u0301" },
    { given: "a-b", want: '"a-b"' },
    { given: "1x", want: '"1x"' },
    { given: "a b", want: '"a b"' },
    { given: "€", want: '"€"' },
    { given: "\u{10400}", want: '"\u{10400}"' },
    { given: "__proto__", want: '["__proto__"]' },
  ];
  it.each(table)("$given", async ({ given, want }) => {
    expect(propertyName(given)).toBe(want);
    expect(await prettierKey(want)).toBe(want);
  });
});
