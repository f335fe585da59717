/**
 * What a team does with paygen, end to end: the generator packed (`npm pack`)
 * and installed from the tarball into an empty project; one
 * `paygen.config.json` there naming two packages, the published REST contract
 * under a scoped name and the published WSDL; `npx paygen generate` with no
 * flags; each generated package installed alone (`npm install` in it), built
 * and packed; both tarballs installed into one consumer project, which
 * type-checks against them (nodenext for its ES module and its CommonJS
 * module, node10 for a CommonJS reader that ignores exports maps) and then
 * calls one operation of each client, through `import` and through `require`,
 * against a server on 127.0.0.1 started here.
 *
 * Installs come from the npm cache (`--offline`); an install the cache cannot
 * satisfy (a machine whose cache lacks the registry's metadata of a range)
 * falls back to `--prefer-offline`, which asks the registry for what is
 * missing only. Every step waits on its process; nothing is timed.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { npmChildEnv } from "../../scripts/build-package.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

const exec = promisify(execFile);
const TSC = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
/** A bound against a hung child only, far above any run on a busy machine; nothing is measured. */
const CHILD_BOUND_MS = 900_000;

/** Runs a command to its end; its output, or an error that carries the output. */
async function sh(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = npmChildEnv(),
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(command, [...args], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: CHILD_BOUND_MS,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message?: string };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd}:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}\n${failed.message ?? ""}`,
    );
  }
}

/** `npm install` from the npm cache, or, when the cache cannot satisfy it, asking the registry only for what is missing. */
async function npmInstall(cwd: string, specs: readonly string[] = []): Promise<void> {
  const flags = ["install", "--no-audit", "--no-fund"];
  try {
    await sh("npm", [...flags, "--offline", ...specs], cwd);
  } catch (offline) {
    console.warn(`npm install --offline failed; trying --prefer-offline:\n${String(offline)}`);
    await sh("npm", [...flags, "--prefer-offline", ...specs], cwd);
  }
}

/** `npm pack` of `dir` into `into`, without its prepack script when `ignoreScripts`; the tarball's path. */
async function npmPack(dir: string, into: string, ignoreScripts = false): Promise<string> {
  const { stdout } = await sh(
    "npm",
    ["pack", "--json", "--pack-destination", into, ...(ignoreScripts ? ["--ignore-scripts"] : [])],
    dir,
  );
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf("["))) as [{ filename: string }];
  return path.join(into, filename);
}

const writeJson = (file: string, value: unknown): Promise<void> =>
  writeFile(file, `${JSON.stringify(value, null, 2)}\n`);

/** The two packages the configuration names. */
const REST = { name: "@acme/payments-rest", out: "clients/payments-rest" } as const;
const SOAP = { name: "@acme/gateway-soap", out: "clients/gateway-soap" } as const;
/** Their client entries (the REST contract's title names its service, the WSDL's service its own). */
const REST_ENTRY = `${REST.name}/cybersource-merged-spec`;
const SOAP_ENTRY = `${SOAP.name}/service`;

/**
 * The local server both clients call: a transaction for the REST client's
 * `getTransaction`, an `IsAlive` answer for the SOAP client; it records what
 * it was sent.
 */
function startGateway(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen.push(`${request.method} ${request.url} ${request.headers["soapaction"] ?? ""}`.trim());
      if (request.method === "GET" && request.url === "/tss/v2/transactions/7001") {
        response.writeHead(200, { "content-type": "application/hal+json;charset=utf-8" });
        response.end(JSON.stringify({ id: "7001", status: "PENDING" }));
      } else if (request.method === "POST" && request.url === "/soap" && body.includes("IsAlive")) {
        response.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
        response.end(
          '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><IsAliveResponse xmlns="https://api.authorize.net/soap/v1/"><IsAliveResult><resultCode>Ok</resultCode></IsAliveResult></IsAliveResponse></soap:Body></soap:Envelope>',
        );
      } else {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not here");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
      }),
    ),
  );
}

/** The consumer's ES module: both clients through `import`, one call each, and a validator. */
const ESM_PROGRAM = `import { createCybersourceMergedSpecClient, validateCreatePaymentRequest, type TssV2TransactionsGet200Response } from "${REST_ENTRY}";
import { createServiceClient, type ANetApiResponseType } from "${SOAP_ENTRY}";

