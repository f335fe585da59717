/** What a document says about keys a reader does not read. */
export interface KeyRules {
  /** Keys read (or deliberately passed over as documentation only, such as `externalDocs`). */
  readonly known: readonly string[];
  /** Keys of the specification this reader does not support, each with why or what to do instead. */
  readonly unsupported?: ReadonlyMap<string, string>;
  /** Keys read past with a warning of their kind, each with what the reading leaves out. */
  readonly approximated?: ReadonlyMap<string, { readonly kind: string; readonly reading: string }>;
  /** Keys of another version of the specification, each with what this version uses instead. */
  readonly otherVersion?: ReadonlyMap<string, string>;
  /**
   * `true` for paygen's own schema language: there every key is known or a
   * typo, so an unknown key is an error and `x-` keys are not extensions.
   * Otherwise (contracts written by others) `x-` extensions are never
   * reported and an unknown key is read past with a warning.
   */
  readonly strict?: boolean;
}
