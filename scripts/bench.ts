/**
 * `npm run bench`: the generated package against plain baselines measured in
 * the same run, side by side. It reports figures and ratios and never fails
 * on a missed target; it exits non-zero only when a benchmark cannot run.
 * See docs/benchmarks.md for what each line measures.
 *
 * `npm run bench -- --only contracts` runs benchmark 8 alone (the published
 * contracts, whole process): it needs neither the generated package nor its
 * build. `npm run bench -- --only bundles` runs benchmark 9 alone (the
 * bundle of a consumer of one operation).
 */
import os from "node:os";
import path from "node:path";
import { loadModel, PROJECT_ROOT } from "../generator/generate.js";
import { buildGeneratedPackage } from "./build-package.js";
import { loadBuiltModules } from "./bench/built-modules.js";
import { CLIENT_TARGET, type ClientResult, runClientBenchmark } from "./bench/client-overhead.js";
import type { CompareOptions, Comparison } from "./bench/compare.js";
import { sinkState } from "./bench/compare.js";
import {
  type CaseFigures,
  type ImportResult,
  REST_RSS_TARGET_MB,
  REST_WALL_TARGET_MS,
  runImportBenchmark,
  SOAP_WALL_TARGET_MS,
} from "./bench/import-cost.js";
import { runDiffSelfBenchmark, type DiffSelfResult } from "./bench/diff-self.js";
import { runFromOpenApiBenchmark, type FromOpenApiResult } from "./bench/from-openapi.js";
import { runFromWsdlBenchmark, type FromWsdlResult } from "./bench/from-wsdl.js";
import { runColdGenerateBenchmark, type ColdGenerateResult } from "./bench/cold-generate.js";
import {
  type PublishedContractsResult,
  runPublishedContractsBenchmark,
} from "./bench/published-contracts.js";
import type { Row } from "./bench/row.js";
import {
  runSoapBenchmark,
  SOAP_TARGET,
  type SoapResult,
  SUBSCRIPTION_DETAILS,
} from "./bench/soap-envelope.js";
import { renderTable } from "./bench/table.js";
import { type BundlesResult, runBundlesBenchmark } from "./bench/consumer-bundles.js";
import { runWalletBenchmark, WALLET_TARGET, type WalletResult } from "./bench/wallet-codec.js";

/** Headline comparisons: enough rounds for a stable median. */
const MAIN: CompareOptions = { rounds: 24, roundMs: 100, warmupMs: 400 };
/** Sub-step breakdowns: fewer, shorter rounds. */
const DETAIL: CompareOptions = { rounds: 8, roundMs: 60, warmupMs: 150 };
const IMPORT_ROUNDS = 20;
const IMPORT_WARMUP_ROUNDS = 2;
const CLIENT_CALLS = 600;
const CLIENT_WARMUP_CALLS = 100;
const OPENAPI_ROUNDS = 3;
const DIFF_ROUNDS = 3;
const WSDL_ROUNDS = 3;
const COLD_ROUNDS = 3;
const CONTRACT_ROUNDS = 3;
/** The benchmarks `--only` can pick. */
const SECTIONS = ["contracts", "bundles"] as const;
type Section = (typeof SECTIONS)[number];

function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

function round(n: number, digits = 3): number {
  return Number(n.toFixed(digits));
}

function figuresOf(f: CaseFigures): Record<string, number> {
  return {
    wallMs: round(f.wallMs, 1),
    rssMb: round(f.rssMb, 1),
    importMs: round(f.importMs, 1),
    cpuMs: round(f.cpuMs, 1),
  };
}

