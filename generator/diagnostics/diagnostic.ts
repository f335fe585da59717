import { terminalText } from "./terminal-text.js";

/** A position in a schema file: 1-based line and column. */
export interface Position {
  /** The file as the user names it, relative to the working directory, with `/` separators. */
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** One problem in the schemas, reported as `file:line:col: message`. */
export interface Diagnostic {
  readonly at: Position;
  readonly message: string;
}

/** `file:line:col: message`, with contract text escaped for a terminal (`terminalText`). */
export function formatDiagnostic(d: Diagnostic): string {
  return terminalText(`${d.at.file}:${d.at.line}:${d.at.col}: ${d.message}`);
}

/**
 * Collects every problem of a run, so that the user sees all of them at once.
 * Order of reporting is made deterministic by sorting on output.
 */
export class Diagnostics {
  private readonly list: Diagnostic[] = [];

  error(at: Position, message: string): void {
    this.list.push({ at, message });
  }

  get count(): number {
    return this.list.length;
  }

  /** All problems, sorted by file, line, column, then message. */
  sorted(): readonly Diagnostic[] {
    return [...this.list].sort(
      (a, b) =>
        compareText(a.at.file, b.at.file) ||
        a.at.line - b.at.line ||
        a.at.col - b.at.col ||
        compareText(a.message, b.message),
    );
  }
}

/** Code-unit comparison: the same on every machine, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Thrown by a stage that cannot go on; carries every problem found so far. */
export class SchemaErrors extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
    this.name = "SchemaErrors";
  }
}
