/**
 * Customer profiles, payment profiles and shipping addresses as the SOAP
 * operations share them: storing payment input (never the number itself),
 * looking records up, and the masked read models.
 */
import type {
  CustomerAddress,
  CustomerAddressEx,
  CustomerPaymentProfileMasked,
  Payment,
  PaymentMasked,
  ValidationMode,
} from "../../generated/subscriptions/index.js";
import { utcMonth } from "../dates.js";
import {
  cardDigits,
  cardNumberProblem,
  maskLast4,
  maskedBankAccount,
  maskedCard,
  storeBankAccount,
  storeCard,
} from "../payment-data.js";
import type {
  CustomerProfileRecord,
  PaymentProfileRecord,
  ShippingAddressRecord,
  StoredPayment,
} from "../store/records.js";
import type { NumberDigests } from "../store/digests.js";
import type { SandboxState } from "../store/state.js";
import { MessageCode, SoapFailure } from "./operation.js";

/**
 * The payment of a request as stored. `previous` is the stored payment of an
 * update: a card number given masked (`XXXX1111`, its last four) keeps it, and
 * so does a masked expiration date (`XXXX`).
 */
export function storePayment(
  payment: Payment,
  path: string,
  now: number,
  digests: NumberDigests,
  previous?: StoredPayment,
): StoredPayment {
  if (payment.creditCard !== undefined) {
    const card = payment.creditCard;
    const number = card.cardNumber;
    if (number === undefined)
      throw new SoapFailure(
        MessageCode.invalidRequest,
        `${path}.creditCard.cardNumber is required`,
      );
    const expiration = card.expirationDate === "XXXX" ? undefined : card.expirationDate;
    if (previous?.kind === "creditCard" && number === maskLast4(previous.last4)) {
      return { ...previous, ...(expiration !== undefined ? { expirationDate: expiration } : {}) };
    }
    const problem = cardNumberProblem(number);
    if (problem !== undefined)
      throw new SoapFailure(MessageCode.invalidRequest, `${path}.creditCard.cardNumber ${problem}`);
    if (expiration === undefined) {
      throw new SoapFailure(
        MessageCode.invalidRequest,
        `${path}.creditCard.expirationDate is required`,
      );
    }
    if (expiration < utcMonth(now))
      throw new SoapFailure(
        MessageCode.invalidRequest,
        `${path}.creditCard.expirationDate is in the past`,
      );
    return storeCard(cardDigits(number) ?? "", expiration, digests);
  }
  const account = payment.bankAccount;
  if (account.accountNumber === undefined || !/^[0-9]{4,17}$/.test(account.accountNumber)) {
    throw new SoapFailure(
      MessageCode.invalidRequest,
      `${path}.bankAccount.accountNumber must have 4 to 17 digits`,
    );
  }
  if (account.routingNumber === undefined || !/^[0-9]{9}$/.test(account.routingNumber)) {
    throw new SoapFailure(
      MessageCode.invalidRequest,
      `${path}.bankAccount.routingNumber must have 9 digits`,
    );
  }
  return storeBankAccount(account, digests);
}

/** The masked form of a stored payment. */
export function paymentMasked(
  payment: StoredPayment,
  unmaskExpirationDate: boolean,
): PaymentMasked {
  return payment.kind === "creditCard"
    ? { creditCard: maskedCard(payment, unmaskExpirationDate) }
    : { bankAccount: maskedBankAccount(payment) };
}

/**
 * The `validationDirectResponse` of a payment profile checked in
 * `validationMode` (the sandbox's own format: `APPROVED`), nothing for
 * `none`; a decline card fails the check.
 */
export function validatePaymentProfile(
  mode: ValidationMode,
  payment: StoredPayment | undefined,
): string | undefined {
  if (mode === "none" || payment === undefined) return undefined;
  if (payment.kind === "creditCard" && payment.declines) {
    throw new SoapFailure(
      MessageCode.declined,
      "The payment profile was not validated: the card was declined.",
    );
  }
  return "APPROVED";
}

