import { watch, type FSWatcher } from "node:fs";
import path from "node:path";

/** What to watch: folders (every file below them) and single files. */
export interface WatchTargets {
  readonly folders: readonly string[];
  readonly files: readonly string[];
}

export interface WatchOptions {
  /** Quiet time after the last change before a run starts, in ms. */
  readonly debounceMs?: number;
  /** Stops watching; the promise of {@link watchAndRun} then resolves once a run under way has finished. */
  readonly signal: AbortSignal;
  /** Called when a watcher itself fails (a watched folder removed, say); watching goes on with the others. */
  readonly onError?: (error: unknown) => void;
  /** Once stopped, how long a run under way is waited for, in ms (default 30 000); then watching ends without it. */
  readonly stopGraceMs?: number;
  /** Paths taken as changed from the start: a run follows as soon as watching has begun (so nothing changed meanwhile is missed). */
  readonly initial?: readonly string[];
  /**
   * Called once every watcher is installed: a change from then on is seen.
   * Saying "watching" any earlier lets a change made on seeing it (by a
   * person, a script or a test reading the output) go unseen.
   */
  readonly onWatching?: () => void;
}

/**
 * Runs `run` whenever a watched file changes: debounced, one run at a time
 * (changes during a run schedule exactly one more, with every path that
 * changed meanwhile), until `signal` aborts. `run` gets the changed paths,
 * sorted, relative to the current folder. Editors that save by writing a
 * temporary file and renaming it are seen through the folder of each file.
 * Resolves true once stopped, or false when a run under way did not finish
 * within `stopGraceMs` of stopping (it is left behind; nothing it would
 * write is half-written: output is replaced atomically).
 */
export async function watchAndRun(
  targets: WatchTargets,
  run: (changed: readonly string[]) => Promise<void>,
  options: WatchOptions,
): Promise<boolean> {
  const debounceMs = options.debounceMs ?? 150;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const start = (): void => {
    timer = undefined;
    if (running || pending.size === 0 || options.signal.aborted) return;
    const changed = [...pending].sort();
    pending.clear();
    running = run(changed)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        // What changed during the run gets one more.
        if (pending.size > 0) schedule();
      });
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  };
  const changed = (file: string): void => {
    pending.add(path.relative(process.cwd(), file) || file);
    schedule();
  };

  const watchers: FSWatcher[] = [];
  const add = (target: string, recursive: boolean, accept: (name: string) => boolean): void => {
    try {
      const w = watch(target, { recursive, persistent: true }, (_event, name) => {
        const rel = name === null ? "" : String(name);
        if (accept(rel)) changed(path.join(target, rel));
      });
      w.on("error", (error) => options.onError?.(error));
      watchers.push(w);
    } catch (error) {
      options.onError?.(error);
    }
  };
  for (const folder of options.signal.aborted ? [] : targets.folders)
    add(folder, true, (name) => name !== "");
  // A single file is watched through its folder, so a save by rename is seen too.
  const byFolder = new Map<string, Set<string>>();
  for (const file of targets.files) {
    const folder = path.dirname(file);
    byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(path.basename(file)));
  }
  for (const [folder, names] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!options.signal.aborted) add(folder, false, (name) => names.has(name));
  }
  if (!options.signal.aborted) options.onWatching?.();
  for (const file of options.signal.aborted ? [] : (options.initial ?? [])) changed(file);

  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  if (timer) clearTimeout(timer);
  for (const w of watchers) w.close();
  return finishedWithin(running, options.stopGraceMs ?? 30_000);
}

/**
 * Waits for the run under way, but no longer than `graceMs`: stopping must
 * stop even when a run waits on something that never comes. True when no run
 * was left unfinished.
 */
async function finishedWithin(
  running: Promise<void> | undefined,
  graceMs: number,
): Promise<boolean> {
  if (running === undefined) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
    timer.unref();
  });
  const finished = await Promise.race([running.then(() => true as const), late]);
  clearTimeout(timer);
  return finished;
}
