import { execFile } from "node:child_process";
import { cp, mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, parseDocument, visit, type Scalar } from "yaml";
import { PROSE_KEYS } from "../../generator/frontends/yaml/prose-keys.js";
import { readCommentText } from "../../generator/emit/schema-text.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";

const run = promisify(execFile);

/**
 * Text that would run code, break a literal, close a comment, inject HTML or a
 * template, or start a JSDoc tag if any path let schema text through unescaped.
 */
const HOSTILE = [
  "*/ globalThis.__pwned = 1; /*",
  "/* opened",
  "`${(globalThis.__pwned = 2)}` backticks",
  "line\u2028and\u2029paragraph separators",
  "</script><script>globalThis.__pwned = 3</script>",
  `'single' "double" quotes`,
  "back\\slash \\u0041 \\",
  "CR\rCRLF\r\nLF\n",
  "NUL\u0000BEL\u0007",
  "{{handlebars}} {{{triple}}} {{> partial}}",
  "\n@deprecated a tag at a line start",
  "| a | table | <b>html</b> [link](http://x) *em* _em_ # heading",
].join(" ");

/** What a reader is owed of a text: control characters may be dropped and white space folded. */
function readable(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, "")
    .replace(/[\s\u2028\u2029]+/g, " ")
    .trim();
}

/** Markdown as rendered: backslash escapes of ASCII punctuation removed. */
function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

interface Planted {
  readonly key: string;
  readonly file: string;
  readonly text: string;
}

/** Fills every prose value of a copy of the real schemas with hostile text, each with its own marker. */
async function plantHostileText(schemasDir: string): Promise<Planted[]> {
  const planted: Planted[] = [];
  const proseKeys = new Set<string>(PROSE_KEYS);
  const folders = (await readdir(schemasDir)).sort();
  for (const folder of folders) {
    for (const name of (await readdir(path.join(schemasDir, folder))).sort()) {
      const file = path.join(schemasDir, folder, name);
      const doc = parseDocument(await readFile(file, "utf8"));
      const plant = (key: string, node: Scalar): void => {
        const marker = `H${planted.length}H`;
        const original = String(node.value);
        // Keep what the checker asks of a value (a source's `NNN §`, a gap's "not shown") and add the attack.
        const text = `${original} ${marker} ${HOSTILE}`;
        node.value = text;
        node.type = "QUOTE_DOUBLE";
        planted.push({ key, file: `${folder}/${name}`, text });
      };
      visit(doc, {
        Pair(_, pair) {
          if (!isScalar(pair.key) || !proseKeys.has(String(pair.key.value))) return;
          const key = String(pair.key.value);
          if (isScalar(pair.value)) plant(key, pair.value);
          else if (isSeq(pair.value))
            for (const item of pair.value.items)
              if (isScalar(item)) plant(key, item);
              else if (isMap(pair.value))
                throw new Error(`prose key ${key} holds a map in ${folder}/${name}`);
        },
      });
      await writeFile(file, doc.toString({ lineWidth: 0 }));
    }
  }
  return planted;
}

/** Doc comments (as a reader sees them) and string literal values of a generated TypeScript file. */
function textsOf(fileName: string, source: string): { comments: string[]; strings: string[] } {
  const comments: string[] = [];
  const strings: string[] = [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const visitNode = (node: ts.Node): void => {
    for (const range of ts.getLeadingCommentRanges(source, node.pos) ?? []) {
      const text = source.slice(range.pos, range.end);
      if (seen.has(range.pos) || !text.startsWith("/**")) continue;
      seen.add(range.pos);
      const body = text
        .slice(3, -2)
        .split("\n")
        .map((line) => line.replace(/^\s*\* ?/, ""))
        .join("\n");
      comments.push(readCommentText(body));
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      strings.push(node.text);
    ts.forEachChild(node, visitNode);
  };
  visitNode(file);
  return { comments, strings };
}

describe("hostile text in every prose value of the real schemas", () => {
  let root: string;
  let out: string;
  let planted: Planted[];
  let files: { path: string; content: string }[];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "paygen-hostile-"));
    await cp(path.join(PROJECT_ROOT, "schemas"), path.join(root, "schemas"), { recursive: true });
    planted = await plantHostileText(path.join(root, "schemas"));
    const result = await generate({ schemasDir: path.join(root, "schemas"), cwd: root });
    files = [...result.files];
    out = path.join(root, "out");
    for (const f of files) {
      await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
      await writeFile(path.join(out, f.path), f.content);
    }
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  });

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("plants text in every prose key of the schema language", () => {
    const keys = new Set(planted.map((p) => p.key));
    // Every prose key the reader knows is used by the real schemas, so every one was attacked.
    expect([...keys].sort()).toEqual([...PROSE_KEYS].sort());
    expect(planted.length).toBeGreaterThan(500);
  });

  it("the package type-checks", async () => {
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(
      process.execPath,
      [tsc, "-p", path.join(out, "tsconfig.json"), "--noEmit"],
      { cwd: out },
    ).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });

  it("importing every generated module runs nothing planted", async () => {
    const modules = files.filter((f) => f.path.endsWith(".ts")).map((f) => f.path);
    const program = `
      for (const m of ${JSON.stringify(modules)}) await import(new URL(m, ${JSON.stringify(`file://${out}/`)}).href);
      process.stdout.write(JSON.stringify({ imported: ${modules.length}, pwned: globalThis.__pwned ?? null }));
    `;
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", program],
      { cwd: PROJECT_ROOT },
    );
    expect(JSON.parse(stdout)).toEqual({ imported: modules.length, pwned: null });
    expect(modules.length).toBeGreaterThan(20);
  });

  it("every planted text reads back intact in a doc comment, a string literal or the README", () => {
    const comments: string[] = [];
    const strings: string[] = [];
    for (const f of files.filter((f) => f.path.endsWith(".ts"))) {
      const texts = textsOf(f.path, f.content);
      comments.push(...texts.comments.map(readable));
      strings.push(...texts.strings.map(readable));
    }
    const readme = readable(unescapeMarkdown(files.find((f) => f.path === "README.md")!.content));
    const docs = comments.join("\n");
    const literals = strings.join("\n");
    const lost = planted.filter((p) => {
      // A source `NNN §section` is cited as `document NNN, section "section"`.
      const want = readable(p.key === "source" ? p.text.slice(p.text.indexOf("§") + 1) : p.text);
      return !docs.includes(want) && !literals.includes(want) && !readme.includes(want);
    });
    expect(lost.map((p) => `${p.file} ${p.key}: ${p.text.slice(0, 60)}`)).toEqual([]);
  });

  it("no planted text became a JSDoc tag or raw HTML in the README", () => {
    for (const f of files.filter((f) => f.path.endsWith(".ts"))) {
      expect(f.content, f.path).not.toMatch(/^\s*\*\s*@deprecated/m);
    }
    const readme = files.find((f) => f.path === "README.md")!.content;
    expect(readme).not.toMatch(/<\/?script>/);
    expect(readme).not.toContain("<b>");
  });
});
