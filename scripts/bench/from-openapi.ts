/**
 * Benchmark 5: generating a client from the published REST specification
 * (Swagger 2.0, 61 operations), paygen against two OpenAPI generators on the
 * same file in the same run: @hey-api/openapi-ts (types and a fetch client)
 * and openapi-typescript (types only; its 5.x line, the last that reads
 * Swagger 2.0). Each side runs whole and cold, as a user runs it: a fresh
 * Node process that loads the generator, reads the file and writes its
 * output to a fresh temporary folder (paygen through its launcher, with
 * `--no-cache`). The sides alternate in every round, and each figure is the
 * median of the rounds, reported per operation: wall time, CPU time (user +
 * system of the child) and, whole, peak resident memory.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { formatMs, formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";
import { type ProcessSample, timeNodeProcess } from "./timed-process.js";

export const PUBLISHED_SPEC = path.join(
  PROJECT_ROOT,
  "..",
  "shared",
  "specs",
  "cybersource-rest-spec.2020-02-17.json",
);
const OPERATIONS = 61;

type Side = "paygen" | "hey-api" | "openapi-typescript";
const SIDES: readonly Side[] = ["paygen", "hey-api", "openapi-typescript"];

/** Issue 13's target: paygen no slower per operation than @hey-api/openapi-ts. */
export const OPENAPI_TARGET = 1.0;

export interface FromOpenApiResult {
  readonly rows: readonly Row[];
  readonly operations: number;
  /** Median ms per operation of each side. */
  readonly msPerOperation: Readonly<Record<Side, number>>;
  /** Median CPU ms per operation of each side. */
  readonly cpuMsPerOperation: Readonly<Record<Side, number>>;
  /** Median peak resident memory of each side's process, MiB. */
  readonly peakMb: Readonly<Record<Side, number>>;
}

/** The arguments of a Node process running @hey-api/openapi-ts with its default plugins on `spec`, writing into `out`. */
export function heyApiArgs(spec: string, out: string): string[] {
  return [
    "--input-type=module",
    "-e",
    `const { createClient } = await import("@hey-api/openapi-ts"); await createClient({ input: ${JSON.stringify(spec)}, output: { path: ${JSON.stringify(out)} }, logs: { level: "silent" } });`,
  ];
}

/** The command line of one side: a fresh process writing into `out`. */
function commandOf(side: Side, out: string): string[] {
  const spec = JSON.stringify(PUBLISHED_SPEC);
  const target = JSON.stringify(out);
  switch (side) {
    case "paygen":
      return [
        path.join(PROJECT_ROOT, "scripts", "paygen.mjs"),
        "generate",
        "--from",
        PUBLISHED_SPEC,
        "--no-cache",
        "--out",
        out,
      ];
    case "hey-api":
      return heyApiArgs(PUBLISHED_SPEC, out);
    case "openapi-typescript":
      return [
        "--input-type=module",
        "-e",
        `const { default: openapiTS } = await import("openapi-typescript"); const { mkdir, writeFile } = await import("node:fs/promises"); const text = await openapiTS(${spec}, { silent: true }); await mkdir(${target}, { recursive: true }); await writeFile(${target} + "/schema.ts", text);`,
      ];
  }
}

export async function runFromOpenApiBenchmark(rounds: number): Promise<FromOpenApiResult> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-openapi-"));
  const samples: Record<Side, ProcessSample[]> = {
    paygen: [],
    "hey-api": [],
    "openapi-typescript": [],
  };
  let operations = 0;
  let n = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? SIDES : [...SIDES].reverse();
      for (const side of order) {
        const out = path.join(root, `${side}-${n++}`);
        // paygen runs outside the project, whose configuration asks for a server side: it
        // writes the package a user's project gets by default, a client, as hey-api writes one.
        const cwd = side === "paygen" ? root : undefined;
        samples[side].push(await timeNodeProcess(commandOf(side, out), side, cwd));
        if (side === "paygen")
          operations = operationsIn(
            JSON.parse(await readFile(path.join(out, ".paygen-model.json"), "utf8")),
          );
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  if (operations !== OPERATIONS)
    throw new Error(`the published specification gave ${operations} operations, not ${OPERATIONS}`);
  const of = (pick: (s: ProcessSample) => number) =>
    Object.fromEntries(SIDES.map((side) => [side, median(samples[side].map(pick))])) as Record<
      Side,
      number
    >;
  const msPerOperation = of((s) => s.wallMs / operations);
  const cpuMsPerOperation = of((s) => s.cpuMs / operations);
  const peakMb = of((s) => s.peakMb);
  const ratio = msPerOperation.paygen / msPerOperation["hey-api"];
  const figure = (side: Side) =>
    `${formatMs(msPerOperation[side])}, CPU ${formatMs(cpuMsPerOperation[side])}, peak ${peakMb[side].toFixed(0)} MiB`;
  const versus = (base: Side) =>
    `time ${formatRatio(msPerOperation.paygen / msPerOperation[base])}, CPU ${formatRatio(cpuMsPerOperation.paygen / cpuMsPerOperation[base])}, memory ${formatRatio(peakMb.paygen / peakMb[base])}`;
  const rows: Row[] = [
    {
      name: `5. generate from the published REST spec (${operations} operations), cold whole process, per operation`,
      value: figure("paygen"),
      baseline: `${figure("hey-api")} @hey-api/openapi-ts`,
      comparison: versus("hey-api"),
      target: `≤ ${formatRatio(OPENAPI_TARGET)}`,
      pass: ratio <= OPENAPI_TARGET,
    },
    {
      name: "   5b. against openapi-typescript (types only)",
      value: figure("paygen"),
      baseline: `${figure("openapi-typescript")} openapi-typescript`,
      comparison: versus("openapi-typescript"),
      target: "",
      pass: undefined,
    },
  ];
  return { rows, operations, msPerOperation, cpuMsPerOperation, peakMb };
}

/** The number of operations in a generated package's model record. */
export function operationsIn(record: unknown): number {
  const services =
    (record as { model?: { services?: { operations?: unknown[] }[] } }).model?.services ?? [];
  return services.reduce((n, s) => n + (s.operations?.length ?? 0), 0);
}
