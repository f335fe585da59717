/**
 * State: in memory by default, kept across a restart with a data file
 * (`--data`), written through on every change; and the command line itself.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsClient } from "../../generated/payments/index.js";
import { HttpStatusError } from "../../generated/search/index.js";
import { createSubscriptionsClient } from "../../generated/subscriptions/index.js";
import { startSandbox } from "../../sandbox/server.js";
import {
  CLIENT_NAMESPACE,
  NO_RETRY,
  startHarness,
  tempDir,
  VISA,
  MASTERCARD,
  wallet012,
} from "./harness.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

let dir: { dir: string; remove: () => Promise<void> };
let health: Server;
let healthUrl = "";

beforeAll(async () => {
  dir = await tempDir();
  health = createServer((_request, response) => {
    response.writeHead(200);
    response.end("ok");
  });
  await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
  healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    health.close(() => resolve());
    health.closeAllConnections();
  });
  await dir.remove();
});

const schedule = {
  interval: { length: 1, unit: "months" as const },
  startDate: "2099-01-01",
  totalOccurrences: 12,
};

describe("state", () => {
  it("lives in memory by default: a restart starts empty", async () => {
    const first = await startHarness();
    const { subscriptionId } = await first.soap.arbCreateSubscription({
      subscription: {
        amount: "1.00",
        paymentSchedule: schedule,
        payment: { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
      },
    });
    await first.close();
    const second = await startHarness();
    try {
      const outcome = await second.soapResults.arbGetSubscriptionStatus({ subscriptionId });
      expect(outcome.ok).toBe(false);
      expect(second.sandbox.dataFile).toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it("survives a restart with a data file: every service's records, ids and rules", async () => {
    const dataFile = path.join(dir.dir, "nested", "dir", "sandbox.sqlite");
    const first = await startHarness({ dataFile });
    const { subscriptionId } = await first.soap.arbCreateSubscription({
      subscription: {
        name: "kept",
        amount: "3.00",
        paymentSchedule: schedule,
        payment: { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
      },
    });
    const profile = await first.soap.createCustomerProfile({
      profile: {
        merchantCustomerId: "KEEP",
        paymentProfiles: [
          { payment: { creditCard: { cardNumber: MASTERCARD, expirationDate: "2098-06" } } },
        ],
      },
      validationMode: "none",
    });
    const auth = await first.payments.authorize(wallet012("44.00", "kept-payment"));
    const capture = await auth.capture();
    const saved = await first.search.createSearch({
      query: "clientReferenceInformation.code:kept-payment",
      sort: "submitTimeUtc:asc",
      save: "true",
    });
    const hook = await first.search.createWebhookSubscription({
      webhookUrl: `${healthUrl}/hook`,
      healthCheckUrl: `${healthUrl}/health`,
    });
    const instrument = await first.search.createInstrumentIdentifier({ card: { number: VISA } });
    await first.close();

    const second = await startHarness({ dataFile });
    try {
      expect(second.sandbox.dataFile).toBe(dataFile);
      expect((await second.soap.arbGetSubscription({ subscriptionId })).subscription?.name).toBe(
        "kept",
      );
      const pp = await second.soap.getCustomerPaymentProfile({
        customerProfileId: profile.customerProfileId,
        customerPaymentProfileId: profile.customerPaymentProfileIdList?.[0] ?? "",
        unmaskExpirationDate: true,
      });
      expect(pp.paymentProfile?.payment?.creditCard).toEqual({
        cardNumber: "XXXX4444",
        expirationDate: "2098-06",
        cardType: "MasterCard",
      });
      expect((await second.payments.getPayment(auth.id ?? ""))["status"]).toBe("CAPTURED");
      expect((await second.payments.getCapture(capture.id ?? ""))["status"]).toBe("PENDING");
      expect(await second.search.getSearch(String(saved["id"]))).toEqual(saved);
      expect(
        (await second.search.getTransaction(auth.id ?? "")).applicationInformation
          ?.applications?.[0]?.name,
      ).toBe("ics_auth");
      // The sequences go on: no id is handed out twice.
      const next = await second.soap.arbCreateSubscription({
        subscription: {
          amount: "1.00",
          paymentSchedule: schedule,
          payment: { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
        },
      });
      expect(Number(next.subscriptionId)).toBeGreaterThan(Number(subscriptionId));
      const nextAuth = await second.payments.authorize(wallet012("1.00"));
      expect(nextAuth.id).not.toBe(auth.id);
      // The one-identifier-per-card rule holds across the restart.
      const duplicate = await second.search
        .createInstrumentIdentifier({ card: { number: VISA } })
        .then(
          () => 201,
          (e: unknown) => (e instanceof HttpStatusError ? e.status : -1),
        );
      expect(duplicate).toBe(409);
      expect(
        (
          await fetch(
            `${second.sandbox.url}/tms/v1/instrumentidentifiers/${String(unknownData(instrument)?.fields["id"])}`,
          )
        ).status,
      ).toBe(200);
      expect(unknownData(hook)?.fields["webhookId"]).toMatch(/^wh-/);
    } finally {
      await second.close();
    }
  });

  it("writes through: the data file holds a change as soon as it is answered", async () => {
    const dataFile = path.join(dir.dir, "write-through.sqlite");
    const running = await startHarness({ dataFile });
    try {
      const auth = await running.payments.authorize(wallet012("9.00", "write-through"));
      // Read the file as it is on disk while the sandbox keeps running (and holds its lock).
      const SQL = await initSqlJs();
      const onDisk = new SQL.Database(await readFile(dataFile));
      try {
        const [row] = onDisk.exec(
          "SELECT data FROM records WHERE kind = 'transaction' AND id = ?",
          [auth.id ?? ""],
        );
        expect((JSON.parse(String(row?.values[0]?.[0])) as { status: string }).status).toBe(
          "AUTHORIZED",
        );
      } finally {
        onDisk.close();
      }
    } finally {
      await running.close();
    }
  });

  it("refuses a data file that is not its store, leaving it untouched", async () => {
    const file = path.join(dir.dir, "not-a-store.sqlite");
    await writeFile(file, "this is not a database");
    await expect(startSandbox({ dataFile: file })).rejects.toThrow("not a sandbox data file");
    expect(await readFile(file, "utf8")).toBe("this is not a database");
  });
});

interface Cli {
  readonly child: ChildProcess;
  output(): string;
  errors(): string;
  readonly exit: Promise<number | null>;
}

/** Runs the command line (`npm run sandbox -- ARGS`) as a child process. */
function run(args: string[]): Cli {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, errors: () => err, exit };
}

