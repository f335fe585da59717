/**
 * Card numbers found by their shape in text a server wrote (13 to 19 digits
 * passing the Luhn check, grouped or not), and the secrets of the headers a
 * request sent: both are scrubbed from server text even when no schema marks them.
 */
import { describe, expect, it } from "vitest";
import { headerSecrets } from "../../../generator/runtime/http/hooks.js";
import { maskCardNumbers, passesLuhn } from "../../../generator/runtime/redact-card-numbers.js";
import { NO_SECRETS, scrubText, scrubValue } from "../../../generator/runtime/redact.js";

describe("passesLuhn", () => {
  it.each([
    { given: "4111111111111111", want: true },
    { given: "5500005555555559", want: true },
    { given: "378282246310005", want: true },
    { given: "6011111111111117", want: true },
    { given: "4111111111111112", want: false },
    { given: "1234567890123", want: false },
  ])("$given → $want", ({ given, want }) => {
    expect(passesLuhn(given)).toBe(want);
  });
});

describe("maskCardNumbers", () => {
  it.each([
    { given: "card 4111111111111111 declined", want: "card \u20261111 declined" },
    { given: "card 4111 1111 1111 1111.", want: "card \u20261111." },
    { given: "card 4111-1111-1111-1111", want: "card \u20261111" },
    { given: "amex 3782 822463 10005", want: "amex \u20260005" },
    { given: '{"number":"5500005555555559"}', want: '{"number":"\u20265559"}' },
    { given: "<pan>6011111111111117</pan>", want: "<pan>\u20261117</pan>" },
    // A card number followed by a card code in the same run of groups.
    { given: "4111 1111 1111 1111 737", want: "\u20261111 737" },
    { given: "ref 12 4111111111111111", want: "ref 12 \u20261111" },
    // Not card numbers: the check fails, too few or too many digits, a longer number is never cut.
    { given: "order 4111111111111112", want: "order 4111111111111112" },
    { given: "id 411111111111", want: "id 411111111111" },
    { given: "txn 7001234567890123456789", want: "txn 7001234567890123456789" },
    { given: "call +1 415-555-0100 on 2026-11-26", want: "call +1 415-555-0100 on 2026-11-26" },
    { given: "no digits at all", want: "no digits at all" },
  ])("$given → $want", ({ given, want }) => {
    expect(maskCardNumbers(given)).toBe(want);
  });

  it("is applied by every scrub, with or without known secrets", () => {
    expect(scrubText("Profile with card 5500005555555559 is locked.", NO_SECRETS)).toBe(
      "Profile with card \u20265559 is locked.",
    );
    expect(
      scrubValue(
        { detail: { card: "5500-0055-5555-5559", amount: 10 }, n: 5500005555555559 },
        NO_SECRETS,
      ),
    ).toEqual({ detail: { card: "\u20265559", amount: 10 }, n: "\u20265559" });
  });
});

describe("an id is a reference", () => {
  it("a value under an id key is not taken for a card number by its shape, only by being a known secret", () => {
    const id = "7010000000016241111";
    expect(passesLuhn(id)).toBe(true);
    expect(
      scrubValue({ id, instrumentId: id, payment_id: id, note: `made ${id}` }, NO_SECRETS),
    ).toEqual({ id, instrumentId: id, payment_id: id, note: "made \u20261111" });
    expect(scrubValue({ id }, new Map([[id, "card-number"]]))).toEqual({ id: "\u20261111" });
  });
});

describe("headerSecrets", () => {
  it.each<{ given: Record<string, string>; want: string[] }>([
    {
      given: { authorization: "Bearer eyJhbGciOi.token-value" },
      want: ["Bearer eyJhbGciOi.token-value", "eyJhbGciOi.token-value"],
    },
    {
      given: { Authorization: `Basic ${btoa("merchant:s3cret-pass")}` },
      want: [
        `Basic ${btoa("merchant:s3cret-pass")}`,
        btoa("merchant:s3cret-pass"),
        "merchant:s3cret-pass",
        "s3cret-pass",
      ],
    },
    {
      given: { "x-api-key": "sk_test_4eC39HqLyjWDarjtT1zdp7dc" },
      want: ["sk_test_4eC39HqLyjWDarjtT1zdp7dc"],
    },
    {
      given: { signature: 'keyid="k1", algorithm="HmacSHA256", signature="c2lnbmF0dXJlLWJ5dGVz"' },
      want: [
        'keyid="k1", algorithm="HmacSHA256", signature="c2lnbmF0dXJlLWJ5dGVz"',
        "c2lnbmF0dXJlLWJ5dGVz",
      ],
    },
    {
      given: { cookie: "session=abcdef123456; theme=dark" },
      want: ["session=abcdef123456; theme=dark", "abcdef123456"],
    },
    { given: { accept: "application/json", "content-type": "application/json" }, want: [] },
  ])("$given", ({ given, want }) => {
    expect([...headerSecrets(given, ["x-api-key"]).keys()]).toEqual(want);
  });
});
