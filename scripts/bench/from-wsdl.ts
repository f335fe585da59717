/**
 * Benchmark 6: generating a package from the published SOAP contracts (the
 * WSDL, 30 operations, and the XML schema) against generating the project's
 * own YAML schemas (`schemas/`, three services), in the same run. No other
 * generator reads these files into TypeScript here, so the baseline is
 * paygen's own pipeline on hand-written schemas: the ratio says what reading
 * WSDL/XSD costs over reading YAML, per type generated. The sides alternate
 * in every round; each figure is the median of the rounds, written to a
 * fresh temporary folder as the command would.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { formatMs, formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";

const SPECS = path.join(PROJECT_ROOT, "..", "shared", "specs");
export const PUBLISHED_WSDL = path.join(SPECS, "Service.2015-02-02.wsdl");
export const PUBLISHED_XSD = path.join(SPECS, "AnetApiSchema.xsd");

type Side = "wsdl" | "xsd" | "yaml";
const SIDES: readonly Side[] = ["wsdl", "xsd", "yaml"];

export interface FromWsdlResult {
  readonly rows: readonly Row[];
  readonly operations: number;
  /** Types and enums each side generates. */
  readonly types: Readonly<Record<Side, number>>;
  /** Median ms per generated type (types and enums) of each side. */
  readonly msPerType: Readonly<Record<Side, number>>;
}

export async function runFromWsdlBenchmark(rounds: number): Promise<FromWsdlResult> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-wsdl-"));
  const types: Record<Side, number> = { wsdl: 0, xsd: 0, yaml: 0 };
  let operations = 0;
  let n = 0;
  const once = async (side: Side, out: string) => {
    const { files, model } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      ...(side === "yaml" ? {} : { from: [side === "wsdl" ? PUBLISHED_WSDL : PUBLISHED_XSD] }),
      cwd: PROJECT_ROOT,
      // The whole package, server side included, as the figures of docs/benchmarks.md were measured.
      server: true,
    });
    types[side] = model.services.reduce((sum, s) => sum + s.types.length + s.enums.length, 0);
    if (side === "wsdl")
      operations = model.services.reduce((sum, s) => sum + s.operations.length, 0);
    for (const f of files) {
      await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
      await writeFile(path.join(out, f.path), f.content);
    }
  };
  const samples: Record<Side, number[]> = { wsdl: [], xsd: [], yaml: [] };
  try {
    // One untimed run of each side first (module loading, engine warm-up).
    for (const side of SIDES) await once(side, path.join(root, `warm-${side}`));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? SIDES : [...SIDES].reverse();
      for (const side of order) {
        const out = path.join(root, `${side}-${n++}`);
        const started = performance.now();
        await once(side, out);
        samples[side].push(performance.now() - started);
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  if (operations !== 30)
    throw new Error(`the published WSDL gave ${operations} operations, not 30`);
  const perType = (side: Side) => median(samples[side]) / types[side];
  const msPerType = { wsdl: perType("wsdl"), xsd: perType("xsd"), yaml: perType("yaml") };
  const baseline = `${formatMs(msPerType.yaml)} schemas/ (YAML, ${types.yaml} types)`;
  const rows: Row[] = [
    {
      name: `6. generate from the published WSDL (${operations} operations, ${types.wsdl} types), per type`,
      value: formatMs(msPerType.wsdl),
      baseline,
      comparison: `time ${formatRatio(msPerType.wsdl / msPerType.yaml)}`,
      target: "",
      pass: undefined,
    },
    {
      name: `   6b. from the published XSD (${types.xsd} types), per type`,
      value: formatMs(msPerType.xsd),
      baseline,
      comparison: `time ${formatRatio(msPerType.xsd / msPerType.yaml)}`,
      target: "",
      pass: undefined,
    },
  ];
  return { rows, operations, types, msPerType };
}
