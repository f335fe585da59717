/**
 * Every key of the schema language whose value is prose: free text that ends
 * up in doc comments, string literals or the README. They are read only through
 * `SchemaReader.prose`, and the hostile-text test fills every one of them.
 * (`source` is `NNN §section`: its section is prose.)
 */
export const PROSE_KEYS = [
  "doc",
  "title",
  "text",
  "meaning",
  "extension",
  "example",
  "examples",
  "source",
] as const;
export type ProseKey = (typeof PROSE_KEYS)[number];
