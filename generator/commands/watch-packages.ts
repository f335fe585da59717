import path from "node:path";
import { CONFIG_FILE } from "./config-file.js";
import type { PackagePlan, RunPlan } from "./package-plans.js";
import { VERSION_FILE } from "./package-version.js";
import { watchAndRun, type WatchTargets } from "./watch.js";

/** What watching the packages of a run needs from the command. */
export interface PackageWatch {
  /** Plans the run again from the configuration as it is now; throws what `planRun` throws. */
  readonly replan: () => Promise<RunPlan>;
  /** Generates one package (a failed generation reports itself). */
  readonly generate: (plan: PackagePlan) => Promise<unknown>;
  /** Reports a configuration that cannot be read, or options that no longer go with it. */
  readonly configProblem: (error: unknown) => void;
  readonly log: (text: string) => void;
  readonly err: (text: string) => void;
  /** Stops watching. */
  readonly signal: AbortSignal;
}

/**
 * Watches the inputs of every package of `first` (schema folders, contracts,
 * version files) and the configuration: a change to an input generates the
 * packages that read it; a change to the configuration plans the run again
 * and generates every package, watching the inputs it now names. A
 * configuration that no longer reads is reported (positioned, as at the
 * start), and watching goes on with the packages planned before. Resolves
 * once stopped: false when a run under way did not finish (see watchAndRun).
 */
export async function watchPackages(first: RunPlan, watch: PackageWatch): Promise<boolean> {
  let plan = first;
  // Set when the configuration changed what is watched: the next round starts by generating every package.
  let regenerate = false;
  for (;;) {
    const round = new AbortController();
    const stopRound = (): void => round.abort();
    // Stopped already (during the first generation, say): the round ends as soon as it starts.
    if (watch.signal.aborted) round.abort();
    else watch.signal.addEventListener("abort", stopRound, { once: true });
    const targets = watchTargets(plan);
    const configFiles = configFilesOf(plan);
    let replanned = false;
    const finished = await watchAndRun(
      targets,
      async (changed) => {
        if (regenerate) {
          regenerate = false;
          for (const p of plan.packages) await watch.generate(p);
          return;
        }
        watch.log(`paygen: changed: ${changed.join(", ")}`);
        const resolved = changed.map((c) => path.resolve(c));
        if (resolved.some((c) => configFiles.includes(c))) {
          try {
            plan = await watch.replan();
          } catch (error) {
            watch.configProblem(error);
            return;
          }
          const before = targetsKey(targets);
          if (targetsKey(watchTargets(plan)) !== before) {
            // Other inputs: watched from a new round, which generates every package first.
            replanned = regenerate = true;
            round.abort();
            return;
          }
          for (const p of plan.packages) await watch.generate(p);
          return;
        }
        for (const p of plan.packages.filter((p) => readsAny(p, resolved))) await watch.generate(p);
      },
      {
        signal: round.signal,
        ...(regenerate ? { initial: configFiles } : {}),
        onWatching: () =>
          watch.log(
            `paygen: watching ${[...targets.folders, ...targets.files].map(relative).join(", ")} (Ctrl-C stops)`,
          ),
        onError: (error) =>
          watch.err(`paygen: watching: ${error instanceof Error ? error.message : String(error)}`),
      },
    );
    watch.signal.removeEventListener("abort", stopRound);
    if (!replanned || watch.signal.aborted) return finished;
  }
}

/** The configuration files whose change plans the run again: paygen.config.json (even before it exists), and package.json when the configuration is its `paygen` key. */
function configFilesOf(plan: RunPlan): string[] {
  return [
    path.resolve(CONFIG_FILE),
    ...(plan.configSource === "package.json" ? [path.resolve("package.json")] : []),
  ];
}

/** What one package reads: its schema folder, or its contracts; and its version file. */
function inputsOf(plan: PackagePlan): WatchTargets {
  const versionFile = path.resolve(plan.versionFile ?? VERSION_FILE);
  return plan.from
    ? { folders: [], files: [...plan.from.map((f) => path.resolve(f)), versionFile] }
    : { folders: [path.resolve(plan.schemas)], files: [versionFile] };
}

/** Every package's inputs and the configuration, each once, in a stable order. */
export function watchTargets(plan: RunPlan): WatchTargets {
  const inputs = plan.packages.map(inputsOf);
  const unique = (paths: readonly string[]): string[] => [...new Set(paths)];
  return {
    folders: unique(inputs.flatMap((i) => i.folders)),
    files: unique([...inputs.flatMap((i) => i.files), ...configFilesOf(plan)]),
  };
}

function targetsKey(targets: WatchTargets): string {
  return JSON.stringify([[...targets.folders].sort(), [...targets.files].sort()]);
}

/** Whether a package reads one of `changed` (absolute paths). */
function readsAny(plan: PackagePlan, changed: readonly string[]): boolean {
  const { folders, files } = inputsOf(plan);
  return changed.some(
    (c) =>
      files.includes(c) ||
      folders.some((folder) => c === folder || c.startsWith(`${folder}${path.sep}`)),
  );
}

const relative = (target: string): string => path.relative(process.cwd(), target) || ".";
