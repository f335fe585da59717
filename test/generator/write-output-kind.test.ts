/**
 * An output path that is not a folder (a file, a device, a socket, a
 * symbolic link into a loop or to nothing, a path inside a file) is refused by
 * name before anything is written, and what is there is left as it was.
 */
import { createServer } from "node:net";
import { lstat, mkdtemp, readFile, readdir, readlink, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeAtomic } from "../../generator/write/write-atomic.js";

const FILES = [{ path: "a.txt", content: "a" }];

async function refusal(outDir: string): Promise<string> {
  return writeAtomic(outDir, FILES).then(
    () => "written",
    (e: unknown) => (e as Error).message,
  );
}

describe("an output path that is not a folder", () => {
  it.each([
    { given: "a file", make: (p: string) => writeFile(p, "mine"), want: "it is a file" },
    {
      given: "a symbolic link into a loop",
      make: async (p: string) => {
        await symlink(`${p}.other`, p);
        await symlink(p, `${p}.other`);
      },
      want: "it is a loop of symbolic links",
    },
    {
      given: "a symbolic link to nothing",
      make: (p: string) => symlink(`${p}.absent`, p),
      want: "it is a symbolic link to nothing",
    },
  ])("$given is refused, and left as it was", async ({ make, want }) => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-out-kind-"));
    const out = path.join(dir, "out");
    await make(out);
    const before = await lstat(out);
    expect(await refusal(out)).toBe(`refusing to write ${out}: ${want}`);
    const after = await lstat(out);
    expect(after.ino).toBe(before.ino);
    if (after.isFile()) expect(await readFile(out, "utf8")).toBe("mine");
    if (after.isSymbolicLink()) expect(await readlink(out)).toMatch(/\.(other|absent)$/);
    expect((await readdir(dir)).filter((n) => n.includes("staging"))).toEqual([]);
  });

  it("a device, and a path inside a file, are refused", async () => {
    expect(await refusal("/dev/null")).toBe("refusing to write /dev/null: it is a device");
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-out-kind-"));
    await writeFile(path.join(dir, "file"), "mine");
    const inside = path.join(dir, "file", "out");
    expect(await refusal(inside)).toBe(
      `refusing to write ${inside}: it is inside something that is not a folder`,
    );
  });

  it("a socket is refused", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-out-kind-"));
    const socket = path.join(dir, "sock");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await refusal(socket)).toBe(`refusing to write ${socket}: it is a socket`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
