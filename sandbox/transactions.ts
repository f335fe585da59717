/**
 * The ledger: every transaction the sandbox processes, whichever interface
 * it came through (REST payments, SOAP profile transactions, recurring
 * billing of subscriptions), and how search and details show one.
 */
import type { TransactionDetails } from "../generated/search/types.js";
import type { OpaqueValue } from "../generated/runtime/opaque.js";
import { withUnknownFields } from "../generated/runtime/read-options.js";
import type { Decimal } from "../generated/runtime/scalars.js";
import { Ids } from "./ids.js";
import { bankMethodCode, cardMethodCode, maskedCardNumber } from "./payment-data.js";
import type { SandboxState } from "./store/state.js";
import type {
  StoredPayment,
  StoredResponse,
  TransactionBillTo,
  TransactionKind,
  TransactionRecord,
} from "./store/records.js";

/** What a new transaction is made of; the ledger adds its id, time and reconciliation id. */
export interface NewTransaction {
  readonly id?: string;
  readonly kind: TransactionKind;
  readonly status: string;
  readonly applications: readonly string[];
  readonly amount: Decimal;
  readonly currency: string;
  readonly parentId?: string;
  readonly clientReferenceCode?: string;
  readonly billTo?: TransactionBillTo;
  readonly shipToPhoneNumber?: string;
  readonly payment?: StoredPayment;
  readonly cardTypeCode?: string;
  readonly merchantCustomerId?: string;
  readonly customerProfileId?: string;
  readonly customerPaymentProfileId?: string;
  readonly customerShippingAddressId?: string;
  readonly subscriptionId?: string;
  readonly commerceIndicator?: string;
  readonly paymentSolution?: string;
  readonly approvalCode?: string;
  readonly retrievalReferenceNumber?: string;
  readonly ipAddress?: string;
  readonly response?: StoredResponse;
  /** When it was submitted; the ledger's clock by default. */
  readonly at?: SubmitTime;
}

/** A submission time: epoch milliseconds and the ISO form answers show. */
export interface SubmitTime {
  readonly ms: number;
  readonly iso: string;
}

