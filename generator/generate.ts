import path from "node:path";
import { readFile } from "node:fs/promises";
import { checkDescription } from "./check/check-description.js";
import { DEFAULT_PACKAGE_NAME } from "./commands/package-name.js";
import { DEFAULT_PACKAGE_VERSION } from "./commands/package-version.js";
import { Diagnostics, SchemaErrors, type Diagnostic } from "./diagnostics/diagnostic.js";
import { warningsAsErrors } from "./diagnostics/warning-summary.js";
import { emitPackage } from "./emit/emit-package.js";
import type { PackageInfo } from "./emit/emit-templates.js";
import type { GeneratedFile } from "./emit/generated-file.js";
import { formatFiles } from "./format/format-files.js";
import { readContracts, readSchemaFolder } from "./frontends/registry.js";
import { buildModel } from "./model/build-model.js";
import type { Model } from "./model/ir.js";
import { BUILD_SCRIPT_FILE, PROJECT_ROOT, RUNTIME_DIR, TEMPLATES_DIR } from "./project-paths.js";

export { PROJECT_ROOT } from "./project-paths.js";

export interface GenerateOptions {
  /** A folder of the YAML schema language; ignored when `from` is given. */
  readonly schemasDir: string;
  /** Contract files (WSDL, XSD, OpenAPI...) to generate from instead of a schema folder. */
  readonly from?: readonly string[];
  /** Paths in messages are relative to this folder. */
  readonly cwd?: string;
  readonly templatesDir?: string;
  readonly runtimeDir?: string;
  readonly buildScriptFile?: string;
  /** Where formatted files are cached (see `formatFiles`); no cache when absent. */
  readonly formatCacheDir?: string;
  /** The current output folder: files it already holds are reused when unchanged (see `formatFiles`). */
  readonly previousDir?: string;
  /** The generated package's version (the command reads it from the user's `package-version` file); `DEFAULT_PACKAGE_VERSION` when absent. */
  readonly packageVersion?: string;
  /** The generated package's npm name; `DEFAULT_PACKAGE_NAME` when absent. */
  readonly packageName?: string;
  /** Every warning is an error: a contract read approximately stops the run. */
  readonly strict?: boolean;
  /** The package has the server side: each service's server entry (`--server`). Without it (and without `mock`), the clients alone. */
  readonly server?: boolean;
  /** The server side, each server entry also holding a mock whose default answers are synthesized with this seed (`paygen mock`, `--mock`). */
  readonly mock?: { readonly seed: number };
}

export interface GenerateResult {
  readonly model: Model;
  readonly files: readonly GeneratedFile[];
  /** Where the contracts were read approximately, sorted (each also listed in the package README). */
  readonly warnings: readonly Diagnostic[];
}

/**
 * The whole pipeline, in memory: load → check → model (`loadCheckedModel`) → emit → format
 * (`emitFiles`).
 * Throws `SchemaErrors` with every problem when the schemas are not valid.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { model, warnings } = await loadCheckedModel(options);
  return { model, files: await emitFiles(model, options), warnings };
}

/** The emit and format stages: the package's files for a checked model. */
export async function emitFiles(
  model: Model,
  options: GenerateOptions,
): Promise<readonly GeneratedFile[]> {
  const files = await emitPackage(model, {
    templatesDir: options.templatesDir ?? TEMPLATES_DIR,
    runtimeDir: options.runtimeDir ?? RUNTIME_DIR,
    buildScriptFile: options.buildScriptFile ?? BUILD_SCRIPT_FILE,
    info: await packageInfo(
      options.packageVersion ?? DEFAULT_PACKAGE_VERSION,
      options.packageName ?? DEFAULT_PACKAGE_NAME,
    ),
    ...(options.server === true ? { server: true } : {}),
    ...(options.mock !== undefined ? { mock: options.mock } : {}),
  });
  return formatFiles(files, {
    ...(options.formatCacheDir !== undefined ? { cacheDir: options.formatCacheDir } : {}),
    ...(options.previousDir !== undefined ? { previousDir: options.previousDir } : {}),
  });
}

/** Front end, check and model stages only. */
export async function loadModel(options: GenerateOptions): Promise<Model> {
  return (await loadCheckedModel(options)).model;
}

/**
 * Front end, check and model stages, with the warnings of the read. Throws
 * `SchemaErrors` when there is an error (or, with `strict`, a warning).
 */
export async function loadCheckedModel(
  options: GenerateOptions,
): Promise<{ model: Model; warnings: readonly Diagnostic[] }> {
  const diagnostics = new Diagnostics();
  const cwd = options.cwd ?? process.cwd();
  const description =
    options.from !== undefined && options.from.length > 0
      ? await readContracts(options.from, cwd, diagnostics)
      : await readSchemaFolder(options.schemasDir, cwd, diagnostics);
  if (diagnostics.count === 0 && description.services.length === 0) {
    throw new Error("the contracts describe no service; nothing was written");
  }
  checkDescription(description, diagnostics);
  if (diagnostics.count > 0) throw new SchemaErrors(diagnostics.sorted());
  const warnings = diagnostics.warnings();
  if (options.strict && warnings.length > 0) throw new SchemaErrors(warningsAsErrors(warnings));
  return { model: buildModel(description), warnings };
}

async function packageInfo(packageVersion: string, packageName: string): Promise<PackageInfo> {
  const own = JSON.parse(await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const version = (name: string, from: Record<string, string>): string => {
    const found = from[name];
    if (found === undefined) throw new Error(`package.json of paygen does not list ${name}`);
    return `^${found}`;
  };
  return {
    packageName,
    version: packageVersion,
    fastXmlParserVersion: version("fast-xml-parser", own.dependencies),
    // What the package's build script needs, at the versions paygen itself is tested with.
    buildDependencies: {
      "@types/node": version("@types/node", own.devDependencies),
      esbuild: version("esbuild", own.devDependencies),
      typescript: version("typescript", own.devDependencies),
    },
  };
}
