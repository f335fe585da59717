/** The bounds the XML reader keeps to, whatever the input. */
export interface XmlLimits {
  /** Largest input read: bytes of a file, UTF-16 code units of a string already in memory. */
  readonly maxBytes: number;
  /** Deepest element nesting read; the root element is at depth 1. */
  readonly maxDepth: number;
}

/** 32 MiB: published contracts are a few hundred kilobytes; anything this large is a mistake or an attack. */
export const DEFAULT_MAX_XML_BYTES = 32 * 1024 * 1024;

/** Contracts nest a few dozen levels; 512 is far beyond any of them and far below what would exhaust a stack. */
export const DEFAULT_MAX_XML_DEPTH = 512;

export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxBytes: DEFAULT_MAX_XML_BYTES,
  maxDepth: DEFAULT_MAX_XML_DEPTH,
};
