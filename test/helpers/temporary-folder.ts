import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Vitest's global setup: the run's temporary files go into one folder of its
 * own, removed when the run ends. Tests and the processes they start take
 * their temporary folders from `os.tmpdir()`, which follows `TMPDIR`, so a
 * run leaves nothing behind on a shared machine, whatever a test forgets to
 * remove (or cannot, when it fails half-way).
 */
export default function temporaryFolder(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), "paygen-tests-"));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
