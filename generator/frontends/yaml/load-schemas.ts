import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { compareText, type Diagnostics } from "../../diagnostics/diagnostic.js";
import { noteFolderListed } from "../../input-log.js";
import { readInputFile, UnreadableFile } from "../../read-input-file.js";
import { readYamlNodes } from "../json/read-yaml-nodes.js";
import { decodeUtf8 } from "../source/decode-utf8.js";
import { sourceLimits } from "../source/source-limits.js";
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

/**
 * Reads one file's text into positioned nodes with the reader every front
 * end shares (its YAML problems, depth limit and alias budget), within the
 * schema language's own size cap; exported for tests and for the overlay
 * front end. Undefined when the text cannot be read.
 */
export function parseSchemaText(
  text: string,
  names: { displayPath: string; relativePath: string; service: string | undefined },
  diagnostics: Diagnostics,
): SchemaFile | undefined {
  const limits = sourceLimits("yaml", { maxBytes: MAX_SCHEMA_FILE_BYTES });
  const parsed = readYamlNodes(text, names.displayPath, limits, { mayBeEmpty: true });
  const problems = parsed.problems.sorted();
  diagnostics.add(...problems.map((problem) => problem.toDiagnostic()));
  if (problems.some((problem) => !problem.isWarning)) return undefined;
  return parsed.root ? { ...names, root: parsed.root } : names;
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
