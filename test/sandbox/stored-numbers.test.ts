/**
 * What the data file keeps of a card or account number: first and last
 * digits and a digest keyed with the database's own random key, never the
 * number or an unkeyed (brute-forceable) SHA-256 of it. Whatever compares
 * numbers by digest (duplicate payment profiles, one instrument identifier per
 * card, exact search) keeps working, across a restart too.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpStatusError } from "../../generated/search/index.js";
import { SandboxState } from "../../sandbox/store/state.js";
import {
  AMEX,
  cardPayment,
  errorCode,
  MASTERCARD,
  startHarness,
  tempDir,
  VISA,
  type Harness,
} from "./harness.js";

const ACCOUNT = "123456789";

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

let dir: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await dir.remove();
});

function file(name: string): string {
  return path.join(dir.dir, name);
}

/** A profile holding a card and a bank account; its id. */
async function createProfile(h: Harness, merchantCustomerId: string, card = VISA): Promise<string> {
  const created = await h.soap.createCustomerProfile({
    profile: {
      merchantCustomerId,
      paymentProfiles: [
        { payment: { creditCard: { cardNumber: card, expirationDate: "2099-12" } } },
        {
          payment: {
            bankAccount: {
              accountType: "checking",
              routingNumber: "121042882",
              accountNumber: ACCOUNT,
              nameOnAccount: "Ada",
            },
          },
        },
      ],
    },
    validationMode: "none",
  });
  return created.customerProfileId ?? "";
}

/** The digests stored for the card and the account of the first profile, read from the data file. */
async function storedDigests(dataFile: string): Promise<{ card: string; account: string }> {
  const state = await SandboxState.open(dataFile);
  try {
    const payments = state.paymentProfiles.values().map((p) => p.payment);
    const card = payments.find((p) => p?.kind === "creditCard");
    const account = payments.find((p) => p?.kind === "bankAccount");
    return {
      card: card?.kind === "creditCard" ? card.digest : "",
      account: account?.kind === "bankAccount" ? account.accountDigest : "",
    };
  } finally {
    await state.close();
  }
}

async function instrumentStatus(h: Harness, number: string): Promise<number> {
  return h.search.createInstrumentIdentifier({ card: { number } }).then(
    () => 201,
    (e: unknown) => (e instanceof HttpStatusError ? e.status : -1),
  );
}

