import { decodeUtf8 } from "../source/decode-utf8.js";
import { readJson, type ParsedDocument } from "./read-json.js";
import { readYamlNodes } from "./read-yaml-nodes.js";
import { sourceLimits, type SourceLimits } from "../source/source-limits.js";
import { SourceProblems } from "../source/source-problem.js";
import { readInputFile, UnreadableFile } from "../../read-input-file.js";

/** The syntaxes a document may be written in, told by the file's extension. */
export type SourceSyntax = "json" | "yaml";

/** `json` for `.json`, `yaml` for `.yaml`/`.yml`, otherwise `undefined`. */
export function syntaxOf(fileName: string): SourceSyntax | undefined {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.ya?ml$/i.test(fileName)) return "yaml";
  return undefined;
}

/** Reads text in the given syntax into positioned nodes. */
export function readSourceText(
  text: string,
  displayPath: string,
  syntax: SourceSyntax,
  limits?: Partial<SourceLimits>,
): ParsedDocument {
  const bounds = sourceLimits(syntax, limits);
  return syntax === "json"
    ? readJson(text, displayPath, bounds)
    : readYamlNodes(text, displayPath, bounds);
}

/**
 * Reads a JSON or YAML file (told by its extension) into positioned nodes;
 * `displayPath` is how messages name it. The size limit is checked before
 * the file is read, and the bytes must be UTF-8.
 */
export async function readSourceFile(
  absolutePath: string,
  displayPath: string,
  limits?: Partial<SourceLimits>,
): Promise<ParsedDocument> {
  const problems = new SourceProblems();
  const start = { file: displayPath, line: 1, col: 1 };
  const syntax = syntaxOf(absolutePath);
  if (syntax === undefined) {
    problems.error(start, "only .json, .yaml and .yml files can be read");
    return { problems };
  }
  const bounds = sourceLimits(syntax, limits);
  let bytes: Buffer;
  try {
    bytes = await readInputFile(absolutePath, bounds.maxBytes);
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    problems.error(
      start,
      error.reason === "too-large"
        ? `${error.detail} (raise the size limit to read it)`
        : error.detail,
    );
    return { problems };
  }
  const text = decodeUtf8(bytes, displayPath, problems);
  const decoded = problems.count === 0;
  const parsed = readSourceText(text, displayPath, syntax, bounds);
  problems.addAll(parsed.problems.sorted());
  // Text with invalid bytes is read only to report what else is wrong: its values are not used.
  return decoded && parsed.root ? { root: parsed.root, problems } : { problems };
}
