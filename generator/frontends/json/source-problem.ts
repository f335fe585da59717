import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { compareText } from "../../diagnostics/diagnostic.js";
import { terminalText } from "../../diagnostics/terminal-text.js";

/**
 * One problem found in a source file, at a line and column (both 1-based,
 * columns counted in characters), optionally with the JSON pointer of the
 * value it concerns. Its message reads `file:line:col: detail (at #/pointer)`.
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
  ) {
    // The message may be printed as it is: contract text in it is escaped for a terminal.
    super(terminalText(`${at.file}:${at.line}:${at.col}: ${detail}${pointer === undefined ? "" : ` (at ${pointer})`}`));
    this.file = at.file;
    this.line = at.line;
    this.col = at.col;
  }

  get at(): Position {
    return { file: this.file, line: this.line, col: this.col };
  }

  /** The same problem in the shape the rest of the generator reports (`Diagnostics`). */
  toDiagnostic(): Diagnostic {
    return { at: this.at, message: this.pointer === undefined ? this.detail : `${this.detail} (at ${this.pointer})` };
  }
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
 * once instead of fixing one and running again.
 */
export class SourceProblems {
  private readonly list: SourceProblem[] = [];

  /** Records a problem at `at`, about the value at `pointer` when given. */
  error(at: Position, detail: string, pointer?: string): void {
    this.list.push(new SourceProblem(at, detail, pointer));
  }

  /** Records problems found by another collector or reader. */
  addAll(problems: Iterable<SourceProblem>): void {
    for (const problem of problems) this.list.push(problem);
  }

  get count(): number {
    return this.list.length;
  }

  /** All problems, sorted by file, line, column, then message, without repeats. */
  sorted(): SourceProblem[] {
    const sorted = [...this.list].sort(
      (a, b) => compareText(a.file, b.file) || a.line - b.line || a.col - b.col || compareText(a.message, b.message),
    );
    return sorted.filter((p, i) => i === 0 || p.message !== sorted[i - 1]!.message);
  }

  /** Throws a `SourceProblemsError` holding every problem, when there is any. */
  throwIfAny(): void {
    if (this.list.length > 0) throw new SourceProblemsError(this.sorted());
  }
}
