import { cp, mkdir, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

/** Every file below `dir`, as bytes, with every folder (so an emptied folder shows). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(rel: string): Promise<void> {
    for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out[`${r}/`] = "";
        await walk(r);
      } else out[r] = (await readFile(path.join(dir, r))).toString("base64");
    }
  }
  await walk("");
  return out;
}

async function run(
  args: string[],
  cwd?: string,
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const before = process.cwd();
  if (cwd !== undefined) process.chdir(cwd);
  try {
    const code = await main(
      args,
      (m) => out.push(m),
      (m) => err.push(m),
    );
    return { code, out, err };
  } finally {
    process.chdir(before);
  }
}

/** A temporary folder holding `out/`, a package generated from the soap-basic fixture. */
async function withGeneratedOutput(): Promise<{ dir: string; before: Record<string, string> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
  const first = await run([
    "--schemas",
    path.join(FIXTURES, "soap-basic"),
    "--out",
    path.join(dir, "out"),
  ]);
  expect(first.code).toBe(0);
  await writeFile(path.join(dir, "out", "stray.txt"), "a file of the user's");
  return { dir, before: await snapshot(dir) };
}

describe("the generate command refuses a schema folder without services", () => {
  it("an empty schema folder is an error naming it, and the output is left byte for byte", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "empty"));
    const failed = await run(["--schemas", "empty", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.out).toEqual([]);
    expect(failed.err).toEqual([
      "paygen: the schema folder empty/ holds no service (expected empty/SERVICE/service.yaml); nothing was written",
    ]);
    expect(await snapshot(dir)).toEqual({ ...before, "empty/": "" });
  });

  it("a missing schema folder is an error naming it, and the output is left byte for byte", async () => {
    const { dir, before } = await withGeneratedOutput();
    const failed = await run(["--schemas", "nowhere", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "paygen: the schema folder nowhere/ does not exist; nothing was written",
    ]);
    expect(await snapshot(dir)).toEqual(before);
  });

  it("a schema folder that is a file is an error naming it", async () => {
    const { dir, before } = await withGeneratedOutput();
    await writeFile(path.join(dir, "schemas.yaml"), "types: {}\n");
    const failed = await run(["--schemas", "schemas.yaml", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "paygen: the schema folder schemas.yaml/ is not a folder; nothing was written",
    ]);
    expect(await snapshot(dir)).toEqual({
      ...before,
      "schemas.yaml": Buffer.from("types: {}\n").toString("base64"),
    });
  });

  it("a schema folder with folders and other files but no schema file is an error, and nothing is written", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "schemas", "shop"), { recursive: true });
    await writeFile(path.join(dir, "schemas", "README.md"), "# schemas\n");
    await writeFile(path.join(dir, "schemas", "shop", "notes.txt"), "later\n");
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "paygen: the schema folder schemas/ holds no service (expected schemas/SERVICE/service.yaml); nothing was written",
    ]);
    const after = await snapshot(dir);
    for (const key of Object.keys(after)) if (key.startsWith("schemas/")) delete after[key];
    expect(after).toEqual(before);
  });

  it("a schema folder with only top-level files is a positioned error, and nothing is written", async () => {
    const { dir, before } = await withGeneratedOutput();
    await mkdir(path.join(dir, "schemas"));
    await writeFile(path.join(dir, "schemas", "types.yaml"), "types: {}\n");
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([
      "schemas/types.yaml:1:1: schema files belong in a service folder: schemas/SERVICE/FILE.yaml",
      "paygen: 1 problem in the schemas; nothing was written",
    ]);
    const after = await snapshot(dir);
    delete after["schemas/"];
    delete after["schemas/types.yaml"];
    expect(after).toEqual(before);
  });

  it("without an output folder, a failed run creates none", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
    await mkdir(path.join(dir, "empty"));
    const failed = await run(["--schemas", "empty", "--out", "out"], dir);
    expect(failed.code).toBe(1);
    expect(await readdir(dir)).toEqual(["empty"]);
  });
});

