/**
 * Benchmark 9: what a caller's application ships for one operation. A few
 * lines that call one operation are bundled with esbuild (ESM, minified) and
 * the gzipped bundle is the figure: the published REST specification's
 * `createPayment`, and the payments entry's `authorize` (the same
 * `POST /pts/v2/payments`), each as the operation's function and, for
 * comparison, through the client object that holds every operation. The
 * baselines are built in the same run from the same specification:
 * @hey-api/openapi-ts with its default plugins, with its zod plugin
 * validating request and response (what paygen's validators and readers
 * do), and openapi-fetch. Sizes are deterministic: one build each.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { bundleConsumer, type ConsumerBundle } from "./consumer-bundle.js";
import { bundleParts } from "./bundle-parts.js";
import { heyApiArgs, PUBLISHED_SPEC } from "./from-openapi.js";
import { type Row } from "./row.js";
import { timeNodeProcess } from "./timed-process.js";

/** Issue 25's targets, gzipped KiB. */
export const CREATE_PAYMENT_TARGET_KB = 20;
export const AUTHORIZE_TARGET_KB = 12;

/** The REST specification's service directory and its names, as paygen generates them. */
const SPEC_SERVICE = "cybersource-merged-spec";
const SPEC_CONFIGURE = "configureCybersourceMergedSpec";
const SPEC_FACTORY = "createCybersourceMergedSpecClient";

export interface BundlesResult {
  readonly rows: readonly Row[];
  /** Gzipped bytes of each consumer. */
  readonly gzipBytes: Readonly<Record<string, number>>;
  /** Of the two one-function consumers, what each part adds to the gzipped bundle (`bundle-parts.ts`). */
  readonly parts: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

type Parts = Awaited<ReturnType<typeof bundleParts>>;

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const figure = (b: ConsumerBundle): string => `${kb(b.gzipBytes)} gz (${kb(b.bytes)})`;

/** `import { names } from entry; export const answer = call;` */
function consumer(entry: string, names: string, call: string): string {
  return `import ${names} from ${JSON.stringify(entry)};\nexport const answer = ${call};\n`;
}

/** @hey-api/openapi-ts with its zod plugin, the SDK validating requests and responses with it. */
function heyApiZodArgs(spec: string, out: string): string[] {
  const plugins = `["@hey-api/typescript", "@hey-api/client-fetch", "zod", { name: "@hey-api/sdk", validator: true }]`;
  return [
    "--input-type=module",
    "-e",
    `const { createClient } = await import("@hey-api/openapi-ts"); await createClient({ input: ${JSON.stringify(spec)}, output: { path: ${JSON.stringify(out)} }, plugins: ${plugins}, logs: { level: "silent" } });`,
  ];
}

/** Whether a package resolves from the project (an optional baseline is skipped when it does not). */
function installed(name: string): boolean {
  return existsSync(path.join(PROJECT_ROOT, "node_modules", name, "package.json"));
}

export async function runBundlesBenchmark(): Promise<BundlesResult> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-bench-bundles-"));
  try {
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
    const generated = path.join(PROJECT_ROOT, "generated");
    const payments = "./payments/index.ts";
    const config = `{ baseUrl: "https://gateway.test" }`;
    const authorizeCall = consumer(
      payments,
      "{ authorize, configurePayments }",
      `authorize(configurePayments(${config}), {})`,
    );
    const parts: Record<string, Parts> = { authorize: await bundleParts(authorizeCall, generated) };
    const sizes: Record<string, ConsumerBundle> = {
      authorize: await bundleConsumer(authorizeCall, generated),
      authorizeClient: await bundleConsumer(
        consumer(
          payments,
          "{ createPaymentsClient }",
          `createPaymentsClient(${config}).authorize({})`,
        ),
        generated,
      ),
    };
    const hasSpec = existsSync(PUBLISHED_SPEC);
    if (hasSpec) {
      const out = (side: string) => path.join(root, side);
      await timeNodeProcess(
        [
          path.join(PROJECT_ROOT, "scripts", "paygen.mjs"),
          "generate",
          "--from",
          PUBLISHED_SPEC,
          "--no-cache",
          "--out",
          out("paygen"),
        ],
        "paygen on the published REST specification",
      );
      const entry = `./${SPEC_SERVICE}/index.ts`;
      const createPaymentCall = consumer(
        entry,
        `{ createPayment, ${SPEC_CONFIGURE} }`,
        `createPayment(${SPEC_CONFIGURE}(), {})`,
      );
      sizes["createPayment"] = await bundleConsumer(createPaymentCall, out("paygen"));
      parts["createPayment"] = await bundleParts(createPaymentCall, out("paygen"));
      sizes["createPaymentClient"] = await bundleConsumer(
        consumer(entry, `{ ${SPEC_FACTORY} }`, `${SPEC_FACTORY}().createPayment({})`),
        out("paygen"),
      );
      await timeNodeProcess(heyApiArgs(PUBLISHED_SPEC, out("hey-api")), "@hey-api/openapi-ts");
      const heyCall = consumer("./sdk.gen.ts", "{ createPayment }", "createPayment({ body: {} })");
      sizes["heyApi"] = await bundleConsumer(heyCall, out("hey-api"));
      if (installed("zod")) {
        await timeNodeProcess(
          heyApiZodArgs(PUBLISHED_SPEC, out("hey-api-zod")),
          "@hey-api/openapi-ts with zod",
        );
        sizes["heyApiZod"] = await bundleConsumer(heyCall, out("hey-api-zod"));
      }
      if (installed("openapi-fetch"))
        sizes["openapiFetch"] = await bundleConsumer(
          consumer(
            "openapi-fetch",
            "createClient",
            `createClient({ baseUrl: "https://gateway.test" }).POST("/pts/v2/payments", { body: {} })`,
          ),
          root,
        );
    }
    return {
      rows: [...rowsOf(sizes, hasSpec), ...partRows(parts)],
      gzipBytes: Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, v.gzipBytes])),
      parts: Object.fromEntries(
        Object.entries(parts).map(([k, v]) => [
          k,
          Object.fromEntries(v.map((p) => [p.part, p.gzipBytes])),
        ]),
      ),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Informational rows: what each part of the two one-function bundles adds, gzipped. */
