import { describe, expect, it } from "vitest";
import { isMap, isSeq } from "yaml";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";
import { parseSchemaText } from "../../generator/frontends/yaml/load-schemas.js";
import { positionOf } from "../../generator/frontends/yaml/schema-file.js";

/**
 * Positions in a schema file of the YAML schema language are counted as in
 * every other contract (`frontends/line-index.ts`): columns in characters,
 * so a character outside the Basic Multilingual Plane is one column, not two.
 */

const names = { displayPath: "shop.yaml", relativePath: "shop.yaml", service: undefined };

describe("positions in a YAML schema file", () => {
  it("count a character outside the Basic Multilingual Plane once", () => {
    const diagnostics = new Diagnostics();
    const file = parseSchemaText('doc: "x"\ntags: [😀😀, later]\n', names, diagnostics)!;
    expect(diagnostics.sorted()).toEqual([]);
    const root = file.document.contents;
    if (!isMap(root)) throw new Error("not a mapping");
    const tags = root.get("tags", true);
    if (!isSeq(tags)) throw new Error("not a sequence");
    expect(positionOf(file, tags.items[1] as never)).toEqual({
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
