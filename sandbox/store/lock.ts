/**
 * One sandbox per data file. Two sandboxes writing the same file would each
 * replace it with their own state, silently losing records the other had
 * already acknowledged; so a sandbox holds a lock file next to its data file
 * (`<data file>.lock`, created exclusively, holding its process id) for as
 * long as it runs.
 *
 * A lock whose process is gone (the sandbox was killed, or crashed) is stale
 * and taken over. One whose process is alive refuses the start with a message
 * naming both files.
 */
import { open, readFile, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Lock files this process holds (absolute paths), so a lock naming this
 * process's id is told apart from a stale one of a former process that had
 * the same id (in a container, the sandbox may well be process 1 every time).
 */
const held = new Set<string>();

/** How long a lock without a process id is given to receive one before it is taken as stale. */
const UNWRITTEN_GRACE_MS = 1_000;
const RETRY_MS = 50;

export class DataFileLock {
  private released = false;

  private constructor(
    /** The lock file. */
    readonly path: string,
  ) {}

  /** The lock file of a data file. */
  static pathOf(dataFile: string): string {
    return `${dataFile}.lock`;
  }

  /** Takes the lock of `dataFile`, or throws when a running sandbox holds it. */
  static async acquire(dataFile: string): Promise<DataFileLock> {
    const lockPath = DataFileLock.pathOf(dataFile);
    const unwrittenSince = Date.now();
    for (;;) {
      if (await createExclusively(lockPath)) {
        held.add(path.resolve(lockPath));
        return new DataFileLock(lockPath);
      }
      const holder = await readHolder(lockPath);
      if (holder === "missing") continue; // released meanwhile: try again
      if (holder === "unwritten") {
        // Just created by another starter that has not written its id yet, or left so by a kill.
        if (Date.now() - unwrittenSince < UNWRITTEN_GRACE_MS) {
          await sleep(RETRY_MS);
          continue;
        }
      } else if (isRunning(holder, lockPath)) {
        throw new Error(
          `the data file ${dataFile} is in use by another sandbox (process ${holder}): ` +
            `two sandboxes on one file would lose each other's records. ` +
            `Stop that sandbox, or use another --data file; if no sandbox is running, delete ${lockPath}.`,
        );
      }
      // Stale: its process is gone. Remove it and take it, unless another starter took it meanwhile.
      if ((await readHolder(lockPath)) !== holder) continue;
      await removeIfPresent(lockPath);
    }
  }

  /** Removes the lock file (once). */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    held.delete(path.resolve(this.path));
    await removeIfPresent(this.path);
  }
}

/** Creates the lock file holding this process's id; false when it exists. */
async function createExclusively(lockPath: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, "wx");
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(`${process.pid}\n`, "utf8");
  } catch (error) {
    await handle.close();
    await removeIfPresent(lockPath);
    throw error;
  }
  await handle.close();
  return true;
}

/** The process id in a lock file, `unwritten` when it holds none, `missing` when there is no lock file. */
async function readHolder(lockPath: string): Promise<number | "unwritten" | "missing"> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "missing";
    throw error;
  }
  const match = /^([0-9]{1,10})\n?$/.exec(text);
  const pid = match?.[1] !== undefined ? Number(match[1]) : 0;
  return pid > 0 ? pid : "unwritten";
}

/** Whether the process holding a lock still runs. */
function isRunning(pid: number, lockPath: string): boolean {
  // This process's own id: a sandbox of this process, or a former process that had the same id.
  if (pid === process.pid) return held.has(path.resolve(lockPath));
  try {
    process.kill(pid, 0); // signal 0 sends nothing: it only checks the process exists
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return errorCode(error) === "EPERM";
  }
}

async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}

function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
