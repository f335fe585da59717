import type { Change } from "./change.js";
import { requiredBump } from "./semver.js";

/** `{"changes": [{severity, kind, path, surfaces, message}...], "bump": ...}`, for tools. */
export function formatJson(changes: readonly Change[]): string {
  return JSON.stringify(
    {
      changes: changes.map((c) => ({
        severity: c.severity,
        kind: c.kind,
        path: c.path,
        surfaces: c.surfaces,
        message: c.message,
      })),
      bump: requiredBump(changes),
    },
    null,
    2,
  );
}
