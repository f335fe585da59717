/**
 * Benchmark 8: `paygen generate --from` each published REST contract in
 * `../shared/specs/`, whole and cold as a user runs it (a fresh Node process
 * running the launcher with `--no-cache`, into an empty folder), against
 * @hey-api/openapi-ts with its default plugins on the same file, in the same
 * run, the sides alternating in every round. Each figure is the median of the
 * rounds: wall time, CPU time (user + system of the child), peak resident
 * memory; and the bytes each side wrote. A contract paygen refuses gets a
 * row saying how many problems it found (hey-api is still timed); a contract
 * that is absent gets a row saying so.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { heyApiArgs, operationsIn } from "./from-openapi.js";
import { formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";
import { type ProcessSample, runNodeProcess, timeNodeProcess } from "./timed-process.js";

export const SPECS_DIR = path.join(PROJECT_ROOT, "..", "shared", "specs");
export const PUBLISHED_CONTRACTS: readonly string[] = [
  "cybersource-rest-spec.2020-02-17.json",
  "stripe-spec3.2022-04-12.json",
  "paypal-checkout-orders-v2.2024-02-02.json",
];
const LAUNCHER = path.join(PROJECT_ROOT, "scripts", "paygen.mjs");
const REFUSAL = /paygen: (\d+) problems? in the contracts?/;

/** One side's medians over the rounds, and the bytes it wrote. */
export interface SideFigures {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly bytes: number;
}

export type ContractResult =
  | { readonly file: string; readonly outcome: "absent" }
  | {
      readonly file: string;
      readonly outcome: "refused";
      readonly problems: number;
      readonly heyApi: SideFigures;
    }
  | {
      readonly file: string;
      readonly outcome: "generated";
      readonly operations: number;
      readonly paygen: SideFigures;
      readonly heyApi: SideFigures;
    };

export interface PublishedContractsResult {
  readonly rows: readonly Row[];
  readonly contracts: readonly ContractResult[];
}

/** The total size of the files under `dir`, in bytes. */
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

function mediansOf(samples: readonly ProcessSample[], bytes: number): SideFigures {
  return {
    wallMs: median(samples.map((s) => s.wallMs)),
    cpuMs: median(samples.map((s) => s.cpuMs)),
    peakMb: median(samples.map((s) => s.peakMb)),
    bytes,
  };
}

/** What one paygen run gave: its figures, or the number of problems it refused the contract for. */
async function runPaygen(spec: string, out: string): Promise<ProcessSample | { problems: number }> {
  // Run outside the project, whose configuration asks for a server side: the package a user's
  // project gets by default, a client, as hey-api writes one.
  const outcome = await runNodeProcess(
    [LAUNCHER, "generate", "--from", spec, "--no-cache", "--out", out],
    path.dirname(out),
  );
  if (outcome.code === 0 && outcome.sample) return outcome.sample;
  const refusal = REFUSAL.exec(outcome.stderr);
  if (outcome.code === 1 && refusal) return { problems: Number(refusal[1]) };
  throw new Error(
    `paygen generate --from ${path.basename(spec)} exited with ${outcome.code}: ${outcome.stderr.slice(0, 400)}`,
  );
}

