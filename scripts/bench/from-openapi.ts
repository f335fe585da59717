/**
 * Benchmark 5: generating a client from the published REST specification
 * (Swagger 2.0, 61 operations), paygen against two OpenAPI generators on the
 * same file in the same run: @hey-api/openapi-ts (types and a fetch client)
 * and openapi-typescript (types only; its 5.x line, the last that reads
 * Swagger 2.0). Each side reads the file and writes its output to a fresh
 * temporary folder; the sides alternate in every round, and each figure is
 * the median of the rounds, reported per operation.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { formatMs, formatRatio, type Row } from "./row.js";
import { median } from "./stats.js";

export const PUBLISHED_SPEC = path.join(PROJECT_ROOT, "..", "shared", "specs", "cybersource-rest-spec.2020-02-17.json");

type Side = "paygen" | "hey-api" | "openapi-typescript";
const SIDES: readonly Side[] = ["paygen", "hey-api", "openapi-typescript"];

export interface FromOpenApiResult {
  readonly rows: readonly Row[];
  readonly operations: number;
  /** Median ms per operation of each side. */
  readonly msPerOperation: Readonly<Record<Side, number>>;
}

export async function runFromOpenApiBenchmark(rounds: number): Promise<FromOpenApiResult> {
  const { createClient } = await import("@hey-api/openapi-ts");
  const { default: openapiTS } = await import("openapi-typescript");
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-openapi-"));
  let operations = 0;
  let n = 0;
  const run: Record<Side, (out: string) => Promise<void>> = {
    paygen: async (out) => {
      const { files, model } = await generate({ schemasDir: "", from: [PUBLISHED_SPEC], cwd: PROJECT_ROOT });
      operations = model.services[0]?.operations.length ?? 0;
      for (const f of files) {
        await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
        await writeFile(path.join(out, f.path), f.content);
      }
    },
    "hey-api": async (out) => {
      await createClient({ input: PUBLISHED_SPEC, output: { path: out }, logs: { level: "silent" } } as Parameters<typeof createClient>[0]);
    },
    "openapi-typescript": async (out) => {
      const text = await openapiTS(PUBLISHED_SPEC, { silent: true });
      await mkdir(out, { recursive: true });
      await writeFile(path.join(out, "schema.ts"), text);
    },
  };
  const samples: Record<Side, number[]> = { paygen: [], "hey-api": [], "openapi-typescript": [] };
  try {
    // One untimed run of each side first (module loading, engine warm-up).
    for (const side of SIDES) await run[side](path.join(root, `warm-${side}`));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? SIDES : [...SIDES].reverse();
      for (const side of order) {
        const out = path.join(root, `${side}-${n++}`);
        const started = performance.now();
        await run[side](out);
        samples[side].push(performance.now() - started);
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  if (operations !== 61) throw new Error(`the published specification gave ${operations} operations, not 61`);
  const perOp = (side: Side) => median(samples[side]) / operations;
  const msPerOperation = { paygen: perOp("paygen"), "hey-api": perOp("hey-api"), "openapi-typescript": perOp("openapi-typescript") };
  const rows: Row[] = [
    {
      name: `5. generate from the published REST spec (${operations} operations), per operation`,
      value: formatMs(msPerOperation.paygen),
      baseline: `${formatMs(msPerOperation["hey-api"])} @hey-api/openapi-ts`,
      comparison: `time ${formatRatio(msPerOperation.paygen / msPerOperation["hey-api"])}`,
      target: "",
      pass: undefined,
    },
    {
      name: "   5b. against openapi-typescript (types only)",
      value: formatMs(msPerOperation.paygen),
      baseline: `${formatMs(msPerOperation["openapi-typescript"])} openapi-typescript`,
      comparison: `time ${formatRatio(msPerOperation.paygen / msPerOperation["openapi-typescript"])}`,
      target: "",
      pass: undefined,
    },
  ];
  return { rows, operations, msPerOperation };
}
