/**
 * Which field names paygen reads as sensitive, and as which kind: a name in
 * any case style, decided by its last words (and, for a plain `number`, by
 * what holds it). A result code, a type, an id or a reference is never a secret.
 */
import { describe, expect, it } from "vitest";
import { inferSensitive, nameWords } from "../../../generator/model/infer-sensitive.js";

describe("nameWords", () => {
  it.each([
    { given: "cardNumber", want: ["card", "number"] },
    { given: "card_number", want: ["card", "number"] },
    { given: "card-number", want: ["card", "number"] },
    { given: "CARD_NUMBER", want: ["card", "number"] },
    { given: "PANNumber", want: ["pan", "number"] },
    { given: "cvv2", want: ["cvv2"] },
    { given: "Track2Data", want: ["track2", "data"] },
    // A name written as one word is split into the words the rules know, when it is made of them only.
    { given: "creditcardnumber", want: ["credit", "card", "number"] },
    { given: "CVVNUMBER", want: ["cvv", "number"] },
    { given: "passwordpolicy", want: ["passwordpolicy"] },
    { given: "company", want: ["company"] },
  ])("$given → $want", ({ given, want }) => {
    expect(nameWords(given)).toEqual(want);
  });
});

describe("inferSensitive: a field by its name", () => {
  it.each([
    { given: "cardNumber", want: "card-number" },
    { given: "card_number", want: "card-number" },
    { given: "CARD-NUMBER", want: "card-number" },
    { given: "creditCardNumber", want: "card-number" },
    { given: "primaryAccountNumber", want: "card-number" },
    { given: "pan", want: "card-number" },
    { given: "encryptedPAN", want: "card-number" },
    { given: "securityCode", want: "card-code" },
    { given: "security_code", want: "card-code" },
    { given: "cardCode", want: "card-code" },
    { given: "cvv", want: "card-code" },
    { given: "CVV2", want: "card-code" },
    { given: "cvc", want: "card-code" },
    { given: "card_verification_value", want: "card-code" },
    { given: "track1", want: "track-data" },
    { given: "track_2", want: "track-data" },
    { given: "trackData", want: "track-data" },
    { given: "encryptedTrack2Data", want: "track-data" },
    { given: "pin", want: "pin" },
    { given: "pinBlock", want: "pin" },
    { given: "cryptogram", want: "cryptogram" },
    { given: "cavv", want: "cryptogram" },
    { given: "ucafAuthenticationData", want: "cryptogram" },
    { given: "authenticationValue", want: "cryptogram" },
    { given: "iban", want: "account-number" },
    { given: "accountNumber", want: "account-number" },
    { given: "bank_account_number", want: "account-number" },
    { given: "routingNumber", want: "routing-number" },
    { given: "routing_number", want: "routing-number" },
    { given: "sortCode", want: "routing-number" },
    { given: "transactionKey", want: "transaction-key" },
    { given: "password", want: "secret" },
    { given: "PASSWORD", want: "secret" },
    { given: "client_secret", want: "secret" },
    { given: "privateKey", want: "secret" },
    { given: "apiKey", want: "secret" },
    { given: "x-api-key", want: "secret" },
    { given: "accessToken", want: "token" },
    { given: "refresh_token", want: "token" },
    { given: "tokenNumber", want: "token" },
    { given: "taxId", want: "tax-id" },
    { given: "ssn", want: "tax-id" },
    { given: "socialSecurityNumber", want: "tax-id" },
    // Written as one word, in capitals, or by another vendor's spelling.
    { given: "cardnumber", want: "card-number" },
    { given: "CREDITCARDNUMBER", want: "card-number" },
    { given: "ccnum", want: "card-number" },
    { given: "accountnumber", want: "account-number" },
    { given: "securitycode", want: "card-code" },
    { given: "cvvNumber", want: "card-code" },
    { given: "cvNumber", want: "card-code" },
    { given: "cvd_value", want: "card-code" },
    { given: "ccv", want: "card-code" },
    { given: "pinblock", want: "pin" },
    { given: "track2data", want: "track-data" },
    { given: "tokenCryptogram", want: "cryptogram" },
    { given: "networkTokenCryptogramValue", want: "cryptogram" },
    { given: "abaRoutingNumber", want: "routing-number" },
    { given: "bsbNumber", want: "routing-number" },
    { given: "transitNumber", want: "routing-number" },
    { given: "APIKEY", want: "secret" },
    { given: "secretAccessKey", want: "secret" },
    { given: "otp", want: "secret" },
    { given: "nationalIdNumber", want: "tax-id" },
    { given: "national_identification_number", want: "tax-id" },
    { given: "socialInsuranceNumber", want: "tax-id" },
    { given: "cpf", want: "tax-id" },
    // A plural is a list of them.
    { given: "cardNumbers", want: "card-number" },
    { given: "pans", want: "card-number" },
    { given: "apiKeys", want: "secret" },
    { given: "accessTokens", want: "token" },
    { given: "passwords", want: "secret" },
    // Not secrets: types, results, references, indicators, lengths, ids.
    { given: "passwordpolicy", want: undefined },
    { given: "cardtype", want: undefined },
    { given: "cardnumberlength", want: undefined },
    { given: "tokenid", want: undefined },
    { given: "paymentTokenIds", want: undefined },
    { given: "cvIndicator", want: undefined },
    // PayPal's `cvv_code` is the processor's answer to the code, not the code.
    { given: "cvv_code", want: undefined },
    // A phone's national number (E.164) is no national id.
    { given: "national_number", want: undefined },
    { given: "cvvResults", want: undefined },
    { given: "trackingNumbers", want: undefined },
    { given: "keycode", want: undefined },
    { given: "company", want: undefined },
    { given: "status", want: undefined },
    // An access key id is shown in consoles and signed requests; only its secret key is a secret.
    { given: "accessKey", want: undefined },
    // EMV chip data is a TLV list that rarely carries track-equivalent data; no SDK masks it whole.
    { given: "emvData", want: undefined },
    // A 3-D Secure XID, a fingerprint, a BIN and last four digits identify, they grant nothing.
    { given: "cardFingerprint", want: undefined },
    { given: "cardBin", want: undefined },
    { given: "last4", want: undefined },
    { given: "cardType", want: undefined },
    { given: "cardNumberLength", want: undefined },
    { given: "paymentTokenId", want: undefined },
    { given: "tokenType", want: undefined },
    { given: "accountStatus", want: undefined },
    { given: "accountType", want: undefined },
    { given: "routingKey", want: undefined },
    { given: "cvvResult", want: undefined },
    { given: "cvResponseCode", want: undefined },
    { given: "cardCodeResponse", want: undefined },
    { given: "securityCodeIndicator", want: undefined },
    { given: "cavvAlgorithm", want: undefined },
    { given: "xid", want: undefined },
    { given: "id", want: undefined },
    { given: "publicKey", want: undefined },
    { given: "keyId", want: undefined },
    { given: "passwordRequired", want: undefined },
    { given: "trackingNumber", want: undefined },
    { given: "spinCount", want: undefined },
    { given: "number", want: undefined },
  ])("$given → $want", ({ given, want }) => {
    expect(inferSensitive({ name: given, type: "string" }, ["Order"])?.kind).toBe(want);
  });
});

