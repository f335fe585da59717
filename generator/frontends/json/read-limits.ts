/** Bounds on what a reader accepts, so that hostile input fails with a message instead of exhausting the process. */
export interface ReadLimits {
  /** Largest file accepted, in bytes (default 64 MiB). */
  readonly maxBytes: number;
  /** Deepest nesting of objects and arrays accepted (default 512). */
  readonly maxDepth: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxBytes: 64 * 1024 * 1024, maxDepth: 512 };

/** The defaults, with what the caller sets. */
export function readLimits(overrides: Partial<ReadLimits> | undefined): ReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...overrides };
}