describe("schema file encoding", () => {
  async function schemasWith(edit: (bytes: Buffer) => Buffer): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
    await cp(path.join(FIXTURES, "soap-basic"), path.join(dir, "schemas"), { recursive: true });
    const file = path.join(dir, "schemas", "shop", "types.yaml");
    await writeFile(file, edit(await readFile(file)));
    return dir;
  }

  /** Puts `bytes` right after the first occurrence of `after` on the line where it occurs. */
  function insertAfter(text: Buffer, after: string, bytes: number[]): Buffer {
    const at = text.indexOf(after);
    expect(at).toBeGreaterThanOrEqual(0);
    return Buffer.concat([
      text.subarray(0, at + Buffer.byteLength(after)),
      Buffer.from(bytes),
      text.subarray(at + Buffer.byteLength(after)),
    ]);
  }

  /** 1-based line and column (UTF-16 code units, as every diagnostic counts them) of `needle` in the file. */
  function lineCol(text: string, needle: string): { line: number; col: number } {
    const at = text.indexOf(needle);
    const before = text.slice(0, at).split("\n");
    return { line: before.length, col: before[before.length - 1]!.length + 1 };
  }

  const notUtf8 = (problem: string): string =>
    `the file is not UTF-8: ${problem}; save it as UTF-8`;
  it.each([
    ["a stray continuation byte", [0x80], "byte 0x80 cannot start a character"],
    ["a byte never used in UTF-8", [0xff], "byte 0xFF cannot start a character"],
    ["a Latin-1 letter", [0xe9], "the character starting with byte 0xE9 is incomplete"],
    ["a truncated sequence", [0xe2, 0x82], "the character starting with byte 0xE2 is incomplete"],
    ["an overlong encoding", [0xe0, 0x80, 0xaf], "bytes 0xE0 0x80 do not encode a character"],
    ["an encoded surrogate", [0xed, 0xa0, 0x80], "bytes 0xED 0xA0 do not encode a character"],
    [
      "a code point above U+10FFFF",
      [0xf4, 0x90, 0x80, 0x80],
      "bytes 0xF4 0x90 do not encode a character",
    ],
  ])(
    "%s is an error at the first invalid byte, and nothing is written",
    async (_name, bytes, problem) => {
      const original = await readFile(
        path.join(FIXTURES, "soap-basic", "shop", "types.yaml"),
        "utf8",
      );
      const anchor = "doc: ";
      const dir = await schemasWith((b) => insertAfter(b, anchor, bytes));
      const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
      expect(failed.code).toBe(1);
      const { line, col } = lineCol(original, anchor);
      expect(failed.err).toEqual([
        `schemas/shop/types.yaml:${line}:${col + anchor.length}: ${notUtf8(problem)}`,
        "paygen: 1 problem in the schemas; nothing was written",
      ]);
      expect(failed.err.join("\n")).not.toContain("\uFFFD");
      expect(await readdir(dir)).toEqual(["schemas"]);
    },
  );

  it("counts lines and columns in characters before the invalid byte, past multi-byte characters", async () => {
    const dir = await schemasWith((b) =>
      Buffer.concat([
        Buffer.from("# Überblick — ok\n# ab"),
        Buffer.from([0xff]),
        Buffer.from("\n"),
        b,
      ]),
    );
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.err[0]).toBe(
      `schemas/shop/types.yaml:2:5: ${notUtf8("byte 0xFF cannot start a character")}`,
    );
  });

  it("a file ending inside a multi-byte character points at its first byte", async () => {
    const dir = await schemasWith((b) =>
      Buffer.concat([b, Buffer.from("# x"), Buffer.from([0xf0, 0x9f, 0x98])]),
    );
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    const text = (await readFile(path.join(dir, "schemas", "shop", "types.yaml")))
      .subarray(0, -3)
      .toString("utf8");
    const lines = text.split("\n");
    expect(failed.err[0]).toBe(
      `schemas/shop/types.yaml:${lines.length}:${lines[lines.length - 1]!.length + 1}: ${notUtf8("the character starting with byte 0xF0 is incomplete")}`,
    );
  });

  it("a UTF-8 byte order mark is accepted and changes nothing in the output", async () => {
    const plain = await mkdtemp(path.join(tmpdir(), "paygen-input-"));
    // Both runs in a folder without a configuration (the project's own asks for the server side).
    expect(
      (
        await run(
          ["--schemas", path.join(FIXTURES, "soap-basic"), "--out", path.join(plain, "out")],
          plain,
        )
      ).code,
    ).toBe(0);
    const dir = await schemasWith((b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b]));
    const result = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(await snapshot(path.join(dir, "out"))).toEqual(await snapshot(path.join(plain, "out")));
  });

  it("after a byte order mark, positions count from the first character", async () => {
    const dir = await schemasWith((b) =>
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from("# ab"),
        Buffer.from([0x80]),
        Buffer.from("\n"),
        b,
      ]),
    );
    const failed = await run(["--schemas", "schemas", "--out", "out"], dir);
    expect(failed.err[0]).toBe(
      `schemas/shop/types.yaml:1:5: ${notUtf8("byte 0x80 cannot start a character")}`,
    );
  });
});
