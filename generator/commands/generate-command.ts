import path from "node:path";
import { parseArgs } from "node:util";
import { SchemaErrors, formatDiagnostic } from "../diagnostics/diagnostic.js";
import { checkSummary } from "../diff/check-summary.js";
import { MODEL_RECORD, modelRecordFile } from "../diff/model-record.js";
import { generate, PROJECT_ROOT } from "../generate.js";
import { staleFiles, writeAtomic } from "../write/write-atomic.js";
import { readPackageVersion, VERSION_FILE } from "./package-version.js";

export const GENERATE_USAGE = `usage: paygen generate [--schemas DIR | --from FILE [--from FILE ...]] [--out DIR] [--version-file FILE] [--check]
       (npm run generate -- ... in this project)

  --schemas DIR  schema folder of the YAML schema language (default: schemas)
  --from FILE    a published contract instead (WSDL, XML Schema, Swagger/OpenAPI; recognised by content); repeatable
  --out DIR      output folder (default: generated)
  --version-file FILE  the generated package's version, one line (default: ${VERSION_FILE}; without it, 0.1.0)
  --check        write nothing; exit 1 and name the stale files if DIR differs from a fresh generation,
                 with what the schema change does to the package and the release it needs`;

/** `paygen generate`: returns the exit code. */
export async function generateCommand(argv: readonly string[], log = console.log, err = console.error): Promise<number> {
  const USAGE = GENERATE_USAGE;
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        schemas: { type: "string", default: "schemas" },
        from: { type: "string", multiple: true },
        out: { type: "string", default: "generated" },
        "version-file": { type: "string" },
        check: { type: "boolean", default: false },
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
  const started = performance.now();
  const schemasDir = path.resolve(args.values.schemas);
  const outDir = path.resolve(args.values.out);
  const outLabel = path.relative(process.cwd(), outDir) || ".";
  try {
    const version = await readPackageVersion(process.cwd(), args.values["version-file"]);
    const { model, files } = await generate({
      packageVersion: version.version,
      schemasDir,
      ...(args.values.from ? { from: args.values.from } : {}),
      formatCacheDir: path.join(PROJECT_ROOT, "node_modules", ".cache", "paygen-format"),
      previousDir: outDir,
    });
    const types = model.services.reduce((n, s) => n + s.types.length + s.enums.length, 0);
    const operations = model.services.reduce((n, s) => n + s.operations.length, 0);
    const summary = `${model.services.length} services, ${types} types, ${operations} operations`;
    if (args.values.check) {
      // The model record describes the output; it is never what makes the output stale.
      const stale = (await staleFiles(outDir, files)).filter((s) => !s.startsWith(`${MODEL_RECORD} `));
      const ms = Math.round(performance.now() - started);
      if (stale.length > 0) {
        err(`paygen: ${outLabel}/ is stale (${stale.length} files); run \`npm run generate\`:`);
        for (const s of stale) err(`  ${s}`);
        const effect = await checkSummary(outDir, outLabel, model, version.version, version.file ?? "the default: there is no version file");
        for (const line of effect.lines) err(line);
        return 1;
      }
      log(`paygen: ${summary}, ${files.length} files up to date in ${outLabel}/ (${ms} ms)`);
      return 0;
    }
    await writeAtomic(outDir, [...files, modelRecordFile(model, version.version)]);
    const ms = Math.round(performance.now() - started);
    log(`paygen: ${summary}, ${files.length} files written to ${outLabel}/ in ${ms} ms`);
    return 0;
  } catch (error) {
    if (error instanceof SchemaErrors) {
      for (const d of error.diagnostics) err(formatDiagnostic(d));
      err(`paygen: ${error.diagnostics.length} problem${error.diagnostics.length === 1 ? "" : "s"} in the ${args.values.from ? "contracts" : "schemas"}; nothing was written`);
      return 1;
    }
    err(`paygen: ${error instanceof Error ? error.message : String(error)}; nothing was written`);
    return 1;
  }
}
