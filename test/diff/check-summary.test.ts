import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { MODEL_RECORD } from "../../generator/diff/model-record.js";
import { writeSchemas } from "../helpers/temp-schemas.js";
import { soapWith } from "./schema-pairs.js";

const THING = "Thing:\n  fields:\n    - { name: a, type: string }\n    - { name: b, type: string }";

async function run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, out, err };
}

/** A project: schemas, a version file, and the package generated from them. */
async function project(version: string) {
  const root = await writeSchemas(soapWith("request", THING));
  const versionFile = path.join(root, "package-version");
  await writeFile(versionFile, `${version}\n`);
  const args = [
    "generate",
    "--schemas",
    path.join(root, "schemas"),
    "--out",
    path.join(root, "out"),
    "--version-file",
    versionFile,
  ];
  const setTypes = (types: string) =>
    writeFile(
      path.join(root, "schemas", "svc", "types.yaml"),
      soapWith("request", types)["svc/types.yaml"]!,
    );
  return { root, versionFile, args, setTypes };
}

describe("the generated package's version and generate --check", () => {
  it("takes the version from the version file, and records the model beside the package", async () => {
    const p = await project("1.4.0");
    expect((await run(p.args)).code).toBe(0);
    const pkg = JSON.parse(await readFile(path.join(p.root, "out", "package.json"), "utf8")) as {
      version: string;
    };
    expect(pkg.version).toBe("1.4.0");
    const record = JSON.parse(await readFile(path.join(p.root, "out", MODEL_RECORD), "utf8")) as {
      version: string;
      model: { services: { name: string }[] };
    };
    expect(record.version).toBe("1.4.0");
    expect(record.model.services.map((s) => s.name)).toEqual(["svc"]);
    // The record never makes the output stale.
    await rm(path.join(p.root, "out", MODEL_RECORD));
    expect((await run([...p.args, "--check"])).code).toBe(0);
  });

  it("on a breaking schema change, --check prints what it does to the package and the release it needs", async () => {
    const p = await project("1.4.0");
    await run(p.args);
    await p.setTypes(
      "Thing:\n  fields:\n    - { name: a, type: string }\n    - { name: c, type: string }",
    );
    const stale = await run([...p.args, "--check"]);
    expect(stale.code).toBe(1);
    expect(stale.err[0]).toMatch(/is stale \(\d+ files\)/);
    const summary = stale.err.filter((l) => !l.startsWith("  ") || l.startsWith("  breaking"));
    expect(summary.slice(1)).toEqual([
      expect.stringMatching(
        /^paygen: schema changes since .*out\/ was generated: 1 breaking, 0 warning, 1 info: needs a major release/,
      ),
      "  breaking svc/types/Thing/b: field b of Thing was removed (sent in requests): code using it no longer compiles, and a request still holding it is refused",
      expect.stringMatching(
        /^paygen: the package version is 1\.4\.0 \(.*package-version\), .*out\/ was 1\.4\.0: these breaking changes need 2\.0\.0 or later$/,
      ),
    ]);
    // Raised far enough: the output is still stale, but the version is not the problem.
    await writeFile(p.versionFile, "2.0.0\n");
    const raised = await run([...p.args, "--check"]);
    expect(raised.code).toBe(1);
    expect(raised.err.join("\n")).toContain("1 breaking, 0 warning, 1 info");
    expect(raised.err.join("\n")).not.toContain("need 2.0.0");
    // Regenerated: fresh again.
    expect((await run(p.args)).code).toBe(0);
    expect((await run([...p.args, "--check"])).code).toBe(0);
  });

  it("while the major is 0 a breaking change needs the next minor; an addition does not need a new version to be told", async () => {
    const p = await project("0.3.2");
    await run(p.args);
    await p.setTypes(`${THING}\n    - { name: c, type: string }`);
    const added = await run([...p.args, "--check"]);
    expect(added.code).toBe(1);
    expect(added.err.join("\n")).toContain("0 breaking, 0 warning, 1 info: needs a minor release");
    expect(added.err.join("\n")).not.toContain("or later");
    await p.setTypes(
      "Thing:\n  fields:\n    - { name: a, type: int }\n    - { name: b, type: string }",
    );
    expect((await run([...p.args, "--check"])).err.at(-1)).toMatch(
      /these breaking changes need 0\.4\.0 or later$/,
    );
  });

  it("says when the output has no model record", async () => {
    const p = await project("1.0.0");
    await run(p.args);
    await rm(path.join(p.root, "out", MODEL_RECORD));
    await p.setTypes(`${THING}\n    - { name: c, type: string }`);
    expect((await run([...p.args, "--check"])).err.at(-1)).toMatch(
      /has no readable model record, so what the schema change does to the package is unknown$/,
    );
  });

  it("refuses a version file that holds no version, at its position", async () => {
    const p = await project("1.0");
    const result = await run(p.args);
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(
      /package-version:1:1: the version file must hold one semantic version, such as 1\.4\.0; nothing was written$/,
    );
    const missing = await run([...p.args.slice(0, -1), path.join(p.root, "nope")]);
    expect(missing.err[0]).toMatch(
      /nope:1:1: the version file cannot be read; nothing was written$/,
    );
  });
});
