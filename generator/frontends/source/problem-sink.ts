import type { Position } from "../../diagnostics/diagnostic.js";

/**
 * Where a reader of positioned text records what it finds wrong: the run's
 * `Diagnostics`, or the `SourceProblems` of one read. Errors stop the run;
 * a warning of kind `kind` says what was approximated, and the read goes on.
 */
export interface ProblemSink {
  error(at: Position, message: string, pointer?: string): void;
  warning(at: Position, kind: string, message: string, pointer?: string): void;
}
