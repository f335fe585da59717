import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SchemaErrors } from "../diagnostics/diagnostic.js";
import { loadModel } from "../generate.js";
import type { Model } from "../model/ir.js";

const run = promisify(execFile);

/** Largest file taken out of git for one side (contracts are checked by their front end after that). */
const MAX_BLOB_BYTES = 64 * 1024 * 1024;

/** One side of a diff, loaded: its model, and how positions in its files are shown. */
export interface Side {
  readonly model: Model;
  /** `schemas`, `api.json`, `main:schemas`. */
  readonly label: string;
}

/** Where a side is read from, before reading it. */
export type SideSource =
  | { readonly kind: "folder"; readonly dir: string }
  | { readonly kind: "file"; readonly file: string }
  | { readonly kind: "git"; readonly rev: string; readonly path: string };

/**
 * What a side names: a schema folder or a contract file that exists, else
 * `REV:path`, a path as a git revision holds it (`main:schemas`,
 * `HEAD~1:schemas/payments`, `v1.2.0:./api.json`; the path is read as git
 * reads it, from the top of the repository unless it starts with `./`).
 */
export async function sideSource(spec: string, cwd: string): Promise<SideSource> {
  const onDisk = await stat(path.resolve(cwd, spec)).catch(() => undefined);
  if (onDisk?.isDirectory()) return { kind: "folder", dir: path.resolve(cwd, spec) };
  if (onDisk?.isFile()) return { kind: "file", file: path.resolve(cwd, spec) };
  const m = /^([^:]+):(.+)$/.exec(spec);
  if (m) return { kind: "git", rev: m[1]!, path: m[2]! };
  throw new Error(`${spec} is neither a schema folder, a contract file, nor REV:path`);
}

/**
 * Reads a side through its front end and the checker (`loadModel`). A git
 * revision is copied into a temporary folder first, with git's object
 * commands (the working tree and the index are never touched), and the folder
 * is removed afterwards. Problems throw `SchemaErrors`, their files named as
 * the user would (`schemas/x.yaml` of a revision is shown as `REV:schemas/x.yaml`
 * by the caller); any other failure throws an Error.
 */
export async function loadSide(spec: string, cwd: string): Promise<Side> {
  const source = await sideSource(spec, cwd);
  if (source.kind === "folder")
    return { model: await loadModel({ schemasDir: source.dir, cwd }), label: spec };
  if (source.kind === "file")
    return { model: await loadModel({ schemasDir: cwd, from: [source.file], cwd }), label: spec };
  const root = await mkdtemp(path.join(tmpdir(), "paygen-diff-"));
  try {
    const { type, display } = await extract(source.rev, source.path, cwd, root);
    const target = path.join(root, ...display.split("/"));
    try {
      const model =
        type === "tree"
          ? await loadModel({ schemasDir: target, cwd: root })
          : await loadModel({ schemasDir: root, from: [target], cwd: root });
      return { model, label: spec };
    } catch (error) {
      if (!(error instanceof SchemaErrors)) throw error;
      throw new SchemaErrors(
        error.diagnostics.map((d) => ({
          ...d,
          at: { ...d.at, file: `${source.rev}:${d.at.file}` },
        })),
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Copies `rev:path` (a tree or a blob) under `root`, at its path in the repository. */
async function extract(
  rev: string,
  gitPath: string,
  cwd: string,
  root: string,
): Promise<{ type: "tree" | "blob"; display: string }> {
  const object = `${rev}:${gitPath}`;
  const git = async (args: string[], encoding: "utf8" | "buffer" = "utf8") => {
    try {
      return await run("git", args, { cwd, encoding, maxBuffer: MAX_BLOB_BYTES });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "")
        .trim()
        .split("\n")[0];
      throw new Error(
        `cannot read ${object} from git: ${stderr || (error instanceof Error ? error.message : String(error))}`,
      );
    }
  };
  const type = String((await git(["cat-file", "-t", object])).stdout).trim();
  if (type !== "tree" && type !== "blob")
    throw new Error(`cannot read ${object} from git: it is a ${type}, not a folder or a file`);
  // Where the path is in the repository, so messages name it as the user knows it.
  const prefix =
    gitPath.startsWith("./") || gitPath.startsWith("../")
      ? String((await git(["rev-parse", "--show-prefix"])).stdout).trim()
      : "";
  const display =
    path.posix.normalize(path.posix.join(prefix, gitPath)).replace(/^\/+|\/+$/g, "") || ".";
  if (display.startsWith(".."))
    throw new Error(`cannot read ${object}: the path leaves the repository`);
  const base = path.join(root, ...display.split("/"));
  if (type === "blob") {
    await writeBlob(git, object, base);
    return { type, display };
  }
  await mkdir(base, { recursive: true });
  const listing = String((await git(["ls-tree", "-r", "-z", object])).stdout);
  for (const entry of listing.split("\0")) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(entry);
    if (!m || m[2] !== "blob") continue;
    const rel = m[4]!;
    if (rel.split("/").some((part) => part === ".." || part === "")) continue;
    await writeBlob(git, m[3]!, path.join(base, ...rel.split("/")));
  }
  return { type, display };
}

async function writeBlob(
  git: (args: string[], encoding?: "utf8" | "buffer") => Promise<{ stdout: string | Buffer }>,
  object: string,
  target: string,
): Promise<void> {
  const { stdout } = await git(["cat-file", "blob", object], "buffer");
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, stdout);
}
