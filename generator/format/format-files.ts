import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { GeneratedFile } from "../emit/generated-file.js";
import { putBack, setAside } from "./doc-comments.js";
import { FORMAT_OPTIONS } from "./format-options.js";
import { layOutJson } from "./json-layout.js";
import { layOutStatements } from "./statement-layout.js";
import { alignMarkdownTables } from "./markdown-tables.js";

/** Prettier's version, part of every cache key; read without loading prettier, which a run that reuses every file never needs. */
const PRETTIER_VERSION = (
  createRequire(import.meta.url)("prettier/package.json") as { version: string }
).version;

export { FORMAT_OPTIONS } from "./format-options.js";

/**
 * Prettier's babel-ts parser prints generated TypeScript exactly as its
 * typescript parser does (checked on the whole output) at about half the
 * cost, and spares loading the TypeScript compiler a second time.
 */
const PARSERS: Record<string, string> = { ".ts": "babel-ts", ".mjs": "babel" };

/**
 * The parser prettier reads each kind of generated file with: prettier's
 * layout with these and `FORMAT_OPTIONS` is the layout of every generated
 * file, whether generation runs prettier on it or prints that layout itself
 * (test/generator/prettier-identity.test.ts checks every emitted file).
 */
const REFERENCE_PARSERS: Record<string, string> = {
  ...PARSERS,
  ".json": "json",
  ".md": "markdown",
};

/** The parser prettier lays out a generated file with; `undefined` for a kind it does not lay out. */
export function prettierParser(file: string): string | undefined {
  return REFERENCE_PARSERS[extensionOf(file)];
}

/**
 * JSON and Markdown are laid out as prettier lays them out without loading
 * it (see json-layout.ts and markdown-tables.ts): what the package writes in
 * them needs only that, and prettier took about 0.4 s of a 3.1 s cold
 * generation on them (its Markdown parser's load included).
 */
const LAYOUTS: Record<string, (text: string) => string> = {
  ".json": (text) => layOutJson(JSON.parse(text), FORMAT_OPTIONS.printWidth!),
  ".md": (text) => ensureNewline(alignMarkdownTables(text)),
};

export interface FormatOptions {
  /**
   * A folder for formatted results, keyed by a hash of prettier's version,
   * the options and the unformatted text: the same input always gives the same
   * output, so a cached result is exactly what prettier would print. Without
   * it, every file is formatted.
   */
  readonly cacheDir?: string;
  /**
   * The output folder of the previous run: a file listed in its format
   * manifest is reused when this run's unformatted text has the recorded
   * hash and the file on disk still has the recorded formatted hash (so a
   * hand-edited file is formatted again, and --check sees the edit).
   */
  readonly previousDir?: string;
}

/** Path of the format manifest inside the generated package. */
export const FORMAT_MANIFEST = ".paygen-format.json";

interface Manifest {
  readonly about: string;
  readonly files: Readonly<Record<string, { readonly input: string; readonly output: string }>>;
}

/**
 * Formats every generated file: TypeScript statement by statement, prettier
 * formatting only the statements that need it (see statement-layout.ts),
 * JavaScript with prettier, JSON and Markdown laid out as prettier would
 * (without it); others pass through with a
 * final newline. Hand-written files (`verbatim`) are shipped byte for byte,
 * and files their emitter printed in final layout are passed through as they are.
 */
