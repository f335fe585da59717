import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

/**
 * Why an XML file could not be read, and where: thrown by the XML reader on
 * the first problem (a document that is not well-formed cannot be read on).
 * `message` is the bare message; `toString()` gives `file:line:col: message`.
 */
export class XmlError extends Error {
  constructor(
    /** The file as the user names it. */
    readonly file: string,
    /** 1-based line. */
    readonly line: number,
    /** 1-based column, in characters. */
    readonly col: number,
    message: string,
  ) {
    super(message);
    this.name = "XmlError";
  }

  /** Where the problem is, as every other stage reports positions. */
  get at(): Position {
    return { file: this.file, line: this.line, col: this.col };
  }

  /** The problem as a diagnostic, for a stage that collects every problem of a run. */
  toDiagnostic(): Diagnostic {
    return { at: this.at, message: this.message };
  }

  /** `file:line:col: message`. */
  override toString(): string {
    return `${this.file}:${this.line}:${this.col}: ${this.message}`;
  }

  /** An error at a position already computed. */
  static at(at: Position, message: string): XmlError {
    return new XmlError(at.file, at.line, at.col, message);
  }
}
