import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { GeneratedFile } from "../emit/generated-file.js";
import { notAFolder } from "./output-kind.js";

/**
 * Folders inside the output that belong to its users (installs, build output
 * and the build's intermediate files), never compared or kept.
 */
const IGNORED = new Set(["node_modules", "dist", ".build"]);

/** A lock younger than this is never taken over while its process lives; one older is (its pid has been reused). */
const STALE_AFTER_MS = 10 * 60_000;
/** How long a run waits for one other run's replacement of the same output (see `lock`). */
const LOCK_WAIT_MS = 5 * 60_000;
let sequence = 0;

/**
 * Replaces `outDir` with exactly `files`, atomically: everything is written to
 * a sibling folder first, then swapped in by two renames. If anything fails
 * before the swap, `outDir` is untouched; the swap itself restores the old
 * folder on failure.
 *
 * Runs replacing the same output take turns through a lock file next to it
 * (`.NAME.lock`), so a run never sees the output half swapped (and never takes
 * it for a folder paygen did not write). While holding it, a run removes the
 * staging and previous folders of runs that died (their pid is gone, or they
 * are older than ten minutes).
 */
export async function writeAtomic(outDir: string, files: readonly GeneratedFile[]): Promise<void> {
  const resolved = path.resolve(outDir);
  const parent = path.dirname(resolved);
  const base = path.basename(resolved);
  const there = await notAFolder(resolved);
  if (there !== undefined) throw new Error(`refusing to write ${outDir}: it is ${there}`);
  await mkdir(parent, { recursive: true });
  const unlock = await lock(path.join(parent, `.${base}.lock`), outDir);
  try {
    await assertOwned(outDir);
    const tag = newTag();
    const staging = path.join(parent, `.${base}.staging-${tag}`);
    const previous = path.join(parent, `.${base}.previous-${tag}`);
    const orphans = await findOrphans(parent, base);
    await swapIn(outDir, staging, previous, files, () =>
      giveBackUserFolders(orphans, outDir, staging),
    );
    for (const orphan of orphans) await rm(orphan.path, { recursive: true, force: true });
  } finally {
    await unlock();
  }
}

/**
 * Writes `files` to `staging`, calls `beforeSwap`, then swaps `staging` in
 * (moving the user's folders of the old output into it first).
 */
