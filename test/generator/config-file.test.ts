import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageNameProblem } from "../../generator/commands/package-name.js";
import { planPackages, planRun, UsageError } from "../../generator/commands/package-plans.js";
import { SourceProblemsError } from "../../generator/frontends/source/source-problem.js";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const PETS = path.join(
  PROJECT_ROOT,
  "test",
  "frontends",
  "openapi",
  "fixtures",
  "description",
  "pets-3.0.yaml",
);

/** A folder holding `files` (name → text). */
async function folder(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-config-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

/** The messages of what `planPackages` throws. */
async function problems(cwd: string, flags = {}): Promise<string[]> {
  try {
    await planPackages(flags, cwd);
  } catch (error) {
    if (error instanceof SourceProblemsError) return error.problems.map((p) => p.message);
    if (error instanceof UsageError) return [error.message];
    throw error;
  }
  throw new Error("no problem was found");
}

describe("npm package names", () => {
  it("takes plain and scoped names, and says what is wrong with others", () => {
    for (const ok of ["paygen-clients", "@acme/payments", "a.b_c~d", "@my-org/x"])
      expect(packageNameProblem(ok), ok).toBeUndefined();
    expect(packageNameProblem("Acme")).toBe("a package name is lower case");
    expect(packageNameProblem("@acme")).toBe("a scoped package name is @scope/name");
    expect(packageNameProblem("@acme/a/b")).toBe("a scoped package name is @scope/name");
    expect(packageNameProblem("_private")).toBe(
      "a package name (and its scope) starts with neither . nor _",
    );
    expect(packageNameProblem("a b")).toBe(
      "a package name holds only a-z, 0-9, and the characters - . _ ~ (and a scope's @ and /)",
    );
    expect(packageNameProblem("x".repeat(215))).toBe(
      "a package name has at most 214 characters, not 215",
    );
    expect(packageNameProblem("")).toBe("a package name is not empty");
  });
});

describe("the packages one generate command makes", () => {
  it("without a configuration: one, from the options or today's defaults", async () => {
    const cwd = await folder({});
    expect(await planPackages({}, cwd)).toEqual([
      {
        schemas: "schemas",
        out: "generated",
        name: "paygen-clients",
        noCache: false,
        server: false,
      },
    ]);
    expect(
      await planPackages(
        { from: ["a.wsdl"], out: "o", name: "@a/b", "version-file": "v", "no-cache": true },
        cwd,
      ),
    ).toEqual([
      {
        schemas: "schemas",
        from: ["a.wsdl"],
        out: "o",
        versionFile: "v",
        name: "@a/b",
        noCache: true,
        server: false,
      },
    ]);
  });

  it("with paygen.config.json: each package it lists, options over its settings", async () => {
    const config = {
      packages: [
        {
          name: "@acme/pets",
          from: ["pets.yaml"],
          out: "clients/pets",
          versionFile: "pets.version",
          cache: false,
        },
      ],
    };
    const cwd = await folder({ "paygen.config.json": JSON.stringify(config) });
    expect(await planPackages({}, cwd)).toEqual([
      {
        schemas: "schemas",
        from: ["pets.yaml"],
        out: path.join("clients", "pets"),
        versionFile: "pets.version",
        name: "@acme/pets",
        noCache: true,
        server: false,
      },
    ]);
    expect(await planPackages({ schemas: "s", name: "other" }, cwd)).toEqual([
      {
        schemas: "s",
        out: path.join("clients", "pets"),
        versionFile: "pets.version",
        name: "other",
        noCache: true,
        server: false,
      },
    ]);
  });

  it("gives a package the server side when its settings or --server ask for it", async () => {
    const cwd = await folder({
      "paygen.config.json": JSON.stringify({
        packages: [{ out: "sandbox", server: true }, { out: "clients" }],
      }),
    });
    expect((await planPackages({}, cwd)).map((p) => [p.out, p.server])).toEqual([
      ["sandbox", true],
      ["clients", false],
    ]);
    expect((await planPackages({ server: true }, cwd)).map((p) => p.server)).toEqual([true, true]);
    expect((await planPackages({ server: true }, await folder({})))[0]!.server).toBe(true);
    expect(
      await problems(
        await folder({ "paygen.config.json": '{ "packages": [{ "server": "yes" }] }' }),
      ),
    ).toEqual(['paygen.config.json:1:28: "server" is true or false, not a string']);
  });

  it("says which file the configuration came from (what --watch watches besides the inputs)", async () => {
    const own = await folder({
      "paygen.config.json": JSON.stringify({ packages: [{ out: "a" }] }),
      "package.json": JSON.stringify({ paygen: { packages: [{ out: "b" }] } }),
    });
    expect((await planRun({}, own)).configSource).toBe("paygen.config.json");
    const key = await folder({
      "package.json": JSON.stringify({ paygen: { packages: [{ out: "b" }] } }),
    });
    expect((await planRun({}, key)).configSource).toBe("package.json");
    expect(await planRun({}, await folder({}))).toEqual({
      packages: [
        {
          schemas: "schemas",
          out: "generated",
          name: "paygen-clients",
          noCache: false,
          server: false,
        },
      ],
    });
  });

  it("with a paygen key in package.json, when there is no paygen.config.json", async () => {
    const cwd = await folder({
      "package.json": JSON.stringify({
        name: "app",
        paygen: { packages: [{ name: "app-clients", out: "clients" }] },
      }),
    });
    expect(await planPackages({}, cwd)).toEqual([
      { schemas: "schemas", out: "clients", name: "app-clients", noCache: false, server: false },
    ]);
    expect(
      await planPackages({}, await folder({ "package.json": JSON.stringify({ name: "app" }) })),
    ).toEqual([
      {
        schemas: "schemas",
        out: "generated",
        name: "paygen-clients",
        noCache: false,
        server: false,
      },
    ]);
  });

  it("reports every problem of the configuration at its line and column", async () => {
    const text = `{
  "packages": [
    { "name": "@acme/Pets", "from": ["a.yaml"], "schemas": "s", "out": "o" },
    { "out": "o", "cache": "no", "frm": [] },
    7
  ],
  "extra": true
}
`;
    expect(await problems(await folder({ "paygen.config.json": text }))).toEqual([
      'paygen.config.json:3:15: "@acme/Pets" is not an npm package name: a package name is lower case',
      'paygen.config.json:3:29: a package is generated from "schemas" or "from", not both',
      'paygen.config.json:4:14: packages 1 and 2 are both written to o/; give each its own "out"',
      'paygen.config.json:4:28: "cache" is true or false, not a string',
      'paygen.config.json:4:34: unknown key "frm"; a package has name, schemas, from, out, versionFile, cache, server',
      "paygen.config.json:5:5: a package is an object of name, schemas, from, out, versionFile, cache, server, not a number",
      'paygen.config.json:7:3: unknown key "extra"; the configuration has one key, "packages"',
    ]);
    expect(await problems(await folder({ "paygen.config.json": '{ "packages": [] ' }))).toEqual([
      expect.stringMatching(/^paygen\.config\.json:1:18: /),
    ]);
    expect(
      await problems(await folder({ "package.json": '{ "paygen": { "packages": {} } }' })),
    ).toEqual(['package.json:1:27: "packages" is a list of one or more packages, not an object']);
  });

  it("refuses a bad --name, and options that set one package when several are listed", async () => {
    expect(await problems(await folder({}), { name: "Bad" })).toEqual([
      '--name "Bad" is not an npm package name: a package name is lower case',
    ]);
    const cwd = await folder({
      "paygen.config.json": JSON.stringify({ packages: [{ out: "a" }, { out: "b" }] }),
    });
    expect(await problems(cwd, { out: "x", name: "y" })).toEqual([
      "--out, --name set one package, and paygen.config.json lists 2; run without them, or from a folder without the configuration",
    ]);
    expect(await planPackages({ "no-cache": true }, cwd)).toHaveLength(2);
  });
});

describe("paygen generate with a configuration of two packages", () => {
  it("generates each, under its own name, into its own folder", async () => {
    const config = {
      packages: [
        { name: "@acme/pets", from: [PETS], out: "clients/pets" },
        {
          name: "acme-billing",
          schemas: path.join(FIXTURES, "soap-basic"),
          out: "clients/billing",
        },
      ],
    };
    const cwd = await folder({ "paygen.config.json": JSON.stringify(config, null, 2) });
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(
          process.execPath,
          [path.join(PROJECT_ROOT, "scripts", "paygen.mjs"), "generate"],
          { cwd, stdio: ["ignore", "pipe", "pipe"] },
        );
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
        child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^paygen: 1 services, 7 types, 3 operations, \d+ files written to clients\/pets\/ in \d+ ms\npaygen: 1 services, 20 types, 3 operations, \d+ files written to clients\/billing\/ in \d+ ms\n$/,
    );
    const name = async (dir: string) =>
      (
        JSON.parse(await readFile(path.join(cwd, "clients", dir, "package.json"), "utf8")) as {
          name: string;
        }
      ).name;
    expect([await name("pets"), await name("billing")]).toEqual(["@acme/pets", "acme-billing"]);
    expect(await readFile(path.join(cwd, "clients", "pets", "README.md"), "utf8")).toContain(
      "`@acme/pets/pet-store`",
    );
  }, 300_000);
});
