import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { emitPackage } from "../../../generator/emit/emit-package.js";
import { putBack, setAside } from "../../../generator/format/doc-comments.js";
import { FORMAT_OPTIONS, formatFiles } from "../../../generator/format/format-files.js";
import { loadModel } from "../../../generator/generate.js";
import {
  BUILD_SCRIPT_FILE,
  PROJECT_ROOT,
  RUNTIME_DIR,
  TEMPLATES_DIR,
} from "../../../generator/project-paths.js";

/** What prettier alone prints for the text, with the formatter's options: the reference. */
function prettierAlone(text: string): Promise<string> {
  return prettier.format(text, { ...FORMAT_OPTIONS, parser: "babel-ts" });
}

async function viaFormatter(text: string): Promise<string> {
  const [file] = (await formatFiles([{ path: "svc/a.ts", content: text }])).filter(
    (f) => f.path === "svc/a.ts",
  );
  return file!.content;
}

const cases: readonly { readonly name: string; readonly given: string }[] = [
  {
    name: "a JSDoc comment on a nested member, re-indented",
    given:
      "export interface A {\n        /**\n     * First line.\n          *\n     * @see here\n    */\n  a?: string;\n}\n",
  },
  {
    name: "two trailing spaces (a markdown line break) kept in a JSDoc comment, other trailing spaces dropped",
    given:
      "export interface A {\n  /**\n   * Report Format  \n   * Valid Values: \n   *   - text/csv\n   */\n  a?: string;\n}\n",
  },
  { name: "a one-line doc comment", given: "/** One line. */\nexport const a = 1;\n" },
  {
    name: "a doc comment whose lines do not all start with a star, kept as written",
    given: "/**\n   Loose text\n     indented oddly\n */\nexport function f(): void {}\n",
  },
  {
    name: "a block comment starting with two stars",
    given: "class C {\n    /***\n     * Fenced.  \n     */\n    m(): void {}\n}\n",
  },
  {
    name: "a doc comment that is not alone on its line stays in the text prettier formats",
    given: "export const a = /** inline */ 1;\n/**\n * Next.\n */ export const b = 2;\n",
  },
];

describe("doc comments set aside while prettier formats", () => {
  it.each(cases)("prints $name exactly as prettier does", async ({ given }) => {
    expect(await viaFormatter(given)).toBe(await prettierAlone(given));
  });

  it("sets aside only comments standing alone on their lines, and puts each back once", () => {
    const aside = setAside("  /**\n   * a\n   */\nconst x = /** b */ 1;\n/** c */\n");
    expect(aside?.comments).toEqual(["/**\n   * a\n   */", "/** c */"]);
    expect(aside?.text).toBe("  /**paygen-doc:0*/\nconst x = /** b */ 1;\n/**paygen-doc:1*/\n");
    expect(putBack("/**paygen-doc:0*/\n/**paygen-doc:1*/\n", aside!)).toBe(
      "/**\n * a\n */\n/** c */\n",
    );
    // A placeholder lost, or found twice: the caller formats the original text.
    expect(putBack("/**paygen-doc:0*/\n", aside!)).toBeUndefined();
    expect(
      putBack("/**paygen-doc:0*/\n/**paygen-doc:0*/\n/**paygen-doc:1*/\n", aside!),
    ).toBeUndefined();
  });

  it("does not touch a text that already holds the marker, or has no doc comment", () => {
    expect(setAside('const s = "paygen-doc:0";\n/** a */\n')).toBeUndefined();
    expect(setAside("const a = 1;\n")).toBeUndefined();
  });

  it("gives what prettier alone gives for every TypeScript file generated from schemas/", async () => {
    const model = await loadModel({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      cwd: PROJECT_ROOT,
    });
    const files = await emitPackage(model, {
      templatesDir: TEMPLATES_DIR,
      runtimeDir: RUNTIME_DIR,
      buildScriptFile: BUILD_SCRIPT_FILE,
      info: {
        packageName: "p",
        version: "0.1.0",
        fastXmlParserVersion: "^5.0.0",
        buildDependencies: {},
      },
    });
    const typescript = files.filter((f) => f.path.endsWith(".ts") && !f.verbatim);
    expect(typescript.length).toBeGreaterThan(20);
    const formatted = await formatFiles(typescript);
    for (const file of typescript) {
      expect(formatted.find((f) => f.path === file.path)!.content, file.path).toBe(
        await prettierAlone(file.content),
      );
    }
  });
});