export function requireProfile(state: SandboxState, id: string): CustomerProfileRecord {
  const profile = state.customerProfiles.get(id);
  if (profile === undefined)
    throw new SoapFailure(MessageCode.notFound, "The customer profile was not found.");
  return profile;
}

export function requirePaymentProfile(
  state: SandboxState,
  profileId: string,
  id: string,
): PaymentProfileRecord {
  requireProfile(state, profileId);
  const record = state.paymentProfiles.get(id);
  if (record === undefined || record.customerProfileId !== profileId) {
    throw new SoapFailure(MessageCode.notFound, "The payment profile was not found.");
  }
  return record;
}

export function requireAddress(
  state: SandboxState,
  profileId: string,
  id: string,
): ShippingAddressRecord {
  requireProfile(state, profileId);
  const record = state.shippingAddresses.get(id);
  if (record === undefined || record.customerProfileId !== profileId) {
    throw new SoapFailure(MessageCode.notFound, "The shipping address was not found.");
  }
  return record;
}

/** Ids of the subscriptions that use a profile, a payment profile or an address. */
export function subscriptionIdsOf(
  state: SandboxState,
  uses: {
    readonly profileId?: string;
    readonly paymentProfileId?: string;
    readonly addressId?: string;
  },
): string[] {
  return state.subscriptions
    .values()
    .filter(
      (s) =>
        (uses.profileId === undefined || s.customerProfileId === uses.profileId) &&
        (uses.paymentProfileId === undefined || s.paymentProfileId === uses.paymentProfileId) &&
        (uses.addressId === undefined || s.shippingAddressId === uses.addressId),
    )
    .map((s) => s.id);
}

/** Whether a live subscription (active or suspended) uses the record. */
export function usedByLiveSubscription(
  state: SandboxState,
  uses: {
    readonly profileId?: string;
    readonly paymentProfileId?: string;
    readonly addressId?: string;
  },
): boolean {
  const ids = new Set(subscriptionIdsOf(state, uses));
  return state.subscriptions
    .values()
    .some((s) => ids.has(s.id) && (s.status === "active" || s.status === "suspended"));
}

export function paymentProfileMasked(
  state: SandboxState,
  record: PaymentProfileRecord,
  unmaskExpirationDate: boolean,
): CustomerPaymentProfileMasked {
  const subscriptionIds = subscriptionIdsOf(state, { paymentProfileId: record.id });
  return {
    ...(record.customerType !== undefined ? { customerType: record.customerType } : {}),
    ...(record.billTo !== undefined ? { billTo: record.billTo } : {}),
    customerProfileId: record.customerProfileId,
    customerPaymentProfileId: record.id,
    ...(record.payment !== undefined
      ? { payment: paymentMasked(record.payment, unmaskExpirationDate) }
      : {}),
    ...(record.driversLicense !== undefined ? { driversLicense: record.driversLicense } : {}),
    ...(record.taxId !== undefined ? { taxId: record.taxId } : {}),
    ...(subscriptionIds.length > 0 ? { subscriptionIds } : {}),
  };
}

export function addressEx(record: ShippingAddressRecord): CustomerAddressEx {
  return { ...record.address, customerAddressId: record.id };
}

/** Copies the documented fields of an address (dropping `customerAddressId` of an update). */
export function addressOf(address: CustomerAddress): CustomerAddress {
  const {
    firstName,
    lastName,
    company,
    address: street,
    city,
    state,
    zip,
    country,
    phoneNumber,
    faxNumber,
    email,
  } = address;
  const out: CustomerAddress = {};
  const fields: [keyof CustomerAddress, string | undefined][] = [
    ["firstName", firstName],
    ["lastName", lastName],
    ["company", company],
    ["address", street],
    ["city", city],
    ["state", state],
    ["zip", zip],
    ["country", country],
    ["phoneNumber", phoneNumber],
    ["faxNumber", faxNumber],
    ["email", email],
  ];
  for (const [key, value] of fields) if (value !== undefined) out[key] = value;
  return out;
}
