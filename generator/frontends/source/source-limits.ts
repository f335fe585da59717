/** The formats of positioned text the readers of `source/`'s layer read. */
export type SourceFormat = "json" | "yaml" | "xml";

/**
 * Bounds on what a reader accepts, so that hostile input fails with a
 * positioned message instead of exhausting the process. One policy for
 * JSON, YAML and XML text; each format has its own defaults.
 */
export interface SourceLimits {
  /**
   * Largest input read: bytes of a file; for a text already in memory, its
   * UTF-8 bytes (JSON, YAML) or its UTF-16 code units (XML).
   */
  readonly maxBytes: number;
  /** Deepest nesting read: objects and arrays (JSON, YAML), elements (XML, the root element at depth 1). */
  readonly maxDepth: number;
}

const MIB = 1024 * 1024;

/**
 * Contracts nest a few dozen levels; 512 is far beyond any of them and far
 * below what would exhaust a stack.
 */
const MAX_DEPTH = 512;

/**
 * Each format's defaults. JSON and YAML: 64 MiB, room for the largest
 * published OpenAPI documents. XML: 32 MiB; published WSDL and XSD contracts
 * are a few hundred kilobytes, so anything this large is a mistake or an
 * attack.
 */
export const DEFAULT_SOURCE_LIMITS: Readonly<Record<SourceFormat, SourceLimits>> = {
  json: { maxBytes: 64 * MIB, maxDepth: MAX_DEPTH },
  yaml: { maxBytes: 64 * MIB, maxDepth: MAX_DEPTH },
  xml: { maxBytes: 32 * MIB, maxDepth: MAX_DEPTH },
};

/** The limits a reader of `format` keeps to: the format's defaults, with what the caller sets. */
export function sourceLimits(
  format: SourceFormat,
  overrides?: Partial<SourceLimits>,
): SourceLimits {
  return { ...DEFAULT_SOURCE_LIMITS[format], ...overrides };
}
