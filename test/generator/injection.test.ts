import { execFile } from "node:child_process";
import { cp, mkdtemp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { generateSchemas, problemsOf, SOAP_SERVICE } from "../helpers/temp-schemas.js";

const run = promisify(execFile);

/** Generates the fixture folder with `edit` applied to one of its files, then imports every module of the output. */
async function importAfterEdit(
  fixture: string,
  file: string,
  edit: (text: string) => string,
): Promise<unknown> {
  const root = await mkdtemp(path.join(tmpdir(), "paygen-injection-"));
  await cp(path.join(PROJECT_ROOT, "test", "fixtures", fixture), path.join(root, "schemas"), {
    recursive: true,
  });
  const target = path.join(root, "schemas", file);
  await writeFile(target, edit(await readFile(target, "utf8")));
  const { files } = await generate({ schemasDir: path.join(root, "schemas"), cwd: root });
  const out = path.join(root, "out");
  for (const f of files) {
    await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
    await writeFile(path.join(out, f.path), f.content);
  }
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  const modules = files.filter((f) => f.path.endsWith(".ts")).map((f) => f.path);
  const program = `for (const m of ${JSON.stringify(modules)}) await import(new URL(m, ${JSON.stringify(`file://${out}/`)}).href);
    process.stdout.write(JSON.stringify(globalThis.__pwned ?? null));`;
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", program],
    { cwd: PROJECT_ROOT },
  );
  return JSON.parse(stdout);
}

const ATTACK = "*/ globalThis.__pwned = 1; /*";

/** Schema text is data: nothing in a doc string or name can change the generated code. */
describe("schema text cannot inject code", () => {
  it("doc strings with comment closers and code stay inside comments", async () => {
    const evil = "*/ export const pwned = 1; /* <script> \\u2028 `${process.exit()}`";
    const { files } = await generateSchemas({
      "svc/service.yaml": SOAP_SERVICE,
      "svc/types.yaml": `types:\n  T:\n    doc: ${JSON.stringify(evil)}\n    fields:\n      - { name: x, type: string, doc: ${JSON.stringify(evil)}, example: ${JSON.stringify(evil)} }\nenums:\n  E:\n    values:\n      - { value: ${JSON.stringify('a"; export const pwned2 = "')}, doc: ${JSON.stringify(evil)} }\n`,
    });
    const code = files
      .filter((f) => f.path.startsWith("svc/"))
      .map((f) => f.content)
      .join("\n");
    expect(code).not.toMatch(/^\s*export const pwned/m);
    expect(code).not.toMatch(/[^*]\*\/ export const pwned/);
    // The enum value stays one string literal.
    expect(code).toContain(`export type E = 'a"; export const pwned2 = "';`);
  });

  it("a SOAP service title that closes a comment runs nothing on import", async () => {
    const pwned = await importAfterEdit("soap-basic", "shop/service.yaml", (text) =>
      text.replace(/^(  title: ).*$/m, `$1${JSON.stringify(`Shop ${ATTACK}`)}`),
    );
    expect(pwned).toBeNull();
  });

  it("a REST flow title that closes a comment runs nothing on import", async () => {
    const pwned = await importAfterEdit("rest-basic", "wallet/operations.yaml", (text) =>
      text.replace(/^(    title: ).*$/m, `$1${JSON.stringify(`Wallet ${ATTACK}`)}`),
    );
    expect(pwned).toBeNull();
  });

  it("names that are not identifiers are refused, wire names with odd characters are quoted", async () => {
    expect(
      await problemsOf({
        "svc/service.yaml": SOAP_SERVICE,
        "svc/t.yaml": "types:\n  'X = 1; //':\n    fields: []\n",
      }),
    ).toEqual([
      'schemas/svc/t.yaml:2:3: type name "X = 1; //" must be letters and digits, starting with a letter',
    ]);
    const { files } = await generateSchemas({
      "svc/service.yaml": SOAP_SERVICE.replace("protocol: soap", "protocol: soap"),
      "svc/t.yaml": "types:\n  T:\n    fields:\n      - { name: '@type', type: string }\n",
    });
    const types = files.find((f) => f.path === "svc/types.ts")!.content;
    expect(types).toContain('"@type"?: string;');
  });
});
