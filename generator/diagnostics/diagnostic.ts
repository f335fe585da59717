import { terminalText } from "./terminal-text.js";

/** A position in a schema file: 1-based line and column. */
export interface Position {
  /** The file as the user names it, relative to the working directory, with `/` separators. */
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/**
 * How bad a problem is: an error stops the run (nothing is written); a
 * warning says where paygen approximated what the contract says (the most
 * precise safe type instead of the exact one) and the run goes on.
 */
export type Severity = "error" | "warning";

/** One problem in the schemas, reported as `file:line:col: message` (`file:line:col: warning: message` for a warning). */
export interface Diagnostic {
  readonly at: Position;
  readonly message: string;
  /** The JSON pointer of the value concerned, when there is one: printed as `(at #/pointer)` after the message. */
  readonly pointer?: string;
  /** Absent: an error. */
  readonly severity?: Severity;
  /** For a warning: what was approximated, in a short word (`allof-conflict`, `ref-sibling`...), counted in the run's summary. */
  readonly kind?: string;
}

/** The one way a problem is shown on a terminal: `file:line:col: [warning: ]message (at #/pointer)`, contract text escaped (`terminalText`). */
export function formatDiagnostic(d: Diagnostic): string {
  const level = d.severity === "warning" ? "warning: " : "";
  const pointer = d.pointer === undefined ? "" : ` (at ${d.pointer})`;
  return terminalText(`${d.at.file}:${d.at.line}:${d.at.col}: ${level}${d.message}${pointer}`);
}

/** Whether a problem is a warning (the run goes on) rather than an error. */
export function isWarning(d: Diagnostic): boolean {
  return d.severity === "warning";
}

/**
 * Collects every problem of a run, so that the user sees all of them at once.
 * Order of reporting is made deterministic by sorting on output.
 */
export class Diagnostics {
  private readonly list: Diagnostic[] = [];

  error(at: Position, message: string, pointer?: string): void {
    this.list.push({
      at,
      message,
      ...(pointer === undefined ? {} : { pointer }),
    });
  }

  /** Records an approximation: the run goes on; `kind` names what was approximated. */
  warning(at: Position, kind: string, message: string, pointer?: string): void {
    this.list.push({
      at,
      message,
      severity: "warning",
      kind,
      ...(pointer === undefined ? {} : { pointer }),
    });
  }

  /** Records problems found by another collector, errors and warnings alike. */
  add(...problems: readonly Diagnostic[]): void {
    this.list.push(...problems);
  }

  /** The number of errors (warnings do not count: they never stop a run). */
  get count(): number {
    return this.list.filter((d) => !isWarning(d)).length;
  }

  /** All errors, sorted by file, line, column, then message. */
  sorted(): readonly Diagnostic[] {
    return sortDiagnostics(this.list.filter((d) => !isWarning(d)));
  }

  /** All warnings, sorted like errors, without repeats. */
  warnings(): readonly Diagnostic[] {
    const sorted = sortDiagnostics(this.list.filter(isWarning));
    return sorted.filter(
      (d, i) => i === 0 || formatDiagnostic(d) !== formatDiagnostic(sorted[i - 1]!),
    );
  }
}

/** Sorted by file, line, column, then message. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareText(a.at.file, b.at.file) ||
      a.at.line - b.at.line ||
      a.at.col - b.at.col ||
      compareText(a.message, b.message) ||
      compareText(a.pointer ?? "", b.pointer ?? ""),
  );
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