function partRows(parts: Readonly<Record<string, Parts>>): Row[] {
  const row = (name: string, of: Parts | undefined): Row[] =>
    of === undefined
      ? []
      : [
          {
            name,
            value: "KB gz each part adds",
            baseline: of.map((p) => `${p.part} ${(p.gzipBytes / 1024).toFixed(1)}`).join(", "),
            comparison: "",
            target: "",
            pass: undefined,
          },
        ];
  return [
    ...row("   9c. where 9a's bytes go", parts["createPayment"]),
    ...row("   9d. where 9b's bytes go", parts["authorize"]),
  ];
}

function rowsOf(sizes: Readonly<Record<string, ConsumerBundle>>, hasSpec: boolean): Row[] {
  const baselines = [
    sizes["heyApi"] && `hey-api ${figure(sizes["heyApi"])}`,
    sizes["heyApiZod"]
      ? `hey-api + zod ${figure(sizes["heyApiZod"])}`
      : installed("zod")
        ? undefined
        : "hey-api + zod: zod absent",
    sizes["openapiFetch"]
      ? `openapi-fetch ${figure(sizes["openapiFetch"])}`
      : installed("openapi-fetch")
        ? undefined
        : "openapi-fetch: absent",
  ].filter((b): b is string => b !== undefined);
  const against = (b: ConsumerBundle): string => {
    const zod = sizes["heyApiZod"];
    const hey = sizes["heyApi"];
    return [
      ...(zod ? [`${(b.gzipBytes / zod.gzipBytes).toFixed(2)}× hey-api + zod`] : []),
      ...(hey ? [`${(b.gzipBytes / hey.gzipBytes).toFixed(2)}× hey-api`] : []),
    ].join(", ");
  };
  const row = (
    name: string,
    bundle: ConsumerBundle,
    client: ConsumerBundle,
    targetKb: number,
  ): Row => ({
    name,
    value: figure(bundle),
    baseline: [`the client object ${figure(client)}`, ...baselines].join("; "),
    comparison: against(bundle),
    target: `≤ ${targetKb} KB gz`,
    pass: bundle.gzipBytes <= targetKb * 1024,
  });
  const rows: Row[] = [];
  const createPayment = sizes["createPayment"];
  const createPaymentClient = sizes["createPaymentClient"];
  if (hasSpec && createPayment && createPaymentClient)
    rows.push(
      row(
        "9a. bundle of one operation: the REST specification's createPayment",
        createPayment,
        createPaymentClient,
        CREATE_PAYMENT_TARGET_KB,
      ),
    );
  else
    rows.push({
      name: "9a. bundle of one operation: the REST specification's createPayment",
      value: "skipped: ../shared/specs is absent",
      baseline: "",
      comparison: "",
      target: "",
      pass: undefined,
    });
  rows.push(
    row(
      "9b. bundle of one operation: the payments entry's authorize",
      sizes["authorize"]!,
      sizes["authorizeClient"]!,
      AUTHORIZE_TARGET_KB,
    ),
  );
  return rows;
}
