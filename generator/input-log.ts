import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";

/**
 * Everything a generation read, so that a later run can tell, by reading it
 * again, that it would produce the same output (see `commands/run-record.ts`):
 * each file's hash (or its absence, for a path looked for and not found) and
 * each folder's listing. Paths are absolute.
 */
export interface InputLog {
  readonly files: Record<string, string>;
  readonly folders: Record<string, string>;
}

/** What `files` holds for a path that was looked for and is not there. */
export const ABSENT = "absent";

const current = new AsyncLocalStorage<InputLog>();

export function contentHash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The hash of a folder listing, as `noteFolderListed` records it. */
export function listingHash(names: readonly string[]): string {
  return contentHash([...names].sort().join("\0"));
}

/** Runs `run`, recording what the front ends it calls read (through the `note*` functions). */
export async function withInputLog<T>(
  run: () => Promise<T>,
): Promise<{ readonly result: T; readonly inputs: InputLog }> {
  const inputs: InputLog = {
    files: Object.create(null) as Record<string, string>,
    folders: Object.create(null) as Record<string, string>,
  };
  active += 1;
  try {
    return { result: await current.run(inputs, run), inputs };
  } finally {
    active -= 1;
    // With no log open, the async hooks the storage runs on are turned off: they cost every promise.
    if (active === 0) current.disable();
  }
}

/** Logs being written (runs of `withInputLog` under way). */
let active = 0;

/** A file read as input: called by every reader of schemas, contracts and settings. Outside `withInputLog`, it does nothing. */
export function noteFileRead(absolutePath: string, bytes: Uint8Array | string): void {
  const log = current.getStore();
  if (log) log.files[absolutePath] = contentHash(bytes);
}

/** A file looked for and not found: creating it could change the output. */
export function noteFileAbsent(absolutePath: string): void {
  const log = current.getStore();
  if (log && !(absolutePath in log.files)) log.files[absolutePath] = ABSENT;
}

/** The names of a folder's entries as a listing records them: folders end in `/`. */
export function listingNames(
  entries: readonly { readonly name: string; isDirectory(): boolean }[],
): string[] {
  return entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
}

/** A folder whose listing decided what was read. */
export function noteFolderListed(
  absolutePath: string,
  entries: readonly { readonly name: string; isDirectory(): boolean }[],
): void {
  const log = current.getStore();
  if (log) log.folders[absolutePath] = listingHash(listingNames(entries));
}