const base = process.argv[2]!;
const rest = createCybersourceMergedSpecClient({ baseUrl: base });
const soap = createServiceClient({ endpoint: \`\${base}/soap\` });
const transaction: TssV2TransactionsGet200Response = await rest.getTransaction("7001");
const alive: ANetApiResponseType | undefined = await soap.isAlive();
// An amount the contract carries as a string, given as a number.
const checked = validateCreatePaymentRequest({ orderInformation: { amountDetails: { totalAmount: 10 } } });
const issues = checked.ok ? [] : checked.issues.map((i) => i.path);
console.log(JSON.stringify({ via: "import", transaction, alive, issues }));
`;

/** The consumer's CommonJS module: the same, through \`require\` (compiled to .cjs). */
const CJS_PROGRAM = `import rest = require("${REST_ENTRY}");
import soap = require("${SOAP_ENTRY}");

async function main(): Promise<void> {
  const base = process.argv[2]!;
  const restClient = rest.createCybersourceMergedSpecClient({ baseUrl: base });
  const soapClient = soap.createServiceClient({ endpoint: \`\${base}/soap\` });
  const transaction: rest.TssV2TransactionsGet200Response = await restClient.getTransaction("7001");
  const alive: soap.ANetApiResponseType | undefined = await soapClient.isAlive();
  const checked = rest.validateCreatePaymentRequest({ orderInformation: { amountDetails: { totalAmount: 10 } } });
  const issues = checked.ok ? [] : checked.issues.map((i) => i.path);
  console.log(JSON.stringify({ via: "require", transaction, alive, issues }));
}
void main();
`;

/** What a node10 reader (module commonjs, no exports map) sees: the types, through typesVersions. */
const NODE10_PROGRAM = `import { createCybersourceMergedSpecClient, type PtsV2PaymentsPost201Response } from "${REST_ENTRY}";
import { createServiceClient, type ANetApiResponseType } from "${SOAP_ENTRY}";

const rest = createCybersourceMergedSpecClient({ baseUrl: "http://127.0.0.1:1" });
const soap = createServiceClient({ endpoint: "http://127.0.0.1:1/soap" });
const calls: [Promise<PtsV2PaymentsPost201Response>, Promise<ANetApiResponseType | undefined>] = [
  rest.createPayment({}),
  soap.isAlive(),
];
// @ts-expect-error an amount is a decimal string, never a number
rest.createPayment({ orderInformation: { amountDetails: { totalAmount: 10 } } });
export { calls };
`;

describeWithSpecs(
  "a team's project: the packed generator, one config naming a REST and a SOAP package, both consumed by one project",
  () => {
    let root = "";
    let app = "";
    let consumer = "";

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), "paygen-team-"));
      const generator = await npmPack(PROJECT_ROOT, root);
      app = path.join(root, "app");
      await mkdir(app);
      await writeJson(path.join(app, "package.json"), {
        name: "app",
        version: "1.0.0",
        private: true,
      });
      await npmInstall(app, ["--save-dev", generator]);
      await writeJson(path.join(app, "paygen.config.json"), {
        packages: [
          {
            name: REST.name,
            from: [sharedSpec("cybersource-rest-spec.2020-02-17.json")],
            out: REST.out,
          },
          { name: SOAP.name, from: [sharedSpec("Service.2015-02-02.wsdl")], out: SOAP.out },
        ],
      });
    }, CHILD_BOUND_MS);

    afterAll(async () => {
      if (root) await rm(root, { recursive: true, force: true });
    });

    it(
      "npx paygen answers --version and --help, and npx paygen generate, with no flags, generates both packages under their names",
      async () => {
        const { version } = JSON.parse(
          await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8"),
        ) as { version: string };
        expect((await sh("npx", ["paygen", "--version"], app)).stdout).toBe(`${version}\n`);
        expect((await sh("npx", ["paygen", "--help"], app)).stdout).toMatch(
          /\ngenerate:\n {2}usage: paygen generate [^]*\ndiff:\n {2}usage: paygen diff /,
        );
        const { stdout, stderr } = await sh("npx", ["paygen", "generate"], app);
        expect(stderr).toBe("");
        expect(stdout).toMatch(
          /^paygen: 1 services, \d+ types, \d+ operations.* files written to clients\/payments-rest\/ in \d+ ms.*\npaygen: 1 services, \d+ types, \d+ operations.* files written to clients\/gateway-soap\/ in \d+ ms.*\n$/,
        );
        for (const { name, out } of [REST, SOAP]) {
          const manifest = JSON.parse(
            await readFile(path.join(app, out, "package.json"), "utf8"),
          ) as { name: string; dependencies: Record<string, string> };
          expect(manifest.name).toBe(name);
          expect(Object.keys(manifest.dependencies)).toEqual(
            name === SOAP.name ? ["fast-xml-parser"] : [],
          );
        }
      },
      CHILD_BOUND_MS,
    );

    it(
      "each package builds after npm install in it alone, and both install into one consumer",
      async () => {
        const tarballs: string[] = [];
        for (const { out } of [REST, SOAP]) {
          const dir = path.join(app, out);
          await npmInstall(dir);
          await sh("npm", ["run", "build"], dir);
          // Built already: packing it again would only run the build a second time.
          tarballs.push(await npmPack(dir, root, true));
        }
        consumer = path.join(root, "consumer");
        await mkdir(consumer);
        await writeJson(path.join(consumer, "package.json"), {
          name: "consumer",
          version: "1.0.0",
          private: true,
          type: "module",
        });
        await npmInstall(consumer, tarballs);
        const installed = JSON.parse(
          await readFile(path.join(consumer, "package.json"), "utf8"),
        ) as { dependencies: Record<string, string> };
        expect(Object.keys(installed.dependencies).sort()).toEqual([SOAP.name, REST.name]);
      },
      CHILD_BOUND_MS,
    );

    it(
      "the consumer type-checks against both: nodenext for its ES and its CommonJS module, node10 through typesVersions",
      async () => {
        await writeFile(path.join(consumer, "esm.ts"), ESM_PROGRAM);
        await writeFile(path.join(consumer, "cjs.cts"), CJS_PROGRAM);
        await writeFile(path.join(consumer, "node10.ts"), NODE10_PROGRAM);
        const common = {
          target: "ES2022",
          lib: ["ES2023"],
          strict: true,
          skipLibCheck: false,
          typeRoots: [path.join(PROJECT_ROOT, "node_modules", "@types")],
          types: ["node"],
        };
        await writeJson(path.join(consumer, "tsconfig.json"), {
          compilerOptions: {
            ...common,
            module: "NodeNext",
            moduleResolution: "NodeNext",
            outDir: "out",
          },
          files: ["esm.ts", "cjs.cts"],
        });
        await writeJson(path.join(consumer, "tsconfig.node10.json"), {
          compilerOptions: {
            ...common,
            module: "CommonJS",
            moduleResolution: "Node10",
            noEmit: true,
          },
          files: ["node10.ts"],
        });
        await sh(process.execPath, [TSC, "-p", "tsconfig.json"], consumer);
        await sh(process.execPath, [TSC, "-p", "tsconfig.node10.json"], consumer);
        expect(
          (await readFile(path.join(consumer, "out", "cjs.cjs"), "utf8")).includes("require("),
        ).toBe(true);
      },
      CHILD_BOUND_MS,
    );

    it(
      "and calls an operation of each client, through import and through require (Node's require of ES modules off)",
      async () => {
        const gateway = await startGateway();
        try {
          const esm = await sh(process.execPath, ["out/esm.js", gateway.url], consumer);
          const cjs = await sh(
            process.execPath,
            ["--no-experimental-require-module", "out/cjs.cjs", gateway.url],
            consumer,
          );
          const expected = {
            transaction: { id: "7001", status: "PENDING" },
            alive: { resultCode: "Ok" },
            issues: ["orderInformation.amountDetails.totalAmount"],
          };
          expect(JSON.parse(esm.stdout)).toEqual({ via: "import", ...expected });
          expect(JSON.parse(cjs.stdout)).toEqual({ via: "require", ...expected });
          const calls = [
            "GET /tss/v2/transactions/7001",
            'POST /soap "https://api.authorize.net/soap/v1/IsAlive"',
          ];
          expect(gateway.seen).toEqual([...calls, ...calls]);
        } finally {
          gateway.server.close();
        }
      },
      CHILD_BOUND_MS,
    );
  },
);
