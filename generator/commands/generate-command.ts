import path from "node:path";
import { parseArgs } from "node:util";
import { SchemaErrors, formatDiagnostic } from "../diagnostics/diagnostic.js";
import { SourceProblemsError } from "../frontends/source/source-problem.js";
import { warningSummary } from "../diagnostics/warning-summary.js";
import { MODEL_RECORD, modelRecordFile } from "../diff/model-record.js";
import { withInputLog } from "../input-log.js";
import { CACHE_DIR } from "../project-paths.js";
import { staleFiles, writeAtomic } from "../write/write-atomic.js";
import { CONFIG_FILE } from "./config-file.js";
import { DEFAULT_PACKAGE_NAME } from "./package-name.js";
import { planRun, UsageError, type PackagePlan, type RunPlan } from "./package-plans.js";
import { readPackageVersion, VERSION_FILE } from "./package-version.js";
import { generatorIdentity, runKey, saveRunRecord, unchangedRun } from "./run-record.js";
import { watchPackages } from "./watch-packages.js";
import { restParameters } from "../model/rest-parameters.js";
import type { GenerateOptions } from "../generate.js";

export const GENERATE_USAGE = `usage: paygen generate [--schemas DIR | --from FILE [--from FILE ...]] [--out DIR] [--name NAME] [--version-file FILE] [--no-cache] [--verbose] [--strict] [--server] [--mock [--seed N]] [--check | --watch]
       (npm run generate -- ... in this project)

  Without options, every package ${CONFIG_FILE} (or package.json's "paygen" key) lists, each with its
  own settings; without a configuration, schemas/ into generated/. Options override the configuration's.

  --schemas DIR  schema folder of the YAML schema language (default: schemas)
  --from FILE    a published contract instead (WSDL, XML Schema, Swagger/OpenAPI; recognised by content); repeatable
  --out DIR      output folder (default: generated)
  --name NAME    the generated package's npm name, scoped or not (default: ${DEFAULT_PACKAGE_NAME})
  --version-file FILE  the generated package's version, one line (default: ${VERSION_FILE}; without it, 0.1.0)
  --no-cache     format every file, and generate even when nothing changed since the last run
                 (by default, formatted files are cached, and a run whose generator, inputs and
                 output are those of the last run of the same command says so and stops)
  --verbose      print each warning (where a contract is read approximately: the most precise safe
                 type instead of the exact one); by default the summary counts them by kind
  --strict       every warning is an error: exit 1 and write nothing when a contract is read approximately
  --server       the package also has the server side: each service's server entry (<service>/server),
                 reading requests and writing answers for a stand-in of the service (create<Service>Server);
                 ("server": true in the configuration); without either, the package is the clients alone
  --mock         the server side (as --server), each server entry also holding a mock: default answers
                 synthesized from the contract (valid by its validators) and create<Service>Mock();
                 see \`paygen mock\`
  --seed N       the seed of the mock's answers (default: 1): same seed, same answers
  --check        write nothing; exit 1 and name the stale files if DIR differs from a fresh generation,
                 with what the schema change does to the package and the release it needs
  --watch        generate, then again whenever a schema (or --from contract, or the version file) changes,
                 saying what changed, and every package when the configuration changes; a schema or
                 configuration error is printed and watching goes on; Ctrl-C stops`;

