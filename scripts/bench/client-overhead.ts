/**
 * Benchmark 4: what the generated client adds to one HTTP call. A local
 * server (its own process) answers every POST with the canned authorization
 * response; `createPaymentsClient({ baseUrl }).authorize(request)` and a bare
 * `fetch` POST of the same bytes (then `text()` and `JSON.parse`) alternate
 * call by call, sequentially, and each side's figure is its median call time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { PaymentsModule } from "./built-modules.js";
import { wallet012Input } from "./payment-fixtures.js";
import { formatRatio, formatUs, type Row } from "./row.js";
import { median } from "./stats.js";

export const CLIENT_TARGET = 1.3;

export interface ClientResult {
  readonly rows: readonly Row[];
  readonly paygenUs: number;
  readonly fetchUs: number;
  readonly ratio: number;
  readonly calls: number;
}

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "canned-server.ts");

/** Starts the canned server with the same loader flags as this process (it is TypeScript). */
async function startServer(): Promise<{ readonly port: number; readonly child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, SERVER], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the canned server exited early (code ${String(code)})`);
  });
  const first = (async () => {
    for await (const line of lines) return JSON.parse(line) as { port: number };
    throw new Error("the canned server printed nothing");
  })();
  const { port } = await Promise.race([first, exited]);
  exited.catch(() => undefined);
  return { port, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.stdin?.end();
  const timer = setTimeout(() => child.kill(), 2000);
  await exited;
  clearTimeout(timer);
}

async function timeCall(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) * 1000;
}

export async function runClientBenchmark(
  payments: PaymentsModule,
  calls: number,
  warmupCalls: number,
): Promise<ClientResult> {
  const { buildWallet012Request, createPaymentsClient, serializePaymentRequest } = payments;
  const { port, child } = await startServer();
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const request = buildWallet012Request(wallet012Input);
    const client = createPaymentsClient({ baseUrl });
    const url = `${baseUrl}/pts/v2/payments`;
    const body = serializePaymentRequest(request);
    const headers = {
      accept: "application/json",
      "content-type": "application/json; charset=utf-8",
    };

    const viaClient = async (): Promise<unknown> => {
      const result = await client.authorize(request);
      if (result.status !== "AUTHORIZED") throw new Error("unexpected authorization status");
      return result;
    };
    const viaFetch = async (): Promise<unknown> => {
      const response = await fetch(url, { method: "POST", headers, body });
      const text = await response.text();
      if (!response.ok) throw new Error(`unexpected HTTP status ${response.status}`);
      return JSON.parse(text) as unknown;
    };

    for (let i = 0; i < warmupCalls; i++) {
      await viaClient();
      await viaFetch();
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < calls; i++) {
      if (i % 2 === 0) {
        a.push(await timeCall(viaClient));
        b.push(await timeCall(viaFetch));
      } else {
        b.push(await timeCall(viaFetch));
        a.push(await timeCall(viaClient));
      }
    }
    const paygenUs = median(a);
    const fetchUs = median(b);
    const ratio = paygenUs / fetchUs;
    const rows: Row[] = [
      {
        name: "4 client: authorize() per call",
        value: formatUs(paygenUs),
        baseline: `${formatUs(fetchUs)} (bare fetch)`,
        comparison: `time ${formatRatio(ratio)}`,
        target: `time < ${formatRatio(CLIENT_TARGET)}`,
        pass: ratio < CLIENT_TARGET,
      },
    ];
    return { rows, paygenUs, fetchUs, ratio, calls };
  } finally {
    await stopServer(child);
  }
}
