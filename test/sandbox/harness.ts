/**
 * Starting a sandbox in-process (port 0) with the generated clients pointed
 * at it, a clock the tests move, and the request bodies the tests share.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  buildWallet012Request,
  createPaymentsClient,
  type PaymentRequest,
  type SaleRequest,
  type PaymentsClient,
} from "../../generated/payments/index.js";
import type { RetryPolicy } from "../../generated/runtime/http/retry.js";
import type { ApiOutcome } from "../../generated/runtime/soap-call.js";
import { createSearchClient, type SearchClient } from "../../generated/search/index.js";
import {
  createSubscriptionsClient,
  type SubscriptionsClient,
} from "../../generated/subscriptions/index.js";
import type { SandboxOptions } from "../../sandbox/options.js";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";

export const MERCHANT = "test-merchant";
export const TRANSACTION_KEY = "test-key-0123";
export const CREDENTIALS = { name: MERCHANT, transactionKey: TRANSACTION_KEY } as const;
/** The namespace the tests' clients send; the sandbox answers in its own. */
export const CLIENT_NAMESPACE = "urn:example:tests:subscriptions:v1";
export const VISA = "4111111111111111";
export const MASTERCARD = "5555555555554444";
export const AMEX = "378282246310005";
export const DECLINE_CARD = "4000000000000002";

/** The code of the first message of a failed call in `result` mode, or undefined when it succeeded. */
export function errorCode(outcome: ApiOutcome<unknown>): string | undefined {
  return outcome.ok ? undefined : outcome.error.messages[0]?.code;
}

/** No retries: every answer reaches the test as it is. */
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, notFoundRetry: { maxAttempts: 1 } };

/** A clock the tests set and move; starts at `start`. */
export class TestClock {
  constructor(public ms: number) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
  advanceDays(days: number): void {
    this.ms += days * 86_400_000;
  }
}

export interface Harness {
  readonly sandbox: Sandbox;
  readonly soap: SubscriptionsClient;
  /** The same client answering `resultCode` Error as a value instead of throwing. */
  readonly soapResults: SubscriptionsClient<"result">;
  readonly payments: PaymentsClient;
  readonly search: SearchClient;
  close(): Promise<void>;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({
    merchant: MERCHANT,
    transactionKey: TRANSACTION_KEY,
    ...options,
  });
  const soapOptions = {
    endpoint: sandbox.soapUrl,
    namespace: CLIENT_NAMESPACE,
    credentials: CREDENTIALS,
  };
  return {
    sandbox,
    soap: createSubscriptionsClient(soapOptions),
    soapResults: createSubscriptionsClient({ ...soapOptions, onApiError: "result" }),
    payments: createPaymentsClient({ baseUrl: sandbox.url, retry: NO_RETRY }),
    search: createSearchClient({
      searchUrl: sandbox.url,
      testBaseUrl: sandbox.url,
      retry: NO_RETRY,
    }),
    close: () => sandbox.close(),
  };
}

/** A fresh temporary directory, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-sandbox-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export const BILL_TO = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "12 Analytical Row",
  locality: "London",
  administrativeArea: "LND",
  postalCode: "N1 9GU",
  country: "GB",
  email: "ada@example.com",
} as const;

/** A wallet flow 012 authorization of `amount`. */
export function wallet012(amount: string, code = "order-1", currency = "USD"): PaymentRequest {
  return buildWallet012Request({
    clientReferenceInformation: { code },
    paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJ0ZXN0In0=" } },
    orderInformation: { amountDetails: { totalAmount: amount, currency }, billTo: { ...BILL_TO } },
  });
}

/** A plain card payment (no wallet flow): an authorization, or a sale, whose client sends `processingInformation.capture` itself. */
export function cardPayment(amount: string, number: string, code: string): SaleRequest {
  return {
    clientReferenceInformation: { code },
    paymentInformation: {
      card: { number, expirationMonth: "12", expirationYear: "2031", type: "001" },
    },
    orderInformation: {
      amountDetails: { totalAmount: amount, currency: "USD" },
      billTo: { ...BILL_TO },
    },
  };
}

/** Waits until `check` is true, polling every 10 ms, or fails after `timeoutMs`. */
export async function waitFor(
  check: () => boolean,
  timeoutMs = 5_000,
  what = "the condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
