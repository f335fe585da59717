/**
 * Prettier is the reference for the layout of every generated file: whether
 * generation runs prettier on a file or its emitter prints the final layout
 * itself, prettier (with `FORMAT_OPTIONS` and the parser of the file's kind)
 * must give back exactly the bytes generation wrote. Every emitted file of
 * every fixture folder, of `schemas/`, of the contract fixtures of the goldens
 * and of each published contract is checked, once per distinct text (the
 * runtime is the same in every package), one file after the other.
 *
 * Not checked: the model record (`.paygen-model.json`), which the command
 * writes beside the package for `generate --check`, compact and outside the
 * formatter, and which is not part of what `generate` returns.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/generated-file.js";
import { FORMAT_OPTIONS, prettierParser } from "../../generator/format/format-files.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { CONTRACT_FIXTURES } from "../helpers/contract-fixtures.js";
import { FIXTURES, generateFrom } from "../helpers/generate-fixture.js";
import { describeWithSpecs, HAS_SHARED_SPECS, SHARED_SPECS } from "../helpers/shared-specs.js";

/** Texts already found identical, by a hash of parser and text. */
const checked = new Set<string>();

/**
 * Each file prettier would print otherwise, as `path:line: expected ... got ...`
 * at its first differing line; a file of a kind prettier has no parser for is
 * reported too.
 */
async function relaidOut(files: readonly GeneratedFile[]): Promise<string[]> {
  const out: string[] = [];
  for (const file of files) {
    const parser = prettierParser(file.path);
    if (parser === undefined) {
      out.push(`${file.path}: no prettier parser for this kind of file`);
      continue;
    }
    const key = createHash("sha256").update(`${parser}\0${file.content}`).digest("hex");
    if (checked.has(key)) continue;
    const printed = await prettier.format(file.content, { ...FORMAT_OPTIONS, parser });
    if (printed === file.content) checked.add(key);
    else out.push(firstDifference(file.path, file.content, printed));
  }
  return out;
}

function firstDifference(file: string, written: string, printed: string): string {
  const got = written.split("\n");
  const expected = printed.split("\n");
  let line = 0;
  while (line < got.length && got[line] === expected[line]) line++;
  return `${file}:${line + 1}: prettier prints ${JSON.stringify(expected[line])}, generation wrote ${JSON.stringify(got[line])}`;
}

/** Generates, then requires prettier to leave every file as it is. */
async function expectPrettierLayout(run: () => Promise<{ files: readonly GeneratedFile[] }>) {
  const { files } = await run();
  expect(files.length).toBeGreaterThan(0);
  expect(await relaidOut(files)).toEqual([]);
}

const fromContract = (file: string) => () =>
  generate({
    schemasDir: path.join(PROJECT_ROOT, "schemas"),
    from: [path.relative(PROJECT_ROOT, file)],
    cwd: PROJECT_ROOT,
  });

const schemaFolders = [
  ...(await readdir(FIXTURES, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && !d.name.startsWith("invalid"))
    .map((d) => path.join(FIXTURES, d.name)),
  path.join(PROJECT_ROOT, "schemas"),
].sort();

describe("prettier leaves every generated file as generation wrote it", () => {
  it.each(schemaFolders.map((dir) => path.relative(PROJECT_ROOT, dir)))(
    "in the package of the schema folder %s",
    (dir) => expectPrettierLayout(() => generateFrom(path.join(PROJECT_ROOT, dir))),
  );

  it.each(CONTRACT_FIXTURES)("in the package of the contract fixture $name", ({ file }) =>
    expectPrettierLayout(fromContract(file)),
  );
});

const publishedContracts = HAS_SHARED_SPECS
  ? readdirSync(SHARED_SPECS)
      .filter((name) => name !== "README.md")
      .sort()
  : [];

describeWithSpecs("prettier leaves every file generated from a published contract as it is", () => {
  // The largest contract generates in about 20 s on a quiet machine, and prettier reads its output again.
  it.each(publishedContracts)("in the package of %s", { timeout: 900_000 }, (name) =>
    expectPrettierLayout(fromContract(path.join(SHARED_SPECS, name))),
  );
});