describe("inferSensitive: what holds the field, and its type", () => {
  it.each([
    {
      given: {
        name: "number",
        holder: ["Ptsv2paymentsPaymentInformationCard"],
      },
      want: "card-number",
    },
    {
      given: {
        name: "number",
        holder: ["Ptsv2paymentsPaymentInformationTokenizedCard"],
      },
      want: "card-number",
    },
    {
      given: { name: "number", holder: ["PaymentSource", "card"] },
      want: "card-number",
    },
    {
      given: { name: "number", holder: ["PaymentInformationBankAccount"] },
      want: "account-number",
    },
    { given: { name: "number", holder: ["CardholderPhone"] }, want: undefined },
    // A holder named for its shape is still a card: `card_request`, `CardWritable`, a card's details.
    { given: { name: "number", holder: ["card_request"] }, want: "card-number" },
    { given: { name: "number", holder: ["CardWritable"] }, want: "card-number" },
    { given: { name: "number", holder: ["CardDetailsResponse"] }, want: "card-number" },
    { given: { name: "number", holder: ["phone_request"] }, want: undefined },
    {
      given: { name: "issueNumber", holder: ["PaymentInformationCard"] },
      want: undefined,
    },
    {
      given: { name: "checkNumber", holder: ["PaymentInformationBankAccount"] },
      want: undefined,
    },
    {
      given: {
        name: "referenceNumber",
        holder: ["PaymentInformationBankMandate"],
      },
      want: undefined,
    },
    {
      given: { name: "number", holder: ["CardCapabilities"] },
      want: undefined,
    },
    { given: { name: "cid", holder: ["AmexCard"] }, want: "card-code" },
    { given: { name: "cid", holder: ["Session"] }, want: undefined },
  ])("$given.name in $given.holder → $want", ({ given, want }) => {
    expect(inferSensitive({ name: given.name, type: "string" }, given.holder)?.kind).toBe(want);
  });

  it.each([
    { given: "object", want: undefined },
    { given: "enum", want: undefined },
    { given: "boolean", want: undefined },
    { given: "dateTime", want: undefined },
    { given: "long", want: "card-number" },
    { given: "string", want: "card-number" },
  ])("cardNumber of type $given → $want", ({ given, want }) => {
    expect(inferSensitive({ name: "cardNumber", type: given }, ["Payment"])?.kind).toBe(want);
  });

  it.each([
    { given: { name: "card", holder: ["PostTokensRequest"] }, want: "secret" },
    { given: { name: "default_card", holder: ["recipient"] }, want: "secret" },
    { given: { name: "cards", holder: ["Wallet"] }, want: "secret" },
    { given: { name: "us_bank_account", holder: ["Payment"] }, want: "secret" },
    { given: { name: "bank_account", holder: ["PostAccountRequest"] }, want: "secret" },
    // Settings for how a card is used, not a card.
    { given: { name: "card", holder: ["PaymentMethodOptions"] }, want: undefined },
    { given: { name: "card", holder: ["PaymentMethodOptionsParam6"] }, want: undefined },
    { given: { name: "card_present", holder: ["Payment"] }, want: undefined },
    { given: { name: "cardholder", holder: ["Payment"] }, want: undefined },
    { given: { name: "account", holder: ["Payment"] }, want: undefined },
  ])(
    "an opaque value named $given.name in $given.holder → $want, hidden whole",
    ({ given, want }) => {
      expect(inferSensitive({ name: given.name, type: "opaque" }, given.holder)?.kind).toBe(want);
    },
  );

  it("gives the reason the README lists", () => {
    expect(inferSensitive({ name: "cardNumber", type: "string" }, ["Payment"])).toEqual({
      kind: "card-number",
      reason: "its name says card number",
    });
    expect(inferSensitive({ name: "number", type: "string" }, ["PaymentCard"])).toEqual({
      kind: "card-number",
      reason: "a number inside a card",
    });
    expect(
      inferSensitive({ name: "secret", type: "string", passwordFormat: true }, ["Login"]),
    ).toEqual({ kind: "secret", reason: "format: password" });
    expect(inferSensitive({ name: "card", type: "opaque" }, ["PostChargesRequest"])).toEqual({
      kind: "secret",
      reason: "a card the contract does not let paygen type",
    });
  });
});
