/**
 * The generated clients where only Web APIs exist: the payments (REST) and
 * subscriptions (SOAP) entries of generated/, bundled by esbuild for the
 * browser platform, run inside the Edge Runtime's VM (`@edge-runtime/vm`: a
 * V8 context holding fetch, URL, TextEncoder, crypto, Headers and the other
 * Web APIs, and no `process`, no `require`, no module loader), calling a real
 * HTTP server on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const NS = "urn:example:paygen:edge:v1";

interface Received {
  readonly method: string;
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
}

let server: Server | undefined;
let origin = "";
const received: Received[] = [];

function answer(
  req: IncomingMessage,
  body: string,
): { status: number; type: string; body: string } {
  if (req.url === "/pts/v2/payments") {
    return {
      status: 201,
      type: "application/json",
      body: JSON.stringify({
        id: "1234567890123456789012",
        status: "AUTHORIZED",
        orderInformation: {
          amountDetails: { authorizedAmount: "10.50", currency: "USD" },
        },
      }),
    };
  }
  if (req.url === "/soap" && body.includes("<IsAlive")) {
    return {
      status: 200,
      type: "text/xml; charset=utf-8",
      body: `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><IsAliveResponse xmlns="${NS}"><IsAliveResult><resultCode>Ok</resultCode></IsAliveResult></IsAliveResponse></soap:Body></soap:Envelope>`,
    };
  }
  return { status: 404, type: "application/json", body: "{}" };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body,
      });
      const out = answer(req, body);
      res.writeHead(out.status, { "content-type": out.type });
      res.end(out.body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
});

/** One entry of generated/ bundled for the browser platform as a script defining the global `entry`. */
async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(PROJECT_ROOT, "generated", entry, "index.ts")],
    bundle: true,
    write: false,
    platform: "browser",
    format: "iife",
    globalName: "entry",
    target: "es2022",
    logLevel: "silent",
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}

/** A fresh Edge VM with the bundle evaluated in it, and what the VM's global scope lacks. */
async function edgeVmWith(bundle: string): Promise<{ vm: EdgeVM; nodeGlobals: string }> {
  const vm = new EdgeVM();
  vm.evaluate(bundle);
  const nodeGlobals = vm.evaluate<string>(
    `JSON.stringify({ process: typeof process, require: typeof require, module: typeof module, Buffer: typeof Buffer, fetch: typeof fetch, subtle: typeof crypto.subtle })`,
  );
  return { vm, nodeGlobals };
}

/** Runs `body` (an async function body using `entry` and `origin`) in the VM; its result comes back as JSON. */
async function runInVm(vm: EdgeVM, body: string): Promise<unknown> {
  const json = await vm.evaluate<Promise<string>>(
    `(async (origin) => JSON.stringify(await (async () => { ${body} })()))(${JSON.stringify(origin)})`,
  );
  return JSON.parse(json) as unknown;
}

describe("the generated clients in the Edge Runtime VM", () => {
  it("has Web APIs and nothing of Node: no process, require, module, Buffer, and no module loader for node: modules", async () => {
    const { vm, nodeGlobals } = await edgeVmWith("");
    expect(JSON.parse(nodeGlobals)).toEqual({
      process: "undefined",
      require: "undefined",
      module: "undefined",
      Buffer: "undefined",
      fetch: "function",
      subtle: "object",
    });
    const imported = await vm.evaluate<Promise<string>>(
      `import("node:crypto").then(() => "loaded", (error) => "refused: " + error.name)`,
    );
    expect(imported).toBe("refused: TypeError");
  });

  it("bundles the payments entry for the browser and authorizes a payment against a server on 127.0.0.1", async () => {
    const bundle = await bundleForBrowser("payments");
    expect(bundle).not.toMatch(/\brequire\(|["']node:/);
    const { vm } = await edgeVmWith(bundle);
    const out = await runInVm(
      vm,
      `const client = entry.createPaymentsClient({ baseUrl: origin });
const request = entry.buildWallet012Request({
  paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJwYXlsb2FkIn0=" } },
  orderInformation: {
    amountDetails: { totalAmount: "10.50", currency: "USD" },
    billTo: { firstName: "A", lastName: "B", address1: "1 Main St", locality: "Town", administrativeArea: "CA", postalCode: "94000", country: "US", email: "a@example.test" },
  },
});
const authorized = await client.authorize(request);
const missing = await client.getPayment("nope").then(() => "resolved", (error) => error instanceof entry.HttpStatusError ? error.status : String(error));
return { status: authorized.status, id: authorized.id, amount: authorized.orderInformation.amountDetails.authorizedAmount, missing };`,
    );
    expect(out).toEqual({
      status: "AUTHORIZED",
      id: "1234567890123456789012",
      amount: "10.50",
      missing: 404,
    });
    const posted = received.find((r) => r.url === "/pts/v2/payments");
    expect(posted?.method).toBe("POST");
    expect(posted?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(posted!.body)).toMatchObject({
      processingInformation: { paymentSolution: "012" },
      orderInformation: { amountDetails: { totalAmount: "10.50" } },
    });
  });

  it("bundles the subscriptions (SOAP) entry for the browser, fast-xml-parser included, and calls isAlive", async () => {
    const bundle = await bundleForBrowser("subscriptions");
    expect(bundle).not.toMatch(/\brequire\(|["']node:/);
    const { vm } = await edgeVmWith(bundle);
    const out = await runInVm(
      vm,
      `const client = entry.createSubscriptionsClient({ endpoint: origin + "/soap", namespace: ${JSON.stringify(NS)}, credentials: { name: "n", transactionKey: "k" } });
const alive = await client.isAlive();
return { resultCode: alive.resultCode };`,
    );
    expect(out).toEqual({ resultCode: "Ok" });
    const call = received.find((r) => r.url === "/soap");
    expect(call?.method).toBe("POST");
    expect(call?.body).toContain(`xmlns="${NS}"`);
  });
});
