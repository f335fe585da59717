/**
 * Only regular files are read. A FIFO, a device, a socket or a folder named
 * as a schema, contract, overlay, imported file or version file is a
 * positioned error (`file:1:1: not a regular file`) and nothing waits on it;
 * symbolic links are followed everywhere, schema files included.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { readPackageVersion } from "../../generator/commands/package-version.js";
import { readInputFile, UnreadableFile } from "../../generator/read-input-file.js";
import { REST_SERVICE } from "../helpers/temp-schemas.js";

/** A fresh folder; every path below is made in it. */
async function folder(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "paygen-input-files-"));
}

/** A FIFO at `file`, with no writer: reading it the ordinary way would wait forever. */
function fifo(file: string): string {
  execFileSync("mkfifo", [file]);
  return file;
}

async function generate(args: string[]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const code = await main(
    ["generate", "--no-cache", ...args],
    () => {},
    (t) => err.push(t),
  );
  return { code, err };
}

const rel = (file: string): string => path.relative(process.cwd(), file);

const PETS = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        responses: {
          "200": {
            description: "OK.",
            content: { "application/json": { schema: { $ref: "pet.json#/Pet" } } },
          },
        },
      },
    },
  },
});

describe("readInputFile", () => {
  it("refuses a FIFO, a device, a socket and a folder without waiting, and follows a symbolic link to a file", async () => {
    const dir = await folder();
    const socketPath = path.join(dir, "socket.yaml");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      for (const file of [fifo(path.join(dir, "fifo.yaml")), "/dev/null", socketPath, dir]) {
        const error = await readInputFile(file, 1000).catch((e: unknown) => e);
        expect(error, file).toBeInstanceOf(UnreadableFile);
        expect((error as UnreadableFile).reason, file).toBe("not-regular");
        expect((error as UnreadableFile).detail, file).toMatch(/^not a regular file/);
      }
    } finally {
      server.close();
    }
    await writeFile(path.join(dir, "real.yaml"), "a: 1\n");
    await symlink(path.join(dir, "real.yaml"), path.join(dir, "link.yaml"));
    expect((await readInputFile(path.join(dir, "link.yaml"), 1000)).toString()).toBe("a: 1\n");
    await symlink(path.join(dir, "fifo.yaml"), path.join(dir, "link-to-fifo.yaml"));
    await expect(readInputFile(path.join(dir, "link-to-fifo.yaml"), 1000)).rejects.toMatchObject({
      reason: "not-regular",
    });
    await expect(readInputFile(path.join(dir, "absent.yaml"), 1000)).rejects.toMatchObject({
      reason: "missing",
    });
    await expect(readInputFile(path.join(dir, "real.yaml"), 3)).rejects.toMatchObject({
      reason: "too-large",
      size: 5,
    });
  });
});

