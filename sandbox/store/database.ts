/**
 * The embedded store: SQLite (sql.js, compiled to WebAssembly) holding every
 * record as JSON in one table, plus named counters and the database's own
 * random key for digests of card and account numbers.
 *
 * Without a file the database lives in memory only. With a file, the file is
 * locked for this store alone (see lock.ts), temporary files a killed
 * predecessor left are removed, the file is loaded, and every change is
 * written through: `flush()` resolves once a
 * file containing every change made before the call has replaced the old one
 * (write to a temporary file, then rename). Changes made while a write is in
 * progress are collected into the next write, so many concurrent requests
 * share few writes without any of them answering before its change is on disk.
 */
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import initSqlJs from "sql.js";
import { isDigestKey, newDigestKey, NumberDigests, upgradeRecordDigests } from "./digests.js";
import { DataFileLock } from "./lock.js";

type Database = initSqlJs.Database;
type SqlValue = initSqlJs.SqlValue;

/** One stored record: its kind (a table of its own in spirit), its id and its JSON. */
export interface StoredRow {
  readonly kind: string;
  readonly id: string;
  readonly data: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE TABLE IF NOT EXISTS counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/**
 * The store format this code writes. Format 1 (unkeyed SHA-256 digests of
 * card and account numbers, no digest key) is upgraded on open; a file with
 * any other version is refused.
 */
const FORMAT_VERSION = "2";

let engine: Promise<initSqlJs.SqlJsStatic> | undefined;

function sqlEngine(): Promise<initSqlJs.SqlJsStatic> {
  engine ??= initSqlJs();
  return engine;
}

interface Waiter {
  readonly generation: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class SqlStore {
  private generation = 0;
  private written = 0;
  private writing = false;
  private closed = false;
  private closing: Promise<void> | undefined;
  private readonly waiters: Waiter[] = [];

  private numberDigests: NumberDigests | undefined;

  private constructor(
    private readonly db: Database,
    /** The database file, or undefined for a store in memory. */
    readonly file: string | undefined,
    /** The lock on the file, held until the store is closed. */
    private readonly lock: DataFileLock | undefined,
  ) {}

  /**
   * Opens the store: in memory without a file, else the file (created when
   * missing). Throws when another running sandbox has the file open.
   */
  static async open(file?: string): Promise<SqlStore> {
    if (file === undefined) return SqlStore.load(undefined, undefined);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const lock = await DataFileLock.acquire(file);
    try {
      // Holding the lock, no other sandbox writes this file: any temporary file of it is a leftover.
      await removeTemporaries(file);
      return await SqlStore.load(file, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  private static async load(
    file: string | undefined,
    lock: DataFileLock | undefined,
  ): Promise<SqlStore> {
    const SQL = await sqlEngine();
    let bytes: Uint8Array | undefined;
    if (file !== undefined) {
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (!isMissingFile(error)) throw error;
      }
    }
    const db = new SQL.Database(bytes);
    try {
      db.exec(SCHEMA);
    } catch (error) {
      db.close();
      throw new Error(`${file ?? "the store"} is not a sandbox data file (an SQLite database)`, {
        cause: error,
      });
    }
    const store = new SqlStore(db, file, lock);
    const version = store.metaValue("format");
    let upgraded = false;
    if (version === undefined) {
      // A new database: its digest key is created with it, and kept in it.
      store.setMeta("format", FORMAT_VERSION);
      store.setMeta("digestKey", newDigestKey());
    } else if (version === "1") {
      store.upgradeFromFormat1();
      upgraded = true;
    } else if (version !== FORMAT_VERSION) {
      db.close();
      throw new Error(
        `the data file has store format ${version}; this sandbox reads format ${FORMAT_VERSION}`,
      );
    }
    const key = store.metaValue("digestKey");
    if (!isDigestKey(key)) {
      db.close();
      throw new Error(`${file ?? "the store"} has no valid digest key`);
    }
    store.numberDigests = new NumberDigests(key);
    if (file !== undefined && (bytes === undefined || upgraded)) {
      try {
        await store.flush();
      } catch (error) {
        db.close();
        throw error;
      }
    }
    return store;
  }

  /** Keyed digests of card and account numbers, under this database's own key (see digests.ts). */
  get digests(): NumberDigests {
    if (this.numberDigests === undefined) throw new Error("the store is not open");
    return this.numberDigests;
  }

  /** Every stored record, in insertion order. */
  rows(): StoredRow[] {
    const out: StoredRow[] = [];
    const statement = this.db.prepare("SELECT kind, id, data FROM records ORDER BY rowid");
    try {
      while (statement.step()) {
        const [kind, id, data] = statement.get();
        if (typeof kind === "string" && typeof id === "string" && typeof data === "string") {
          out.push({ kind, id, data });
        }
      }
    } finally {
      statement.free();
    }
    return out;
  }

  /** Every counter and its value. */
  counters(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [name, value] of this.select("SELECT name, value FROM counters")) {
      if (typeof name === "string" && typeof value === "number") out.set(name, value);
    }
    return out;
  }

  /** Inserts or replaces a record (keeping its original position when it existed). */
  put(kind: string, id: string, data: string): void {
    this.run(
      "INSERT INTO records (kind, id, data) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET data = excluded.data",
      [kind, id, data],
    );
  }

  remove(kind: string, id: string): void {
    this.run("DELETE FROM records WHERE kind = ? AND id = ?", [kind, id]);
  }

  setCounter(name: string, value: number): void {
    this.run(
      "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [name, value],
    );
  }

  /**
   * Resolves once every change made before the call is on disk (at once for a
   * store in memory). Rejects when the write fails.
   */
  flush(): Promise<void> {
    if (this.file === undefined || this.written >= this.generation) return Promise.resolve();
    const generation = this.generation;
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ generation, resolve, reject });
      this.pump();
    });
  }

  /** Writes what is pending, closes the database and releases the file's lock. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.flush();
      } finally {
        this.closed = true;
        this.db.close();
        await this.lock?.release();
      }
    })();
    return this.closing;
  }

  /**
   * Format 1 kept unkeyed SHA-256 digests of numbers: give the database a
   * digest key and key every digest under it, then rebuild the database so no
   * page keeps an old digest.
   */
  private upgradeFromFormat1(): void {
    const key = newDigestKey();
    const digests = new NumberDigests(key);
    for (const row of this.rows())
      this.put(row.kind, row.id, upgradeRecordDigests(row.data, digests));
    this.setMeta("digestKey", key);
    this.setMeta("format", FORMAT_VERSION);
    this.db.exec("VACUUM");
  }

  private metaValue(key: string): string | undefined {
    const [row] = this.select("SELECT value FROM meta WHERE key = ?", [key]);
    const value = row?.[0];
    return typeof value === "string" ? value : undefined;
  }

  private setMeta(key: string, value: string): void {
    this.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [key, value]);
  }

  private run(sql: string, params: SqlValue[]): void {
    if (this.closed) throw new Error("the store is closed");
    this.db.run(sql, params);
    this.generation++;
  }

  private select(sql: string, params: SqlValue[] = []): SqlValue[][] {
    const [result] = this.db.exec(sql, params);
    return result?.values ?? [];
  }

  private pump(): void {
    if (this.writing || this.waiters.length === 0 || this.file === undefined) return;
    this.writing = true;
    const generation = this.generation;
    const file = this.file;
    // export() is synchronous: the bytes hold every change made up to here.
    const bytes = this.db.export();
    writeAtomically(file, bytes)
      .then(
        () => {
          this.written = Math.max(this.written, generation);
          this.settle((w) => w.generation <= generation, undefined);
        },
        (error: unknown) => {
          this.settle((w) => w.generation <= generation, error);
        },
      )
      .finally(() => {
        this.writing = false;
        this.pump();
      });
  }

  private settle(done: (w: Waiter) => boolean, error: unknown): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter === undefined || !done(waiter)) continue;
      this.waiters.splice(i, 1);
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }
}

let temporaryCounter = 0;

/** `<file>.<pid>.<n>.tmp`: where `writeAtomically` writes before the rename. */
function temporaryName(file: string): string {
  return `${file}.${process.pid}.${++temporaryCounter}.tmp`;
}

async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = temporaryName(file);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Removes the temporary files of `file` that a sandbox killed between write and rename left behind. */
async function removeTemporaries(file: string): Promise<void> {
  const directory = path.dirname(path.resolve(file));
  const base = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`^${base}\\.[0-9]+\\.[0-9]+\\.tmp$`);
  for (const name of await readdir(directory)) {
    if (pattern.test(name)) await unlink(path.join(directory, name)).catch(() => undefined);
  }
}

function isMissingFile(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}
