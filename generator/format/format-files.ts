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
};

const PARSERS: Record<string, string> = { ".ts": "typescript", ".json": "json", ".md": "markdown" };

/**
 * Formats every generated file prettier knows; others pass through with a
 * final newline. The runtime is hand-written and shipped byte for byte.
 */
export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async (file) => {
      if (file.path.startsWith("runtime/")) return file;
      const ext = /\.[a-z]+$/.exec(file.path)?.[0] ?? "";
      const parser = PARSERS[ext];
      const content = parser ? await prettier.format(file.content, { ...OPTIONS, parser }) : ensureNewline(file.content);
      return { path: file.path, content };
    }),
  );
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
