/**
 * Benchmark 6c: `paygen generate` as a user runs it, cold and whole: a fresh
 * Node process (loading the TypeScript generator through tsx, as
 * `npm run generate` does) writing into an empty folder with no format cache,
 * from the published WSDL, from the published XSD, and from the project's
 * own YAML schemas, in alternating order. Each figure is the median wall
 * time and the median peak resident memory of the rounds (the child reports
 * its own `maxRSS` at exit, through a preloaded module).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { PUBLISHED_WSDL, PUBLISHED_XSD } from "./from-wsdl.js";
import { formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";

type Side = "wsdl" | "xsd" | "yaml";
const SIDES: readonly Side[] = ["wsdl", "xsd", "yaml"];
const PEAK = path.join(PROJECT_ROOT, "scripts", "bench", "report-peak-rss.mjs");

interface Sample {
  readonly wallMs: number;
  readonly peakMb: number;
}

export interface ColdGenerateResult {
  readonly rows: readonly Row[];
  /** Median wall ms and peak MiB of each side. */
  readonly wallMs: Readonly<Record<Side, number>>;
  readonly peakMb: Readonly<Record<Side, number>>;
}

function generateOnce(side: Side, out: string): Promise<Sample> {
  const from = side === "wsdl" ? ["--from", PUBLISHED_WSDL] : side === "xsd" ? ["--from", PUBLISHED_XSD] : [];
  const args = ["--import", "tsx", "--import", PEAK, path.join(PROJECT_ROOT, "generator", "cli.ts"), "generate", ...from, "--out", out];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const peak = /PEAK_RSS_KB=(\d+)/.exec(err);
      if (code !== 0 || !peak) reject(new Error(`paygen generate (${side}) exited with ${code}: ${err.slice(0, 400)}`));
      else resolve({ wallMs, peakMb: Number(peak[1]) / 1024 });
    });
  });
}

export async function runColdGenerateBenchmark(rounds: number): Promise<ColdGenerateResult> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-cold-"));
  const samples: Record<Side, Sample[]> = { wsdl: [], xsd: [], yaml: [] };
  let n = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? SIDES : [...SIDES].reverse();
      for (const side of order) samples[side].push(await generateOnce(side, path.join(root, `${side}-${n++}`)));
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const wallMs = { wsdl: median(samples.wsdl.map((s) => s.wallMs)), xsd: median(samples.xsd.map((s) => s.wallMs)), yaml: median(samples.yaml.map((s) => s.wallMs)) };
  const peakMb = { wsdl: median(samples.wsdl.map((s) => s.peakMb)), xsd: median(samples.xsd.map((s) => s.peakMb)), yaml: median(samples.yaml.map((s) => s.peakMb)) };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mib = (mb: number) => `${mb.toFixed(0)} MiB`;
  const baseline = `${seconds(wallMs.yaml)}, peak ${mib(peakMb.yaml)} schemas/ (YAML)`;
  const row = (name: string, side: Side): Row => ({
    name,
    value: `${seconds(wallMs[side])}, peak ${mib(peakMb[side])}`,
    baseline,
    comparison: `time ${formatRatio(wallMs[side] / wallMs.yaml)}, memory ${formatRatio(peakMb[side] / peakMb.yaml)}`,
    target: "",
    pass: undefined,
  });
  return {
    rows: [row("   6c. paygen generate --from the WSDL, cold whole process", "wsdl"), row("   6d. paygen generate --from the XSD, cold whole process", "xsd")],
    wallMs,
    peakMb,
  };
}
