/** One file of the generated package: a path relative to the package root, and its text. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
  /**
   * A hand-written file shipped byte for byte (the runtime, the build script,
   * the query-language reference): kept in its own style, never formatted.
   */
  readonly verbatim?: true;
  /**
   * The emitter printed the file in its final layout, the one prettier gives
   * it (see `prettierParser` in format/format-files.ts): the format stage
   * passes it through without running prettier. test/generator/prettier-identity.test.ts
   * checks that prettier leaves it as it is.
   */
  readonly layout?: "final";
}
