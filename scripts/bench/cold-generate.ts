/**
 * Benchmark 6c–6f: `paygen generate` as a user runs it, cold and whole: a
 * fresh Node process running the launcher (`scripts/paygen.mjs`, what `npm
 * run generate` runs: the generator's bundle) with `--no-cache`, writing into
 * an empty folder, from the published WSDL, from the published XSD and from
 * the project's own YAML schemas; the same YAML generation from the
 * TypeScript sources through tsx (what every run cost before the bundle);
 * and the same command run again on an unchanged output, as a build pipeline
 * does. Rounds alternate the order of the sides. Each figure is the median
 * wall time, CPU time (user + system) and peak resident memory of the rounds
 * (the child reports its own usage at exit, through a preloaded module).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { PUBLISHED_WSDL, PUBLISHED_XSD } from "./from-wsdl.js";
import { formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";
import { timeNodeProcess, type ProcessSample } from "./timed-process.js";

type Side = "wsdl" | "xsd" | "yaml" | "yamlSources" | "rerun";
const COLD_SIDES: readonly Side[] = ["wsdl", "xsd", "yaml", "yamlSources"];
const LAUNCHER = path.join(PROJECT_ROOT, "scripts", "paygen.mjs");
const SOURCES = path.join(PROJECT_ROOT, "generator", "cli.ts");

/** Issue 16's targets: cold generation of the three services, an unchanged re-run, and peak memory no worse than when it was filed. */
export const COLD_TARGET_MS = 1500;
export const RERUN_TARGET_MS = 500;
export const PEAK_TARGET_MB = 318;
/** Issue 25's: the CPU time (user + system) of the same cold generation. */
export const COLD_CPU_TARGET_MS = 1200;

export interface ColdGenerateResult {
  readonly rows: readonly Row[];
  /** Median wall ms, CPU ms and peak MiB of each side. */
  readonly wallMs: Readonly<Record<Side, number>>;
  readonly cpuMs: Readonly<Record<Side, number>>;
  readonly peakMb: Readonly<Record<Side, number>>;
}

function generateOnce(side: Side, out: string): Promise<ProcessSample> {
  const from =
    side === "wsdl" ? ["--from", PUBLISHED_WSDL] : side === "xsd" ? ["--from", PUBLISHED_XSD] : [];
  const entry = side === "yamlSources" ? ["--import", "tsx", SOURCES] : [LAUNCHER];
  const cache = side === "rerun" ? [] : ["--no-cache"];
  return timeNodeProcess(
    // The whole package, server side included, as the figures of docs/benchmarks.md were measured.
    [...entry, "generate", ...from, ...cache, "--server", "--out", out],
    `paygen generate (${side})`,
  );
}

export async function runColdGenerateBenchmark(rounds: number): Promise<ColdGenerateResult> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-cold-"));
  const samples: Record<Side, ProcessSample[]> = {
    wsdl: [],
    xsd: [],
    yaml: [],
    yamlSources: [],
    rerun: [],
  };
  let n = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? COLD_SIDES : [...COLD_SIDES].reverse();
      for (const side of order) {
        const out = path.join(root, `${side}-${n++}`);
        samples[side].push(await generateOnce(side, out));
        if (side === "yaml") samples.rerun.push(await generateOnce("rerun", out));
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const of = (pick: (s: ProcessSample) => number) =>
    Object.fromEntries(
      Object.entries(samples).map(([side, list]) => [side, median(list.map(pick))]),
    ) as Record<Side, number>;
  const wallMs = of((s) => s.wallMs);
  const cpuMs = of((s) => s.cpuMs);
  const peakMb = of((s) => s.peakMb);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mib = (mb: number) => `${mb.toFixed(0)} MiB`;
  const figure = (side: Side) =>
    `${seconds(wallMs[side])}, CPU ${seconds(cpuMs[side])}, peak ${mib(peakMb[side])}`;
  const versus = (side: Side, base: Side) =>
    `time ${formatRatio(wallMs[side] / wallMs[base])}, CPU ${formatRatio(cpuMs[side] / cpuMs[base])}, memory ${formatRatio(peakMb[side] / peakMb[base])}`;
  const yamlBaseline = `${figure("yaml")} schemas/ (YAML)`;
  return {
    rows: [
      {
        name: "   6c. paygen generate --from the WSDL, cold whole process",
        value: figure("wsdl"),
        baseline: yamlBaseline,
        comparison: versus("wsdl", "yaml"),
        target: "",
        pass: undefined,
      },
      {
        name: "   6d. paygen generate --from the XSD, cold whole process",
        value: figure("xsd"),
        baseline: yamlBaseline,
        comparison: versus("xsd", "yaml"),
        target: "",
        pass: undefined,
      },
      {
        name: "   6e. paygen generate schemas/, cold whole process",
        value: figure("yaml"),
        baseline: `${figure("yamlSources")} from the sources through tsx`,
        comparison: versus("yaml", "yamlSources"),
        target: `≤ ${seconds(COLD_TARGET_MS)}, CPU ≤ ${seconds(COLD_CPU_TARGET_MS)}, peak ≤ ${PEAK_TARGET_MB} MiB`,
        pass:
          wallMs.yaml <= COLD_TARGET_MS &&
          cpuMs.yaml <= COLD_CPU_TARGET_MS &&
          peakMb.yaml <= PEAK_TARGET_MB,
      },
      {
        name: "   6f. paygen generate schemas/ again, nothing changed",
        value: figure("rerun"),
        baseline: yamlBaseline,
        comparison: `time ${formatRatio(wallMs.rerun / wallMs.yaml)}, CPU ${formatRatio(cpuMs.rerun / cpuMs.yaml)}`,
        target: `≤ ${seconds(RERUN_TARGET_MS)}`,
        pass: wallMs.rerun <= RERUN_TARGET_MS,
      },
    ],
    wallMs,
    cpuMs,
    peakMb,
  };
}
