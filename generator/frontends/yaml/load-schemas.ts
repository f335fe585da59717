import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { compareText, type Diagnostics } from "../../diagnostics/diagnostic.js";
import { noteFolderListed } from "../../input-log.js";
import { readInputFile, UnreadableFile } from "../../read-input-file.js";
import type { SchemaFile } from "./schema-file.js";

/** Schema files larger than this are refused: schemas are small, and parsing is not free. */
export const MAX_SCHEMA_FILE_BYTES = 2 * 1024 * 1024;
const MAX_FILES = 1000;

export interface LoadOptions {
  /** The schemas folder. */
  readonly dir: string;
  /** Paths in messages are shown relative to this folder. */
  readonly cwd: string;
}

/**
 * Reads every `*.yaml` / `*.yml` file below `dir`, in sorted path order, and
 * parses it keeping node positions. YAML errors become diagnostics; files that
 * could not be parsed are left out of the result.
 */
export async function loadSchemas(
  options: LoadOptions,
  diagnostics: Diagnostics,
): Promise<SchemaFile[]> {
  const folder = `${toPosix(path.relative(options.cwd, options.dir)) || "."}/`;
  await assertFolder(options.dir, folder);
  const relativePaths = await listYamlFiles(options.dir);
  if (relativePaths.length === 0) {
    // Nothing to point at: no file. Generating would replace the output with an empty package.
    throw new Error(
      `the schema folder ${folder} holds no service (expected ${folder}SERVICE/service.yaml)`,
    );
  }
  const files: SchemaFile[] = [];
  for (const relativePath of relativePaths.slice(0, MAX_FILES)) {
    const absolute = path.join(options.dir, relativePath);
    const displayPath = toPosix(path.relative(options.cwd, absolute));
    const parts = relativePath.split("/");
    const service = parts.length > 1 ? parts[0] : undefined;
    const at = { file: displayPath, line: 1, col: 1 };
    let bytes: Buffer;
    try {
      bytes = await readInputFile(absolute, MAX_SCHEMA_FILE_BYTES);
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      diagnostics.error(
        at,
        error.reason === "too-large"
          ? `file is ${error.size} bytes; schema files may be at most ${MAX_SCHEMA_FILE_BYTES} bytes`
          : error.detail,
      );
      continue;
    }
    const text = decodeUtf8(bytes, displayPath, diagnostics);
    const file = parseSchemaText(text, { displayPath, relativePath, service }, diagnostics);
    if (file) files.push(file);
  }
  if (relativePaths.length > MAX_FILES) {
    diagnostics.error(
      { file: toPosix(path.relative(options.cwd, options.dir)), line: 1, col: 1 },
      `more than ${MAX_FILES} schema files`,
    );
  }
  return files;
}

/** Parses one file's text; exported for tests and for other front ends. */
export function parseSchemaText(
  text: string,
  names: { displayPath: string; relativePath: string; service: string | undefined },
  diagnostics: Diagnostics,
): SchemaFile | undefined {
  const lineCounter = new LineCounter();
  let document;
  try {
    document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    // The YAML library recurses on nesting; absurdly deep input ends here instead of crashing.
    diagnostics.error(
      { file: names.displayPath, line: 1, col: 1 },
      error instanceof RangeError
        ? "nesting is too deep to read"
        : "the file could not be read as YAML",
    );
    return undefined;
  }
  const file: SchemaFile = { ...names, document, lineCounter };
  const problems = [...document.errors, ...document.warnings];
  for (const problem of problems) {
    const pos = problem.linePos?.[0] ?? lineCounter.linePos(problem.pos[0]);
    const firstLine = problem.message.split("\n")[0] ?? problem.message;
    diagnostics.error(
      { file: names.displayPath, line: pos.line, col: pos.col },
      `YAML: ${firstLine.replace(/ at line \d+, column \d+:?$/, "")}`,
    );
  }
  return document.errors.length > 0 ? undefined : file;
}

/** Strict: invalid bytes throw instead of becoming U+FFFD. A leading byte order mark is dropped. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });
const UTF8_REPLACING = new TextDecoder("utf-8");

/**
 * A file's text. When the bytes are not UTF-8, reports where the first invalid
 * sequence starts (line and column counted in the text before it, as every
 * other position is), and returns the text with U+FFFD in place of invalid
 * sequences: the run fails all the same, but the rest of the file is still
 * checked, so its types do not show up as unknown in other files.
 */
export function decodeUtf8(
  bytes: Uint8Array,
  displayPath: string,
  diagnostics: Diagnostics,
): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    // Located below.
  }
  const invalid = firstInvalidUtf8(bytes) ?? { offset: 0, problem: "it could not be decoded" };
  // The bytes before the first invalid one are valid UTF-8 (a leading byte order mark is dropped here too).
  const lines = UTF8.decode(bytes.subarray(0, invalid.offset)).split("\n");
  const col = lines[lines.length - 1]!.length + 1;
  diagnostics.error(
    { file: displayPath, line: lines.length, col },
    `the file is not UTF-8: ${invalid.problem}; save it as UTF-8`,
  );
  return UTF8_REPLACING.decode(bytes);
}

/** Where the first ill-formed sequence starts (the Unicode table of well-formed UTF-8), and what is wrong with it. */
function firstInvalidUtf8(bytes: Uint8Array): { offset: number; problem: string } | undefined {
  const hex = (b: number): string => `0x${b.toString(16).toUpperCase().padStart(2, "0")}`;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // Continuation bytes needed, and the range allowed for the first of them (excluding overlong forms, surrogates and code points above U+10FFFF).
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return { offset: i, problem: `byte ${hex(lead)} cannot start a character` };
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (next !== undefined && next >= min && next <= max) continue;
      if (k === 1 && next !== undefined && next >= 0x80 && next <= 0xbf) {
        return { offset: i, problem: `bytes ${hex(lead)} ${hex(next)} do not encode a character` };
      }
      return { offset: i, problem: `the character starting with byte ${hex(lead)} is incomplete` };
    }
    i += need + 1;
  }
  return undefined;
}

/** Throws a message naming the schema folder when it is missing or not a folder. */
async function assertFolder(dir: string, label: string): Promise<void> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(`the schema folder ${label} does not exist`);
    throw new Error(
      `the schema folder ${label} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`,
    );
  }
  if (!info.isDirectory()) throw new Error(`the schema folder ${label} is not a folder`);
}

async function listYamlFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string, depth: number): Promise<void> {
    if (depth > 8) return;
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    noteFolderListed(path.join(root, rel), entries);
    for (const entry of entries) {
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (await isFolder(path.join(root, childRel), entry)) await walk(childRel, depth + 1);
      // Anything else named like a schema is read, and what is not a regular file is reported there, never skipped.
      else if (/\.ya?ml$/.test(entry.name)) out.push(childRel);
    }
  }
  await walk("", 0);
  return out.sort(compareText);
}

/** A folder, or a symbolic link to one (followed, as a link to a schema file is; the depth bound stops a link loop). */
async function isFolder(
  absolute: string,
  entry: { isDirectory(): boolean; isSymbolicLink(): boolean },
): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  return (await stat(absolute).catch(() => undefined))?.isDirectory() === true;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
