import { describe, expect, it } from "vitest";
import { docBlock, inlineDoc, renderDoc } from "../../../generator/emit/jsdoc.js";
import {
  commentText,
  constLiteral,
  markdownCode,
  markdownText,
  plainProse,
  readCommentText,
  stringLiteral,
} from "../../../generator/emit/schema-text.js";

describe("commentText", () => {
  const table: { given: string; want: string }[] = [
    { given: "plain text", want: "plain text" },
    { given: "closes */ here", want: "closes *\\/ here" },
    { given: "**/ twice */", want: "**\\/ twice *\\/" },
    { given: "opens /* here", want: "opens /* here" },
    { given: "a\r\nb\rc\u2028d\u2029e", want: "a\nb\nc\nd\ne" },
    { given: "nul\u0000bel\u0007del\u007f", want: "nulbeldel" },
    { given: "first\n@deprecated not a tag", want: "first\n\\@deprecated not a tag" },
    { given: "mail me@example.com", want: "mail me@example.com" },
  ];
  it.each(table)("$given", ({ given, want }) => {
    expect(commentText(given)).toBe(want);
    expect(commentText(commentText(given))).toBe(want);
    expect(readCommentText(commentText(given))).toBe(
      given.replace(/\r\n|[\r\u2028\u2029]/g, "\n").replace(/[\u0000-\u0008\u007f]/g, ""),
    );
  });
});

describe("invisible and reordering characters (Trojan Source)", () => {
  /** Every bidirectional formatting character, a zero-width space, a BOM and a C1 control. */
  const HOSTILE =
    "admin\u202e\u2066 //\u2069\u2067x\u2068\u202a\u202b\u202c\u202d\u200e\u200f\u061c\u200b\ufeff\u0085end";
  const SHOWN = /[\u0085\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

  it("a string literal writes each as a \\u escape: the same value, nothing hidden in the source", () => {
    const literal = stringLiteral(HOSTILE);
    expect(literal).not.toMatch(SHOWN);
    expect(literal).toBe(
      '"admin\\u202e\\u2066 //\\u2069\\u2067x\\u2068\\u202a\\u202b\\u202c\\u202d\\u200e\\u200f\\u061c\\u200b\\ufeff\\u0085end"',
    );
    expect(JSON.parse(literal)).toBe(HOSTILE);
  });

  it("a doc comment and Markdown drop the bidirectional ones, which would reorder what is around them", () => {
    expect(commentText(HOSTILE)).toBe("admin //x\u200b\ufeffend");
    // A BOM is white space to Markdown: one space.
    expect(markdownText(HOSTILE)).toBe("admin //x\u200b end");
    expect(markdownCode("a\u202eb")).toBe("`ab`");
  });
});

describe("doc comments", () => {
  it("keeps the emitter's tags and escapes every other line-start @", () => {
    expect(
      renderDoc({
        description: "Text.\n@see evil */",
        tags: [{ tagName: "example", text: "x */ y" }],
      }),
    ).toBe("Text.\n\\@see evil *\\/\n\n@example x *\\/ y");
  });
  it("refuses a tag name that is not one", () => {
    expect(() => renderDoc({ description: "", tags: [{ tagName: "x */", text: "" }] })).toThrow(
      /not a JSDoc tag name/,
    );
  });
  it("renders blocks and one-line comments", () => {
    expect(docBlock("a */\nb", "  ")).toBe("  /**\n   * a *\\/\n   * b\n   */\n");
    expect(inlineDoc({ description: "a\n@b", tags: [] })).toBe("/** a @b */ ");
    expect(docBlock(undefined)).toBe("");
  });
});

describe("string and constant literals", () => {
  const table: { given: string | number | boolean; want: string }[] = [
    // In the quotes prettier prints it in: single ones for more double quotes than single.
    { given: 'a"b', want: "'a\"b'" },
    { given: `a"b'c`, want: '"a\\"b\'c"' },
    { given: `a"b"c'`, want: "'a\"b\"c\\''" },
    { given: "`${x}`", want: '"`${x}`"' },
    { given: "\u2028\u2029", want: '"\\u2028\\u2029"' },
    { given: "back\\slash", want: '"back\\\\slash"' },
    { given: 12, want: "12" },
    { given: true, want: "true" },
  ];
  it.each(table)("$given", ({ given, want }) => {
    expect(constLiteral(given)).toBe(want);
    if (typeof given === "string") expect(stringLiteral(given)).toBe(want);
  });
  it("refuses numbers that are no literal", () => {
    expect(() => constLiteral(Number.NaN)).toThrow(/finite/);
  });
});

describe("Markdown", () => {
  const table: { given: string; want: string }[] = [
    { given: "plain", want: "plain" },
    { given: "a | b", want: "a \\| b" },
    { given: "</script>", want: "\\</script\\>" },
    {
      given: "*em* _em_ `code` [l](u) &amp;",
      want: "\\*em\\* \\_em\\_ \\`code\\` \\[l\\](u) \\&amp;",
    },
    { given: "# heading", want: "\\# heading" },
    { given: "- item", want: "\\- item" },
    { given: "1. item", want: "1\\. item" },
    { given: "two\nlines\r\n", want: "two lines" },
    { given: "{{handlebars}}", want: "\\{\\{handlebars\\}\\}" },
  ];
  it.each(table)("$given", ({ given, want }) => {
    expect(markdownText(given)).toBe(want);
  });
  it("fences a code span longer than any backtick run inside it", () => {
    expect(markdownCode("plain")).toBe("`plain`");
    expect(markdownCode("a`b")).toBe("``a`b``");
    expect(markdownCode("`x`")).toBe("`` `x` ``");
  });
});

describe("plainProse, then markdownText", () => {
  const table: { given: string; want: string }[] = [
    {
      given: "<p>To charge a card, you create a <code>Charge</code> object.</p>",
      want: " To charge a card, you create a Charge object. ",
    },
    { given: "by ID.<blockquote><strong>Note:</strong> x</blockquote>", want: "by ID. Note: x " },
    { given: 'see <a href="/docs">the docs</a>', want: "see the docs" },
    { given: "a < b and c > d", want: "a < b and c > d" },
    {
      given: "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more",
      want: "<script>alert(1)</script> & more",
    },
    { given: "<script>alert(1)</script>", want: "alert(1)" },
  ];
  it.each(table)("$given", ({ given, want }) => expect(plainProse(given)).toBe(want));

  it("leaves what it reads to the escaping of its context", () => {
    expect(markdownText(plainProse("&lt;img src=x onerror=alert(1)&gt;"))).toBe(
      "\\<img src=x onerror=alert(1)\\>",
    );
  });
});
