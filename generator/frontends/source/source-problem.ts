import type { Diagnostic, Position, Severity } from "../../diagnostics/diagnostic.js";
import { compareText, formatDiagnostic } from "../../diagnostics/diagnostic.js";

/**
 * One problem found in a source file (JSON, YAML or XML), at a line and
 * column (both 1-based, columns counted in characters), optionally with the
 * JSON pointer of the value it concerns. Its message reads
 * `file:line:col: detail (at #/pointer)` (`file:line:col: warning: detail
 * (at #/pointer)` for a warning), escaped for a terminal; `detail` is the
 * bare text. The XML reader throws one on the first problem (a document
 * that is not well-formed cannot be read on); the JSON and YAML readers
 * collect them in {@link SourceProblems}.
 */
export class SourceProblem extends Error {
  override readonly name = "SourceProblem";
  readonly file: string;
  readonly line: number;
  readonly col: number;

  constructor(
    at: Position,
    /** What is wrong, without the position. */
    readonly detail: string,
    /** The JSON pointer (`#/paths/~1pets/get`) of the value concerned, when there is one. */
    readonly pointer?: string,
    /** An error stops the run; a warning says what was approximated. */
    readonly severity: Severity = "error",
    /** For a warning: what was approximated (`allof-conflict`, `ref-sibling`...). */
    readonly kind?: string,
  ) {
    // The message may be printed as it is: it is the diagnostic's line, contract text in it escaped for a terminal.
    super(formatDiagnostic(diagnosticOf(at, detail, pointer, severity, kind)));
    this.file = at.file;
    this.line = at.line;
    this.col = at.col;
  }

  get at(): Position {
    return { file: this.file, line: this.line, col: this.col };
  }

  /** The message: `file:line:col: detail`. */
  override toString(): string {
    return this.message;
  }

  get isWarning(): boolean {
    return this.severity === "warning";
  }

  /** The same problem in the shape the rest of the generator reports (`Diagnostics`). */
  toDiagnostic(): Diagnostic {
    return diagnosticOf(this.at, this.detail, this.pointer, this.severity, this.kind);
  }
}

function diagnosticOf(
  at: Position,
  detail: string,
  pointer: string | undefined,
  severity: Severity,
  kind: string | undefined,
): Diagnostic {
  return {
    at: { file: at.file, line: at.line, col: at.col },
    message: detail,
    ...(pointer === undefined ? {} : { pointer }),
    ...(severity === "warning" ? { severity, kind: kind ?? "other" } : {}),
  };
}

/** Thrown by a caller that cannot go on; carries every problem found. */
export class SourceProblemsError extends Error {
  override readonly name = "SourceProblemsError";

  constructor(readonly problems: readonly SourceProblem[]) {
    super(problems.map((p) => p.message).join("\n"));
  }
}

/**
 * Collects every problem of a read, so that the user sees all of them at
 * once instead of fixing one and running again. Errors and warnings are kept
 * together; only errors count and stop a read.
 */
export class SourceProblems {
  private readonly list: SourceProblem[] = [];

  /** Records a problem at `at`, about the value at `pointer` when given. */
  error(at: Position, detail: string, pointer?: string): void {
    this.list.push(new SourceProblem(at, detail, pointer));
  }

  /** Records an approximation of kind `kind` at `at`: the read goes on. */
  warning(at: Position, kind: string, detail: string, pointer?: string): void {
    this.list.push(new SourceProblem(at, detail, pointer, "warning", kind));
  }

  /** Records problems found by another collector or reader. */
  addAll(problems: Iterable<SourceProblem>): void {
    for (const problem of problems) this.list.push(problem);
  }

  /** The number of errors. */
  get count(): number {
    return this.list.filter((p) => !p.isWarning).length;
  }

  /** All problems, errors and warnings, sorted by file, line, column, then message, without repeats. */
  sorted(): SourceProblem[] {
    const sorted = [...this.list].sort(
      (a, b) =>
        compareText(a.file, b.file) ||
        a.line - b.line ||
        a.col - b.col ||
        compareText(a.message, b.message),
    );
    return sorted.filter((p, i) => i === 0 || p.message !== sorted[i - 1]!.message);
  }

  /** The errors, sorted. */
  errors(): SourceProblem[] {
    return this.sorted().filter((p) => !p.isWarning);
  }

  /** The warnings, sorted. */
  warnings(): SourceProblem[] {
    return this.sorted().filter((p) => p.isWarning);
  }

  /** Throws a `SourceProblemsError` holding every error, when there is any. */
  throwIfAny(): void {
    if (this.count > 0) throw new SourceProblemsError(this.errors());
  }
}
