import path from "node:path";
import {
  CONFIG_FILE,
  DEFAULT_OUT,
  DEFAULT_SCHEMAS,
  readConfig,
  type Config,
} from "./config-file.js";
import { DEFAULT_PACKAGE_NAME, packageNameProblem } from "./package-name.js";

/** The options of `paygen generate` that set what one package is generated from, where, and as what. */
export interface PackageFlags {
  readonly schemas?: string | undefined;
  readonly from?: readonly string[] | undefined;
  readonly out?: string | undefined;
  readonly "version-file"?: string | undefined;
  readonly name?: string | undefined;
  readonly "no-cache"?: boolean | undefined;
  readonly server?: boolean | undefined;
}

/** One package to generate: its inputs and output (paths relative to the folder paygen runs in, or absolute), its name, its version file. */
export interface PackagePlan {
  readonly schemas: string;
  readonly from?: readonly string[];
  readonly out: string;
  readonly versionFile?: string;
  readonly name: string;
  readonly noCache: boolean;
  /** The package has the server side (`--server`, or the configuration's `server`). */
  readonly server: boolean;
}

/** A command line that cannot be run as it is (exit 2, with the usage). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

const ONE_PACKAGE_FLAGS = ["schemas", "from", "out", "version-file", "name"] as const;

/**
 * The packages one `paygen generate` makes: those the configuration of `cwd`
 * lists (see config-file.ts), each with the command line's options over its
 * own settings; without a configuration, the one package the options
 * describe (by default `schemas/` into `generated/`). Options that describe
 * one package are refused when the configuration lists several.
 */
export async function planPackages(flags: PackageFlags, cwd: string): Promise<PackagePlan[]> {
  return (await planRun(flags, cwd)).packages;
}

/** The packages of {@link planPackages}, and the file their configuration was read from (absent without one). */
export interface RunPlan {
  readonly packages: PackagePlan[];
  readonly configSource?: Config["source"];
}

/** {@link planPackages}, saying also which file the configuration came from (what `--watch` watches besides the inputs). */
export async function planRun(flags: PackageFlags, cwd: string): Promise<RunPlan> {
  if (flags.name !== undefined) {
    const problem = packageNameProblem(flags.name);
    if (problem !== undefined)
      throw new UsageError(
        `--name ${JSON.stringify(flags.name)} is not an npm package name: ${problem}`,
      );
  }
  const config = await readConfig(cwd);
  const listed = config?.packages ?? [{}];
  const given = ONE_PACKAGE_FLAGS.filter((f) => flags[f] !== undefined);
  if (listed.length > 1 && given.length > 0) {
    throw new UsageError(
      `${given.map((f) => `--${f}`).join(", ")} set${given.length === 1 ? "s" : ""} one package, and ${config?.file ?? CONFIG_FILE} lists ${listed.length}; run without ${given.length === 1 ? "it" : "them"}, or from a folder without the configuration`,
    );
  }
  const packages = listed.map((settings): PackagePlan => {
    const from = flags.from ?? (flags.schemas === undefined ? settings.from : undefined);
    const versionFile = flags["version-file"] ?? settings.versionFile;
    return {
      schemas: flags.schemas ?? settings.schemas ?? DEFAULT_SCHEMAS,
      ...(from !== undefined ? { from } : {}),
      out: path.normalize(flags.out ?? settings.out ?? DEFAULT_OUT),
      ...(versionFile !== undefined ? { versionFile } : {}),
      name: flags.name ?? settings.name ?? DEFAULT_PACKAGE_NAME,
      noCache: flags["no-cache"] === true || settings.cache === false,
      server: flags.server === true || settings.server === true,
    };
  });
  return config === undefined ? { packages } : { packages, configSource: config.source };
}
