import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { diffCommand } from "../../generator/commands/diff-command.js";
import { writeSchemas } from "../helpers/temp-schemas.js";
import { soapWith } from "./schema-pairs.js";

const THING = "Thing:\n  fields:\n    - { name: a, type: string }\n    - { name: b, type: string }";
const BEFORE = soapWith("request", THING);
/** b removed (breaking), c added (info). */
const AFTER = soapWith(
  "request",
  "Thing:\n  fields:\n    - { name: a, type: string }\n    - { name: c, type: string }",
);

async function folder(files: Record<string, string>): Promise<string> {
  return path.join(await writeSchemas(files), "schemas");
}

async function run(
  args: string[],
  options: { colour?: boolean; cwd?: string } = {},
): Promise<{ code: number; out: string; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await diffCommand(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
    { colour: false, ...options },
  );
  return { code, out: out.join("\n"), err };
}

describe("paygen diff", () => {
  it("is a subcommand of paygen, and a folder compared with itself has no changes", async () => {
    const dir = await folder(BEFORE);
    const out: string[] = [];
    expect(
      await main(
        ["diff", dir, dir, "--format", "json"],
        (t) => out.push(t),
        () => {},
      ),
    ).toBe(0);
    expect(JSON.parse(out.join("\n"))).toEqual({ changes: [], bump: "none" });
    expect((await run([dir, dir])).out).toBe("no changes");
  });

  it("prints exactly the changes as JSON, sorted", async () => {
    const result = await run([await folder(BEFORE), await folder(AFTER), "--format", "json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      changes: [
        {
          severity: "breaking",
          kind: "field-removed",
          path: "svc/types/Thing/b",
          surfaces: ["source", "wire-xml"],
          message:
            "field b of Thing was removed (sent in requests): code using it no longer compiles, and a request still holding it is refused",
        },
        {
          severity: "info",
          kind: "field-added-optional",
          path: "svc/types/Thing/c",
          surfaces: [],
          message: "optional field c was added to Thing (sent in requests)",
        },
      ],
      bump: "major",
    });
  });

  it("prints text grouped by severity, coloured only when asked", async () => {
    const args = [await folder(BEFORE), await folder(AFTER)];
    const plain = await run(args);
    expect(plain.out.split("\n")).toEqual([
      "1 breaking, 0 warning, 1 info: needs a major release (a minor one while the major is 0)",
      "",
      "BREAKING (1)",
      "  svc/types/Thing/b  field-removed  [source, wire-xml]",
      "    field b of Thing was removed (sent in requests): code using it no longer compiles, and a request still holding it is refused",
      "",
      "INFO (1)",
      "  svc/types/Thing/c  field-added-optional",
      "    optional field c was added to Thing (sent in requests)",
    ]);
    expect(plain.out).not.toContain("\u001b[");
    const coloured = await run(args, { colour: true });
    expect(coloured.out).toContain("\u001b[31m");
    expect(coloured.out.replace(/\u001b\[[0-9;]*m/g, "")).toBe(plain.out);
  });

  it("prints markdown tables", async () => {
    const result = await run([await folder(BEFORE), await folder(AFTER), "--format", "markdown"]);
    expect(result.out).toContain(
      "**1** breaking, **0** warning, **1** info; this needs a major release",
    );
    expect(result.out).toContain(
      "| `svc/types/Thing/b` | `field-removed` | source, wire-xml | field b of Thing was removed (sent in requests): code using it no longer compiles, and a request still holding it is refused |",
    );
  });

  it("--fail-on breaking and --fail-on warning", async () => {
    const before = await folder(BEFORE);
    const after = await folder(AFTER);
    const addedOnly = await folder(
      soapWith("request", `${THING}\n    - { name: c, type: string }`),
    );
    expect((await run([before, after, "--fail-on", "breaking"])).code).toBe(1);
    expect((await run([before, addedOnly, "--fail-on", "breaking"])).code).toBe(0);
    expect((await run([before, addedOnly, "--fail-on", "warning"])).code).toBe(0);
    const receivedEnum = (values: string) =>
      soapWith("response", "Thing:\n  fields:\n    - { name: s, type: Status }", {
        enums: `Status:\n  values: [${values}]`,
      });
    expect(
      (
        await run([
          await folder(receivedEnum("on")),
          await folder(receivedEnum("on, off")),
          "--fail-on",
          "warning",
        ])
      ).code,
    ).toBe(1);
    expect(
      (
        await run([
          await folder(receivedEnum("on")),
          await folder(receivedEnum("on, off")),
          "--fail-on",
          "breaking",
        ])
      ).code,
    ).toBe(0);
  });

  it("reads a side from a git revision without touching the working tree", async () => {
    const root = path.dirname(await folder(BEFORE));
    const git = (...args: string[]) =>
      execFileSync(
        "git",
        [
          "-c",
          "user.name=t",
          "-c",
          "user.email=t@example.com",
          "-c",
          "commit.gpgsign=false",
          ...args,
        ],
        { cwd: root, encoding: "utf8" },
      );
    git("init", "-q");
    git("add", "schemas");
    git("commit", "-q", "-m", "first");
    for (const [rel, text] of Object.entries(AFTER))
      await writeFile(path.join(root, "schemas", rel), text);
    const statusBefore = git("status", "--porcelain");
    const result = await run(["HEAD:schemas", "schemas", "--format", "json"], { cwd: root });
    expect(result.err).toEqual([]);
    expect(JSON.parse(result.out).changes.map((c: { kind: string }) => c.kind)).toEqual([
      "field-removed",
      "field-added-optional",
    ]);
    expect(git("status", "--porcelain")).toBe(statusBefore);
    expect(await readFile(path.join(root, "schemas", "svc", "types.yaml"), "utf8")).toBe(
      AFTER["svc/types.yaml"],
    );
    // The same revision on both sides, and a path below it.
    expect(
      (await run(["HEAD:schemas", "HEAD:./schemas", "--format", "json"], { cwd: root })).out,
    ).toContain('"changes": []');
    // Problems in a revision are named by it.
    await writeFile(
      path.join(root, "schemas", "svc", "types.yaml"),
      "types:\n  Thing:\n    fields:\n      - { name: a, type: Strin }\n",
    );
    git("commit", "-q", "-am", "broken");
    const broken = await run(["HEAD:schemas", "HEAD~1:schemas"], { cwd: root });
    expect(broken.code).toBe(2);
    expect(broken.err[0]).toMatch(/^HEAD:schemas\/svc\/types\.yaml:4:\d+: unknown type "Strin"/);
    const missing = await run(["nope:schemas", "HEAD~1:schemas"], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/^paygen diff: cannot read nope:schemas from git: /);
  });

  it("a side that cannot be read is exit 2 with every problem of both sides, never no changes", async () => {
    const broken = await folder({
      ...BEFORE,
      "svc/types.yaml": "types:\n  Thing:\n    fields:\n      - { name: a, type: Strin }\n",
    });
    const result = await run([broken, path.join(broken, "missing")]);
    expect(result.code).toBe(2);
    expect(result.out).toBe("");
    expect(result.err[0]).toMatch(/svc\/types\.yaml:4:\d+: unknown type "Strin"/);
    expect(result.err.at(-1)).toMatch(
      /missing is neither a schema folder, a contract file, nor REV:path; nothing was compared$/,
    );
  });

  it("refuses wrong arguments with its usage", async () => {
    for (const args of [
      ["only-one"],
      ["a", "b", "--format", "html"],
      ["a", "b", "--fail-on", "info"],
      ["a", "b", "--colour"],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.err.join("\n")).toContain("usage: paygen diff OLD NEW");
    }
  });
});