async function swapIn(
  outDir: string,
  staging: string,
  previous: string,
  files: readonly GeneratedFile[],
  beforeSwap: () => Promise<void>,
): Promise<void> {
  try {
    // Synchronously: a package is a hundred small files or more, and each asynchronous write's
    // round trips cost more CPU than the write (the staging folder is this run's alone).
    const folders = new Set<string>();
    for (const file of files) {
      const target = path.join(staging, ...file.path.split("/"));
      const folder = path.dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      writeFileSync(target, file.content, "utf8");
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await beforeSwap();
  const existed = await exists(outDir);
  const moved: string[] = [];
  if (existed) {
    // Keep what the package's users put there (their install and build output).
    for (const name of IGNORED) {
      if (await exists(path.join(outDir, name))) {
        await rename(path.join(outDir, name), path.join(staging, name));
        moved.push(name);
      }
    }
    await rename(outDir, previous);
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (existed) {
      await rename(previous, outDir);
      for (const name of moved) await rename(path.join(staging, name), path.join(outDir, name));
    }
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (existed) await rm(previous, { recursive: true, force: true });
}

/** Unique per run and per call: the pid (to tell whether its run lives), the time, and a counter. */
function newTag(): string {
  sequence += 1;
  return `${process.pid}-${Date.now().toString(36)}-${sequence.toString(36)}`;
}

/** `.NAME.staging-PID-TIME[-N]`, `.NAME.previous-PID-TIME[-N]` and lock candidates `.NAME.lock-PID-TIME[-N]`. */
function orphanPattern(base: string): RegExp {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\.${escaped}\\.(staging|previous|lock)-(\\d+)-([0-9a-z]+)(?:-[0-9a-z]+)?$`);
}

interface Orphan {
  readonly path: string;
  readonly kind: string;
  readonly time: number;
}

/**
 * What runs that died left next to the output (looked for with the lock held,
 * so no live run is in the middle of a swap): folders and lock candidates
 * whose pid is gone, or older than STALE_AFTER_MS. Newest first.
 */
async function findOrphans(parent: string, base: string): Promise<Orphan[]> {
  const pattern = orphanPattern(base);
  const found: Orphan[] = [];
  for (const name of await readdir(parent)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const time = parseInt(match[3]!, 36);
    if (processAlive(Number(match[2])) && Date.now() - time < STALE_AFTER_MS) continue;
    found.push({ path: path.join(parent, name), kind: match[1]!, time });
  }
  return found.sort((a, b) => b.time - a.time);
}

/**
 * A run killed in the middle of the swap may have moved the user's folders
 * (node_modules, dist, .build) into its staging folder: those the output
 * lacks go into the new output instead of being deleted with the orphan.
 */
async function giveBackUserFolders(
  orphans: readonly Orphan[],
  outDir: string,
  staging: string,
): Promise<void> {
  for (const orphan of orphans) {
    if (orphan.kind !== "staging") continue;
    for (const name of IGNORED) {
      const from = path.join(orphan.path, name);
      if (
        (await exists(from)) &&
        !(await exists(path.join(outDir, name))) &&
        !(await exists(path.join(staging, name)))
      ) {
        await rename(from, path.join(staging, name));
      }
    }
  }
}

interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly token: string;
}

/**
 * Takes the lock file, waiting while another run holds it; returns its release.
 * The file is created whole (written under a unique name, then hard-linked to
 * the lock's name, which fails if it exists), so a reader never sees it empty.
 * A lock whose process is gone, or older than STALE_AFTER_MS, is taken over.
 *
 * The wait is bounded per holder, not in all: each time the lock changes hands
 * (another run's replacement finished), the LOCK_WAIT_MS wait starts again.
 * Runs that keep replacing the output one after the other are progress, however
 * long a busy machine takes; only one holder keeping the lock that long (a hung
 * run) ends the wait in an error.
 */
async function lock(lockFile: string, outDir: string): Promise<() => Promise<void>> {
  const holder: LockHolder = { pid: process.pid, host: hostname(), token: randomUUID() };
  const content = `${JSON.stringify(holder)}\n`;
  let candidate = await writeCandidate(lockFile, content);
  let deadline = Date.now() + LOCK_WAIT_MS;
  let seen: string | undefined;
  let delay = 5;
  try {
    for (;;) {
      try {
        await link(candidate, lockFile);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") {
          // Our candidate was removed (a run cleaning up took a long wait for a dead one's): written again.
          candidate = await writeCandidate(lockFile, content);
          continue;
        }
        if (code !== "EEXIST") throw error;
      }
      const current = await readLock(lockFile);
      if (current !== undefined && isStale(current)) {
        await takeOver(lockFile, current.text);
        continue;
      }
      if (current !== undefined && current.text !== seen) {
        // Another holder: its replacement is waited for from now.
        seen = current.text;
        deadline = Date.now() + LOCK_WAIT_MS;
      }
      if (Date.now() > deadline) {
        const who = current?.holder
          ? `process ${current.holder.pid} on ${current.holder.host}`
          : "another run";
        throw new Error(
          `${outDir} is being replaced by ${who}: waited ${LOCK_WAIT_MS / 1000} s for ${lockFile}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 100);
    }
  } finally {
    await rm(candidate, { force: true });
  }
  return async () => {
    // Only our own lock: after a (mistaken) takeover the file may be another run's.
    if ((await readLock(lockFile))?.holder?.token === holder.token)
      await rm(lockFile, { force: true });
  };
}

/** A lock candidate: `content` under a name of its own next to the lock (`.NAME.lock-PID-TIME-N`). */
async function writeCandidate(lockFile: string, content: string): Promise<string> {
  const candidate = `${lockFile}-${newTag()}`;
  await writeFile(candidate, content, { flag: "wx" });
  return candidate;
}