describe("the generate command reads only regular files", () => {
  it("--from naming a FIFO, or a link to one, is a positioned error, and nothing is written", async () => {
    const dir = await folder();
    const pipe = fifo(path.join(dir, "api.json"));
    await symlink(pipe, path.join(dir, "link.json"));
    const { code, err } = await generate([
      "--from",
      pipe,
      "--from",
      path.join(dir, "link.json"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err).toEqual([
      `${rel(pipe)}:1:1: not a regular file`,
      `${rel(path.join(dir, "link.json"))}:1:1: not a regular file`,
      "paygen: 2 problems in the contracts; nothing was written",
    ]);
    expect(await readdir(dir)).not.toContain("out");
  });

  it("--from naming a loop of symbolic links, or an overlay whose contract is one, says so at its position", async () => {
    const dir = await folder();
    const loop = path.join(dir, "loop.json");
    await symlink(path.join(dir, "other.json"), loop);
    await symlink(loop, path.join(dir, "other.json"));
    await writeFile(path.join(dir, "overlay.yaml"), `overlay:\n  contract: loop.json\n`);
    const { code, err } = await generate([
      "--from",
      loop,
      "--from",
      path.join(dir, "overlay.yaml"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err).toEqual([
      `${rel(loop)}:1:1: the contract file cannot be read: too many symbolic links`,
      `${rel(loop)}:1:1: the contract file cannot be read: too many symbolic links`,
      "paygen: 2 problems in the contracts; nothing was written",
    ]);
    expect(await readdir(dir)).not.toContain("out");
  });

  it("an overlay whose contract is a FIFO is a positioned error", async () => {
    const dir = await folder();
    const pipe = fifo(path.join(dir, "api.json"));
    await writeFile(
      path.join(dir, "overlay.yaml"),
      `overlay:\n  contract: api.json\n  service: pets\n`,
    );
    const { code, err } = await generate([
      "--from",
      path.join(dir, "overlay.yaml"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err[0]).toBe(`${rel(pipe)}:1:1: not a regular file`);
  });

  it("a $ref to a FIFO is a positioned error", async () => {
    const dir = await folder();
    await writeFile(path.join(dir, "api.json"), PETS);
    const pipe = fifo(path.join(dir, "pet.json"));
    const { code, err } = await generate([
      "--from",
      path.join(dir, "api.json"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err.join("\n")).toContain("not a regular file");
    expect(err.join("\n")).toContain(rel(pipe));
  });

  it("an XSD include of a FIFO is a positioned error", async () => {
    const dir = await folder();
    const xsd =
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">\n  <xs:include schemaLocation="part.xsd"/>\n</xs:schema>\n';
    await writeFile(path.join(dir, "main.xsd"), xsd);
    const pipe = fifo(path.join(dir, "part.xsd"));
    const { code, err } = await generate([
      "--from",
      path.join(dir, "main.xsd"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err).toContain(`${rel(pipe)}:1:1: not a regular file`);
  });

  it("a --version-file that is a FIFO is a positioned error", async () => {
    const dir = await folder();
    const pipe = fifo(path.join(dir, "version"));
    await expect(readPackageVersion(dir, "version")).rejects.toThrow(
      /^version:1:1: not a regular file$/,
    );
    const { code, err } = await generate([
      "--from",
      pipe,
      "--version-file",
      pipe,
      "--out",
      path.join(dir, "out"),
    ]);
    expect(code).toBe(1);
    expect(err.join("\n")).toContain(`${rel(pipe)}:1:1: not a regular file`);
  });

  it("a schema file that is a symbolic link is read like the file, and one that is a FIFO is a positioned error", async () => {
    const dir = await folder();
    const real = path.join(dir, "elsewhere", "service.yaml");
    await mkdir(path.dirname(real), { recursive: true });
    await writeFile(real, REST_SERVICE);
    await mkdir(path.join(dir, "schemas", "svc"), { recursive: true });
    await symlink(real, path.join(dir, "schemas", "svc", "service.yaml"));
    const linked = await generate([
      "--schemas",
      path.join(dir, "schemas"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(linked.err).toEqual([]);
    expect(linked.code).toBe(0);
    expect(await readdir(path.join(dir, "out"))).toContain("svc");

    const pipe = fifo(path.join(dir, "schemas", "svc", "extra.yaml"));
    const piped = await generate([
      "--schemas",
      path.join(dir, "schemas"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(piped.code).toBe(1);
    expect(piped.err[0]).toBe(`${rel(pipe)}:1:1: not a regular file`);
  });

  it("a schema folder that is a symbolic link to a folder is followed", async () => {
    const dir = await folder();
    await mkdir(path.join(dir, "elsewhere"), { recursive: true });
    await writeFile(path.join(dir, "elsewhere", "service.yaml"), REST_SERVICE);
    await mkdir(path.join(dir, "schemas"));
    await symlink(path.join(dir, "elsewhere"), path.join(dir, "schemas", "svc"));
    const { code, err } = await generate([
      "--schemas",
      path.join(dir, "schemas"),
      "--out",
      path.join(dir, "out"),
    ]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
  });
});
