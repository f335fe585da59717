/** One file of the generated package: a path relative to the package root, and its text. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
  /**
   * A hand-written file shipped byte for byte (the runtime, the build script,
   * the query-language reference): kept in its own style, never formatted.
   */
  readonly verbatim?: true;
}
