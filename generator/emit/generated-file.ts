/** One file of the generated package: a path relative to the package root, and its text. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}
