import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

/**
 * The publishers' contracts (the shared specs folder next to the project:
 * `../shared/specs/`), read where they are, never copied into the project.
 * `PAYGEN_SHARED_SPECS` names another folder (an absolute path, or one
 * relative to the project).
 */
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHARED_SPECS = path.resolve(
  PROJECT,
  process.env["PAYGEN_SHARED_SPECS"] ?? path.join("..", "shared", "specs"),
);

/** Whether the published contracts are there; tests that need them skip when they are not (one notice says so: see shared-specs-notice.ts). */
export const HAS_SHARED_SPECS = existsSync(SHARED_SPECS);

/** A published contract's path in the shared specs folder. */
export const sharedSpec = (file: string): string => path.join(SHARED_SPECS, file);

/** `describe` and `it` for tests that need the published contracts: skipped when the folder is absent. */
export const describeWithSpecs = describe.skipIf(!HAS_SHARED_SPECS);
export const itWithSpecs = it.skipIf(!HAS_SHARED_SPECS);
