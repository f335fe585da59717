/**
 * Benchmark 3: what importing an entry point costs a fresh process. Each case
 * is a new `node` process that imports one module and reports its resident
 * set size; the wall time runs from spawn to exit. Cases alternate in every
 * round (in a rotating order) and each figure is the median of the rounds.
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { formatDelta, formatMb, formatMs, type Row } from "./row.js";
import {
  DECLARATION,
  envelopeObject,
  FXP_BUILDER_OPTIONS,
  FXP_PARSER_OPTIONS,
} from "./soap-envelope.js";
import {
  SOAP_NAMESPACE,
  subscriptionListRequest,
  subscriptionListResponse,
} from "./soap-fixtures.js";
import { median } from "./stats.js";

export const REST_WALL_TARGET_MS = 30;
export const REST_RSS_TARGET_MB = 15;
export const SOAP_WALL_TARGET_MS = 10;

export type ImportCase = "nothing" | "payments" | "search" | "subscriptions" | "fast-xml-parser";

const CASES: readonly ImportCase[] = [
  "nothing",
  "payments",
  "search",
  "subscriptions",
  "fast-xml-parser",
];

/** Runs in the child: imports its argument, then prints the resident set size, the import's own time and the process's CPU time. */
const PROBE = `const started = performance.now();
await import(process.argv[2]);
const importMs = performance.now() - started;
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ rss: process.memoryUsage().rss, importMs, cpuMs: (cpu.user + cpu.system) / 1000 }));
`;

export interface CaseFigures {
  /** Median wall time from spawn to exit, ms. */
  readonly wallMs: number;
  /** Median resident set size at the end, MB (2^20 bytes). */
  readonly rssMb: number;
  /** Median time of the `import()` itself inside the child, ms. */
  readonly importMs: number;
  /** Median CPU time (user + system) of the whole child process, ms: less sensitive to machine load than wall time. */
  readonly cpuMs: number;
}

export interface ImportResult {
  readonly rows: readonly Row[];
  readonly cases: Readonly<Record<ImportCase, CaseFigures>>;
  readonly rounds: number;
}

interface Sample {
  readonly wallMs: number;
  readonly rss: number;
  readonly importMs: number;
  readonly cpuMs: number;
}

function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // The child must run the built JavaScript with nothing preloaded.
  delete env.NODE_OPTIONS;
  return env;
}

function runProbe(probe: string, target: string, cwd: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    let wallMs = 0;
    const started = performance.now();
    const child = spawn(process.execPath, [probe, target], {
      cwd,
      env: childEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("exit", () => (wallMs = performance.now() - started));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0)
        return reject(
          new Error(`importing ${target} failed (exit ${code}):\n${err.slice(0, 2000)}`),
        );
      try {
        const parsed = JSON.parse(out) as { rss: number; importMs: number; cpuMs: number };
        resolve({ wallMs, rss: parsed.rss, importMs: parsed.importMs, cpuMs: parsed.cpuMs });
      } catch (error) {
        reject(
          new Error(`unexpected probe output for ${target}: ${out.slice(0, 200)}`, {
            cause: error,
          }),
        );
      }
    });
  });
}

function figures(samples: readonly Sample[]): CaseFigures {
  return {
    wallMs: median(samples.map((s) => s.wallMs)),
    rssMb: median(samples.map((s) => s.rss / 2 ** 20)),
    importMs: median(samples.map((s) => s.importMs)),
    cpuMs: median(samples.map((s) => s.cpuMs)),
  };
}

/**
 * The SOAP cases measure what a user pays before the first answer is read:
 * the import plus the first call, an envelope built and a response parsed.
 * The SOAP entry loads fast-xml-parser on first use, and fast-xml-parser's
 * own entry is its ES module build, so comparing bare imports would credit
 * the entry with a cost it only defers. Each module checks its own result.
 */
function firstCallModules(
  subscriptionsUrl: string,
): Readonly<Record<"subscriptions" | "fast-xml-parser", string>> {
  const request = JSON.stringify(subscriptionListRequest);
  const response = JSON.stringify(subscriptionListResponse(1));
  const namespace = JSON.stringify(SOAP_NAMESPACE);
  return {
    subscriptions: `import { buildARBGetSubscriptionListEnvelope, parseARBGetSubscriptionListResponse } from ${JSON.stringify(subscriptionsUrl)};
const envelope = buildARBGetSubscriptionListEnvelope(${request}, ${namespace});
const result = parseARBGetSubscriptionListResponse(${response});
if (!envelope.includes("<ARBGetSubscriptionList ") || result.subscriptionDetails?.length !== 1) throw new Error("the first call did not do its work");
`,
    "fast-xml-parser": `import { XMLBuilder, XMLParser } from "fast-xml-parser";
const envelope = ${JSON.stringify(DECLARATION)} + new XMLBuilder(${JSON.stringify(FXP_BUILDER_OPTIONS)}).build(${JSON.stringify(envelopeObject(subscriptionListRequest))});
const tree = new XMLParser(${JSON.stringify(FXP_PARSER_OPTIONS)}).parse(${response});
if (!envelope.includes("<ARBGetSubscriptionList ") || tree.Envelope.Body.ARBGetSubscriptionListResponse.ARBGetSubscriptionListResult.subscriptionDetails.subscriptionDetail === undefined) throw new Error("the first call did not do its work");
`,
  };
}

