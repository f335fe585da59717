/**
 * One whole Node process, timed as a user waits for it: its wall time, and
 * its CPU time (user + system, every thread) and peak resident memory, which
 * the child reports itself at exit through a preloaded module
 * (`report-resource-usage.mjs`), so the program measured carries no
 * benchmark code. CPU time is much less sensitive to machine load than wall
 * time: on a busy machine, a process waits for a core without using one.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";

const USAGE_MODULE = path.join(PROJECT_ROOT, "scripts", "bench", "report-resource-usage.mjs");
const USAGE_LINE = /RESOURCE_USAGE maxRssKb=(\d+) userUs=(\d+) systemUs=(\d+)/;

export interface ProcessSample {
  readonly wallMs: number;
  /** User + system CPU time of the child, ms. */
  readonly cpuMs: number;
  /** Peak resident set size of the child, MiB. */
  readonly peakMb: number;
}

/** How a process ended: its exit code, its standard error (the usage line included) and its figures when it reported them. */
export interface ProcessOutcome {
  readonly code: number | null;
  readonly stderr: string;
  readonly sample: ProcessSample | undefined;
}

/** Runs `node ARGS` in `cwd` (the project folder by default) and reports how it ended, whether it succeeded or not. */
export function runNodeProcess(
  args: readonly string[],
  cwd: string = PROJECT_ROOT,
): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", USAGE_MODULE, ...args], {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const usage = USAGE_LINE.exec(stderr);
      const sample = usage
        ? {
            wallMs,
            cpuMs: (Number(usage[2]) + Number(usage[3])) / 1000,
            peakMb: Number(usage[1]) / 1024,
          }
        : undefined;
      resolve({ code, stderr, sample });
    });
  });
}

/** Runs `node ARGS` in `cwd` (the project folder by default); rejects, naming `label`, when it fails. */
export async function timeNodeProcess(
  args: readonly string[],
  label: string,
  cwd?: string,
): Promise<ProcessSample> {
  const outcome = await runNodeProcess(args, cwd);
  if (outcome.code !== 0 || outcome.sample === undefined) {
    throw new Error(`${label} exited with ${outcome.code}: ${outcome.stderr.slice(0, 400)}`);
  }
  return outcome.sample;
}
