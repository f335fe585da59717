import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import type { GeneratedFile } from "../emit/generated-file.js";

/**
 * Fixed options, never read from the user's configuration files: output must
 * be byte-identical on every machine.
 */
const OPTIONS: prettier.Options = {
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
  // Code blocks in the README are examples kept formatted at their source
  // (templates/examples/); formatting them here would load a second TypeScript parser.
  embeddedLanguageFormatting: "off",
};

/**
 * Prettier's babel-ts parser prints generated TypeScript exactly as its
 * typescript parser does (checked on the whole output) at about half the
 * cost, and spares loading the TypeScript compiler a second time.
 */
const PARSERS: Record<string, string> = { ".ts": "babel-ts", ".json": "json", ".md": "markdown" };

export interface FormatOptions {
  /**
   * A folder for formatted results, keyed by a hash of prettier's version,
   * the options and the unformatted text: the same input always gives the same
   * output, so a cached result is exactly what prettier would print. Without
   * it, every file is formatted.
   */
  readonly cacheDir?: string;
}

/**
 * Formats every generated file prettier knows; others pass through with a
 * final newline. The runtime is hand-written and shipped byte for byte.
 */
export async function formatFiles(files: readonly GeneratedFile[], options: FormatOptions = {}): Promise<GeneratedFile[]> {
  const out = files.map((file) => ({ ...file }));
  const pending: { index: number; parser: string; key: string | undefined }[] = [];
  await Promise.all(
    files.map(async (file, index) => {
      if (file.path.startsWith("runtime/")) return;
      const parser = PARSERS[/\.[a-z]+$/.exec(file.path)?.[0] ?? ""];
      if (!parser) {
        out[index] = { path: file.path, content: ensureNewline(file.content) };
        return;
      }
      const key = options.cacheDir === undefined ? undefined : cacheKey(file.content, parser);
      const cached = key === undefined ? undefined : await readCache(options.cacheDir!, key);
      if (cached !== undefined) out[index] = { path: file.path, content: cached };
      else pending.push({ index, parser, key });
    }),
  );
  // Largest first, so the slowest file does not start last.
  pending.sort((a, b) => files[b.index]!.content.length - files[a.index]!.content.length);
  await Promise.all(
    pending.map(async ({ index, parser, key }) => {
      const prettierOptions = { ...OPTIONS, parser };
      const text = files[index]!.content;
      const formatted = await prettier.format(text, prettierOptions);
      out[index] = { path: files[index]!.path, content: formatted };
      if (key !== undefined) await writeCache(options.cacheDir!, key, formatted);
    }),
  );
  return out;
}

function cacheKey(text: string, parser: string): string {
  return createHash("sha256").update(`${prettier.version}\0${JSON.stringify(OPTIONS)}\0${parser}\0${text}`).digest("hex");
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

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
