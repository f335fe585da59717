/**
 * What document 001 and 002 say beyond request fields, as the package offers it: the card types each
 * wallet flow supports, the merchant-initiated transactions, the tokenization specification the merchant
 * gives the wallet provider, and the document's sample webhook subscription.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import {
  buildWalletTokenization,
  isWallet001CardType,
  merchantInitiatedTransactionValues,
  ValidationError,
  wallet001CardTypeValues,
  wallet001MerchantDecryptionCard001Flow,
  wallet001MerchantDecryptionCard002Flow,
  wallet001ServiceDecryptionFlow,
  wallet012CardTypeValues,
  wallet012Flow,
} from "../../generated/payments/index.js";
import {
  buildTokenManagementWebhookSampleRequest,
  tokenManagementWebhookSampleFlow,
} from "../../generated/search/index.js";

const readme = () => readFile(path.join(PROJECT_ROOT, "generated", "README.md"), "utf8");

describe("the card types each wallet flow supports (001 §What the service does)", () => {
  it("are typed constants with the document's brands, linked from each flow", () => {
    expect(wallet012CardTypeValues).toEqual(["American Express", "Discover", "Mastercard", "Visa"]);
    expect(wallet001CardTypeValues).toEqual([
      "Visa",
      "Mastercard",
      "JCB",
      "Cartes Bancaires",
      "Dankort",
      "Maestro (International)",
      "Maestro (UK Domestic)",
    ]);
    expect(wallet012Flow.supports?.["cardTypes"]).toBe(wallet012CardTypeValues);
    for (const flow of [
      wallet001ServiceDecryptionFlow,
      wallet001MerchantDecryptionCard002Flow,
      wallet001MerchantDecryptionCard001Flow,
    ]) {
      expect(flow.supports?.["cardTypes"]).toBe(wallet001CardTypeValues);
    }
    expect(isWallet001CardType("Dankort")).toBe(true);
    expect(isWallet001CardType("Discover")).toBe(false);
    expect(Object.isFrozen(wallet012CardTypeValues)).toBe(true);
  });

  it("appear in the README's flow table, and which code each brand is sent as is a gap", async () => {
    const text = await readme();
    expect(text).toMatch(
      /\| wallet012 +\| `buildWallet012Request` +\| authorize +\| Wallet flow 012 \(service decrypts\)<br>cardTypes: American Express, Discover, Mastercard, Visa/,
    );
    expect(text).toContain(
      "cardTypes: Visa, Mastercard, JCB, Cartes Bancaires, Dankort, Maestro (International), Maestro (UK Domestic)",
    );
    expect(text).toMatch(/\| `card-type-codes` +\|.*which code each brand is sent as is not shown/);
  });
});

describe("merchant-initiated transactions (001 §What the service does)", () => {
  it("are listed as typed values, and their fields are a gap with its extension point", async () => {
    expect(merchantInitiatedTransactionValues).toEqual([
      "delayed authorization",
      "incremental transaction",
      "installment payment",
      "no-show transaction",
      "reauthorization",
      "recurring transaction",
      "resubmission",
      "unscheduled transaction",
    ]);
    expect(await readme()).toMatch(
      /\| `merchant-initiated-transactions` +\|.*their fields are not shown.*MerchantInitiatedTransaction lists the kinds/,
    );
  });
});

describe("the wallet tokenization specification (type PAYMENT_GATEWAY)", () => {
  it("is built with its constant type and the caller's gateway and merchant ID", () => {
    expect(
      buildWalletTokenization({
        parameters: { gateway: "the-gateway", gatewayMerchantId: "merchant-42" },
      }),
    ).toEqual({
      type: "PAYMENT_GATEWAY",
      parameters: { gateway: "the-gateway", gatewayMerchantId: "merchant-42" },
    });
  });

  it("refuses a missing merchant ID and another tokenization type", () => {
    const missing = (() => {
      try {
        buildWalletTokenization({ parameters: { gateway: "g" } } as never);
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).issues.map((i) => i.path)).toContain(
      "parameters.gatewayMerchantId",
    );
    // The builder writes the constant whatever the input says.
    expect(
      buildWalletTokenization({
        type: "DIRECT",
        parameters: { gateway: "g", gatewayMerchantId: "m" },
      } as never).type,
    ).toBe("PAYMENT_GATEWAY");
  });
});

describe("the document's sample webhook subscription (002 §Webhook subscription)", () => {
  const urls = {
    webhookUrl: "https://merchant.example/hooks",
    healthCheckUrl: "https://merchant.example/health",
  };

  it("fills in every sample value around the caller's URLs", () => {
    expect(buildTokenManagementWebhookSampleRequest(urls)).toEqual({
      ...urls,
      productId: "tokenManagement",
      eventTypes: ["tms.networktoken.provisioned"],
      notificationScope: "SELF",
      retryPolicy: {
        algorithm: "ARITHMETIC",
        firstRetry: 1,
        interval: 1,
        numberOfRetries: 3,
        repeatSequenceCount: 0,
        repeatSequenceWaitTime: 0,
        deactivateFlag: "false",
      },
      securityPolicy: { securityType: "KEY", proxyType: "external" },
    });
  });

  it("keeps what the caller gives over the sample, and never shares the sample's list", () => {
    const own = buildTokenManagementWebhookSampleRequest({
      ...urls,
      notificationScope: "ALL",
      retryPolicy: { numberOfRetries: 5 },
    });
    expect(own.notificationScope).toBe("ALL");
    expect(own.retryPolicy?.numberOfRetries).toBe(5);
    expect(own.retryPolicy?.algorithm).toBe("ARITHMETIC");
    (own.eventTypes as string[]).push("other.event");
    expect(buildTokenManagementWebhookSampleRequest(urls).eventTypes).toEqual([
      "tms.networktoken.provisioned",
    ]);
    expect(tokenManagementWebhookSampleFlow.defaults).toContainEqual([
      "eventTypes",
      ["tms.networktoken.provisioned"],
    ]);
  });

  it("is labelled as the document's sample, not as defaults of the service", async () => {
    expect(await readme()).toMatch(
      /\| tokenManagementWebhookSample +\| `buildTokenManagementWebhookSampleRequest` +\| createWebhookSubscription +\| The document's sample, not defaults of the service: Sample subscription for token-management events/,
    );
  });
});