async function readLock(
  lockFile: string,
): Promise<{ text: string; holder: LockHolder | undefined; mtime: number } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lockFile, "utf8"), stat(lockFile)]);
    let holder: LockHolder | undefined;
    try {
      const parsed = JSON.parse(text) as Partial<LockHolder>;
      if (
        typeof parsed.pid === "number" &&
        typeof parsed.host === "string" &&
        typeof parsed.token === "string"
      ) {
        holder = { pid: parsed.pid, host: parsed.host, token: parsed.token };
      }
    } catch {
      // Not one of ours: stale only by age.
    }
    return { text, holder, mtime: info.mtimeMs };
  } catch {
    return undefined; // Released meanwhile.
  }
}

function isStale(lockState: { holder: LockHolder | undefined; mtime: number }): boolean {
  if (Date.now() - lockState.mtime > STALE_AFTER_MS) return true;
  const { holder } = lockState;
  // A pid means nothing on another machine (an output on a shared drive): there, only age tells.
  return holder !== undefined && holder.host === hostname() && !processAlive(holder.pid);
}

/**
 * Removes a stale lock, and only that one: it is renamed to a unique name
 * first (of two runs doing so, one wins), then checked to be the lock judged
 * stale; if another run's fresh lock was caught instead, it is put back.
 */
async function takeOver(lockFile: string, staleText: string): Promise<void> {
  const aside = `${lockFile}-${newTag()}`;
  try {
    await rename(lockFile, aside);
  } catch {
    return; // Another run removed or took it first.
  }
  try {
    if ((await readFile(aside, "utf8")) !== staleText)
      await link(aside, lockFile).catch(() => undefined);
  } finally {
    await rm(aside, { force: true });
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether another run holds the output's lock, or a run that died left its
 * staging or previous folder next to it: only a full run (which waits for
 * the lock, and cleans up) may then say the output is what it should be.
 */
export async function hasRunsAround(outDir: string): Promise<boolean> {
  const resolved = path.resolve(outDir);
  const prefix = `.${path.basename(resolved)}.`;
  const siblings = await readdir(path.dirname(resolved)).catch(() => [] as string[]);
  return siblings.some(
    (name) =>
      name.startsWith(prefix) && /^(lock|staging-|previous-)/.test(name.slice(prefix.length)),
  );
}

/** Files under `outDir` (relative, `/` separators, sorted), skipping user folders. */
export async function listFiles(outDir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(path.join(outDir, rel), { withFileTypes: true });
    for (const entry of entries) {
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(rel === "" && IGNORED.has(entry.name))) await walk(childRel);
      } else out.push(childRel);
    }
  }
  if (await exists(outDir)) await walk("");
  return out.sort();
}

/** Paths that differ between `outDir` and `files`: changed, missing or extra. */
export async function staleFiles(
  outDir: string,
  files: readonly GeneratedFile[],
): Promise<string[]> {
  const onDisk = new Set(await listFiles(outDir));
  const stale: string[] = [];
  for (const file of files) {
    if (!onDisk.has(file.path)) {
      stale.push(`${file.path} (missing)`);
      continue;
    }
    onDisk.delete(file.path);
    const current = await readFile(path.join(outDir, ...file.path.split("/")), "utf8");
    if (current !== file.content) stale.push(`${file.path} (differs)`);
  }
  for (const extra of onDisk) stale.push(`${extra} (not generated)`);
  return stale.sort();
}

/** Refuses to replace a non-empty folder that paygen did not write. */
async function assertOwned(outDir: string): Promise<void> {
  if (!(await exists(outDir))) return;
  const entries = await readdir(outDir);
  if (entries.length === 0) return;
  try {
    const pkg = JSON.parse(await readFile(path.join(outDir, "package.json"), "utf8")) as {
      generator?: unknown;
    };
    if (pkg.generator === "paygen") return;
  } catch {
    // Fall through: not ours.
  }
  throw new Error(`refusing to replace ${outDir}: it is not empty and was not generated by paygen`);
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
