/**
 * Benchmark 7: `paygen diff` of a published contract against itself (the
 * REST specification, then the XML schema), which must find no change. The
 * baseline is reading both sides alone (front end, checker, model), in the
 * same run: the ratio says what comparing adds to reading. A side is
 * skipped, with the reason in its row, when no front end reads its format.
 */
import path from "node:path";
import { diffModels } from "../../generator/diff/compare-model.js";
import { CONTRACT_FRONT_ENDS } from "../../generator/frontends/registry.js";
import { loadModel, PROJECT_ROOT } from "../../generator/generate.js";
import type { Model } from "../../generator/model/ir.js";
import { formatMs, formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";

const SPECS = path.join(PROJECT_ROOT, "..", "shared", "specs");
const CONTRACTS = [
  {
    label: "the published REST specification",
    format: "openapi",
    file: path.join(SPECS, "cybersource-rest-spec.2020-02-17.json"),
  },
  { label: "the published XSD", format: "xsd", file: path.join(SPECS, "AnetApiSchema.xsd") },
] as const;

export interface DiffSelfResult {
  readonly rows: readonly Row[];
  /** Median ms of a whole diff (both sides read, then compared), per contract; absent when skipped. */
  readonly ms: Readonly<Record<string, number>>;
}

export async function runDiffSelfBenchmark(rounds: number): Promise<DiffSelfResult> {
  const rows: Row[] = [];
  const ms: Record<string, number> = {};
  for (const [i, c] of CONTRACTS.entries()) {
    const name = `${i === 0 ? "7." : "  7b."} diff of ${c.label} against itself`;
    if (!CONTRACT_FRONT_ENDS.some((f) => (f.formats as readonly string[]).includes(c.format))) {
      rows.push({
        name,
        value: "skipped",
        baseline: `no ${c.format} front end is registered`,
        comparison: "",
        target: "",
        pass: undefined,
      });
      continue;
    }
    const load = () => loadModel({ schemasDir: SPECS, from: [c.file], cwd: SPECS });
    const readBoth = async (): Promise<[Model, Model]> => [await load(), await load()];
    // One untimed run of each side first (module loading, engine warm-up).
    const [a, b] = await readBoth();
    if ((await diffModels(a, b)).length !== 0)
      throw new Error(`the diff of ${c.label} against itself is not empty`);
    const whole: number[] = [];
    const reading: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let started = performance.now();
      await readBoth();
      reading.push(performance.now() - started);
      started = performance.now();
      const [x, y] = await readBoth();
      const changes = await diffModels(x, y);
      whole.push(performance.now() - started);
      if (changes.length !== 0)
        throw new Error(`the diff of ${c.label} against itself is not empty`);
    }
    ms[c.format] = median(whole);
    rows.push({
      name,
      value: formatMs(median(whole)),
      baseline: `${formatMs(median(reading))} reading both sides`,
      comparison: `time ${formatRatio(median(whole) / median(reading))}`,
      target: "",
      pass: undefined,
    });
  }
  return { rows, ms };
}