/** Waits until the command line has printed its endpoints; its URL. */
async function started(cli: Cli): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (!/State: /.test(cli.output())) {
    if (Date.now() > deadline) throw new Error(`the sandbox did not start: ${cli.errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(cli.output())?.[1] ?? "";
}

describe("the command line", () => {
  it("starts with --port, --data, --merchant and --key, prints its endpoints and stops on SIGTERM", async () => {
    const dataFile = path.join(dir.dir, "cli.sqlite");
    const cli = run([
      "--port",
      "0",
      "--data",
      dataFile,
      "--merchant",
      "cli-merchant",
      "--key",
      "cli-key",
    ]);
    try {
      await started(cli);
      const output = cli.output();
      const url = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(output)?.[1] ?? "";
      expect(url).not.toBe("");
      expect(output).toContain(`POST ${url}/soap`);
      expect(output).toContain(`POST ${url}/pts/v2/payments`);
      expect(output).toContain(`POST ${url}/tss/v2/searches`);
      expect(output).toContain(`POST ${url}/notification-subscriptions/v2/webhooks`);
      expect(output).toContain(dataFile);
      const good = createSubscriptionsClient({
        endpoint: `${url}/soap`,
        namespace: CLIENT_NAMESPACE,
        credentials: { name: "cli-merchant", transactionKey: "cli-key" },
      });
      expect((await good.authenticateTest()).resultCode).toBe("Ok");
      const bad = createSubscriptionsClient({
        endpoint: `${url}/soap`,
        namespace: CLIENT_NAMESPACE,
        credentials: { name: "cli-merchant", transactionKey: "other" },
        onApiError: "result",
      });
      expect((await bad.authenticateTest()).ok).toBe(false);
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exit).toBe(0);
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });

  it("refuses bad options with the usage text", async () => {
    const cli = run(["--port", "nope"]);
    expect(await cli.exit).toBe(2);
    expect(cli.errors()).toContain("usage: npm run sandbox");
    const unknown = run(["--colour"]);
    expect(await unknown.exit).toBe(2);
  });
});

describe("one sandbox per data file", () => {
  it("refuses a second sandbox on the same data file, naming it, and keeps the first one's records", async () => {
    const dataFile = path.join(dir.dir, "locked.sqlite");
    const first = await startHarness({ dataFile });
    let kept: string | undefined;
    try {
      kept = (await first.payments.authorize(wallet012("2.00", "locked"))).id;
      await expect(startSandbox({ dataFile })).rejects.toThrow(
        `the data file ${dataFile} is in use by another sandbox (process ${process.pid})`,
      );
      // The same file by another spelling is the same lock.
      await expect(
        startSandbox({ dataFile: path.relative(process.cwd(), dataFile) }),
      ).rejects.toThrow("is in use by another sandbox");
      // The first one still serves and writes.
      expect((await first.payments.getPayment(kept ?? ""))["status"]).toBe("AUTHORIZED");
      expect(existsSync(`${dataFile}.lock`)).toBe(true);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
    const next = await startHarness({ dataFile });
    try {
      expect((await next.payments.getPayment(kept ?? ""))["status"]).toBe("AUTHORIZED");
    } finally {
      await next.close();
    }
  });

  it("refuses a second command-line sandbox on a data file another process holds, with a message naming the file", async () => {
    const dataFile = path.join(dir.dir, "locked-cli.sqlite");
    const holder = run(["--port", "0", "--data", dataFile]);
    try {
      await started(holder);
      const pid = holder.child.pid ?? 0;
      expect((await readFile(`${dataFile}.lock`, "utf8")).trim()).toBe(String(pid));
      await expect(startSandbox({ dataFile })).rejects.toThrow(
        `the data file ${dataFile} is in use by another sandbox (process ${pid})`,
      );
      const second = run(["--port", "0", "--data", dataFile]);
      expect(await second.exit).toBe(1);
      expect(second.errors()).toContain(`the data file ${dataFile} is in use by another sandbox`);
      expect(second.output()).not.toContain("listening");
    } finally {
      holder.child.kill("SIGINT");
    }
    expect(await holder.exit).toBe(0);
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });

  it("takes over the stale lock of a killed sandbox and leaves no temporary file", async () => {
    const folder = path.join(dir.dir, "killed");
    const dataFile = path.join(folder, "state.sqlite");
    const killed = run(["--port", "0", "--data", dataFile]);
    let kept: string | undefined;
    try {
      const url = await started(killed);
      const payments = createPaymentsClient({ baseUrl: url, retry: NO_RETRY });
      kept = (await payments.authorize(wallet012("3.00", "before-kill"))).id;
    } finally {
      killed.child.kill("SIGKILL");
    }
    await killed.exit;
    const pid = killed.child.pid ?? 0;
    expect((await readFile(`${dataFile}.lock`, "utf8")).trim()).toBe(String(pid));
    // What a kill between writing the next state and renaming it over the data file leaves.
    await writeFile(`${dataFile}.${pid}.7.tmp`, "half-written state");
    const next = await startHarness({ dataFile });
    try {
      expect((await readFile(`${dataFile}.lock`, "utf8")).trim()).toBe(String(process.pid));
      expect((await readdir(folder)).sort()).toEqual(["state.sqlite", "state.sqlite.lock"]);
      expect((await next.payments.getPayment(kept ?? ""))["status"]).toBe("AUTHORIZED");
    } finally {
      await next.close();
    }
    expect(await readdir(folder)).toEqual(["state.sqlite"]);
  });

  it("takes over a lock left without a process id", async () => {
    const dataFile = path.join(dir.dir, "empty-lock.sqlite");
    await writeFile(`${dataFile}.lock`, "");
    const sandbox = await startSandbox({ dataFile });
    try {
      expect((await readFile(`${dataFile}.lock`, "utf8")).trim()).toBe(String(process.pid));
    } finally {
      await sandbox.close();
    }
    expect(existsSync(`${dataFile}.lock`)).toBe(false);
  });
});
