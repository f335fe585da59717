import type { Document, Node } from "yaml";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { LineIndex } from "../source/line-index.js";

/** One parsed schema file, with what is needed to point at any of its nodes. */
export interface SchemaFile {
  /** Path shown to users: relative to the working directory, `/` separators. */
  readonly displayPath: string;
  /** Path relative to the schemas folder, e.g. `payments/flows.yaml`. */
  readonly relativePath: string;
  /** The service folder the file belongs to, or undefined for a top-level file. */
  readonly service: string | undefined;
  readonly document: Document.Parsed;
  /** Lines and columns of offsets, columns in characters, as every front end counts them. */
  readonly lines: LineIndex;
}

/** The position of a node (its first character), or of the file start. */
export function positionOf(file: SchemaFile, node: Node | null | undefined): Position {
  const offset = node?.range?.[0] ?? 0;
  return positionAtOffset(file, offset);
}

export function positionAtOffset(file: SchemaFile, offset: number): Position {
  const { line, col } = file.lines.position(offset);
  return { file: file.displayPath, line, col };
}
