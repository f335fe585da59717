/**
 * Recurring subscriptions (the ARB operations of document 000).
 *
 * A subscription's payment, billing address and shipping address are kept in
 * a customer profile created with it (a payment profile and, with a shipTo, a
 * shipping address): that is where the required profile ids of list items and
 * the `profile` of ARBGetSubscription come from, and where the subscription
 * ids on profile reads come from.
 */
import type {
  ARBGetSubscriptionListOrderFieldEnum,
  ARBGetSubscriptionListSearchTypeEnum,
  ARBSubscriptionMaskedType,
  ARBSubscriptionType,
  ARBUpdateSubscriptionRequest,
  CustomerAddress,
  Message,
  NameAndAddress,
  PaymentSchedule,
  SubscriptionDetail,
} from "../../generated/subscriptions/index.js";
import { occurrenceDate, SUBSCRIPTION_CURRENCY } from "../billing.js";
import type { Credentials } from "../credentials.js";
import { utcDate, utcMonth } from "../dates.js";
import { compareDecimal, isPositive } from "../money.js";
import { maskLast4 } from "../payment-data.js";
import type { StoredPayment, SubscriptionRecord } from "../store/records.js";
import { isoSeconds } from "../transactions.js";
import { addressEx, paymentProfileMasked, storePayment } from "./profile-model.js";
import {
  defineOperation,
  ERROR,
  OK,
  MessageCode,
  okMessages,
  SoapFailure,
  type SoapContext,
  type SoapOperation,
} from "./operation.js";
import { pageOf, readPaging } from "./paging.js";

const LIVE: ReadonlySet<string> = new Set(["active", "suspended"]);

function invalid(text: string): SoapFailure {
  return new SoapFailure(MessageCode.invalidRequest, text);
}

/** The sandbox's schedule rules: interval of 1 to 365 days or 1 to 12 months, 1 to 9999 occurrences. */
function checkInterval(length: number, unit: "days" | "months"): void {
  const max = unit === "days" ? 365 : 12;
  if (length < 1 || length > max)
    throw invalid(`paymentSchedule.interval.length must be from 1 to ${max} ${unit}`);
}

function checkOccurrences(total: number, trial: number): void {
  if (total < 1 || total > 9999)
    throw invalid("paymentSchedule.totalOccurrences must be from 1 to 9999");
  if (trial < 0 || trial >= total)
    throw invalid("paymentSchedule.trialOccurrences must be from 0 to less than totalOccurrences");
}

function billToAddress(subscription: ARBSubscriptionType): CustomerAddress | undefined {
  const billTo = subscription.billTo;
  const customer = subscription.customer;
  if (billTo === undefined && customer === undefined) return undefined;
  return {
    ...billTo,
    ...(customer?.phoneNumber !== undefined ? { phoneNumber: customer.phoneNumber } : {}),
    ...(customer?.faxNumber !== undefined ? { faxNumber: customer.faxNumber } : {}),
    ...(customer?.email !== undefined ? { email: customer.email } : {}),
  };
}

function shipToAddress(shipTo: NameAndAddress): CustomerAddress {
  return { ...shipTo };
}

export class SubscriptionOperations {
  constructor(private readonly ctx: SoapContext) {}