/** An ISO 8601 UTC timestamp without fraction: `2024-03-10T03:30:00Z`. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export class Ledger {
  constructor(
    private readonly state: SandboxState,
    readonly ids: Ids,
    private readonly now: () => number,
    readonly merchantId: string,
  ) {}

  /** A fresh transaction id, for answers that must name it before the record exists. */
  newId(): string {
    return this.ids.transaction();
  }

  get(id: string): TransactionRecord | undefined {
    return this.state.transactions.get(id);
  }

  all(): TransactionRecord[] {
    return this.state.transactions.values();
  }

  /** The ledger's clock now, for answers that must show a transaction's time before it is recorded. */
  submitTime(): SubmitTime {
    const ms = this.now();
    return { ms, iso: isoSeconds(ms) };
  }

  /** Records a transaction and returns it. */
  record(input: NewTransaction): TransactionRecord {
    const { at, ...fields } = input;
    const time = at ?? this.submitTime();
    const id = input.id ?? this.newId();
    const payment = input.payment;
    const paymentType = payment?.kind === "bankAccount" ? "check" : "credit card";
    const paymentMethod =
      payment?.kind === "bankAccount"
        ? bankMethodCode(payment)
        : cardMethodCode(
            input.cardTypeCode,
            payment?.kind === "creditCard" ? payment.cardType : undefined,
          );
    const record: TransactionRecord = {
      ...fields,
      id,
      submitTimeUtc: time.iso,
      submitTimeMs: time.ms,
      reconciliationId: id.slice(-16),
      paymentType,
      paymentMethod,
    };
    return this.state.transactions.put(record);
  }

  /** Stores a changed transaction. */
  update(record: TransactionRecord): void {
    this.state.transactions.put(record);
  }

  /** The details body of `GET /tss/v2/transactions/{id}` (its fields besides `applications` are the sandbox's choice). */
  details(tx: TransactionRecord): TransactionDetails {
    const documented: TransactionDetails = {
      applicationInformation: {
        applications: tx.applications.map((name) => ({
          name,
          reconciliationId: tx.reconciliationId,
        })),
      },
    };
    // Everything else is what the documents do not show: answered beside the documented fields, as a client keeps it.
    return withUnknownFields(
      documented,
      jsonData({
        id: tx.id,
        submitTimeUtc: tx.submitTimeUtc,
        merchantId: this.merchantId,
        status: tx.status,
        reconciliationId: tx.reconciliationId,
        ...this.commonFields(tx),
        ...(tx.parentId !== undefined
          ? {
              relatedTransactions: [
                { id: tx.parentId, href: `/tss/v2/transactions/${tx.parentId}` },
              ],
            }
          : {}),
        _links: { self: { href: `/tss/v2/transactions/${tx.id}`, method: "GET" } },
      }),
    );
  }

  /** One entry of a search result (the sandbox's choice of shape). */
  summary(tx: TransactionRecord): Record<string, unknown> {
    return {
      id: tx.id,
      submitTimeUtc: tx.submitTimeUtc,
      merchantId: this.merchantId,
      status: tx.status,
      applicationInformation: {
        applications: tx.applications.map((name) => ({
          name,
          reconciliationId: tx.reconciliationId,
        })),
      },
      ...this.commonFields(tx),
      _links: { transactionDetail: { href: `/tss/v2/transactions/${tx.id}`, method: "GET" } },
    };
  }

  private commonFields(tx: TransactionRecord): Record<string, unknown> {
    const payment = tx.payment;
    return {
      clientReferenceInformation:
        tx.clientReferenceCode !== undefined ? { code: tx.clientReferenceCode } : undefined,
      buyerInformation:
        tx.merchantCustomerId !== undefined
          ? { merchantCustomerId: tx.merchantCustomerId }
          : undefined,
      deviceInformation: tx.ipAddress !== undefined ? { ipAddress: tx.ipAddress } : undefined,
      orderInformation: {
        amountDetails: { totalAmount: tx.amount, currency: tx.currency },
        billTo: tx.billTo,
        shipTo:
          tx.shipToPhoneNumber !== undefined ? { phoneNumber: tx.shipToPhoneNumber } : undefined,
      },
      paymentInformation: {
        paymentType: { type: tx.paymentType, method: tx.paymentMethod },
        card:
          payment?.kind === "creditCard"
            ? {
                prefix: payment.bin,
                suffix: payment.last4,
                number: maskedCardNumber(payment),
                type: payment.cardType,
              }
            : undefined,
        bank:
          payment?.kind === "bankAccount"
            ? { account: { prefix: payment.accountPrefix, suffix: payment.accountLast4 } }
            : undefined,
        customer:
          tx.customerProfileId !== undefined ? { customerId: tx.customerProfileId } : undefined,
      },
      processingInformation:
        tx.commerceIndicator !== undefined || tx.paymentSolution !== undefined
          ? { commerceIndicator: tx.commerceIndicator, paymentSolution: tx.paymentSolution }
          : undefined,
      processorInformation:
        tx.approvalCode !== undefined || tx.retrievalReferenceNumber !== undefined
          ? { approvalCode: tx.approvalCode, retrievalReferenceNumber: tx.retrievalReferenceNumber }
          : undefined,
      subscriptionInformation:
        tx.subscriptionId !== undefined ? { subscriptionId: tx.subscriptionId } : undefined,
    };
  }
}

/** `value` as JSON data: absent (undefined) members left out, as the body will have them. */
function jsonData(value: Record<string, unknown>): { readonly [name: string]: OpaqueValue } {
  return JSON.parse(JSON.stringify(value)) as { readonly [name: string]: OpaqueValue };
}
