/**
 * The README's "Try it": the example script against a running sandbox.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { closedPort } from "../helpers/http-server.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
let sandbox: Sandbox;

beforeAll(async () => {
  // The sandbox's default merchant and key, as `npm run sandbox` starts it.
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function runExample(url: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/example.ts"], {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

it("creates a subscription, then authorizes and captures a wallet payment", async () => {
  const { code, out, err } = await runExample(sandbox.url);
  expect(err).toBe("");
  expect(code).toBe(0);
  expect(out).toMatch(/subscription [0-9]+ created \(Ok\)/);
  expect(out).toMatch(/status: active/);
  expect(out).toMatch(/payment [0-9]{22}: AUTHORIZED, authorized 42\.00 USD/);
  expect(out).toMatch(/capture [0-9]{22}: PENDING, 42\.00 USD/);
  expect(out).toMatch(/now reads: CAPTURED/);
});

it("says how to start the sandbox when none answers", async () => {
  const { code, err } = await runExample(`http://127.0.0.1:${await closedPort()}`);
  expect(code).toBe(1);
  expect(err).toContain("npm run sandbox");
});
