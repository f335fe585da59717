/**
 * One whole Node process, timed as a user waits for it: its wall time, and
 * its peak resident memory, which the child reports itself at exit through
 * a preloaded module (`report-peak-rss.mjs`), so the program measured
 * carries no benchmark code.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";

const PEAK = path.join(PROJECT_ROOT, "scripts", "bench", "report-peak-rss.mjs");

export interface ProcessSample {
  readonly wallMs: number;
  readonly peakMb: number;
}

/** Runs `node ARGS` in the project folder; rejects, naming `label`, when it fails. */
export function timeNodeProcess(args: readonly string[], label: string): Promise<ProcessSample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", PEAK, ...args], { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const peak = /PEAK_RSS_KB=(\d+)/.exec(err);
      if (code !== 0 || !peak) reject(new Error(`${label} exited with ${code}: ${err.slice(0, 400)}`));
      else resolve({ wallMs, peakMb: Number(peak[1]) / 1024 });
    });
  });
}
