/**
 * Recurring billing of subscriptions, and with it every subscription status
 * change besides cancel. The documents list the statuses but show no
 * transitions, so these are the sandbox's rules (docs/sandbox.md):
 *
 * - occurrence n is due on startDate + n intervals (UTC dates); whenever a
 *   request arrives, every due occurrence of an active subscription is
 *   charged to its payment profile and recorded as a transaction;
 * - a declined charge (decline card or decline amount) suspends the
 *   subscription; updating its payment makes it active again;
 * - a subscription still suspended when its next occurrence comes due is
 *   terminated;
 * - an active subscription whose occurrences have all been handled expires.
 */
import { addToDate, utcDate } from "./dates.js";
import { isDeclineAmount } from "./money.js";
import type { SandboxState } from "./store/state.js";
import type { SubscriptionRecord } from "./store/records.js";
import type { Ledger } from "./transactions.js";

/** The currency of subscription amounts (the documents give none; the sandbox's choice). */
export const SUBSCRIPTION_CURRENCY = "USD";

/** The date occurrence `index` (from 0) of a subscription is due. */
export function occurrenceDate(subscription: SubscriptionRecord, index: number): string {
  const { startDate, intervalLength, intervalUnit } = subscription.schedule;
  return addToDate(startDate, index * intervalLength, intervalUnit);
}

export class Billing {
  constructor(
    private readonly state: SandboxState,
    private readonly ledger: Ledger,
    private readonly now: () => number,
  ) {}

  /** Handles every occurrence due by today, for every subscription. */
  run(): void {
    const today = utcDate(this.now());
    for (const subscription of this.state.subscriptions.values()) this.advance(subscription, today);
  }

  private advance(subscription: SubscriptionRecord, today: string): void {
    let changed = false;
    const total = subscription.schedule.totalOccurrences;
    while (
      (subscription.status === "active" || subscription.status === "suspended") &&
      subscription.handledOccurrences < total &&
      occurrenceDate(subscription, subscription.handledOccurrences) <= today
    ) {
      changed = true;
      if (subscription.status === "suspended") {
        subscription.status = "terminated";
        break;
      }
      const declined = this.charge(subscription, subscription.handledOccurrences);
      subscription.handledOccurrences++;
      if (declined) subscription.status = "suspended";
      else subscription.pastOccurrences++;
    }
    if (subscription.status === "active" && subscription.handledOccurrences >= total) {
      subscription.status = "expired";
      changed = true;
    }
    if (changed) this.state.subscriptions.put(subscription);
  }

  /** Charges one occurrence; returns whether it was declined. */
  private charge(subscription: SubscriptionRecord, index: number): boolean {
    const trial = index < subscription.schedule.trialOccurrences;
    const amount = trial ? (subscription.trialAmount ?? subscription.amount) : subscription.amount;
    const profile = this.state.paymentProfiles.get(subscription.paymentProfileId);
    const payment = profile?.payment;
    const dueMonth = occurrenceDate(subscription, index).slice(0, 7);
    const expired =
      payment?.kind === "creditCard" &&
      payment.expirationDate !== undefined &&
      payment.expirationDate < dueMonth;
    const declined =
      payment === undefined ||
      (payment.kind === "creditCard" && payment.declines) ||
      expired ||
      isDeclineAmount(amount);
    const billTo = subscription.billTo;
    this.ledger.record({
      kind: "recurringBilling",
      status: declined ? "DECLINED" : "CAPTURED",
      applications: ["ics_auth", "ics_bill"],
      amount,
      currency: SUBSCRIPTION_CURRENCY,
      ...(subscription.order?.invoiceNumber !== undefined
        ? { clientReferenceCode: subscription.order.invoiceNumber }
        : {}),
      ...(billTo !== undefined
        ? {
            billTo: {
              firstName: billTo.firstName,
              lastName: billTo.lastName,
              email: subscription.customer?.email,
              phoneNumber: subscription.customer?.phoneNumber,
            },
          }
        : {}),
      ...(payment !== undefined ? { payment } : {}),
      merchantCustomerId: subscription.customer?.id,
      customerProfileId: subscription.customerProfileId,
      customerPaymentProfileId: subscription.paymentProfileId,
      subscriptionId: subscription.id,
      commerceIndicator: "recurring",
      ...(declined ? {} : { approvalCode: this.ledger.ids.approvalCode() }),
    });
    return declined;
  }
}
