import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { FIXTURES } from "../helpers/generate-fixture.js";

const UNCHANGED =
  /^paygen: 1 services, 20 types, 3 operations, \d+ files up to date in .+ \(inputs unchanged since the last run; \d+ ms\)$/;
const WRITTEN = / files written to /;

async function run(
  args: string[],
  cwd?: string,
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const before = process.cwd();
  if (cwd) process.chdir(cwd);
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

/** A copy of the soap-basic schemas and an output folder, in a fresh temporary folder. */
async function workspace(): Promise<{ dir: string; schemas: string; out: string; args: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-rerun-"));
  const schemas = path.join(dir, "schemas");
  await cp(path.join(FIXTURES, "soap-basic"), schemas, { recursive: true });
  const out = path.join(dir, "out");
  return { dir, schemas, out, args: ["--schemas", schemas, "--out", out] };
}

describe("running the same generation again", () => {
  it("answers from the last run's record when nothing changed, for a write and for --check", async () => {
    const { out, args } = await workspace();
    expect((await run(args)).out[0]).toMatch(WRITTEN);
    const again = await run(args);
    expect(again.code).toBe(0);
    expect(again.out).toHaveLength(1);
    expect(again.out[0]).toMatch(UNCHANGED);
    const check = await run([...args, "--check"]);
    expect(check.code).toBe(0);
    expect(check.out[0]).toMatch(UNCHANGED);
    expect(await readFile(path.join(out, "package.json"), "utf8")).toContain(
      '"generator": "paygen"',
    );
  });

  it("generates again with --no-cache, nothing changed", async () => {
    const { args } = await workspace();
    await run(args);
    expect((await run([...args, "--no-cache"])).out[0]).toMatch(WRITTEN);
    expect((await run(args)).out[0]).toMatch(UNCHANGED);
  });

  it("generates again when a schema file changes, a schema file is added, or the version file appears", async () => {
    const { dir, schemas, out, args } = await workspace();
    await run(args, dir);
    const service = path.join(schemas, "shop", "service.yaml");
    await writeFile(
      service,
      `${await readFile(service, "utf8")}\n# a comment changes the bytes, not the model\n`,
    );
    expect((await run(args, dir)).out[0]).toMatch(WRITTEN);
    expect((await run(args, dir)).out[0]).toMatch(UNCHANGED);
    await writeFile(path.join(schemas, "shop", "notes.yml"), "# not a schema of anything yet\n");
    const added = await run(args, dir);
    expect(added.err).toEqual([]);
    expect(added.out[0]).toMatch(WRITTEN);
    await rm(path.join(schemas, "shop", "notes.yml"));
    await run(args, dir);
    expect((await run(args, dir)).out[0]).toMatch(UNCHANGED);
    await writeFile(path.join(dir, "package-version"), "2.0.0\n");
    expect((await run(args, dir)).out[0]).toMatch(WRITTEN);
    expect(JSON.parse(await readFile(path.join(out, "package.json"), "utf8")).version).toBe(
      "2.0.0",
    );
  });

  it("generates again when an output file was edited, removed or added, and restores the output", async () => {
    const { out, args } = await workspace();
    await run(args);
    const types = path.join(out, "shop", "types.ts");
    const original = await readFile(types, "utf8");
    await writeFile(types, "// edited by hand\n");
    expect((await run([...args, "--check"])).code).toBe(1);
    expect((await run(args)).out[0]).toMatch(WRITTEN);
    expect(await readFile(types, "utf8")).toBe(original);
    await rm(types);
    expect((await run(args)).out[0]).toMatch(WRITTEN);
    await writeFile(path.join(out, "stray.ts"), "export {};\n");
    expect((await run(args)).out[0]).toMatch(WRITTEN);
    expect((await run(args)).out[0]).toMatch(UNCHANGED);
    // The package's users' folders are not the generator's output.
    await mkdir(path.join(out, "node_modules", "dep"), { recursive: true });
    expect((await run(args)).out[0]).toMatch(UNCHANGED);
  });

  it.each([
    {
      what: "a file a contract imports",
      fixture: ["test", "frontends", "wsdl", "fixtures", "bookings"],
      entry: "bookings.wsdl",
      edited: "common.xsd",
      edit: (text: string) => text.replace("</xs:schema>", "<!-- edited --></xs:schema>"),
      shows: undefined,
    },
    {
      what: "a file an OpenAPI document refers to",
      fixture: ["test", "frontends", "openapi", "fixtures", "refs", "multi-file"],
      entry: "root.yaml",
      edited: "pet.yaml",
      edit: (text: string) =>
        text.replace("name: { type: string }", "name: { type: string, description: A name. }"),
      shows: { file: ["several-files", "types.ts"], text: "A name." },
    },
  ])("generates again when $what changes", async ({ fixture, entry, edited, edit, shows }) => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-rerun-"));
    const contract = path.join(dir, "contract");
    await cp(path.join(PROJECT_ROOT, ...fixture), contract, { recursive: true });
    const args = ["--from", path.join(contract, entry), "--out", path.join(dir, "out")];
    expect((await run(args)).out[0]).toMatch(/ files written to /);
    expect((await run(args)).out[0]).toMatch(/files up to date .*inputs unchanged/);
    const file = path.join(contract, edited);
    const before = await readFile(file, "utf8");
    expect(edit(before)).not.toBe(before);
    await writeFile(file, edit(before));
    expect((await run(args)).out[0]).toMatch(/ files written to /);
    expect((await run(args)).out[0]).toMatch(/files up to date .*inputs unchanged/);
    if (shows)
      expect(await readFile(path.join(dir, "out", ...shows.file), "utf8")).toContain(shows.text);
  });

  it("never answers from the record while another run holds the output's lock or a dead run left its folders", async () => {
    const { dir, args } = await workspace();
    await run(args);
    await mkdir(path.join(dir, ".out.staging-1-x"));
    expect((await run(args)).out[0]).toMatch(WRITTEN);
    expect((await run(args)).out[0]).toMatch(UNCHANGED);
  });
});
