/**
 * The generated package as a consumer gets it: build a copy of generated/ with
 * its own `npm run build` (tsc, then esbuild linking one module per entry; see
 * scripts/build-package.ts), pack it, install the tarball into a throwaway
 * project, type-check a consumer program against the published declarations
 * (strict, NodeNext) and run it with node.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import {
  buildGeneratedPackage,
  npmChildEnv,
  type BuiltPackage,
} from "../../scripts/build-package.js";

const run = promisify(execFile);
const GENERATED = path.join(PROJECT_ROOT, "generated");
const TSC = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");

async function sh(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = npmChildEnv(),
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, [...args], {
      cwd,
      env,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 90_000,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message?: string };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${path.basename(cwd)}:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}\n${failed.message ?? ""}`,
    );
  }
}

interface PackedFile {
  readonly path: string;
}
interface PackResult {
  readonly filename: string;
  readonly files: readonly PackedFile[];
}
interface PackageJson {
  readonly name: string;
  readonly exports: Readonly<
    Record<string, { readonly types: string; readonly import: string; readonly require: string }>
  >;
  readonly typesVersions: Readonly<Record<"*", Readonly<Record<string, readonly [string]>>>>;
  readonly dependencies: Readonly<Record<string, string>>;
}

/** The part of esbuild's metafile read here: which compiled modules went into which output file, and which output files each one imports. */
interface BundleMeta {
  readonly outputs: Readonly<
    Record<
      string,
      {
        readonly inputs: Readonly<Record<string, unknown>>;
        readonly imports: readonly { readonly path: string; readonly external?: boolean }[];
      }
    >
  >;
}

let work = "";
let built: BuiltPackage | undefined;
let bundleMeta: BundleMeta | undefined;
let pkgDir = "";
let consumerDir = "";
let packed: PackResult | undefined;
let installMode = "";
let services: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "paygen-package-"));
  consumerDir = path.join(work, "consumer");
  services = (await readdir(GENERATED, { withFileTypes: true }))
    .filter(
      (d) =>
        d.isDirectory() &&
        !d.name.startsWith(".") &&
        d.name !== "runtime" &&
        d.name !== "dist" &&
        d.name !== "node_modules",
    )
    .map((d) => d.name)
    .sort();

  // 1. A copy of generated/, built by its own `npm run build`. Its devDependencies come from the project.
  built = await buildGeneratedPackage(PROJECT_ROOT);
  pkgDir = built.dir;
  bundleMeta = JSON.parse(
    await readFile(path.join(pkgDir, ".build", "bundle-meta.json"), "utf8"),
  ) as BundleMeta;

  // 2. The tarball.
  const pack = await sh("npm", ["pack", "--json", "--pack-destination", work], pkgDir);
  const results = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as PackResult[];
  packed = results[0];
  if (!packed) throw new Error("npm pack reported no tarball");
  const tarball = path.join(work, packed.filename);

  // 3. A throwaway consumer project installing the tarball (its dependency comes from the npm cache).
  await mkdir(consumerDir);
  await writeFile(
    path.join(consumerDir, "package.json"),
    JSON.stringify(
      { name: "paygen-consumer", version: "1.0.0", private: true, type: "module" },
      null,
      2,
    ),
  );
  try {
    await sh("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], consumerDir);
    installMode = "offline";
  } catch (offline) {
    console.warn(
      `npm install --offline failed; falling back to --prefer-offline:\n${String(offline)}`,
    );
    await sh(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball],
      consumerDir,
    );
    installMode = "prefer-offline";
  }
}, 180_000);