function restPass(entry: CaseFigures, nothing: CaseFigures): boolean {
  return (
    entry.wallMs - nothing.wallMs <= REST_WALL_TARGET_MS &&
    entry.rssMb - nothing.rssMb <= REST_RSS_TARGET_MB
  );
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

/** The section named by `--only SECTION`, or `undefined` for the whole run; throws on anything else. */
function onlySection(argv: readonly string[]): Section | undefined {
  if (argv.length === 0) return undefined;
  const [flag, value] = argv;
  const section = SECTIONS.find((s) => s === value);
  if (flag !== "--only" || section === undefined || argv.length > 2) {
    throw new Error(`usage: npm run bench [-- --only ${SECTIONS.join("|")}]`);
  }
  return section;
}

/** The JSON summary's figures for benchmark 8. */
function contractsSummary(result: PublishedContractsResult): unknown {
  return result.contracts.map((c) => {
    const figures = (f: { wallMs: number; cpuMs: number; peakMb: number; bytes: number }) => ({
      wallMs: round(f.wallMs, 1),
      cpuMs: round(f.cpuMs, 1),
      peakMb: round(f.peakMb, 1),
      bytes: f.bytes,
    });
    if (c.outcome === "absent") return c;
    if (c.outcome === "refused")
      return { file: c.file, outcome: c.outcome, problems: c.problems, heyApi: figures(c.heyApi) };
    return {
      file: c.file,
      outcome: c.outcome,
      operations: c.operations,
      paygen: figures(c.paygen),
      heyApi: figures(c.heyApi),
    };
  });
}

/** `--only contracts`: benchmark 8 alone, with the same header, table and JSON line as a whole run. */
async function contractsOnly(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadAverage();
  progress(`node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore}`);
  progress(
    `8. generating from each published contract (${CONTRACT_ROUNDS} rounds: paygen, @hey-api/openapi-ts)`,
  );
  const contracts = await runPublishedContractsBenchmark(CONTRACT_ROUNDS);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadAverage();
  console.log("");
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs; load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after`,
  );
  console.log(renderTable(contracts.rows));
  console.log("");
  console.log(
    JSON.stringify({
      bench: "paygen",
      only: "contracts",
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: loadAfter },
      contracts: contractsSummary(contracts),
      seconds: round(seconds, 1),
    }),
  );
}

/** `--only bundles`: benchmark 9 alone, with the same header, table and JSON line as a whole run. */
async function bundlesOnly(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadAverage();
  progress(`node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore}`);
  progress(
    "9. bundling a consumer of one operation (paygen, @hey-api/openapi-ts, with zod, openapi-fetch)",
  );
  const bundles = await runBundlesBenchmark();
  const seconds = (performance.now() - started) / 1000;
  console.log("");
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs; load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(renderTable(bundles.rows));
  console.log("");
  console.log(
    JSON.stringify({
      bench: "paygen",
      only: "bundles",
      node: process.version,
      bundles: bundles.gzipBytes,
      bundleParts: bundles.parts,
      seconds: round(seconds, 1),
    }),
  );
}

function summaryOf(c: Comparison, target: number): Record<string, number | boolean> {
  return {
    paygenOpsPerSec: Math.round(c.subject.opsPerSec),
    baselineOpsPerSec: Math.round(c.baseline.opsPerSec),
    timeRatio: round(c.timeRatio),
    target,
    pass: c.timeRatio <= target,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Row[] = [];
  const loadBefore = loadAverage();
  progress(`node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore}`);

  const model = await loadModel({
    schemasDir: path.join(PROJECT_ROOT, "schemas"),
    cwd: PROJECT_ROOT,
  });

  progress("building the generated package to JavaScript (every benchmark runs the built code)");
  const built = await buildGeneratedPackage(PROJECT_ROOT);
  let wallet: WalletResult;
  let soap: SoapResult;
  let imports: ImportResult;
  let client: ClientResult;
  let fromOpenApi: FromOpenApiResult;
  let fromWsdl: FromWsdlResult;
  let cold: ColdGenerateResult;
  let diffSelf: DiffSelfResult;
  let contracts: PublishedContractsResult;
  let bundles: BundlesResult;
  try {
    const modules = await loadBuiltModules(built.dir);

    progress(
      `1/9 wallet authorization JSON (paygen vs ajv + JSON); build took ${(built.buildMs / 1000).toFixed(1)} s`,
    );
    wallet = runWalletBenchmark(model, modules.payments, MAIN, DETAIL);

    progress(
      `2/9 ARBGetSubscriptionList envelope, ${SUBSCRIPTION_DETAILS} entries (paygen vs fast-xml-parser)`,
    );
    soap = runSoapBenchmark(modules.subscriptions, MAIN, DETAIL);
    if (sinkState().count === 0) throw new Error("the in-process benchmarks produced no results");

    progress(`3/9 import cost in fresh processes (${IMPORT_ROUNDS} rounds of 5 processes)`);
    imports = await runImportBenchmark(built.dir, IMPORT_ROUNDS, IMPORT_WARMUP_ROUNDS);

    progress(`4/9 client overhead over local HTTP (${CLIENT_CALLS} calls each, alternating)`);
    client = await runClientBenchmark(modules.payments, CLIENT_CALLS, CLIENT_WARMUP_CALLS);

    progress(
      `5/9 generating from the published REST specification (${OPENAPI_ROUNDS} rounds: paygen, @hey-api/openapi-ts, openapi-typescript)`,
    );
    fromOpenApi = await runFromOpenApiBenchmark(OPENAPI_ROUNDS);

    progress(
      `6/9 generating from the published WSDL and XSD (${WSDL_ROUNDS} rounds: WSDL, XSD, the YAML schemas)`,
    );
    fromWsdl = await runFromWsdlBenchmark(WSDL_ROUNDS);
    progress(`   and each as \`paygen generate\` cold, in a fresh process (${COLD_ROUNDS} rounds)`);
    cold = await runColdGenerateBenchmark(COLD_ROUNDS);

    progress(
      `7/9 diff of the published REST specification and XSD against themselves (${DIFF_ROUNDS} rounds)`,
    );
    diffSelf = await runDiffSelfBenchmark(DIFF_ROUNDS);

    progress(
      `8/9 generating from each published contract (${CONTRACT_ROUNDS} rounds: paygen, @hey-api/openapi-ts)`,
    );
    contracts = await runPublishedContractsBenchmark(CONTRACT_ROUNDS);

    progress(
      "9/9 bundling a consumer of one operation (paygen, @hey-api/openapi-ts, with zod, openapi-fetch)",
    );
    bundles = await runBundlesBenchmark();
  } finally {
    await built.dispose();
  }
  rows.push(
    ...wallet.rows,
    ...soap.rows,
    ...imports.rows,
    ...client.rows,
    ...fromOpenApi.rows,
    ...fromWsdl.rows,
    ...cold.rows,
    ...diffSelf.rows,
    ...contracts.rows,
    ...bundles.rows,
  );

  const targets = rows.filter((r) => r.pass !== undefined);
  const missed = targets.filter((r) => r.pass === false);
  const seconds = (performance.now() - started) / 1000;
  const c = imports.cases;
  const summary = {
    bench: "paygen",
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: { before: loadBefore, after: loadAverage() },
    wallet: summaryOf(wallet.main, WALLET_TARGET),
    soap: { ...summaryOf(soap.main, SOAP_TARGET), entries: SUBSCRIPTION_DETAILS },
    imports: {
      rounds: imports.rounds,
      nothing: figuresOf(c.nothing),
      payments: { ...figuresOf(c.payments), pass: restPass(c.payments, c.nothing) },
      search: { ...figuresOf(c.search), pass: restPass(c.search, c.nothing) },
      subscriptions: {
        ...figuresOf(c.subscriptions),
        pass: c.subscriptions.wallMs - c["fast-xml-parser"].wallMs <= SOAP_WALL_TARGET_MS,
      },
      fastXmlParser: figuresOf(c["fast-xml-parser"]),
    },
    client: {
      paygenUs: round(client.paygenUs, 1),
      fetchUs: round(client.fetchUs, 1),
      timeRatio: round(client.ratio),
      target: CLIENT_TARGET,
      pass: client.ratio < CLIENT_TARGET,
      calls: client.calls,
    },
    fromOpenApi: {
      operations: fromOpenApi.operations,
      paygenMsPerOperation: round(fromOpenApi.msPerOperation.paygen),
      heyApiMsPerOperation: round(fromOpenApi.msPerOperation["hey-api"]),
      openapiTypescriptMsPerOperation: round(fromOpenApi.msPerOperation["openapi-typescript"]),
      cpuMsPerOperation: Object.fromEntries(
        Object.entries(fromOpenApi.cpuMsPerOperation).map(([k, v]) => [k, round(v)]),
      ),
      peakMb: Object.fromEntries(
        Object.entries(fromOpenApi.peakMb).map(([k, v]) => [k, round(v, 1)]),
      ),
    },
    fromWsdl: {
      operations: fromWsdl.operations,
      types: fromWsdl.types,
      wsdlMsPerType: round(fromWsdl.msPerType.wsdl),
      xsdMsPerType: round(fromWsdl.msPerType.xsd),
      yamlMsPerType: round(fromWsdl.msPerType.yaml),
    },
    coldGenerate: {
      wallMs: Object.fromEntries(Object.entries(cold.wallMs).map(([k, v]) => [k, round(v)])),
      cpuMs: Object.fromEntries(Object.entries(cold.cpuMs).map(([k, v]) => [k, round(v)])),
      peakMb: Object.fromEntries(Object.entries(cold.peakMb).map(([k, v]) => [k, round(v)])),
    },
    diffSelf: Object.fromEntries(Object.entries(diffSelf.ms).map(([k, v]) => [k, round(v, 1)])),
    contracts: contractsSummary(contracts),
    bundles: bundles.gzipBytes,
    bundleParts: bundles.parts,
    targets: targets.length,
    missed: missed.map((r) => r.name.trim()),
    seconds: round(seconds, 1),
  };

  console.log("");
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs; load average (1, 5, 15 min) ${loadBefore} before, ${summary.loadAverage.after} after`,
  );
  console.log(renderTable(rows));
  console.log("");
  console.log(
    missed.length === 0
      ? `All ${targets.length} targets met (${seconds.toFixed(0)} s).`
      : `${missed.length} of ${targets.length} targets missed: ${summary.missed.join("; ")} (${seconds.toFixed(0)} s).`,
  );
  console.log(JSON.stringify(summary));
}

try {
  const section = onlySection(process.argv.slice(2));
  if (section === "contracts") await contractsOnly();
  else if (section === "bundles") await bundlesOnly();
  else await main();
} catch (error) {
  console.error(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
}
