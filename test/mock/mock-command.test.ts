import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const PAYGEN = path.join(PROJECT_ROOT, "scripts", "paygen.mjs");

/** Runs `paygen ARGS` until it prints `until`, then hands over its output so far and a way to stop it. */
function start(args: readonly string[], until: string) {
  const child = spawn(process.execPath, [PAYGEN, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(until)) resolve(out);
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    void exited.then((code) => reject(new Error(`paygen exited (${code}):\n${out}\n${err}`)));
  });
  return { child, ready, exited, output: () => out };
}

it("paygen mock serves every service of the schemas, prints their URLs, answers, and stops on SIGTERM", async () => {
  const run = start(["mock", "--seed", "5"], "Ctrl-C stops");
  const printed = await run.ready;
  const urls = Object.fromEntries(
    [...printed.matchAll(/^paygen mock: (\S+) \((REST|SOAP), (\d+) operations\) at (\S+)$/gm)].map(
      (m) => [m[1]!, m[4]!],
    ),
  );
  expect(Object.keys(urls).sort()).toEqual(["payments", "search", "subscriptions"]);
  const search = await fetch(`${urls["search"]}/tss/v2/searches/abc`);
  expect(search.status).toBe(200);
  expect(search.headers.get("content-type")).toContain("json");
  const soap = await fetch(urls["subscriptions"]!, {
    method: "POST",
    headers: { "content-type": "text/xml; charset=utf-8" },
    body: '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><IsAlive xmlns="urn:test"/></s:Body></s:Envelope>',
  });
  expect(soap.status).toBe(200);
  expect(await soap.text()).toContain('<IsAliveResponse xmlns="urn:test">');
  const refused = await fetch(`${urls["payments"]}/pts/v2/payments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{",
  });
  expect(refused.status).toBe(400);
  expect(refused.headers.get("content-type")).toBe("application/problem+json");
  run.child.kill("SIGTERM");
  expect(await run.exited).toBe(0);
  expect(run.output()).toContain("paygen mock: stopped");
}, 180_000);

it("paygen mock refuses a bad port, a contract it cannot read, and one with nothing to serve, without starting", async () => {
  const badPort = start(["mock", "--port", "70000"], "never");
  await expect(badPort.ready).rejects.toThrow(/exited \(2\)/);
  const missing = start(["mock", "--from", "no-such-contract.json"], "never");
  await expect(missing.ready).rejects.toThrow(/exited \(1\)[^]*no mock was started/);
  const schemaOnly = start(
    [
      "mock",
      "--from",
      path.join("test", "frontends", "wsdl", "fixtures", "describe", "constructs.xsd"),
    ],
    "never",
  );
  await expect(schemaOnly.ready).rejects.toThrow(
    /exited \(1\):\npaygen mock: \S+ has no operations: nothing to serve[^]*no operations; no mock was started/,
  );
}, 180_000);
