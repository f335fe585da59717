import { decodeXml } from "./decode-xml.js";
import { readXml } from "./read-xml.js";
import { sourceLimits, type SourceLimits } from "../source/source-limits.js";
import { SourceProblem } from "../source/source-problem.js";
import type { XmlDocument } from "./xml-tree.js";
import { readInputFile, UnreadableFile } from "../../read-input-file.js";

export interface ReadXmlFileOptions {
  /** The file as the user names it, for positions. */
  readonly displayPath: string;
  readonly limits?: Partial<SourceLimits>;
  /** Stop after the root element's start tag. */
  readonly rootOnly?: boolean;
}

/**
 * Reads an XML file: its size checked before a byte is read, its bytes
 * decoded ({@link decodeXml}), its text read ({@link readXml}). Problems of
 * the content throw an {@link SourceProblem}; problems of the file system (a
 * missing file) throw an `UnreadableFile`, for the caller to report where
 * the file was named.
 */
export async function readXmlFile(
  absolutePath: string,
  options: ReadXmlFileOptions,
): Promise<XmlDocument> {
  const limits = sourceLimits("xml", options.limits);
  const file = options.displayPath;
  let bytes: Buffer;
  try {
    bytes = await readInputFile(absolutePath, limits.maxBytes);
  } catch (error) {
    // A missing or unreadable file is the caller's to report, where the file was named.
    if (error instanceof UnreadableFile && error.reason === "too-large")
      throw tooLarge(file, error.size ?? 0, limits.maxBytes);
    if (error instanceof UnreadableFile && error.reason === "not-regular")
      throw new SourceProblem({ file, line: 1, col: 1 }, error.detail);
    throw error;
  }
  return readXml(decodeXml(bytes, file), { file, limits, rootOnly: options.rootOnly === true });
}

function tooLarge(file: string, size: number, max: number): SourceProblem {
  return new SourceProblem(
    { file, line: 1, col: 1 },
    `the file is ${size} bytes; at most ${max} bytes are read`,
  );
}

/** Why a file could not be read, in words rather than an errno code. */
export function describeFileError(error: unknown): string {
  if (error instanceof UnreadableFile)
    return error.reason === "missing" ? "no such file" : error.detail;
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a folder";
  return error instanceof Error ? error.message : String(error);
}
