/**
 * `paygen generate --watch`: a first generation, then one per schema change (debounced, atomic), each
 * saying what changed; a schema error is printed with its position and watching goes on, the output
 * left as it was; stopping ends the command with 0. The waits poll for printed lines, never a clock bound.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateCommand } from "../../generator/commands/generate-command.js";
import { watchAndRun } from "../../generator/commands/watch.js";
import { watchPackages } from "../../generator/commands/watch-packages.js";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A temp project holding a copy of the rest-basic fixture's schemas. */
async function project(): Promise<{ root: string; schemas: string; out: string }> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-watch-"));
  roots.push(root);
  const schemas = path.join(root, "schemas");
  await cp(path.join(FIXTURES, "rest-basic"), schemas, { recursive: true });
  return { root, schemas, out: path.join(root, "out") };
}

/**
 * Resolves once `lines` holds a line matching `pattern` at index `from` or later; the index of that line.
 * It waits on the output, not on a clock: the bound (ten minutes of polling) only turns a hang into a
 * message showing what was printed, and is far above any run on a busy machine.
 */
async function lineMatching(
  lines: readonly string[],
  pattern: RegExp,
  from = 0,
  what = String(pattern),
): Promise<number> {
  for (let i = 0; i < 30_000; i++) {
    const index = lines.findIndex((line, n) => n >= from && pattern.test(line));
    if (index >= 0) return index;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no line matched ${what}; got:\n${lines.join("\n")}`);
}

/** A generous bound for a test that waits on a watcher's output (see lineMatching). */
const WATCH_TEST_MS = 900_000;

/** The lines a child prints on stdout and stderr, each whole (a chunk may end in the middle of one). */
function linesOf(child: ChildProcess): string[] {
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop()!;
      lines.push(...parts.filter((line) => line !== ""));
    });
  }
  return lines;
}

describe("generate --watch", () => {
  it(
    "regenerates on a change, says what changed, survives a schema error, and stops when asked",
    async () => {
      const { schemas, out } = await project();
      const log: string[] = [];
      const err: string[] = [];
      const stop = new AbortController();
      const done = generateCommand(
        ["--schemas", schemas, "--out", out, "--watch"],
        (t) => log.push(t),
        (t) => err.push(t),
        stop.signal,
      );
      let at = await lineMatching(log, /^paygen: watching /);
      expect(log.slice(0, at).some((l) => / files written to /.test(l))).toBe(true);
      const typesFile = path.join(out, "wallet", "types.ts");
      const before = await readFile(typesFile, "utf8");

      // A change: a documented field added to a response.
      const schemaFile = path.join(schemas, "wallet", "types.yaml");
      const original = await readFile(schemaFile, "utf8");
      await writeFile(
        schemaFile,
        original.replace(
          "      - { name: status, type: string }\n",
          "      - { name: status, type: string }\n      - { name: reconciliationId, type: string, doc: Reconciliation ID. }\n",
        ),
      );
      at = await lineMatching(log, /^paygen: changed: .*wallet[\\/]types\.yaml/, at + 1);
      at = await lineMatching(
        log,
        /^paygen: \d+ files? changed in .*: .*wallet\/types\.ts/,
        at + 1,
      );
      expect(log.slice(at + 1).join("\n")).toMatch(
        /schema changes since .* was generated: 0 breaking/,
      );
      const after = await readFile(typesFile, "utf8");
      expect(after).not.toBe(before);
      expect(after).toContain("reconciliationId?: string;");

      // A schema error: printed with its position; the output stays as it was; watching goes on.
      const errorsBefore = err.length;
      await writeFile(schemaFile, original.replace("type: Link }", "type: Lnk }"));
      await lineMatching(
        err,
        /types\.yaml:\d+:\d+: unknown type "Lnk"; did you mean "Link"\?/,
        errorsBefore,
      );
      await lineMatching(err, /nothing was written/, errorsBefore);
      expect(await readFile(typesFile, "utf8")).toBe(after);

      // Fixed: generated again.
      const logged = log.length;
      await writeFile(schemaFile, original);
      await lineMatching(log, /^paygen: \d+ files? changed in /, logged);
      expect(await readFile(typesFile, "utf8")).toBe(before);

      stop.abort();
      expect(await done).toBe(0);
      expect(log.at(-1)).toBe("paygen: stopped watching");
    },
    WATCH_TEST_MS,
  );

  it("refuses --watch with --check", async () => {
    const err: string[] = [];
    expect(
      await generateCommand(
        ["--watch", "--check"],
        () => {},
        (t) => err.push(t),
      ),
    ).toBe(2);
    expect(err.join("\n")).toContain("--watch and --check do not go together");
  });

  it(
    "as a process, stops on SIGTERM with exit code 0",
    async () => {
      const { schemas, out } = await project();
      // Run from the project, as `npm run generate -- --watch` does (tsx resolves from there).
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          path.join(PROJECT_ROOT, "generator", "cli.ts"),
          "generate",
          "--schemas",
          schemas,
          "--out",
          out,
          "--watch",
        ],
        {
          cwd: PROJECT_ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      const lines: string[] = [];
      child.stdout.on("data", (chunk: Buffer) =>
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)),
      );
      child.stderr.on("data", (chunk: Buffer) =>
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)),
      );
      const exited = new Promise<number | null>((resolve) =>
        child.on("exit", (code) => resolve(code)),
      );
      await lineMatching(lines, /^paygen: watching /);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(lines).toContain("paygen: stopped watching");
    },
    WATCH_TEST_MS,
  );
  it(
    "as a process, stops on SIGTERM after its contract was replaced by a symbolic link to a FIFO",
    { timeout: WATCH_TEST_MS },
    async () => {
      const { root, out } = await project();
      const contract = path.join(root, "api.json");
      const operation = {
        operationId: "listPets",
        responses: {
          "200": {
            description: "OK.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { name: { type: "string" } } },
              },
            },
          },
        },
      };
      await writeFile(
        contract,
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Pets", version: "1" },
          paths: { "/pets": { get: operation } },
        }),
      );
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          path.join(PROJECT_ROOT, "generator", "cli.ts"),
          "generate",
          "--from",
          contract,
          "--out",
          out,
          "--no-cache",
          "--watch",
        ],
        {
          cwd: PROJECT_ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      try {
        const lines: string[] = [];
        child.stdout.on("data", (chunk: Buffer) =>
          lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)),
        );
        child.stderr.on("data", (chunk: Buffer) =>
          lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)),
        );
        const exited = new Promise<number | null>((resolve) =>
          child.on("exit", (code) => resolve(code)),
        );
        await lineMatching(lines, /^paygen: watching /);
        // A FIFO with no writer: reading it the ordinary way waits forever.
        const fifo = path.join(root, "pipe");
        execFileSync("mkfifo", [fifo]);
        await symlink(fifo, path.join(root, "api-link.json"));
        await rename(path.join(root, "api-link.json"), contract);
        await lineMatching(lines, /^paygen: changed: /);
        child.kill("SIGTERM");
        // A bound against a hang only, far above any run on a busy machine; nothing is measured.
        const bound = new Promise<"still running">((resolve) =>
          setTimeout(() => resolve("still running"), 180_000).unref(),
        );
        expect(await Promise.race([exited, bound])).toBe(0);
        expect(lines).toContain("paygen: stopped watching");
        expect(lines.some((line) => line.endsWith("api.json:1:1: not a regular file"))).toBe(true);
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  );
  it("stops even when a run under way never finishes, and says so", async () => {
    const { schemas } = await project();
    const controller = new AbortController();
    let started!: () => void;
    const runStarted = new Promise<void>((resolve) => (started = resolve));
    const stopped = watchAndRun(
      { folders: [schemas], files: [] },
      () => {
        started();
        return new Promise<void>(() => {});
      },
      {
        signal: controller.signal,
        debounceMs: 10,
        stopGraceMs: 50,
        // A change from the start: the run follows without waiting on a write being seen.
        initial: [path.join(schemas, "touched.yaml")],
      },
    );
    await runStarted;
    controller.abort();
    expect(await stopped).toBe(false);
  });

  it("says it is watching only once its watchers are in place: a change made on hearing it is seen", async () => {
    const { root } = await project();
    const file = path.join(root, "paygen.config.json");
    await writeFile(file, "{}\n");
    const controller = new AbortController();
    const runs: (readonly string[])[] = [];
    const finished = await watchAndRun(
      { folders: [], files: [file] },
      async (changed) => {
        runs.push(changed.map((c) => path.basename(c)));
        controller.abort();
      },
      {
        signal: controller.signal,
        debounceMs: 10,
        // What a person or a script does on reading "watching": change the file at once.
        onWatching: () => writeFileSync(file, '{ "packages": [] }\n'),
      },
    );
    expect(finished).toBe(true);
    expect(runs).toEqual([["paygen.config.json"]]);
  });
});

/** `paygen generate --watch` run as a team runs it: from its project folder, where the configuration is; its lines, and its exit code once stopped. */
function watchIn(cwd: string): { lines: string[]; exited: Promise<number | null>; stop(): void } {
  const child = spawn(
    process.execPath,
    [path.join(PROJECT_ROOT, "scripts", "paygen.mjs"), "generate", "--watch"],
    { cwd, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines = linesOf(child);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    lines,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}

const nameIn = async (out: string): Promise<string> =>
  (JSON.parse(await readFile(path.join(out, "package.json"), "utf8")) as { name: string }).name;

describe("generate --watch with a configuration", () => {
  it("stops at once when stopped before watching began (during the first generation, say)", async () => {
    const { schemas, out } = await project();
    const stop = new AbortController();
    stop.abort();
    const generated: string[] = [];
    const logged: string[] = [];
    const finished = await watchPackages(
      { packages: [{ schemas, out, name: "p", noCache: true, server: false }] },
      {
        replan: () => Promise.reject(new Error("not planned again")),
        generate: async (plan) => generated.push(plan.out),
        configProblem: () => {},
        log: (text) => logged.push(text),
        err: (text) => logged.push(text),
        signal: stop.signal,
      },
    );
    expect(finished).toBe(true);
    expect(generated).toEqual([]);
    // It never watched, so it never says it does.
    expect(logged).toEqual([]);
  });

  it(
    "watches paygen.config.json: a change generates again as it now says, an error in it is reported at its position and watching goes on",
    async () => {
      const { root, out } = await project();
      await cp(path.join(FIXTURES, "soap-basic"), path.join(root, "billing"), { recursive: true });
      const config = path.join(root, "paygen.config.json");
      const configOf = (name: string, schemas = "schemas") =>
        `${JSON.stringify({ packages: [{ name, schemas, out: "out" }] }, null, 2)}\n`;
      await writeFile(config, configOf("acme-wallet"));
      const watching = watchIn(root);
      const { lines } = watching;
      try {
        let at = await lineMatching(lines, /^paygen: watching /);
        expect(lines[at]).toContain("paygen.config.json");
        expect(await nameIn(out)).toBe("acme-wallet");

        // The package's name changed: generated again under it.
        await writeFile(config, configOf("@acme/wallet"));
        at = await lineMatching(lines, /^paygen: changed: paygen\.config\.json$/, at + 1);
        at = await lineMatching(lines, /files written to out\/ /, at + 1);
        expect(await nameIn(out)).toBe("@acme/wallet");

        // An error in the configuration: positioned; nothing written; still watching.
        await writeFile(config, configOf("Acme"));
        at = await lineMatching(
          lines,
          /^paygen\.config\.json:4:15: "Acme" is not an npm package name: a package name is lower case$/,
          at + 1,
        );
        at = await lineMatching(
          lines,
          /^paygen: 1 problem in the configuration; nothing was written$/,
          at + 1,
        );
        expect(await nameIn(out)).toBe("@acme/wallet");

        // Fixed, and pointing at other schemas: those are generated, and watched from then on.
        await writeFile(config, configOf("acme-billing", "billing"));
        at = await lineMatching(lines, /^paygen: watching billing, /, at + 1);
        at = await lineMatching(lines, /files written to out\/ /, at + 1);
        expect(await nameIn(out)).toBe("acme-billing");
        const typesFile = path.join(out, "shop", "types.ts");
        const before = await readFile(typesFile, "utf8");
        const schemaFile = path.join(root, "billing", "shop", "types.yaml");
        await writeFile(schemaFile, `${await readFile(schemaFile, "utf8")}\n# edited\n`);
        at = await lineMatching(
          lines,
          /^paygen: changed: billing[\\/]shop[\\/]types\.yaml/,
          at + 1,
        );
        await lineMatching(
          lines,
          /^paygen: (out\/ is unchanged|\d+ files? changed in out\/)/,
          at + 1,
        );
        expect(await readFile(typesFile, "utf8")).toBe(before);
      } finally {
        watching.stop();
      }
      expect(await watching.exited).toBe(0);
      expect(lines.at(-1)).toBe("paygen: stopped watching");
    },
    WATCH_TEST_MS,
  );

  it(
    "watches package.json when the configuration is its paygen key",
    async () => {
      const { root, out } = await project();
      const manifest = path.join(root, "package.json");
      const manifestOf = (name: string) =>
        `${JSON.stringify({ name: "app", private: true, paygen: { packages: [{ name, out: "out" }] } }, null, 2)}\n`;
      await writeFile(manifest, manifestOf("app-clients"));
      const watching = watchIn(root);
      const { lines } = watching;
      try {
        let at = await lineMatching(lines, /^paygen: watching /);
        expect(lines[at]).toContain("package.json");
        expect(await nameIn(out)).toBe("app-clients");
        await writeFile(manifest, manifestOf("@app/clients"));
        at = await lineMatching(lines, /^paygen: changed: package\.json$/, at + 1);
        await lineMatching(lines, /files written to out\/ /, at + 1);
        expect(await nameIn(out)).toBe("@app/clients");
      } finally {
        watching.stop();
      }
      expect(await watching.exited).toBe(0);
    },
    WATCH_TEST_MS,
  );
});
