import { execFile } from "node:child_process";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { generateSchemas } from "../../helpers/temp-schemas.js";
import { FIXTURES } from "./read-fixture.js";

const run = promisify(execFile);

/** Generates a fixture of `fixtures/description/` into a temporary folder; returns the folder and the files by path. */
async function generateFixture(name: string): Promise<{ out: string; files: Map<string, string> }> {
  const { files } = await generate({
    schemasDir: "",
    from: [path.join(FIXTURES, "description", name)],
    cwd: PROJECT_ROOT,
  });
  const out = path.join(await mkdtemp(path.join(tmpdir(), "paygen-openapi-fixture-")), "out");
  for (const f of files) {
    await mkdir(path.dirname(path.join(out, f.path)), { recursive: true });
    await writeFile(path.join(out, f.path), f.content);
  }
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  return { out, files: new Map(files.map((f) => [f.path, f.content])) };
}

async function typeCheck(out: string): Promise<string> {
  const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
  return run(process.execPath, [tsc, "-p", path.join(out, "tsconfig.json"), "--noEmit"], {
    cwd: out,
  }).then(
    (r) => r.stdout,
    (e: { stdout: string }) => e.stdout || "tsc failed",
  );
}

describe("code generated from OpenAPI fixtures", () => {
  it("type-checks, and carries deprecation as a tag, maps as index signatures, exclusive bounds and multipleOf as checks, parameters as a params object", async () => {
    const { out, files } = await generateFixture("pets-3.0.yaml");
    expect(await typeCheck(out)).toBe("");
    const client = files.get("pet-store/client.ts")!;
    expect(client).toMatch(/@deprecated\n[^]*?getPet[<(]/);
    expect(client).toContain('readonly "X-Request-Id"?: string');
    const types = files.get("pet-store/types.ts")!;
    expect(types).toMatch(/@deprecated\s+\*\/\s+legacy\?: string/);
    expect(types).toContain("notes?: { readonly [key: string]: string };");
    const descriptions = files.get("pet-store/descriptions.ts")!;
    // The field's description holds its facets, each the runtime's check the facet table names, and
    // the write of a decimal in its number form.
    expect(descriptions).toContain(`{
      name: "weight",
      type: decimalScalar,
      facets: [
        [checkExclusiveMinimum, "0"],
        [checkMultipleOf, "0.1"],
      ],
      write: jsonNumber,
    }`);
  }, 60_000);
});

describe("the YAML schema language says the same", () => {
  it("deprecated: true on a field or an operation is a @deprecated tag; map: true is a typed map; exclusive bounds and multipleOf are facets", async () => {
    const { files } = await generateSchemas({
      "shop/service.yaml": `service:
  name: shop
  title: Shop
  protocol: rest
  rest:
    baseUrls: [{ name: base_url }]
`,
      "shop/operations.yaml": `operations:
  pay:
    http: { method: POST, path: /pay, baseUrl: base_url }
    deprecated: true
    request:
      fields:
        - { name: amount, type: decimal, required: true, exclusiveMinimum: "0", multipleOf: "0.01" }
        - { name: memo, type: string, deprecated: true }
    response:
      fields:
        - { name: id, type: string }
        - { name: labels, type: string, list: true, map: true }
    statuses:
      - { code: 201, meaning: Paid }
`,
    });
    const byPath = new Map(files.map((f) => [f.path, f.content]));
    expect(byPath.get("shop/client.ts")).toMatch(/@deprecated\n[^]*?pay[<(]/);
    expect(byPath.get("shop/types.ts")).toMatch(
      /@deprecated\s+\*\/\s+readonly memo\?: string|@deprecated\s+\*\/\s+memo\?: string/,
    );
    expect(byPath.get("shop/descriptions.ts")).toMatch(
      /name: "amount",[^}]*facets: \[\s*\[checkExclusiveMinimum, "0"\],\s*\[checkMultipleOf, "0\.01"\],?\s*\]/,
    );
    expect(byPath.get("shop/types.ts")).toContain("labels?: { readonly [key: string]: string[] };");
    // A client reads the map through the response's description.
    expect(byPath.get("shop/descriptions.ts")).toMatch(/name: "labels",[^}]*map: true/);
  });
});

describe("security schemes", () => {
  it("are typed client options; each operation sends the credentials of its first requirement, API keys hidden from hooks", async () => {
    const { out, files } = await generateFixture("security-3.0.yaml");
    expect(await typeCheck(out)).toBe("");
    const client = files.get("secured/client.ts")!;
    expect(client).toMatch(/readonly basicAuth\?: BasicCredentials;/);
    expect(client).toMatch(/readonly bearer\?: Credential;/);
    expect(client).toMatch(/readonly key\?: Credential;/);
    expect(client).toMatch(/readonly oauth\?: Credential;/);
    const index = (await import(
      pathToFileURL(path.join(out, "secured", "index.ts")).href
    )) as Record<string, (o: object) => Record<string, (...a: unknown[]) => Promise<unknown>>>;
    const seen: Headers[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response("", { status: 200 });
    };
    const hooked: Record<string, string>[] = [];
    const api = index.createSecuredClient!({
      baseUrl: "http://127.0.0.1:9",
      fetch,
      basicAuth: { username: "u", password: "p" },
      key: () => "k-1",
      bearer: "t-1",
      onRequest: [(r: { headers: Record<string, string> }) => void hooked.push(r.headers)],
    });
    await api.createPayment!();
    await api.listPayments!();
    await api.health!();
    expect([seen[0]!.get("authorization"), seen[0]!.get("x-api-key")]).toEqual([
      `Basic ${btoa("u:p")}`,
      "k-1",
    ]);
    expect(seen[1]!.get("authorization")).toBe("Bearer t-1");
    expect(seen[2]!.get("authorization")).toBe(null);
    expect(JSON.stringify(hooked)).not.toContain("k-1");
    const missing = index.createSecuredClient!({ baseUrl: "http://127.0.0.1:9", fetch });
    await expect(missing.listPayments!()).rejects.toThrow(/bearer/);
  }, 60_000);
});