afterAll(async () => {
  await built?.dispose();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("was installed from the tarball, its dependency from the npm cache when the cache has it", async () => {
    // `npm ci` caches the tarballs of the lock file but not the registry's metadata, which an install of a
    // range needs: on a machine whose cache has never seen fast-xml-parser's metadata, --offline cannot
    // resolve it, and the registry is asked (the fallback above says so).
    expect(["offline", "prefer-offline"]).toContain(installMode);
    const installed = JSON.parse(
      await readFile(
        path.join(consumerDir, "node_modules", "paygen-clients", "package.json"),
        "utf8",
      ),
    ) as PackageJson;
    const shipped = JSON.parse(
      await readFile(path.join(GENERATED, "package.json"), "utf8"),
    ) as PackageJson;
    expect(installed.name).toBe(shipped.name);
    expect(Object.keys(installed.dependencies)).toEqual(Object.keys(shipped.dependencies));
  });

  it("has one client entry and one server entry per service, each with types and an import that exist in the tarball", async () => {
    const manifest = JSON.parse(
      await readFile(
        path.join(consumerDir, "node_modules", "paygen-clients", "package.json"),
        "utf8",
      ),
    ) as PackageJson;
    expect(manifest.name).toBe("paygen-clients");
    expect(services).toEqual(["payments", "search", "subscriptions"]);
    const keys = Object.keys(manifest.exports);
    const serviceKeys = services.flatMap((s) => [`./${s}`, `./${s}/server`]);
    expect(keys.filter((k) => serviceKeys.includes(k)).sort()).toEqual([...serviceKeys].sort());
    const files = new Set(packed!.files.map((f) => f.path));
    for (const service of services) {
      const entry = manifest.exports[`./${service}`]!;
      expect(entry).toEqual({
        types: `./dist/${service}/index.d.ts`,
        import: `./dist/${service}/index.js`,
        require: `./dist/${service}/index.cjs`,
        default: `./dist/${service}/index.js`,
      });
      expect(files.has(`dist/${service}/index.d.ts`)).toBe(true);
      expect(files.has(`dist/${service}/index.js`)).toBe(true);
      expect(files.has(`dist/${service}/index.cjs`)).toBe(true);
      const server = manifest.exports[`./${service}/server`]!;
      expect(server).toEqual({
        types: `./dist/${service}/server.d.ts`,
        import: `./dist/${service}/server.js`,
        require: `./dist/${service}/server.cjs`,
        default: `./dist/${service}/server.js`,
      });
      expect(files.has(`dist/${service}/server.d.ts`)).toBe(true);
      expect(files.has(`dist/${service}/server.js`)).toBe(true);
      expect(files.has(`dist/${service}/server.cjs`)).toBe(true);
    }
    // moduleResolution node10 ignores exports: typesVersions names the declarations of every entry.
    expect(Object.keys(manifest.typesVersions["*"]).sort()).toEqual(
      Object.keys(manifest.exports)
        .map((k) => k.slice(2))
        .sort(),
    );
    for (const [key, [types]] of Object.entries(manifest.typesVersions["*"])) {
      expect(`./${types}`, key).toBe(manifest.exports[`./${key}`]!.types);
    }
    // Any other entry is a shared runtime module (such as an opt-in helper), never a third door into a service.
    for (const key of keys.filter((k) => !serviceKeys.includes(k))) {
      const entry = manifest.exports[key]!;
      expect(entry.import, key).toMatch(/^\.\/dist\/runtime\/[\w/-]+\.js$/);
      expect(files.has(entry.import.slice(2)), key).toBe(true);
      expect(files.has(entry.types.slice(2)), key).toBe(true);
      const { stdout } = await sh(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const m = await import("paygen-clients/${key.slice(2)}"); console.log(Object.keys(m).length);`,
        ],
        consumerDir,
      );
      expect(Number(stdout.trim()), key).toBeGreaterThan(0);
    }
    expect(Object.keys(manifest.dependencies)).toEqual(["fast-xml-parser"]);
  });

  it("ships the built files, the README, the query-language reference and the manifest, and no sources or build files", () => {
    const files = packed!.files.map((f) => f.path);
    expect(files).toContain("README.md");
    expect(files).toContain("package.json");
    expect(files).toContain("dist/runtime/errors.d.ts");
    const outside = files.filter(
      (f) =>
        !f.startsWith("dist/") && !["README.md", "QUERY-LANGUAGE.md", "package.json"].includes(f),
    );
    expect(outside).toEqual([]);
    const sources = files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    expect(sources).toEqual([]);
  });

  it("a CommonJS project, installed from the same tarball, requires every entry through the require condition, without Node's require of ES modules", async () => {
    const manifest = JSON.parse(await readFile(path.join(pkgDir, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, { require: string }>;
    };
    const specifiers = Object.keys(manifest.exports).map(
      (key) => `${manifest.name}${key.slice(1)}`,
    );
    // A project of its own whose modules are CommonJS (no "type": "module"), with a plain .js program.
    const cjsDir = path.join(work, "consumer-cjs");
    await mkdir(cjsDir);
    await writeFile(
      path.join(cjsDir, "package.json"),
      JSON.stringify(
        { name: "paygen-consumer-cjs", version: "1.0.0", private: true, type: "commonjs" },
        null,
        2,
      ),
    );
    const tarball = path.join(work, packed!.filename);
    await sh("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], cjsDir).catch(
      () => sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], cjsDir),
    );
    const program = `const path = require("node:path");
const out = {};
for (const s of ${JSON.stringify(specifiers)}) {
  const file = require.resolve(s);
  out[s] = { file: file.slice(file.indexOf(path.join("node_modules", "paygen-clients")) + 28).split(path.sep).join("/"), exports: Object.keys(require(s)).length };
}
// Calls through the CommonJS payments entry: its parser throws the entry's own error class.
const payments = require("paygen-clients/payments");
out.valid = payments.validatePaymentRequest({ orderInformation: { amountDetails: { totalAmount: "ten" } } }).issues.map((i) => i.path);
try { payments.parsePaymentResponse("<html>"); out.parsed = "parsed"; } catch (error) { out.parsed = error instanceof payments.ParseError ? error.code : String(error); }
console.log(JSON.stringify(out));`;
    await writeFile(path.join(cjsDir, "require-all.js"), program);
    // Node's require of an ES module turned off: only real CommonJS files can load.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--no-experimental-require-module", "require-all.js"],
      { cwd: cjsDir },
    );
    const out = JSON.parse(stdout) as Record<string, { file: string; exports: number }> & {
      valid: unknown;
      parsed: unknown;
    };
    for (const s of specifiers) {
      expect(out[s]!.file, s).toBe(
        manifest.exports[`.${s.slice(manifest.name.length)}`]!.require.slice(2),
      );
      expect(out[s]!.file, s).toMatch(/\.cjs$/);
      expect(out[s]!.exports, s).toBeGreaterThan(0);
    }
    expect(out.valid).toEqual(["orderInformation.amountDetails.totalAmount"]);
    expect(out.parsed).toBe("parse.not-json");
  });

  it("ships an API reference naming every runtime export of every entry", async () => {
    const manifest = JSON.parse(await readFile(path.join(pkgDir, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, { import: string }>;
    };
    const files = packed!.files.map((f) => f.path);
    let checked = 0;
    for (const [key, target] of Object.entries(manifest.exports)) {
      const page = `dist/reference/${key.slice(2).replace(/\//g, "-")}.md`;
      expect(files, page).toContain(page);
      const text = await readFile(path.join(pkgDir, page), "utf8");
      const exported = Object.keys(
        (await import(pathToFileURL(path.join(pkgDir, target.import)).href)) as Record<
          string,
          unknown
        >,
      );
      expect(exported.length, key).toBeGreaterThan(0);
      for (const name of exported) {
        expect(text, `${page} documents ${name}`).toContain(`### \`${name}\``);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("ships the query-language reference, linked from the README, as the project writes it", async () => {
    const files = packed!.files.map((f) => f.path);
    expect(files).toContain("QUERY-LANGUAGE.md");
    const shipped = await readFile(
      path.join(consumerDir, "node_modules", "paygen-clients", "QUERY-LANGUAGE.md"),
      "utf8",
    );
    expect(shipped).toBe(
      await readFile(path.join(PROJECT_ROOT, "templates", "QUERY-LANGUAGE.md"), "utf8"),
    );
    expect(shipped).toContain("## The language");
    expect(
      await readFile(path.join(consumerDir, "node_modules", "paygen-clients", "README.md"), "utf8"),
    ).toContain("[`QUERY-LANGUAGE.md`](QUERY-LANGUAGE.md)");
  });

  it("ships one linked module per entry plus shared chunks, each made of several source modules", () => {
    const js = packed!.files
      .map((f) => f.path)
      .filter((f) => f.endsWith(".js"))
      .sort();
    const entries = [
      ...services.flatMap((s) => [`dist/${s}/index.js`, `dist/${s}/server.js`]),
      "dist/runtime/http/http-signature.js",
    ].sort();
    const chunks = js.filter((f) => !entries.includes(f));
    expect(js.filter((f) => entries.includes(f))).toEqual(entries);
    for (const chunk of chunks) expect(chunk).toMatch(/^dist\/shared\/chunk-[A-Z0-9]+\.js$/);
    expect(
      Object.keys(bundleMeta!.outputs)
        .filter((f) => f.endsWith(".js"))
        .sort(),
    ).toEqual(js);
    // The point of linking: far fewer files than source modules.
    const inputs = new Set(
      Object.values(bundleMeta!.outputs).flatMap((o) => Object.keys(o.inputs)),
    );
    expect(inputs.size).toBeGreaterThan(4 * js.length);
    expect(inputs.has(".build/js/runtime/errors.js")).toBe(true);
  });

  it("type-checks a strict NodeNext consumer against the published declarations and runs it", async () => {
    const program = `import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildWallet012Request,
  createPaymentsClient,
  HttpStatusError,
  ParseError as PaymentsParseError,
  type PaymentRequest,
} from "paygen-clients/payments";
import {
  buildARBCancelSubscriptionEnvelope,
  createSubscriptionsClient,
  ParseError as SubscriptionsParseError,
  type ARBCancelSubscriptionRequest,
} from "paygen-clients/subscriptions";

const NS = "urn:example:consumer:v1";
const request: PaymentRequest = buildWallet012Request({
  paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJwYXlsb2FkIn0=" } },
  orderInformation: {
    amountDetails: { totalAmount: "10.50", currency: "USD" },
    billTo: { firstName: "A", lastName: "B", address1: "1 Main St", locality: "Town", administrativeArea: "CA", postalCode: "94000", country: "US", email: "a@example.test" },
  },
});
const cancel: ARBCancelSubscriptionRequest = { subscriptionId: "9223372036854775807" };
const envelope = buildARBCancelSubscriptionEnvelope(cancel, NS);

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (req.url === "/pts/v2/payments") {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "1234567890123456789012", status: "AUTHORIZED", orderInformation: { amountDetails: { authorizedAmount: "10.50", currency: "USD" } } }));
    } else if (req.url === "/soap") {
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      res.end(\`<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><IsAliveResponse xmlns="\${NS}"><IsAliveResult><resultCode>Ok</resultCode></IsAliveResult></IsAliveResponse></soap:Body></soap:Envelope>\`);
    } else {
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const origin = \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`;
try {
  const payments = createPaymentsClient({ baseUrl: origin });
  const authorized = await payments.authorize(request);
  const missing = await payments.getPayment("nope").then(() => undefined, (error: unknown) => (error instanceof HttpStatusError ? error.status : -1));
  const soap = createSubscriptionsClient({ endpoint: \`\${origin}/soap\`, namespace: NS, credentials: { name: "n", transactionKey: "k" } });
  const alive = await soap.isAlive();
  console.log(JSON.stringify({
    paymentSolution: request.processingInformation?.paymentSolution,
    envelope,
    status: authorized.status,
    authorizedAmount: authorized.orderInformation?.amountDetails?.authorizedAmount,
    linkMethods: typeof authorized.refresh,
    missing,
    alive: alive.resultCode,
    sharedErrors: PaymentsParseError === SubscriptionsParseError,
  }));
} finally {
  server.close();
}
`;
    const misuse = `import { buildWallet012Request, createPaymentsClient } from "paygen-clients/payments";
import { createSubscriptionsClient } from "paygen-clients/subscriptions";

// @ts-expect-error the flow requires its documented fields
buildWallet012Request({});
// @ts-expect-error amounts are decimal strings, never numbers
buildWallet012Request({ paymentInformation: { fluidData: { value: "x" } }, orderInformation: { amountDetails: { totalAmount: 10.5, currency: "USD" }, billTo: { firstName: "A", lastName: "B", address1: "1", locality: "T", administrativeArea: "CA", postalCode: "1", country: "US", email: "e" } } });
// @ts-expect-error the base URL is required configuration
createPaymentsClient({});
const soap = createSubscriptionsClient({ endpoint: "http://127.0.0.1:1", namespace: "urn:x" });
// @ts-expect-error credentials come from the client options, not the request
void soap.arbCancelSubscription({ subscriptionId: "1", merchantAuthentication: { name: "n" } });
`;
    await writeFile(path.join(consumerDir, "consumer.ts"), program);
    await writeFile(path.join(consumerDir, "misuse.ts"), misuse);
    await writeFile(
      path.join(consumerDir, "tsconfig.json"),
      JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["ES2023"],
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            noUncheckedIndexedAccess: true,
            exactOptionalPropertyTypes: true,
            skipLibCheck: false,
            typeRoots: [path.join(PROJECT_ROOT, "node_modules", "@types")],
            types: ["node"],
            outDir: "out",
          },
          files: ["consumer.ts", "misuse.ts"],
        },
        null,
        2,
      ),
    );
    await sh(process.execPath, [TSC, "-p", "tsconfig.json"], consumerDir);
    const { stdout } = await sh(process.execPath, ["out/consumer.js"], consumerDir);
    expect(JSON.parse(stdout.trim())).toEqual({
      paymentSolution: "012",
      envelope:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ARBCancelSubscription xmlns="urn:example:consumer:v1"><subscriptionId>9223372036854775807</subscriptionId></ARBCancelSubscription></soap:Body></soap:Envelope>',
      status: "AUTHORIZED",
      authorizedAmount: "10.50",
      linkMethods: "function",
      missing: 404,
      alive: "Ok",
      sharedErrors: true,
    });
  });

  it("resolves the types under moduleResolution bundler, in a CommonJS TypeScript module under nodenext, and under node10 through typesVersions", async () => {
    // The ESM consumer above, checked as a bundler-based project would.
    const dir = path.join(consumerDir, "resolutions");
    await mkdir(dir, { recursive: true });
    const common = {
      target: "ES2022",
      lib: ["ES2023"],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      typeRoots: [path.join(PROJECT_ROOT, "node_modules", "@types")],
      types: ["node"],
    };
    await writeFile(
      path.join(dir, "tsconfig.bundler.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "ESNext", moduleResolution: "Bundler" },
        files: ["../consumer.ts"],
      }),
    );
    // A CommonJS module (.cts) requiring the entries: TypeScript resolves them through the require condition of nodenext.
    await writeFile(
      path.join(dir, "consumer.cts"),
      `import payments = require("paygen-clients/payments");
import search = require("paygen-clients/search");
const request: payments.PaymentRequest = { clientReferenceInformation: { code: "c" } };
const query: string = String(search.searchQuery.eq("id", "1"));
// @ts-expect-error a sale cannot say capture false
const sale: payments.SaleRequest = { processingInformation: { capture: false } };
export { request, query, sale };
`,
    );
    await writeFile(
      path.join(dir, "tsconfig.cjs.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "NodeNext", moduleResolution: "NodeNext" },
        files: ["consumer.cts"],
      }),
    );
    // module commonjs with moduleResolution node10, which reads no exports map: the entries resolve through typesVersions.
    await writeFile(
      path.join(dir, "node10.ts"),
      `import { createPaymentsClient, type PaymentRequest } from "paygen-clients/payments";
import { createSubscriptionsClient } from "paygen-clients/subscriptions";
import { serializePaymentResponse } from "paygen-clients/payments/server";
import { createHttpSignatureSigner } from "paygen-clients/http-signature";
const request: PaymentRequest = { clientReferenceInformation: { code: "c" } };
// @ts-expect-error an amount is a Decimal string, never a number
const wrong: PaymentRequest = { orderInformation: { amountDetails: { totalAmount: 10 } } };
export { createPaymentsClient, createSubscriptionsClient, serializePaymentResponse, createHttpSignatureSigner, request, wrong };
`,
    );
    await writeFile(
      path.join(dir, "tsconfig.node10.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "CommonJS", moduleResolution: "Node10" },
        files: ["node10.ts"],
      }),
    );
    for (const config of ["tsconfig.bundler.json", "tsconfig.cjs.json", "tsconfig.node10.json"]) {
      const result = await sh(process.execPath, [TSC, "-p", config], dir).then(
        () => "",
        (error: unknown) => String(error),
      );
      expect(result, config).toBe("");
    }
  }, 300_000);

  it("a client entry links no server code: no server module, no request reader, no response writer", async () => {
    // What a client entry loads: its file and, transitively, the shared chunks it imports.
    const linked = (file: string): string[] => {
      const seen = new Set<string>();
      const queue = [file];
      for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
        if (seen.has(f)) continue;
        seen.add(f);
        const output = bundleMeta!.outputs[f];
        if (!output) throw new Error(`${f} is not an output of the build`);
        for (const imported of output.imports) if (!imported.external) queue.push(imported.path);
      }
      return [...seen].sort();
    };
    for (const service of services) {
      // The names a server calls, read from the server entry's declarations,
      const declarations = await readFile(
        path.join(pkgDir, "dist", service, "server.d.ts"),
        "utf8",
      );
      const serverNames = [
        ...declarations.matchAll(/export declare (?:function|const) (\w+)/g),
      ].map((m) => m[1]!);
      expect(serverNames.length, service).toBeGreaterThan(1);
      // and the functions only the server module defines (request readers, response writers).
      const definedIn = async (file: string): Promise<Set<string>> =>
        new Set(
          [
            ...(await readFile(path.join(GENERATED, service, file), "utf8")).matchAll(
              /^(?:export )?function (\w+)/gm,
            ),
          ].map((m) => m[1]!),
        );
      const clientWire = await definedIn(service === "subscriptions" ? "xml.ts" : "json.ts");
      const serverOnly = [...(await definedIn("server.ts"))].filter(
        (name) => !clientWire.has(name),
      );
      expect(serverOnly.length, service).toBeGreaterThan(serverNames.length);
      const clientFiles = linked(`dist/${service}/index.js`);
      const inputs = clientFiles.flatMap((f) => Object.keys(bundleMeta!.outputs[f]!.inputs));
      expect(inputs, service).toContain(`.build/js/${service}/client.js`);
      expect(
        inputs.filter((input) => input.endsWith("/server.js")),
        service,
      ).toEqual([]);
      const text = (
        await Promise.all(clientFiles.map((f) => readFile(path.join(pkgDir, f), "utf8")))
      ).join("\n");
      expect(
        serverOnly.filter((name) => new RegExp(`\\b${name}\\b`).test(text)),
        service,
      ).toEqual([]);
      // The server entry does hold them, so the check above can fail.
      const serverText = (
        await Promise.all(
          linked(`dist/${service}/server.js`).map((f) => readFile(path.join(pkgDir, f), "utf8")),
        )
      ).join("\n");
      expect(
        serverNames.filter((name) => !new RegExp(`\\b${name}\\b`).test(serverText)),
        service,
      ).toEqual([]);
      const { stdout } = await sh(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const m = await import("paygen-clients/${service}/server"); console.log(JSON.stringify(Object.keys(m).sort()));`,
        ],
        consumerDir,
      );
      expect(JSON.parse(stdout.trim()), service).toEqual([...serverNames].sort());
    }
  });

  it("importing a service loads nothing of the others, and only subscriptions loads fast-xml-parser (payments loads no node:crypto either)", async () => {
    await writeFile(
      path.join(consumerDir, "log-resolve.mjs"),
      `import { appendFileSync } from "node:fs";
let log = "";
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(log, resolved.url + "\\n");
  return resolved;
}
`,
    );
    await writeFile(
      path.join(consumerDir, "register-log.mjs"),
      `import { register } from "node:module";
register("./log-resolve.mjs", import.meta.url, { data: { log: process.env.RESOLVE_LOG } });
`,
    );
    // Files of the installed package among resolved URLs, as `dist/...` paths.
    const packageFiles = (urls: readonly string[]): string[] => [
      ...new Set(
        urls.flatMap((url) => {
          const at = url.indexOf("/node_modules/paygen-clients/");
          return at < 0 ? [] : [url.slice(at + "/node_modules/paygen-clients/".length)];
        }),
      ),
    ];
    // The compiled source modules (`runtime/xml.js`, ...) linked into those files, from the build's metafile.
    const sourcesOf = (urls: readonly string[]): string[] =>
      [
        ...new Set(
          packageFiles(urls).flatMap((file) => {
            const output = bundleMeta!.outputs[file];
            if (!output) throw new Error(`${file} is not an output of the build`);
            return Object.keys(output.inputs).map((input) => input.replace(/^\.build\/js\//, ""));
          }),
        ),
      ].sort();
    const resolvedBy = async (entry: string): Promise<string[]> => {
      const probe = path.join(consumerDir, `probe-${entry}.mjs`);
      const log = path.join(consumerDir, `resolved-${entry}.log`);
      await writeFile(
        probe,
        `const m = await import("paygen-clients/${entry}");\nconsole.log(Object.keys(m).length);\n`,
      );
      const { stdout } = await sh(
        process.execPath,
        ["--import", "./register-log.mjs", probe],
        consumerDir,
        npmChildEnv({ RESOLVE_LOG: log }),
      );
      expect(Number(stdout.trim())).toBeGreaterThan(10);
      return (await readFile(log, "utf8")).split("\n").filter((line) => line !== "");
    };

    const payments = await resolvedBy("payments");
    expect(
      payments.some((url) => url.endsWith("/node_modules/paygen-clients/dist/payments/index.js")),
    ).toBe(true);
    expect(payments.filter((url) => url.includes("fast-xml-parser"))).toEqual([]);
    expect(payments.filter((url) => url === "node:crypto" || url === "crypto")).toEqual([]);
    const paymentsSources = sourcesOf(payments);
    expect(paymentsSources).toContain("runtime/http/transport.js");
    expect(paymentsSources).toContain("payments/client.js");
    expect(paymentsSources).not.toContain("runtime/xml.js");
    expect(
      paymentsSources.filter(
        (m) => /^(search|subscriptions)\//.test(m) || m.startsWith("runtime/search-query/"),
      ),
    ).toEqual([]);
    // Linked: a handful of files, not one per source module.
    expect(packageFiles(payments).length * 4).toBeLessThan(paymentsSources.length);

    // The SOAP entry imports fast-xml-parser as a plain ES module (no node:module), at import.
    const subscriptions = await resolvedBy("subscriptions");
    const subscriptionsSources = sourcesOf(subscriptions);
    expect(subscriptionsSources).toContain("runtime/xml.js");
    expect(
      subscriptions.filter((url) => url.includes("/node_modules/fast-xml-parser/")).length,
    ).toBeGreaterThan(0);
    expect(subscriptionsSources.filter((m) => /^(payments|search)\//.test(m))).toEqual([]);
    expect(packageFiles(subscriptions).length * 4).toBeLessThan(subscriptionsSources.length);

    const search = await resolvedBy("search");
    expect(search.some((url) => url.endsWith("/dist/search/index.js"))).toBe(true);
    expect(search.filter((url) => url.includes("fast-xml-parser"))).toEqual([]);
    const searchSources = sourcesOf(search);
    expect(searchSources).toContain("runtime/search-query/parser.js");
    expect(
      searchSources.filter((m) => /^(payments|subscriptions)\//.test(m) || m === "runtime/xml.js"),
    ).toEqual([]);
    expect(packageFiles(search).length * 4).toBeLessThan(searchSources.length);
  });
});
