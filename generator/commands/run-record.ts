import { readFileSync } from "node:fs";
import { readdir, readFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ABSENT, contentHash, listingHash, listingNames, type InputLog } from "../input-log.js";
import { CACHE_DIR, PROJECT_ROOT } from "../project-paths.js";
import { readInputFile } from "../read-input-file.js";
import { hasRunsAround, listFiles } from "../write/write-atomic.js";

/**
 * What a finished generation read and wrote, kept in this checkout's cache
 * (never in the output, which is committed and must not change with it), so
 * that running the same command again can answer without generating: when
 * the generator, every input (and every folder listing and absent path that
 * decided what was read) and every output file are exactly as recorded, a
 * generation would write the same bytes.
 */
export interface RunRecord {
  /** The output folder (absolute). */
  readonly outDir: string;
  /** The generator's identity: its sources, templates and the versions of what it runs on. */
  readonly generator: string;
  readonly inputs: InputLog;
  /** Each output file (relative, `/` separators) and its hash: exactly the files of the output folder. */
  readonly outputs: Readonly<Record<string, string>>;
  /** What the run said it generated (`3 services, 188 types, 37 operations`) and how many files. */
  readonly summary: string;
  readonly fileCount: number;
}

/** Records kept: older ones (folders no longer generated) are removed when a record is written. */
const KEEP_MS = 14 * 24 * 60 * 60_000;
const RECORDS = path.join(CACHE_DIR, "paygen-runs");

/** The record's file name: one per command (output folder, working folder and options). */
export function runKey(
  command: Readonly<Record<string, string | readonly string[] | undefined>>,
): string {
  return contentHash(
    JSON.stringify(
      Object.keys(command)
        .sort()
        .map((k) => [k, command[k] ?? null]),
    ),
  );
}

/**
 * The generator's identity, from the contents of what decides its output.
 * Some 400 small files, read synchronously: the round trips of as many
 * asynchronous reads cost more CPU than the reads.
 */
export async function generatorIdentity(): Promise<string> {
  const parts: string[] = [];
  for (const folder of ["generator", "templates", "dist"]) {
    for (const rel of await listFiles(path.join(PROJECT_ROOT, folder))) {
      parts.push(
        `${folder}/${rel}\0${contentHash(readFileSync(path.join(PROJECT_ROOT, folder, ...rel.split("/"))))}`,
      );
    }
  }
  parts.push(`package.json\0${contentHash(readFileSync(path.join(PROJECT_ROOT, "package.json")))}`);
  // Installed versions can differ from package.json's ranges.
  for (const dependency of ["prettier", "ts-morph", "yaml", "fast-xml-parser", "handlebars"]) {
    let manifest: Buffer | string;
    try {
      manifest = readFileSync(path.join(PROJECT_ROOT, "node_modules", dependency, "package.json"));
    } catch {
      manifest = "";
    }
    parts.push(`${dependency}\0${contentHash(manifest)}`);
  }
  return contentHash(parts.join("\n"));
}

/** The record of the last run of this command, when a run now would write exactly what is already there. */
export async function unchangedRun(key: string): Promise<RunRecord | undefined> {
  const record = await readRecord(key);
  if (record === undefined || (await hasRunsAround(record.outDir))) return undefined;
  if (record.generator !== (await generatorIdentity())) return undefined;
  for (const [file, hash] of Object.entries(record.inputs.files)) {
    if ((await fileHash(file)) !== hash) return undefined;
  }
  for (const [folder, hash] of Object.entries(record.inputs.folders)) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
    if (entries === undefined || listingHash(listingNames(entries)) !== hash) return undefined;
  }
  return (await outputsMatch(record)) ? record : undefined;
}

async function fileHash(file: string): Promise<string> {
  try {
    return contentHash(await readInputFile(file, Number.MAX_SAFE_INTEGER));
  } catch {
    return ABSENT;
  }
}

async function outputsMatch(record: RunRecord): Promise<boolean> {
  const outDir = record.outDir;
  const onDisk = await listFiles(outDir).catch(() => undefined);
  const expected = Object.keys(record.outputs).sort();
  if (
    onDisk === undefined ||
    onDisk.length !== expected.length ||
    onDisk.some((f, i) => f !== expected[i])
  )
    return false;
  for (const file of expected) {
    if ((await fileHash(path.join(outDir, ...file.split("/")))) !== record.outputs[file])
      return false;
  }
  return true;
}

async function readRecord(key: string): Promise<RunRecord | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(RECORDS, `${key}.json`), "utf8"));
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is RunRecord {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const inputs = v["inputs"] as Record<string, unknown> | undefined;
  return (
    typeof v["generator"] === "string" &&
    typeof v["outDir"] === "string" &&
    typeof v["summary"] === "string" &&
    typeof v["fileCount"] === "number" &&
    isHashes(v["outputs"]) &&
    typeof inputs === "object" &&
    inputs !== null &&
    isHashes(inputs["files"]) &&
    isHashes(inputs["folders"])
  );
}

function isHashes(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((h) => typeof h === "string")
  );
}

/** Saves the record of a run that wrote `outDir`; a cache that cannot be written only costs time. */
export async function saveRunRecord(
  key: string,
  record: Omit<RunRecord, "outputs">,
  outputs: readonly { readonly path: string; readonly content: string }[],
): Promise<void> {
  const full: RunRecord = {
    ...record,
    outputs: Object.fromEntries(outputs.map((f) => [f.path, contentHash(f.content)])),
  };
  const file = path.join(RECORDS, `${key}.json`);
  try {
    await mkdir(RECORDS, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(full));
    await rename(temp, file);
    for (const name of await readdir(RECORDS)) {
      const other = path.join(RECORDS, name);
      const info = await stat(other).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > KEEP_MS) await rm(other, { force: true });
    }
  } catch {
    // Only the next run's time depends on it.
  }
}
