import { HAS_SHARED_SPECS, SHARED_SPECS } from "./shared-specs.js";

/**
 * Vitest's global setup: runs once per run, before any test file. Without the
 * published contracts, the tests that need them skip; this says so once,
 * naming the folder they were looked for in.
 */
export default function sharedSpecsNotice(): void {
  if (HAS_SHARED_SPECS) return;
  process.stderr.write(
    `paygen tests: the published contracts are not at ${SHARED_SPECS}; the tests that need them are skipped ` +
      `(put the shared specs folder next to the project, or name it with PAYGEN_SHARED_SPECS)\n`,
  );
}