export async function formatFiles(
  files: readonly GeneratedFile[],
  options: FormatOptions = {},
): Promise<GeneratedFile[]> {
  const previous =
    options.previousDir === undefined ? undefined : await readManifest(options.previousDir);
  const out = files.map((file) => ({ ...file }));
  const entries: Record<string, { input: string; output: string }> = {};
  const pending: { index: number; parser: string; key: string }[] = [];
  await Promise.all(
    files.map(async (file, index) => {
      if (file.verbatim || file.layout === "final") return;
      const extension = extensionOf(file.path);
      const parser = PARSERS[extension];
      if (!parser) {
        out[index] = {
          path: file.path,
          content: (LAYOUTS[extension] ?? ensureNewline)(file.content),
        };
        return;
      }
      const key = cacheKey(file.content, parser);
      const reused =
        (await fromPrevious(options.previousDir, previous, file.path, key)) ??
        (options.cacheDir === undefined ? undefined : await readCache(options.cacheDir, key));
      if (reused === undefined) pending.push({ index, parser, key });
      else {
        out[index] = { path: file.path, content: reused };
        entries[file.path] = { input: key, output: sha256(reused) };
      }
    }),
  );
  // Largest first, so the slowest file does not start last.
  pending.sort((a, b) => files[b.index]!.content.length - files[a.index]!.content.length);
  await Promise.all(
    pending.map(async ({ index, parser, key }) => {
      const formatted = await formatHere(files[index]!.content, parser);
      out[index] = { path: files[index]!.path, content: formatted };
      entries[files[index]!.path] = { input: key, output: sha256(formatted) };
      if (options.cacheDir !== undefined) await writeCache(options.cacheDir, key, formatted);
    }),
  );
  const manifest: Manifest = {
    about:
      "Written by paygen: per file, a hash of prettier's input and of the formatted file, so regenerating skips files that did not change.",
    files: Object.fromEntries(
      Object.keys(entries)
        .sort()
        .map((k) => [k, entries[k]!]),
    ),
  };
  out.push({ path: FORMAT_MANIFEST, content: `${JSON.stringify(manifest, null, 2)}\n` });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function formatHere(text: string, parser: string): Promise<string> {
  const format = async (input: string) =>
    (await import("prettier")).format(input, { ...FORMAT_OPTIONS, parser });
  // Prettier formats only the statements that need it (see statement-layout.ts).
  const laidOut = parser === "babel-ts" ? await layOutStatements(text, format) : undefined;
  if (laidOut !== undefined) return laidOut.text;
  const prettier = await import("prettier");
  // Doc comments are set aside while prettier formats the code around them (see doc-comments.ts).
  const aside = parser === "babel-ts" ? setAside(text) : undefined;
  if (aside !== undefined) {
    const restored = putBack(
      await prettier.format(aside.text, { ...FORMAT_OPTIONS, parser }),
      aside,
    );
    if (restored !== undefined) return restored;
  }
  return prettier.format(text, { ...FORMAT_OPTIONS, parser });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dir, FORMAT_MANIFEST), "utf8"));
    return typeof parsed === "object" &&
      parsed !== null &&
      typeof (parsed as Manifest).files === "object"
      ? (parsed as Manifest)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The file of the previous run, when it is exactly what formatting this input gives. */
async function fromPrevious(
  dir: string | undefined,
  manifest: Manifest | undefined,
  file: string,
  key: string,
): Promise<string | undefined> {
  if (dir === undefined || manifest === undefined) return undefined;
  const entry = Object.prototype.hasOwnProperty.call(manifest.files, file)
    ? manifest.files[file]
    : undefined;
  if (entry?.input !== key) return undefined;
  try {
    const text = await readFile(path.join(dir, ...file.split("/")), "utf8");
    return sha256(text) === entry.output ? text : undefined;
  } catch {
    return undefined;
  }
}

function cacheKey(text: string, parser: string): string {
  return createHash("sha256")
    .update(`${PRETTIER_VERSION}\0${JSON.stringify(FORMAT_OPTIONS)}\0${parser}\0${text}`)
    .digest("hex");
}

async function readCache(dir: string, key: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(dir, key.slice(0, 2), key), "utf8");
  } catch {
    return undefined;
  }
}

async function writeCache(dir: string, key: string, text: string): Promise<void> {
  const file = path.join(dir, key.slice(0, 2), key);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, text);
    await rename(temp, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
}

function extensionOf(file: string): string {
  return /\.[a-z]+$/.exec(file)?.[0] ?? "";
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
