import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { writeAtomic } from "../../generator/write/write-atomic.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const SCHEMAS = path.join(FIXTURES, "soap-basic");
/** How many times each of two processes replaces one output: enough for their turns to interleave, few enough for a busy machine. */
const TURNS = 30;

async function quietMain(args: string[]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const code = await main(
    args,
    () => {},
    (m) => err.push(m),
  );
  return { code, err };
}

/** The pid of a process that has exited: nothing runs under it any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((resolve) => child.on("exit", resolve));
  return pid;
}

function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** Runs the command in a child process, as two terminals (or two CI jobs) would. */
function runChild(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(PROJECT_ROOT, "generator", "cli.ts"), ...args],
      {
        cwd: PROJECT_ROOT,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("replacing the output folder", () => {
  it("removes staging and previous folders of runs that died, and keeps those of live runs and other outputs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    const dead = await deadPid();
    const now = Date.now().toString(36);
    const longAgo = (Date.now() - 24 * 3600_000).toString(36);
    const orphans = [
      `.out.staging-${dead}-${now}`,
      `.out.previous-${dead}-${now}`,
      `.out.staging-${dead}-${now}-x1y2`,
      // A live pid, but a day old: the pid has been reused by something else.
      `.out.previous-${process.ppid}-${longAgo}`,
    ];
    const kept = [
      // A run that is still going (its pid is alive, and it started a moment ago).
      `.out.staging-${process.ppid}-${now}`,
      // Another output's folder, and names that are not paygen's.
      `.other.staging-${dead}-${now}`,
      ".out.staging-notes",
    ];
    for (const name of [...orphans, ...kept]) {
      await mkdir(path.join(dir, name, "shop"), { recursive: true });
      await writeFile(path.join(dir, name, "shop", "types.ts"), "// left over\n");
    }
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(["out", ...kept].sort());
  });

  it("gives back the user's folders that a run killed in the middle of the swap left in its staging folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    // Killed after moving node_modules into its staging folder and the output aside, before the last rename.
    const tag = `${await deadPid()}-${Date.now().toString(36)}`;
    const staging = path.join(dir, `.out.staging-${tag}`);
    await mkdir(path.join(staging, "node_modules", "dep"), { recursive: true });
    await writeFile(path.join(staging, "node_modules", "dep", "index.js"), "export {};\n");
    await (await import("node:fs/promises")).rename(out, path.join(dir, `.out.previous-${tag}`));
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    expect(await readdir(dir)).toEqual(["out"]);
    expect(await readFile(path.join(out, "node_modules", "dep", "index.js"), "utf8")).toBe(
      "export {};\n",
    );
  });

  it("takes over a lock left by a run that died, and leaves none behind", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    await writeFile(
      path.join(dir, ".out.lock"),
      `${JSON.stringify({ pid: await deadPid(), host: hostname(), token: "t" })}\n`,
    );
    // Taken over, not waited for: nobody will release it, so a run that waited
    // would end minutes later in an error (code 1), or time this test out.
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    expect(await readdir(dir)).toEqual(["out"]);
  });

  it("many replacements at once in one process all succeed, and the last one's files are what is left", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    const version = (n: number) => [
      { path: "package.json", content: `${JSON.stringify({ name: "p", generator: "paygen" })}\n` },
      { path: "a/one.ts", content: `export const n = ${n};\n` },
      { path: "b/two.ts", content: `export const m = ${n};\n` },
    ];
    await writeAtomic(out, version(0));
    await mkdir(path.join(out, "node_modules", "dep"), { recursive: true });
    await writeFile(path.join(out, "node_modules", "dep", "index.js"), "export {};\n");
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => writeAtomic(out, version(i + 1))),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await readdir(dir)).toEqual(["out"]);
    const one = await readFile(path.join(out, "a", "one.ts"), "utf8");
    const two = await readFile(path.join(out, "b", "two.ts"), "utf8");
    expect(one.replace(" n ", " m ")).toBe(two);
    expect(await readFile(path.join(out, "node_modules", "dep", "index.js"), "utf8")).toBe(
      "export {};\n",
    );
  });

  it("two processes replacing one output over and over never fail, and never take it for a folder paygen did not write", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    const files = (n: number) =>
      [
        {
          path: "package.json",
          content: `${JSON.stringify({ name: "p", generator: "paygen" })}\n`,
        },
      ].concat(
        Array.from({ length: 40 }, (_, i) => ({
          path: `f/${i % 5}/file${i}.ts`,
          content: `export const v = ${n};\n`,
        })),
      );
    await writeAtomic(out, files(0));
    // Each child says it is ready, then waits for the other (a barrier, not a clock): both then replace
    // the output a fixed number of times, however slow the machine; nothing depends on who wins a turn.
    // One child may hold the lock for all its turns while the other waits: a run waits for each other
    // replacement, not for a fixed time in all (see lock in write-atomic.ts), so that is never an error.
    const barrier = await mkdtemp(path.join(tmpdir(), "paygen-barrier-"));
    const script = (me: number) => `
      import { existsSync, writeFileSync } from "node:fs";
      import { writeAtomic } from ${JSON.stringify(path.join(PROJECT_ROOT, "generator", "write", "write-atomic.ts"))};
      const files = ${files.toString()};
      writeFileSync(${JSON.stringify(path.join(barrier, "ready-"))} + ${me}, "");
      while (!existsSync(${JSON.stringify(path.join(barrier, "ready-"))} + ${1 - me})) await new Promise((r) => setTimeout(r, 10));
      for (let i = 1; i <= ${TURNS}; i++) await writeAtomic(${JSON.stringify(out)}, files(i));
    `;
    const children = await Promise.all(
      [0, 1].map(
        (me) =>
          new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ["--import", "tsx", "--input-type=module", "-e", script(me)],
              { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "pipe"] },
            );
            let stderr = "";
            child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
            child.on("error", reject);
            child.on("exit", (code) => resolve({ code, stderr }));
          }),
      ),
    );
    for (const c of children) {
      expect(c.stderr).toBe("");
      expect(c.code).toBe(0);
    }
    expect(await readdir(dir)).toEqual(["out"]);
    expect((await readdir(path.join(out, "f", "0"))).length).toBe(8);
    expect(await readFile(path.join(out, "f", "0", "file0.ts"), "utf8")).toBe(
      `export const v = ${TURNS};\n`,
    );
  }, 900_000);

  it("a run waiting for the lock gets it even when its lock candidate was removed meanwhile (another run's clean-up of a long wait)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    const version = [
      { path: "package.json", content: `${JSON.stringify({ name: "p", generator: "paygen" })}\n` },
    ];
    // Held by a live run (this process, under another token): waited for, never taken over.
    const lockFile = path.join(dir, ".out.lock");
    await writeFile(
      lockFile,
      `${JSON.stringify({ pid: process.pid, host: hostname(), token: "held" })}\n`,
    );
    const written = writeAtomic(out, version);
    let candidates: string[] = [];
    while (candidates.length === 0) {
      candidates = (await readdir(dir)).filter((name) => name.startsWith(".out.lock-"));
      if (candidates.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The candidate goes first, then the lock is released: the waiter's next try finds no candidate.
    for (const name of candidates) await rm(path.join(dir, name));
    await rm(lockFile);
    await written;
    expect(await readdir(dir)).toEqual(["out"]);
    expect(await readFile(path.join(out, "package.json"), "utf8")).toBe(version[0]!.content);
  });

  it("two generations into one output at once both succeed, and the output is complete", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-write-"));
    const out = path.join(dir, "out");
    // An earlier generation is there: its marker is what a racing run would fail to read.
    expect((await quietMain(["--schemas", SCHEMAS, "--out", out])).code).toBe(0);
    const results = await Promise.all([
      runChild(["--schemas", SCHEMAS, "--out", out]),
      runChild(["--schemas", SCHEMAS, "--out", out]),
    ]);
    for (const r of results) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
    }
    expect(await readdir(dir)).toEqual(["out"]);
    const check = await quietMain(["--schemas", SCHEMAS, "--out", out, "--check"]);
    expect(check.err).toEqual([]);
    expect(check.code).toBe(0);
    expect(await exists(path.join(out, "package.json"))).toBe(true);
  }, 600_000);
});