/** `paygen generate`: returns the exit code. With `--watch`, it returns when `stop` aborts (by default SIGINT or SIGTERM). */
export async function generateCommand(
  argv: readonly string[],
  log = console.log,
  err = console.error,
  stop?: AbortSignal,
): Promise<number> {
  const USAGE = GENERATE_USAGE;
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        schemas: { type: "string" },
        from: { type: "string", multiple: true },
        out: { type: "string" },
        name: { type: "string" },
        "version-file": { type: "string" },
        check: { type: "boolean", default: false },
        "no-cache": { type: "boolean", default: false },
        watch: { type: "boolean", default: false },
        verbose: { type: "boolean", default: false },
        strict: { type: "boolean", default: false },
        server: { type: "boolean", default: false },
        mock: { type: "boolean", default: false },
        seed: { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    log(USAGE);
    return 0;
  }
  const seed = args.values.seed === undefined ? 1 : Number(args.values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    err(`--seed takes a whole number of 0 or more\n${USAGE}`);
    return 2;
  }
  if (args.values.watch && args.values.check) {
    err(`--watch and --check do not go together: --check writes nothing\n${USAGE}`);
    return 2;
  }
  let planned: RunPlan;
  try {
    planned = await planRun(args.values, process.cwd());
  } catch (error) {
    return configProblem(error, err);
  }
  const once = (plan: PackagePlan, watching: boolean) => {
    const outDir = path.resolve(plan.out);
    const values = {
      check: args.values.check,
      from: plan.from,
      "version-file": plan.versionFile,
      "no-cache": plan.noCache,
      name: plan.name,
      verbose: args.values.verbose,
      strict: args.values.strict,
      server: plan.server,
      mock: args.values.mock ? seed : undefined,
    };
    return generateOnce(
      values,
      {
        schemasDir: path.resolve(plan.schemas),
        outDir,
        outLabel: path.relative(process.cwd(), outDir) || ".",
        watching,
      },
      log,
      err,
    );
  };
  if (!args.values.watch) {
    let code = 0;
    for (const plan of planned.packages) code = Math.max(code, await once(plan, false));
    return code;
  }

  // Watch mode: a first run of every package, then one per change, until stopped.
  for (const plan of planned.packages) await once(plan, true);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  if (!stop) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  }
  const finished = await watchPackages(planned, {
    replan: () => planRun(args.values, process.cwd()),
    generate: (plan) => once(plan, true),
    configProblem: (error) => configProblem(error, err),
    log,
    err,
    signal: stop ?? controller.signal,
  });
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  if (!finished) err("paygen: a run under way did not finish; stopped without it");
  log("paygen: stopped watching");
  return 0;
}

/** A configuration that cannot be read, or options that do not go with it: its exit code, after saying why. */
function configProblem(error: unknown, err: (text: string) => void): number {
  if (error instanceof UsageError) {
    err(`paygen: ${error.message}\n${GENERATE_USAGE}`);
    return 2;
  }
  if (error instanceof SourceProblemsError) {
    for (const problem of error.problems) err(problem.message);
    err(
      `paygen: ${error.problems.length} problem${error.problems.length === 1 ? "" : "s"} in the configuration; nothing was written`,
    );
    return 1;
  }
  err(`paygen: ${error instanceof Error ? error.message : String(error)}; nothing was written`);
  return 1;
}

/** The options of one generation, as parsed. */
interface GenerateValues {
  readonly from?: readonly string[] | undefined;
  readonly name?: string | undefined;
  readonly "version-file"?: string | undefined;
  readonly check?: boolean | undefined;
  readonly "no-cache"?: boolean | undefined;
  readonly verbose?: boolean | undefined;
  readonly strict?: boolean | undefined;
  /** The package has the server side (a mock implies it). */
  readonly server?: boolean | undefined;
  /** The seed of a mock in each server entry; no mock when absent. */
  readonly mock?: number | undefined;
}

/**
 * One generation: write the output (or, with `check`, compare it). When
 * `watching`, it also says what the run changed: the output files, and what
 * the schema change does to the package.
 */
