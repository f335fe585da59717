import { readFile, stat } from "node:fs/promises";
import { decodeText } from "./decode-text.js";
import { readJson, type ParsedDocument } from "./read-json.js";
import { readLimits, type ReadLimits } from "./read-limits.js";
import { readYamlNodes } from "./read-yaml-nodes.js";
import { SourceProblems } from "./source-problem.js";
import { noteFileRead } from "../../input-log.js";

/** The syntaxes a document may be written in, told by the file's extension. */
export type SourceSyntax = "json" | "yaml";

/** `json` for `.json`, `yaml` for `.yaml`/`.yml`, otherwise `undefined`. */
export function syntaxOf(fileName: string): SourceSyntax | undefined {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.ya?ml$/i.test(fileName)) return "yaml";
  return undefined;
}

/** Reads text in the given syntax into positioned nodes. */
export function readSourceText(text: string, displayPath: string, syntax: SourceSyntax, limits?: Partial<ReadLimits>): ParsedDocument {
  const bounds = readLimits(limits);
  return syntax === "json" ? readJson(text, displayPath, bounds) : readYamlNodes(text, displayPath, bounds);
}

/**
 * Reads a JSON or YAML file (told by its extension) into positioned nodes;
 * `displayPath` is how messages name it. The size limit is checked before
 * the file is read, and the bytes must be UTF-8.
 */
export async function readSourceFile(absolutePath: string, displayPath: string, limits?: Partial<ReadLimits>): Promise<ParsedDocument> {
  const bounds = readLimits(limits);
  const problems = new SourceProblems();
  const start = { file: displayPath, line: 1, col: 1 };
  const syntax = syntaxOf(absolutePath);
  if (syntax === undefined) {
    problems.error(start, "only .json, .yaml and .yml files can be read");
    return { problems };
  }
  let size: number;
  try {
    const info = await stat(absolutePath);
    if (!info.isFile()) {
      problems.error(start, "not a file");
      return { problems };
    }
    size = info.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.error(start, code === "ENOENT" ? "the file does not exist" : `the file cannot be read (${code ?? "unknown error"})`);
    return { problems };
  }
  if (size > bounds.maxBytes) {
    problems.error(start, `the file is ${size} bytes; at most ${bounds.maxBytes} are read (raise the size limit to read it)`);
    return { problems };
  }
  const bytes = await readFile(absolutePath);
  noteFileRead(absolutePath, bytes);
  const text = decodeText(bytes, displayPath, problems);
  const decoded = problems.count === 0;
  const parsed = readSourceText(text, displayPath, syntax, bounds);
  problems.addAll(parsed.problems.sorted());
  // Text with invalid bytes is read only to report what else is wrong: its values are not used.
  return decoded && parsed.root ? { root: parsed.root, problems } : { problems };
}
