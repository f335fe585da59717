/**
 * The records the sandbox keeps. They are its own model of state, stored as
 * JSON: wire types of the generated package appear where a record keeps what
 * a request gave (addresses, orders) or what a response said.
 *
 * No record ever holds a full card or account number: only its first digits,
 * its last four, and a keyed digest for exact lookups (see digests.ts).
 */
import type {
  CaptureResponse,
  PaymentResponse,
  ReversalResponse,
} from "../../generated/payments/types.js";
import type { Decimal } from "../../generated/runtime/scalars.js";
import type {
  WebhookSubscriptionRequestRetryPolicy,
  WebhookSubscriptionRequestSecurityPolicy,
} from "../../generated/search/types.js";
import type {
  ARBSubscriptionStatusEnum,
  ARBSubscriptionUnitEnum,
  BankAccountTypeEnum,
  CustomerTypeEnum,
  EcheckTypeEnum,
} from "../../generated/subscriptions/enums.js";
import type {
  Customer,
  CustomerAddress,
  DriversLicense,
  NameAndAddress,
  Order,
} from "../../generated/subscriptions/types.js";

/** A stored card: never the number itself. */
export interface StoredCard {
  readonly kind: "creditCard";
  /** First six digits. */
  readonly bin: string;
  readonly last4: string;
  /** Keyed digest (hex) of the digits, for exact lookups (see digests.ts). */
  readonly digest: string;
  /** `YYYY-MM`, when known. */
  readonly expirationDate?: string;
  /** Brand name derived from the number, e.g. `Visa`. */
  readonly cardType: string;
  /** Whether the sandbox's decline rule applies to this card. */
  readonly declines: boolean;
}

/** A stored bank account: never the account or routing number itself. */
export interface StoredBankAccount {
  readonly kind: "bankAccount";
  readonly accountType?: BankAccountTypeEnum;
  readonly nameOnAccount?: string;
  readonly echeckType?: EcheckTypeEnum;
  readonly bankName?: string;
  readonly routingLast4?: string;
  readonly accountPrefix: string;
  readonly accountLast4: string;
  /** Keyed digest (hex) of the account number (see digests.ts). */
  readonly accountDigest: string;
}

export type StoredPayment = StoredCard | StoredBankAccount;

export interface CustomerProfileRecord {
  readonly id: string;
  merchantCustomerId?: string;
  description?: string;
  email?: string;
  readonly createdAt: string;
}

export interface PaymentProfileRecord {
  readonly id: string;
  readonly customerProfileId: string;
  customerType?: CustomerTypeEnum;
  billTo?: CustomerAddress;
  payment?: StoredPayment;
  driversLicense?: DriversLicense;
  taxId?: string;
}

export interface ShippingAddressRecord {
  readonly id: string;
  readonly customerProfileId: string;
  address: CustomerAddress;
}

export interface SubscriptionSchedule {
  readonly intervalLength: number;
  readonly intervalUnit: ARBSubscriptionUnitEnum;
  startDate: string;
  totalOccurrences: number;
  trialOccurrences: number;
}

export interface SubscriptionRecord {
  /** A 32-bit integer, as text. */
  readonly id: string;
  name?: string;
  status: ARBSubscriptionStatusEnum;
  readonly createTimeStampUTC: string;
  amount: Decimal;
  trialAmount?: Decimal;
  schedule: SubscriptionSchedule;
  order?: Order;
  customer?: Customer;
  billTo?: NameAndAddress;
  shipTo?: NameAndAddress;
  readonly customerProfileId: string;
  readonly paymentProfileId: string;
  shippingAddressId?: string;
  /** Occurrences charged successfully. */
  pastOccurrences: number;
  /** Occurrences whose date has been handled (charged, declined or skipped). */
  handledOccurrences: number;
}

/** What produced a transaction. */
export type TransactionKind =
  | "authorization"
  | "sale"
  | "reversal"
  | "capture"
  | "paymentVoid"
  | "captureVoid"
  | "profileAuthCapture"
  | "profileAuthOnly"
  | "profileCaptureOnly"
  | "profilePriorAuthCapture"
  | "profileRefund"
  | "profileVoid"
  | "recurringBilling";

/** Billing data kept for search. */
export interface TransactionBillTo {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly email?: string;
  readonly phoneNumber?: string;
  readonly address1?: string;
  readonly locality?: string;
  readonly administrativeArea?: string;
  readonly postalCode?: string;
  readonly country?: string;
}

/** The stored REST response of a transaction, read again by the GET link targets. */
export type StoredResponse =
  | { readonly type: "payment"; readonly body: PaymentResponse }
  | { readonly type: "reversal"; readonly body: ReversalResponse }
  | { readonly type: "capture"; readonly body: CaptureResponse }
  | {
      readonly type: "void";
      readonly body: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
    };

/** Every transaction the sandbox processed, whatever the interface: what search and details read. */
export interface TransactionRecord {
  /** Digits only. */
  readonly id: string;
  readonly kind: TransactionKind;
  status: string;
  readonly submitTimeUtc: string;
  readonly submitTimeMs: number;
  readonly reconciliationId: string;
  readonly applications: readonly string[];
  /** The transaction this one acts on (a capture's authorization, a refund's capture). */
  readonly parentId?: string;
  readonly amount: Decimal;
  readonly currency: string;
  /** Amount captured from this authorization so far. */
  settledAmount?: Decimal;
  /** Amount refunded from this captured transaction so far. */
  refundedAmount?: Decimal;
  readonly clientReferenceCode?: string;
  readonly billTo?: TransactionBillTo;
  readonly shipToPhoneNumber?: string;
  readonly payment?: StoredPayment;
  /** Card type code as sent (`001`), when the request gave one. */
  readonly cardTypeCode?: string;
  readonly paymentType?: string;
  readonly paymentMethod?: string;
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
}

export interface SavedSearchRecord {
  readonly id: string;
  /** The search response body as first answered. */
  readonly body: string;
}

export interface WebhookRecord {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly organizationId: string;
  readonly productId: string;
  readonly eventTypes: readonly string[];
  readonly webhookUrl: string;
  readonly healthCheckUrl: string;
  readonly notificationScope: string;
  readonly retryPolicy: Required<Omit<WebhookSubscriptionRequestRetryPolicy, "deactivateFlag">> & {
    readonly deactivateFlag: string;
  };
  readonly securityPolicy?: WebhookSubscriptionRequestSecurityPolicy;
  status: "ACTIVE" | "INACTIVE";
  readonly createdOn: string;
}

export interface InstrumentIdentifierRecord {
  readonly id: string;
  readonly type: string;
  readonly card: StoredCard;
  readonly expirationMonth?: string;
  readonly expirationYear?: string;
  readonly createdOn: string;
}

export interface NotificationRecord {
  readonly id: string;
  readonly webhookId: string;
  readonly eventType: string;
  readonly instrumentIdentifierId: string;
  attempts: number;
  status: "PENDING" | "DELIVERED" | "FAILED";
  readonly createdOn: string;
}