async function generateOnce(
  values: GenerateValues,
  where: {
    readonly schemasDir: string;
    readonly outDir: string;
    readonly outLabel: string;
    readonly watching: boolean;
  },
  log: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const { schemasDir, outDir, outLabel, watching } = where;
  const started = performance.now();
  const key = runKey({
    cwd: process.cwd(),
    outDir,
    schemasDir: values.from ? undefined : schemasDir,
    from: values.from?.map((f) => path.resolve(f)),
    versionFile:
      values["version-file"] === undefined ? undefined : path.resolve(values["version-file"]),
    name: values.name,
    server: values.server === true ? "server" : undefined,
    mock: values.mock === undefined ? undefined : String(values.mock),
  });
  try {
    // The same command with the same generator, inputs and output as last time: the output is what a run would write.
    const cached = values["no-cache"] !== true;
    // --verbose and --strict are about the warnings of a read: they always read.
    const unchanged =
      watching || !cached || values.verbose || values.strict ? undefined : await unchangedRun(key);
    if (unchanged) {
      const ms = Math.round(performance.now() - started);
      log(
        `paygen: ${unchanged.summary}, ${unchanged.fileCount} files up to date in ${outLabel}/ (inputs unchanged since the last run; ${ms} ms)`,
      );
      return 0;
    }
    // The pipeline (ts-morph, prettier) is loaded only when there is something to generate.
    const { loadCheckedModel, emitFiles } = await import("../generate.js");
    const options: GenerateOptions = {
      ...(values.name !== undefined ? { packageName: values.name } : {}),
      schemasDir,
      ...(values.from ? { from: values.from } : {}),
      ...(cached
        ? {
            formatCacheDir: path.join(CACHE_DIR, "paygen-format"),
            previousDir: outDir,
          }
        : {}),
      ...(values.strict ? { strict: true } : {}),
      ...(values.server === true ? { server: true } : {}),
      ...(values.mock !== undefined ? { mock: { seed: values.mock } } : {}),
    };
    // Only the version file and the front ends read inputs: the log (and the async hooks it
    // runs on, a cost to every promise) is kept for their stage alone.
    const { result: read, inputs } = await withInputLog(async () => ({
      version: await readPackageVersion(process.cwd(), values["version-file"]),
      ...(await loadCheckedModel(options)),
    }));
    const { version, model, warnings } = read;
    const files = await emitFiles(model, { ...options, packageVersion: version.version });
    if (values.verbose) for (const w of warnings) err(formatDiagnostic(w));
    const warned =
      warnings.length === 0
        ? ""
        : `; ${warningSummary(warnings)}${values.verbose ? "" : "; --verbose prints each"}`;
    const types = model.services.reduce((n, s) => n + s.types.length + s.enums.length, 0);
    const operations = model.services.reduce((n, s) => n + s.operations.length, 0);
    // Marks paygen recognised by field and parameter names (model/infer-sensitive.ts): the README lists each.
    const inferred = model.services.reduce(
      (n, s) =>
        n +
        s.types.reduce(
          (m, t) => m + t.fields.filter((f) => f.sensitiveReason !== undefined).length,
          0,
        ),
      0,
    );
    const inferredParameters = model.services.reduce(
      (n, s) =>
        n + restParameters(s).filter((p) => p.parameter.sensitiveReason !== undefined).length,
      0,
    );
    const recognised = [
      ...(inferred > 0 ? [`${inferred} sensitive fields`] : []),
      ...(inferredParameters > 0 ? [`${inferredParameters} sensitive parameters`] : []),
    ];
    const summary = `${model.services.length} services, ${types} types, ${operations} operations${recognised.length > 0 ? `, ${recognised.join(" and ")} recognised by name` : ""}`;
    if (values.check) {
      // The model record describes the output; it is never what makes the output stale.
      const stale = (await staleFiles(outDir, files)).filter(
        (s) => !s.startsWith(`${MODEL_RECORD} `),
      );
      const ms = Math.round(performance.now() - started);
      if (stale.length > 0) {
        err(`paygen: ${outLabel}/ is stale (${stale.length} files); run \`npm run generate\`:`);
        for (const s of stale) err(`  ${s}`);
        const { checkSummary } = await import("../diff/check-summary.js");
        const effect = await checkSummary(
          outDir,
          outLabel,
          model,
          version.version,
          version.file ?? "the default: there is no version file",
        );
        for (const line of effect.lines) err(line);
        return 1;
      }
      log(
        `paygen: ${summary}, ${files.length} files up to date in ${outLabel}/ (${ms} ms)${warned}`,
      );
      return 0;
    }
    // What this run changes, said before the output is replaced (watch mode).
    const changes = watching
      ? (await staleFiles(outDir, files)).filter((s) => !s.startsWith(`${MODEL_RECORD} `))
      : [];
    const effect =
      watching && changes.length > 0
        ? await (
            await import("../diff/check-summary.js")
          ).checkSummary(
            outDir,
            outLabel,
            model,
            version.version,
            version.file ?? "the default: there is no version file",
          )
        : undefined;
    const written = [...files, modelRecordFile(model, version.version)];
    await writeAtomic(outDir, written);
    await saveRunRecord(
      key,
      { outDir, generator: await generatorIdentity(), inputs, summary, fileCount: files.length },
      written,
    );
    const ms = Math.round(performance.now() - started);
    log(`paygen: ${summary}, ${files.length} files written to ${outLabel}/ in ${ms} ms${warned}`);
    if (watching) {
      log(
        changes.length === 0
          ? `paygen: ${outLabel}/ is unchanged`
          : `paygen: ${changes.length} file${changes.length === 1 ? "" : "s"} changed in ${outLabel}/: ${changes.map((c) => c.replace(/ \(.*\)$/, "")).join(", ")}`,
      );
      for (const line of effect?.lines ?? []) log(line);
    }
    return 0;
  } catch (error) {
    if (error instanceof SchemaErrors) {
      for (const d of error.diagnostics) err(formatDiagnostic(d));
      err(
        `paygen: ${error.diagnostics.length} problem${error.diagnostics.length === 1 ? "" : "s"} in the ${values.from ? "contracts" : "schemas"}; nothing was written`,
      );
      return 1;
    }
    err(`paygen: ${error instanceof Error ? error.message : String(error)}; nothing was written`);
    return 1;
  }
}
