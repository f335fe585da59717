import { describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { LineIndex } from "../../../generator/frontends/source/line-index.js";
import { parseSchemaText } from "../../../generator/frontends/yaml/load-schemas.js";

/**
 * The one way front ends turn an offset into `line:col`, and positions in a
 * schema file of the YAML schema language are counted as in
 * every other contract (`frontends/source/line-index.ts`): columns in characters,
 * so a character outside the Basic Multilingual Plane is one column, not two.
 */

const names = { displayPath: "shop.yaml", relativePath: "shop.yaml", service: undefined };

describe("the line index", () => {
  it("ends lines at LF, CR LF and a lone CR, and counts columns in characters", () => {
    const text = "ab\ncd\r\nef\rg😀h";
    const index = new LineIndex(text);
    const at = (needle: string) => index.position(text.indexOf(needle));
    expect([at("b"), at("d"), at("f"), at("g"), at("h")]).toEqual([
      { line: 1, col: 2 },
      { line: 2, col: 2 },
      { line: 3, col: 2 },
      { line: 4, col: 1 },
      { line: 4, col: 3 },
    ]);
  });

  it("does not count a leading byte order mark as a column", () => {
    expect(new LineIndex("\uFEFFab").position(2)).toEqual({ line: 1, col: 2 });
  });
});

describe("positions in a YAML schema file", () => {
  it("count a character outside the Basic Multilingual Plane once", () => {
    const diagnostics = new Diagnostics();
    const file = parseSchemaText('doc: "x"\ntags: [😀😀, later]\n', names, diagnostics)!;
    expect(diagnostics.sorted()).toEqual([]);
    const tags = file.root?.kind === "object" ? file.root.members.get("tags")?.value : undefined;
    if (tags?.kind !== "array") throw new Error("not a sequence");
    expect(tags.items[1]!.at).toEqual({
      file: "shop.yaml",
      line: 2,
      col: 12,
    });
  });

  it("place a YAML syntax error after such a character in characters too", () => {
    const diagnostics = new Diagnostics();
    parseSchemaText('doc: "😀" tail\n', names, diagnostics);
    expect(diagnostics.sorted().map(formatDiagnostic)[0]).toMatch(/^shop\.yaml:1:10: YAML: /);
  });
});