describe("stored card and account numbers", () => {
  it("keeps no unkeyed SHA-256 of a card or account number in the data file", async () => {
    const dataFile = file("no-sha256.sqlite");
    const h = await startHarness({ dataFile });
    try {
      await createProfile(h, "C-1");
      await h.payments.authorize(cardPayment("5.00", MASTERCARD, "digest-payment"));
      expect(await instrumentStatus(h, AMEX)).toBe(201);
    } finally {
      await h.close();
    }
    const bytes = (await readFile(dataFile)).toString("latin1");
    for (const number of [VISA, MASTERCARD, AMEX, ACCOUNT]) {
      expect(bytes).not.toContain(number);
      expect(bytes).not.toContain(sha256(number));
    }
    const stored = await storedDigests(dataFile);
    expect(stored.card).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.card).not.toBe(sha256(VISA));
    expect(stored.account).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.account).not.toBe(sha256(ACCOUNT));
  });

  it("keys digests per database: the same number has different digests in two data files", async () => {
    const files = [file("keyed-a.sqlite"), file("keyed-b.sqlite")];
    for (const dataFile of files) {
      const h = await startHarness({ dataFile });
      try {
        await createProfile(h, "SAME");
      } finally {
        await h.close();
      }
    }
    const [a, b] = await Promise.all(files.map(storedDigests));
    expect(a?.card).not.toBe(b?.card);
    expect(a?.account).not.toBe(b?.account);
    // In memory too, each sandbox has a key of its own.
    const memory = await Promise.all([SandboxState.open(), SandboxState.open()]);
    expect(memory[0]?.digests.of(VISA)).not.toBe(memory[1]?.digests.of(VISA));
    await Promise.all(memory.map((state) => state.close()));
  });

  it("still finds duplicates and exact numbers by digest, across a restart with the data file", async () => {
    const dataFile = file("restart.sqlite");
    const first = await startHarness({ dataFile });
    let profileId: string;
    let paymentId: string | undefined;
    try {
      profileId = await createProfile(first, "C-R");
      paymentId = (await first.payments.authorize(cardPayment("6.00", VISA, "digest-search"))).id;
      expect(await instrumentStatus(first, VISA)).toBe(201);
      expect(await instrumentStatus(first, VISA)).toBe(409);
    } finally {
      await first.close();
    }
    const second = await startHarness({ dataFile });
    try {
      for (const payment of [
        { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
        {
          bankAccount: {
            accountType: "checking" as const,
            routingNumber: "121042882",
            accountNumber: ACCOUNT,
            nameOnAccount: "Ada",
          },
        },
      ]) {
        const duplicate = await second.soapResults.createCustomerPaymentProfile({
          customerProfileId: profileId,
          paymentProfile: { payment },
          validationMode: "none",
        });
        expect(errorCode(duplicate)).toBe("DUPLICATE");
      }
      const other = await second.soapResults.createCustomerPaymentProfile({
        customerProfileId: profileId,
        paymentProfile: {
          payment: { creditCard: { cardNumber: MASTERCARD, expirationDate: "2099-12" } },
        },
        validationMode: "none",
      });
      expect(other.ok).toBe(true);
      expect(await instrumentStatus(second, VISA)).toBe(409);
      const search = await second.search.createSearch({
        query: `paymentInformation.card.number:${VISA}`,
        sort: "submitTimeUtc:asc",
      });
      const embedded = search["_embedded"] as unknown as { transactionSummaries: { id: string }[] };
      const found = embedded.transactionSummaries.map((t) => t.id);
      expect(found).toEqual([paymentId]);
    } finally {
      await second.close();
    }
  });

  it("upgrades a data file of store format 1: its unkeyed digests become keyed, and still match", async () => {
    const dataFile = file("format-1.sqlite");
    const first = await startHarness({ dataFile });
    let profileId: string;
    try {
      profileId = await createProfile(first, "C-OLD");
    } finally {
      await first.close();
    }
    // Rewrite the file as store format 1 wrote it: no key, unkeyed SHA-256 digests.
    const SQL = await initSqlJs();
    const db = new SQL.Database(await readFile(dataFile));
    const rows = db.exec("SELECT kind, id, data FROM records")[0]?.values ?? [];
    for (const [kind, id, data] of rows) {
      const record = JSON.parse(String(data)) as {
        payment?: { kind: string; digest?: string; accountDigest?: string };
      };
      if (record.payment?.kind === "creditCard") record.payment.digest = sha256(VISA);
      if (record.payment?.kind === "bankAccount") record.payment.accountDigest = sha256(ACCOUNT);
      db.run("UPDATE records SET data = ? WHERE kind = ? AND id = ?", [
        JSON.stringify(record),
        String(kind),
        String(id),
      ]);
    }
    db.run("DELETE FROM meta WHERE key = 'digestKey'");
    db.run("UPDATE meta SET value = '1' WHERE key = 'format'");
    await writeFile(dataFile, db.export());
    db.close();
    expect((await readFile(dataFile)).toString("latin1")).toContain(sha256(VISA));

    const second = await startHarness({ dataFile });
    try {
      const duplicate = await second.soapResults.createCustomerPaymentProfile({
        customerProfileId: profileId,
        paymentProfile: {
          payment: { creditCard: { cardNumber: VISA, expirationDate: "2099-12" } },
        },
        validationMode: "none",
      });
      expect(errorCode(duplicate)).toBe("DUPLICATE");
    } finally {
      await second.close();
    }
    const bytes = (await readFile(dataFile)).toString("latin1");
    expect(bytes).not.toContain(sha256(VISA));
    expect(bytes).not.toContain(sha256(ACCOUNT));
    const stored = await storedDigests(dataFile);
    expect(stored.card).not.toBe(sha256(VISA));
    expect(stored.account).not.toBe(sha256(ACCOUNT));
  });
});
