/**
 * Obviously fake values for sensitive fields, by kind (see
 * model/infer-sensitive.ts): published test numbers (a Luhn-valid test card
 * that no issuer gives out), zeros and words that say "mock". Several per
 * kind, so one that the field's facets allow can be found.
 */
import type { SensitiveKind } from "../model/ir.js";

const SAMPLES: Readonly<Record<SensitiveKind, readonly string[]>> = {
  "card-number": ["4111111111111111", "4242424242424242", "5555555555554444", "4111111111119"],
  "account-number": ["000123456789", "0001234567", "00012345"],
  "card-code": ["123", "737", "1234"],
  "routing-number": ["021000021", "011000015"],
  "transaction-key": ["MOCKTRANSKEY0000", "MOCKKEY0"],
  cryptogram: ["AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "MOCKCRYPTOGRAM00"],
  "wallet-payload": ["eyJtb2NrIjp0cnVlfQ==", "mock-wallet-payload"],
  token: ["tok_mock_0000000000000000", "mock-token-0000", "0000000000000000"],
  pin: ["1234", "0000", "AAAAAAAAAAAAAAAA"],
  "track-data": [
    ";4111111111111111=30121010000000000000?",
    "%B4111111111111111^MOCK/CARD^3012101000000000000000?",
  ],
  secret: ["mock-secret-not-real", "mock-secret", "MOCK0000"],
  "tax-id": ["000000000", "000-00-0000", "00000000000"],
  query: [],
};

/** Fake values for a sensitive field of `kind`, best first. */
export function sensitiveSamples(kind: SensitiveKind): readonly string[] {
  return SAMPLES[kind];
}