/** Measures every case `rounds` times (after `warmupRounds` discarded ones) against the built package in `packageDir`. */
export async function runImportBenchmark(
  packageDir: string,
  rounds: number,
  warmupRounds: number,
): Promise<ImportResult> {
  const probe = path.join(packageDir, "probe.mjs");
  const empty = path.join(packageDir, "empty.mjs");
  await writeFile(probe, PROBE);
  await writeFile(empty, "export {};\n");
  const firstCalls = firstCallModules(
    pathToFileURL(path.join(packageDir, "dist", "subscriptions", "index.js")).href,
  );
  const firstCallFile = (c: "subscriptions" | "fast-xml-parser") =>
    path.join(packageDir, `first-call-${c}.mjs`);
  for (const c of ["subscriptions", "fast-xml-parser"] as const)
    await writeFile(firstCallFile(c), firstCalls[c]);
  const targets: Readonly<Record<ImportCase, string>> = {
    nothing: pathToFileURL(empty).href,
    payments: pathToFileURL(path.join(packageDir, "dist", "payments", "index.js")).href,
    search: pathToFileURL(path.join(packageDir, "dist", "search", "index.js")).href,
    // Import plus the first call; fast-xml-parser resolves from the package folder, through its node_modules link.
    subscriptions: pathToFileURL(firstCallFile("subscriptions")).href,
    "fast-xml-parser": pathToFileURL(firstCallFile("fast-xml-parser")).href,
  };
  const samples = new Map<ImportCase, Sample[]>(CASES.map((c) => [c, []]));
  for (let r = 0; r < warmupRounds + rounds; r++) {
    for (let k = 0; k < CASES.length; k++) {
      const c = CASES[(r + k) % CASES.length] as ImportCase;
      const sample = await runProbe(probe, targets[c], packageDir);
      if (r >= warmupRounds) samples.get(c)?.push(sample);
    }
  }
  const cases = Object.fromEntries(CASES.map((c) => [c, figures(samples.get(c) ?? [])])) as Record<
    ImportCase,
    CaseFigures
  >;
  const nothing = cases.nothing;
  const fxp = cases["fast-xml-parser"];
  const rows: Row[] = [];
  for (const entry of ["payments", "search"] as const) {
    const f = cases[entry];
    const wall = f.wallMs - nothing.wallMs;
    const rss = f.rssMb - nothing.rssMb;
    rows.push(
      {
        name: `3 import ${entry} (REST): wall`,
        value: formatMs(f.wallMs),
        baseline: `${formatMs(nothing.wallMs)} (empty module)`,
        comparison: `${formatDelta(wall, "ms")} (CPU ${formatDelta(f.cpuMs - nothing.cpuMs, "ms")})`,
        target: `≤ +${REST_WALL_TARGET_MS} ms`,
        pass: wall <= REST_WALL_TARGET_MS,
      },
      {
        name: `3 import ${entry} (REST): RSS`,
        value: formatMb(f.rssMb),
        baseline: `${formatMb(nothing.rssMb)} (empty module)`,
        comparison: formatDelta(rss, "MB"),
        target: `≤ +${REST_RSS_TARGET_MB} MB`,
        pass: rss <= REST_RSS_TARGET_MB,
      },
    );
  }
  const soap = cases.subscriptions;
  rows.push(
    {
      name: "3 import + first call, subscriptions (SOAP): wall",
      value: formatMs(soap.wallMs),
      baseline: `${formatMs(fxp.wallMs)} (fast-xml-parser alone, same call)`,
      comparison: `${formatDelta(soap.wallMs - fxp.wallMs, "ms")} (CPU ${formatDelta(soap.cpuMs - fxp.cpuMs, "ms")})`,
      target: `≤ +${SOAP_WALL_TARGET_MS} ms`,
      pass: soap.wallMs - fxp.wallMs <= SOAP_WALL_TARGET_MS,
    },
    {
      name: "3 import + first call, subscriptions (SOAP): RSS",
      value: formatMb(soap.rssMb),
      baseline: `${formatMb(fxp.rssMb)} (fast-xml-parser alone, same call)`,
      comparison: formatDelta(soap.rssMb - fxp.rssMb, "MB"),
      target: "",
      pass: undefined,
    },
    {
      name: "3 import + first call, fast-xml-parser alone: wall",
      value: formatMs(fxp.wallMs),
      baseline: `${formatMs(nothing.wallMs)} (empty module)`,
      comparison: `${formatDelta(fxp.wallMs - nothing.wallMs, "ms")} (CPU ${formatDelta(fxp.cpuMs - nothing.cpuMs, "ms")})`,
      target: "",
      pass: undefined,
    },
  );
  return { rows, cases, rounds };
}
