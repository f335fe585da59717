/**
 * Builds the package into `dist/`, in three steps:
 *
 * 1. The TypeScript compiler type-checks the sources and writes the
 *    declarations to `dist/` and the JavaScript to `.build/js/`.
 * 2. esbuild links that JavaScript into one ES module per entry of the
 *    `exports` map (no transform: it only joins modules). Code that several
 *    entries use goes to shared chunks in `dist/shared/`, so a class such as
 *    an error class is the same class through every entry.
 * 3. For every entry whose `exports` target has a `require` condition,
 *    esbuild links the same JavaScript into one self-contained CommonJS file
 *    beside the ES module (`dist/a/index.js` → `dist/a/index.cjs`). esbuild
 *    cannot split CommonJS output into shared chunks, so each CommonJS entry
 *    holds its own copy of the code it uses: an error class required from one
 *    entry is not the class required from another.
 *
 * Why link at all: Node pays about a millisecond per module it loads, and an
 * entry such as `search` is some forty source modules. Linked, an entry is one
 * or a few files. The bundle's metafile (which source module went into which
 * output file) is kept in `.build/bundle-meta.json` (ES modules) and
 * `.build/bundle-meta-cjs.json` (CommonJS).
 *
 * Run with `npm run build`. Needs `typescript` and `esbuild` (devDependencies).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const JS_DIR = path.join(".build", "js");

/**
 * The entries of the exports map: `./dist/a/b.js` → `.build/js/a/b.js`, the
 * compiled module it is built from, and `cjs`, the CommonJS file its `require`
 * condition names (`dist/a/b.cjs`), when it has one.
 */
function entryPoints(manifest) {
  const entries = [];
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    const conditions = typeof target === "object" && target !== null ? target : {};
    const file = conditions.import;
    const match = typeof file === "string" ? /^\.\/dist\/([\w/-]+)\.js$/.exec(file) : null;
    if (!match)
      throw new Error(`exports["${key}"].import must be ./dist/….js, got ${JSON.stringify(file)}`);
    const cjs = `./dist/${match[1]}.cjs`;
    if (conditions.require !== undefined && conditions.require !== cjs)
      throw new Error(
        `exports["${key}"].require must be ${cjs} (the import's file as .cjs), got ${JSON.stringify(conditions.require)}`,
      );
    entries.push({
      source: path.join(JS_DIR, `${match[1]}.js`),
      name: match[1],
      cjs: conditions.require === undefined ? undefined : cjs.slice(2),
    });
  }
  return entries.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

/** Links the entries that have a `require` condition into one CommonJS file each; returns esbuild's metafile. */
async function buildCommonJs(esbuild, manifest, entries) {
  const cjsEntries = entries.filter((e) => e.cjs !== undefined);
  if (cjsEntries.length === 0) return 0;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: cjsEntries.map((e) => ({ in: e.source, out: e.name })),
    outdir: "dist",
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "es2022",
    external: Object.keys(manifest.dependencies ?? {}),
    metafile: true,
    logLevel: "warning",
  });
  writeFileSync(
    path.join(root, ".build", "bundle-meta-cjs.json"),
    `${JSON.stringify(result.metafile, null, 2)}\n`,
  );
  return cjsEntries.length;
}

async function main() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const entries = entryPoints(manifest);
  rmSync(path.join(root, "dist"), { recursive: true, force: true });
  rmSync(path.join(root, ".build"), { recursive: true, force: true });

  const tsc = require.resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: root, stdio: "inherit" });
  } catch {
    throw new Error("the TypeScript compiler reported errors (above)");
  }

  const esbuild = require("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries.map((e) => e.source),
    outbase: JS_DIR,
    outdir: "dist",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    chunkNames: "shared/[name]-[hash]",
    external: Object.keys(manifest.dependencies ?? {}),
    metafile: true,
    logLevel: "warning",
  });
  mkdirSync(path.join(root, ".build"), { recursive: true });
  writeFileSync(
    path.join(root, ".build", "bundle-meta.json"),
    `${JSON.stringify(result.metafile, null, 2)}\n`,
  );
  const cjsCount = await buildCommonJs(esbuild, manifest, entries);
  const reference = writeReference(manifest);
  const outputs = Object.keys(result.metafile.outputs);
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  process.stdout.write(
    `built ${manifest.name}@${manifest.version} into dist/: ${entries.length} entries (${Object.keys(
      manifest.exports ?? {},
    )
      .sort()
      .join(
        ", ",
      )}), ${outputs.length} modules, ${Math.round(bytes / 1024)} KiB of JavaScript, ${cjsCount} CommonJS ${cjsCount === 1 ? "entry" : "entries"}, declarations beside them, and ${reference.length} reference pages in dist/reference/\n`,
  );
}

/**
 * Writes `dist/reference/<entry>.md` for every entry of the exports map:
 * each export (functions, classes, constants, then types), with its
 * signature as the compiler prints it and its doc comment, read from the
 * declarations just written. Doc text is shown as written, with `<`, `>`
 * and `&` as entities so no text becomes HTML.
 */
function writeReference(manifest) {
  const ts = require("typescript");
  const entries = Object.entries(manifest.exports ?? {})
    .map(([key, target]) => ({ key, types: path.join(root, target.types) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const program = ts.createProgram(
    entries.map((e) => e.types),
    {
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    },
  );
  const checker = program.getTypeChecker();
  const html = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const written = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry.types);
    const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
    if (!moduleSymbol) throw new Error(`no declarations for ${entry.key}`);
    const groups = { Functions: [], Classes: [], Constants: [], Types: [] };
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = exported.getName();
      const declaration = symbol.declarations?.[0];
      if (!declaration) continue;
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      let group;
      let signature;
      if (symbol.flags & ts.SymbolFlags.Function) {
        group = "Functions";
        signature = type
          .getCallSignatures()
          .map(
            (sig) =>
              `function ${name}${checker.signatureToString(sig, undefined, ts.TypeFormatFlags.NoTruncation)};`,
          )
          .join("\n");
      } else if (symbol.flags & ts.SymbolFlags.Class) {
        group = "Classes";
        const heritage = declaration.heritageClauses?.map((h) => h.getText()).join(" ");
        signature = `class ${name}${heritage ? ` ${heritage}` : ""}`;
      } else if (symbol.flags & ts.SymbolFlags.Variable) {
        group = "Constants";
        signature = `const ${name}: ${checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)};`;
      } else {
        group = "Types";
        signature = declaration.getText().replace(/^export\s+(declare\s+)?/, "");
      }
      const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
      groups[group].push({ name, signature, doc });
    }
    const lines = [
      `# \`${manifest.name}${entry.key.slice(1)}\``,
      "",
      "Every export of this entry point, as its declarations say.",
      "",
    ];
    for (const [title, items] of Object.entries(groups)) {
      if (items.length === 0) continue;
      lines.push(`## ${title}`, "");
      for (const item of items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        lines.push(`### \`${item.name}\``, "", "```ts", item.signature, "```", "");
        if (item.doc) lines.push(html(item.doc), "");
      }
    }
    const file = path.join(
      root,
      "dist",
      "reference",
      `${entry.key === "." ? "index" : entry.key.slice(2).replace(/\//g, "-")}.md`,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${lines.join("\n").trimEnd()}\n`);
    written.push(path.relative(root, file));
  }
  return written;
}

main().catch((error) => {
  process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