async function measureContract(
  file: string,
  rounds: number,
  root: string,
): Promise<ContractResult> {
  const spec = path.join(SPECS_DIR, file);
  if (!existsSync(spec)) return { file, outcome: "absent" };
  const paygen: ProcessSample[] = [];
  const heyApi: ProcessSample[] = [];
  let problems: number | undefined;
  let paygenBytes = 0;
  let heyApiBytes = 0;
  let operations = 0;
  for (let r = 0; r < rounds; r++) {
    const paygenOut = path.join(root, `${file}-paygen-${r}`);
    const heyApiOut = path.join(root, `${file}-hey-api-${r}`);
    const runPaygenSide = async (): Promise<void> => {
      if (problems !== undefined) return;
      const result = await runPaygen(spec, paygenOut);
      if ("problems" in result) problems = result.problems;
      else paygen.push(result);
    };
    const runHeyApiSide = async (): Promise<void> => {
      heyApi.push(
        await timeNodeProcess(heyApiArgs(spec, heyApiOut), `@hey-api/openapi-ts on ${file}`),
      );
    };
    if (r % 2 === 0) {
      await runPaygenSide();
      await runHeyApiSide();
    } else {
      await runHeyApiSide();
      await runPaygenSide();
    }
    if (r === 0) {
      heyApiBytes = await bytesUnder(heyApiOut);
      if (problems === undefined) {
        paygenBytes = await bytesUnder(paygenOut);
        const record = await readFile(path.join(paygenOut, ".paygen-model.json"), "utf8");
        operations = operationsIn(JSON.parse(record));
      }
    }
    await rm(paygenOut, { recursive: true, force: true });
    await rm(heyApiOut, { recursive: true, force: true });
  }
  const heyApiFigures = mediansOf(heyApi, heyApiBytes);
  if (problems !== undefined) return { file, outcome: "refused", problems, heyApi: heyApiFigures };
  return {
    file,
    outcome: "generated",
    operations,
    paygen: mediansOf(paygen, paygenBytes),
    heyApi: heyApiFigures,
  };
}

function describe(f: SideFigures): string {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  return `${seconds(f.wallMs)}, CPU ${seconds(f.cpuMs)}, peak ${f.peakMb.toFixed(0)} MiB, ${(f.bytes / 1e6).toFixed(2)} MB out`;
}

/**
 * Issue 25's targets for a published REST contract, against hey-api (default
 * plugins) in the same run: CPU (user + system) at most its, output bytes at
 * most twice its. Peak memory is reported beside them.
 */
const MAX_CPU_RATIO = 1.0;
const MAX_BYTES_RATIO = 2.0;
const TARGET = `CPU ≤ ${MAX_CPU_RATIO.toFixed(2)}×, bytes ≤ ${MAX_BYTES_RATIO.toFixed(2)}×`;

function rowOf(c: ContractResult, letter: string): Row {
  const info = { target: "", pass: undefined };
  const name = `8${letter}. generate ${c.file}`;
  if (c.outcome === "absent")
    return {
      name,
      value: "skipped: absent",
      baseline: "",
      comparison: "",
      ...info,
    };
  const baseline = `${describe(c.heyApi)} @hey-api/openapi-ts`;
  if (c.outcome === "refused")
    return {
      name,
      value: `refused: ${c.problems} problems`,
      baseline,
      comparison: "",
      target: TARGET,
      pass: false,
    };
  const p = c.paygen;
  const h = c.heyApi;
  const cpuRatio = p.cpuMs / h.cpuMs;
  const bytesRatio = p.bytes / h.bytes;
  return {
    name: `${name} (${c.operations} operations), cold whole process`,
    value: describe(p),
    baseline,
    comparison: `time ${formatRatio(p.wallMs / h.wallMs)}, CPU ${formatRatio(cpuRatio)}, memory ${formatRatio(p.peakMb / h.peakMb)}, bytes ${formatRatio(bytesRatio)}`,
    target: TARGET,
    pass: cpuRatio <= MAX_CPU_RATIO && bytesRatio <= MAX_BYTES_RATIO,
  };
}

/** Times every published contract present; one row when the specification folder itself is absent. */
export async function runPublishedContractsBenchmark(
  rounds: number,
): Promise<PublishedContractsResult> {
  if (!existsSync(SPECS_DIR)) {
    const row: Row = {
      name: "8. generate the published contracts",
      value: "skipped: ../shared/specs is absent",
      baseline: "",
      comparison: "",
      target: "",
      pass: undefined,
    };
    return { rows: [row], contracts: [] };
  }
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-contracts-"));
  const contracts: ContractResult[] = [];
  try {
    for (const file of PUBLISHED_CONTRACTS)
      contracts.push(await measureContract(file, rounds, root));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const rows = contracts.map((c, i) => rowOf(c, String.fromCharCode(97 + i)));
  return { rows, contracts };
}
