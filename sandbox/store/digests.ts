/**
 * Digests of card and account numbers, the only trace of a number the store
 * keeps besides its first and last digits.
 *
 * A plain SHA-256 of a card number is no protection: with the first six and
 * last four digits stored beside it, the six unknown digits (fewer after the
 * Luhn check) are found by brute force in well under a second. So a digest is
 * keyed: HMAC-SHA-256 under a random key of the database's own, created with
 * the database and stored in it. Equal numbers still have equal digests
 * within one database (duplicate detection, exact search), and a digest from
 * one database says nothing about another.
 *
 * The HMAC is taken over the number's SHA-256 (hex) rather than the number
 * itself: a data file of store format 1 held those SHA-256 digests, and this
 * lets it be upgraded in place (see `upgradeRecordDigests`) without the numbers.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

/** The length of a new digest key, in bytes. */
export const DIGEST_KEY_BYTES = 32;

/** A new random digest key, as stored (hex). */
export function newDigestKey(): string {
  return randomBytes(DIGEST_KEY_BYTES).toString("hex");
}

/** Whether a stored value is a digest key this code reads. */
export function isDigestKey(value: string | undefined): value is string {
  return value !== undefined && new RegExp(`^[0-9a-f]{${DIGEST_KEY_BYTES * 2}}$`).test(value);
}

/** The keyed digests of one database. */
export class NumberDigests {
  private readonly key: Buffer;

  /** `keyHex`: the database's digest key as stored. */
  constructor(keyHex: string) {
    if (!isDigestKey(keyHex)) throw new Error("the digest key must be 32 bytes in hex");
    this.key = Buffer.from(keyHex, "hex");
  }

  /** The digest (hex) of a card or account number, given as its digits. */
  of(number: string): string {
    return this.rekey(createHash("sha256").update(number, "utf8").digest("hex"));
  }

  /** The keyed digest of an unkeyed SHA-256 (hex), as store format 1 kept it. */
  rekey(sha256Hex: string): string {
    return createHmac("sha256", this.key).update(sha256Hex, "utf8").digest("hex");
  }
}

/**
 * Upgrades one record (its JSON) from store format 1: every stored card's
 * `digest` and bank account's `accountDigest`, wherever it sits in the record,
 * becomes the keyed digest of the unkeyed one.
 */
export function upgradeRecordDigests(data: string, digests: NumberDigests): string {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== "object" || value === null) return value;
    // No prototype: a JSON key "__proto__" stays an ordinary property.
    const out = Object.create(null) as Record<string, unknown>;
    for (const [name, item] of Object.entries(value)) out[name] = visit(item);
    if (out["kind"] === "creditCard" && typeof out["digest"] === "string")
      out["digest"] = digests.rekey(out["digest"]);
    if (out["kind"] === "bankAccount" && typeof out["accountDigest"] === "string") {
      out["accountDigest"] = digests.rekey(out["accountDigest"]);
    }
    return out;
  };
  return JSON.stringify(visit(JSON.parse(data)));
}