  operations(credentials: Credentials): SoapOperation[] {
    return [
      defineOperation(
        {
          name: "ARBCreateSubscription",
          auth: true,
          handle: (request) => ({
            resultCode: OK,
            messages: okMessages(),
            subscriptionId: this.create(request.subscription),
          }),
          failure: (messages) => ({ resultCode: ERROR, messages, subscriptionId: "0" }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "ARBUpdateSubscription",
          auth: true,
          handle: (request) => {
            this.update(request);
            return { resultCode: OK, messages: okMessages() };
          },
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "ARBCancelSubscription",
          auth: true,
          handle: (request) => ({ resultCode: OK, messages: this.cancel(request.subscriptionId) }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "ARBGetSubscriptionStatus",
          auth: true,
          handle: (request) => ({
            resultCode: OK,
            messages: okMessages(),
            status: this.require(request.subscriptionId).status,
          }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "ARBGetSubscription",
          auth: true,
          handle: (request) => ({
            resultCode: OK,
            messages: okMessages(),
            subscription: this.masked(this.require(request.subscriptionId)),
          }),
          failure: (messages) => ({ resultCode: ERROR, messages }),
        },
        credentials,
      ),
      defineOperation(
        {
          name: "ARBGetSubscriptionList",
          auth: true,
          handle: (request) => {
            const criteria = request.request;
            if (criteria === undefined) throw invalid("request.searchType is required");
            const matching = this.search(criteria.searchType);
            const orderBy = criteria.sorting?.orderBy ?? "id";
            const descending = criteria.sorting?.orderDescending ?? false;
            matching.sort((a, b) => {
              const c = compareBy(orderBy, a, b);
              return (descending ? -c : c) || compareIds(a.id, b.id);
            });
            const paging = readPaging(criteria.paging);
            const page = pageOf(matching, paging);
            return {
              resultCode: OK,
              messages: okMessages(),
              totalNumInResultSet: matching.length,
              ...(page.length > 0 ? { subscriptionDetails: page } : {}),
            };
          },
          failure: (messages) => ({ resultCode: ERROR, messages, totalNumInResultSet: 0 }),
        },
        credentials,
      ),
    ];
  }

  private get today(): string {
    return utcDate(this.ctx.now());
  }

  private require(id: string): SubscriptionRecord {
    const record = this.ctx.state.subscriptions.get(id);
    if (record === undefined)
      throw new SoapFailure(MessageCode.notFound, "The subscription was not found.");
    return record;
  }

  private create(input: ARBSubscriptionType | undefined): string {
    const { state, ids } = this.ctx;
    if (input === undefined) throw invalid("subscription is required");
    const schedule = input.paymentSchedule;
    const interval = schedule?.interval;
    if (interval === undefined) throw invalid("subscription.paymentSchedule.interval is required");
    if (schedule?.startDate === undefined)
      throw invalid("subscription.paymentSchedule.startDate is required");
    if (schedule.totalOccurrences === undefined)
      throw invalid("subscription.paymentSchedule.totalOccurrences is required");
    checkInterval(interval.length, interval.unit);
    const trialOccurrences = schedule.trialOccurrences ?? 0;
    checkOccurrences(schedule.totalOccurrences, trialOccurrences);
    if (schedule.startDate < this.today)
      throw invalid("subscription.paymentSchedule.startDate must not be before today (UTC)");
    if (input.amount === undefined || !isPositive(input.amount))
      throw invalid("subscription.amount must be greater than zero");
    if (trialOccurrences > 0 && input.trialAmount === undefined) {
      throw invalid("subscription.trialAmount is required with trialOccurrences");
    }
    if (input.payment === undefined) throw invalid("subscription.payment is required");
    const payment = storePayment(
      input.payment,
      "subscription.payment",
      this.ctx.now(),
      this.ctx.state.digests,
    );
    checkExpiry(payment, schedule.startDate);

    const now = this.ctx.now();
    const profileId = ids.customerProfile();
    state.customerProfiles.put({
      id: profileId,
      ...(input.customer?.id !== undefined ? { merchantCustomerId: input.customer.id } : {}),
      ...(input.customer?.email !== undefined ? { email: input.customer.email } : {}),
      createdAt: isoSeconds(now),
    });
    const paymentProfileId = ids.paymentProfile();
    const billTo = billToAddress(input);
    state.paymentProfiles.put({
      id: paymentProfileId,
      customerProfileId: profileId,
      ...(input.customer?.type !== undefined ? { customerType: input.customer.type } : {}),
      ...(billTo !== undefined ? { billTo } : {}),
      payment,
      ...(input.customer?.driversLicense !== undefined
        ? { driversLicense: input.customer.driversLicense }
        : {}),
      ...(input.customer?.taxId !== undefined ? { taxId: input.customer.taxId } : {}),
    });
    let shippingAddressId: string | undefined;
    if (input.shipTo !== undefined) {
      shippingAddressId = ids.shippingAddress();
      state.shippingAddresses.put({
        id: shippingAddressId,
        customerProfileId: profileId,
        address: shipToAddress(input.shipTo),
      });
    }
    const id = ids.subscription();
    state.subscriptions.put({
      id,
      ...(input.name !== undefined ? { name: input.name } : {}),
      status: "active",
      createTimeStampUTC: isoSeconds(now),
      amount: input.amount,
      ...(input.trialAmount !== undefined ? { trialAmount: input.trialAmount } : {}),
      schedule: {
        intervalLength: interval.length,
        intervalUnit: interval.unit,
        startDate: schedule.startDate,
        totalOccurrences: schedule.totalOccurrences,
        trialOccurrences,
      },
      ...(input.order !== undefined ? { order: input.order } : {}),
      ...(input.customer !== undefined ? { customer: input.customer } : {}),
      ...(input.billTo !== undefined ? { billTo: input.billTo } : {}),
      ...(input.shipTo !== undefined ? { shipTo: input.shipTo } : {}),
      customerProfileId: profileId,
      paymentProfileId,
      ...(shippingAddressId !== undefined ? { shippingAddressId } : {}),
      pastOccurrences: 0,
      handledOccurrences: 0,
    });
    // An occurrence due today is charged at once.
    this.ctx.billing.run();
    return id;
  }

  private update(request: ARBUpdateSubscriptionRequest): void {
    const { state, ids } = this.ctx;
    const record = this.require(request.subscriptionId);
    if (!LIVE.has(record.status)) {
      throw new SoapFailure(
        MessageCode.invalidState,
        `The subscription is ${record.status} and cannot be updated.`,
      );
    }
    const input = request.subscription ?? {};
    const next: SubscriptionRecord = { ...record, schedule: { ...record.schedule } };
    if (input.paymentSchedule !== undefined) this.updateSchedule(next, input.paymentSchedule);
    if (input.name !== undefined) next.name = input.name;
    if (input.amount !== undefined) {
      if (!isPositive(input.amount)) throw invalid("subscription.amount must be greater than zero");
      next.amount = input.amount;
    }
    if (input.trialAmount !== undefined) next.trialAmount = input.trialAmount;
    if (input.order !== undefined) next.order = input.order;
    if (input.customer !== undefined) next.customer = input.customer;
    if (input.billTo !== undefined) next.billTo = input.billTo;
    if (input.shipTo !== undefined) next.shipTo = input.shipTo;

    const paymentProfile = state.paymentProfiles.get(record.paymentProfileId);
    let payment = paymentProfile?.payment;
    if (input.payment !== undefined) {
      payment = storePayment(
        input.payment,
        "subscription.payment",
        this.ctx.now(),
        this.ctx.state.digests,
        payment,
      );
      checkExpiry(payment, utcDate(this.ctx.now()));
      // New payment data makes a suspended subscription active again.
      if (next.status === "suspended") next.status = "active";
    }
    // Every check has passed: store the changes.
    if (paymentProfile !== undefined) {
      const billTo =
        input.billTo !== undefined || input.customer !== undefined
          ? billToAddress({ billTo: next.billTo, customer: next.customer })
          : paymentProfile.billTo;
      state.paymentProfiles.put({
        ...paymentProfile,
        ...(payment !== undefined ? { payment } : {}),
        ...(billTo !== undefined ? { billTo } : {}),
      });
    }
    if (input.customer !== undefined) {
      const profile = state.customerProfiles.get(record.customerProfileId);
      if (profile !== undefined) {
        state.customerProfiles.put({
          ...profile,
          ...(input.customer.id !== undefined ? { merchantCustomerId: input.customer.id } : {}),
          ...(input.customer.email !== undefined ? { email: input.customer.email } : {}),
        });
      }
    }
    if (input.shipTo !== undefined) {
      const address = shipToAddress(input.shipTo);
      const existing =
        next.shippingAddressId !== undefined
          ? state.shippingAddresses.get(next.shippingAddressId)
          : undefined;
      if (existing !== undefined) state.shippingAddresses.put({ ...existing, address });
      else {
        const id = ids.shippingAddress();
        state.shippingAddresses.put({ id, customerProfileId: record.customerProfileId, address });
        next.shippingAddressId = id;
      }
    }
    state.subscriptions.put(next);
    this.ctx.billing.run();
  }

  private updateSchedule(next: SubscriptionRecord, schedule: PaymentSchedule): void {
    const interval = schedule.interval;
    if (
      interval !== undefined &&
      (interval.length !== next.schedule.intervalLength ||
        interval.unit !== next.schedule.intervalUnit)
    ) {
      throw invalid("subscription.paymentSchedule.interval cannot be changed");
    }
    const started = next.handledOccurrences > 0;
    if (schedule.startDate !== undefined && schedule.startDate !== next.schedule.startDate) {
      if (started)
        throw invalid(
          "subscription.paymentSchedule.startDate cannot be changed after the first occurrence",
        );
      if (schedule.startDate < this.today)
        throw invalid("subscription.paymentSchedule.startDate must not be before today (UTC)");
      next.schedule.startDate = schedule.startDate;
    }
    if (
      schedule.trialOccurrences !== undefined &&
      schedule.trialOccurrences !== next.schedule.trialOccurrences
    ) {
      if (started)
        throw invalid(
          "subscription.paymentSchedule.trialOccurrences cannot be changed after the first occurrence",
        );
      next.schedule.trialOccurrences = schedule.trialOccurrences;
    }
    if (schedule.totalOccurrences !== undefined) {
      if (schedule.totalOccurrences < next.handledOccurrences) {
        throw invalid(
          "subscription.paymentSchedule.totalOccurrences cannot be less than the occurrences already handled",
        );
      }
      next.schedule.totalOccurrences = schedule.totalOccurrences;
    }
    checkOccurrences(next.schedule.totalOccurrences, next.schedule.trialOccurrences);
  }

  private cancel(id: string): Message[] {
    const record = this.require(id);
    if (record.status === "canceled") {
      return [
        { code: MessageCode.alreadyCanceled, text: "The subscription has already been canceled." },
      ];
    }
    if (!LIVE.has(record.status)) {
      throw new SoapFailure(
        MessageCode.invalidState,
        `The subscription is ${record.status} and cannot be canceled.`,
      );
    }
    this.ctx.state.subscriptions.put({ ...record, status: "canceled" });
    return okMessages();
  }

  private masked(record: SubscriptionRecord): ARBSubscriptionMaskedType {
    const { state } = this.ctx;
    const profile = state.customerProfiles.get(record.customerProfileId);
    const paymentProfile = state.paymentProfiles.get(record.paymentProfileId);
    const address =
      record.shippingAddressId !== undefined
        ? state.shippingAddresses.get(record.shippingAddressId)
        : undefined;
    return {
      ...(record.name !== undefined ? { name: record.name } : {}),
      paymentSchedule: {
        interval: { length: record.schedule.intervalLength, unit: record.schedule.intervalUnit },
        startDate: record.schedule.startDate,
        totalOccurrences: record.schedule.totalOccurrences,
        trialOccurrences: record.schedule.trialOccurrences,
      },
      amount: record.amount,
      ...(record.trialAmount !== undefined ? { trialAmount: record.trialAmount } : {}),
      status: record.status,
      ...(profile !== undefined
        ? {
            profile: {
              ...(profile.merchantCustomerId !== undefined
                ? { merchantCustomerId: profile.merchantCustomerId }
                : {}),
              ...(profile.description !== undefined ? { description: profile.description } : {}),
              ...(profile.email !== undefined ? { email: profile.email } : {}),
              ...(paymentProfile !== undefined
                ? { paymentProfile: paymentProfileMasked(state, paymentProfile, false) }
                : {}),
              ...(address !== undefined ? { shippingProfile: addressEx(address) } : {}),
            },
          }
        : {}),
      ...(record.order !== undefined ? { order: record.order } : {}),
    };
  }

  private detail(record: SubscriptionRecord): SubscriptionDetail {
    const payment = this.paymentOf(record);
    return {
      id: Number(record.id),
      ...(record.name !== undefined ? { name: record.name } : {}),
      status: record.status,
      createTimeStampUTC: record.createTimeStampUTC,
      ...(record.billTo?.firstName !== undefined ? { firstName: record.billTo.firstName } : {}),
      ...(record.billTo?.lastName !== undefined ? { lastName: record.billTo.lastName } : {}),
      totalOccurrences: record.schedule.totalOccurrences,
      pastOccurrences: record.pastOccurrences,
      paymentMethod: payment?.kind === "bankAccount" ? "eCheck" : "creditCard",
      ...(payment !== undefined ? { accountNumber: accountNumberOf(payment) } : {}),
      ...(record.order?.invoiceNumber !== undefined ? { invoice: record.order.invoiceNumber } : {}),
      amount: record.amount,
      currencyCode: SUBSCRIPTION_CURRENCY,
      customerProfileId: Number(record.customerProfileId),
      customerPaymentProfileId: Number(record.paymentProfileId),
      customerShippingProfileId: Number(record.shippingAddressId ?? "0"),
    };
  }

  private paymentOf(record: SubscriptionRecord): StoredPayment | undefined {
    return this.ctx.state.paymentProfiles.get(record.paymentProfileId)?.payment;
  }

  /** The subscriptions of a list search type, as list items (the sandbox's reading of each type is in docs/sandbox.md). */
  private search(searchType: ARBGetSubscriptionListSearchTypeEnum): SubscriptionDetail[] {
    const month = utcMonth(this.ctx.now());
    const all = this.ctx.state.subscriptions.values();
    const keep = (record: SubscriptionRecord): boolean => {
      switch (searchType) {
        case "subscriptionActive":
          return record.status === "active";
        case "subscriptionInactive":
          return record.status !== "active";
        case "cardExpiringThisMonth": {
          const payment = this.paymentOf(record);
          return (
            record.status === "active" &&
            payment?.kind === "creditCard" &&
            payment.expirationDate === month
          );
        }
        case "subscriptionExpiringThisMonth":
          return (
            record.status === "active" &&
            occurrenceDate(record, record.schedule.totalOccurrences - 1).slice(0, 7) === month
          );
      }
    };
    return all.filter(keep).map((record) => this.detail(record));
  }
}

function checkExpiry(payment: StoredPayment, date: string): void {
  if (
    payment.kind === "creditCard" &&
    payment.expirationDate !== undefined &&
    payment.expirationDate < date.slice(0, 7)
  ) {
    throw invalid(
      "subscription.payment.creditCard.expirationDate is before the start of the subscription",
    );
  }
}

function accountNumberOf(payment: StoredPayment): string {
  return maskLast4(payment.kind === "creditCard" ? payment.last4 : payment.accountLast4);
}

function compareIds(a: number, b: number): number {
  return a - b;
}

function compareText(a: string | undefined, b: string | undefined): number {
  const x = (a ?? "").toLowerCase();
  const y = (b ?? "").toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareBy(
  field: ARBGetSubscriptionListOrderFieldEnum,
  a: SubscriptionDetail,
  b: SubscriptionDetail,
): number {
  switch (field) {
    case "id":
      return compareIds(a.id, b.id);
    case "name":
      return compareText(a.name, b.name);
    case "status":
      return compareText(a.status, b.status);
    case "createTimeStampUTC":
      return compareText(a.createTimeStampUTC, b.createTimeStampUTC);
    case "lastName":
      return compareText(a.lastName, b.lastName);
    case "firstName":
      return compareText(a.firstName, b.firstName);
    case "accountNumber":
      return compareText(a.accountNumber, b.accountNumber);
    case "amount":
      return compareDecimal(a.amount, b.amount);
    case "pastOccurrences":
      return a.pastOccurrences - b.pastOccurrences;
  }
}
