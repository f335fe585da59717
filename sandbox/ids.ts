/**
 * Identifiers the sandbox hands out. Every sequence is a stored counter, so
 * ids stay unique across restarts with `--data`.
 */
import type { Counters } from "./store/state.js";

export class Ids {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => number,
  ) {}

  /** A transaction id: 22 digits, the clock's milliseconds followed by a 9-digit sequence number. */
  transaction(): string {
    const n = this.counters.next("transaction", 1);
    const millis = String(Math.max(0, Math.floor(this.now())))
      .padStart(13, "0")
      .slice(-13);
    return `${millis}${String(n % 1_000_000_000).padStart(9, "0")}`;
  }

  /** A subscription id (a 32-bit integer). */
  subscription(): string {
    return String(this.counters.next("subscription", 1_000_001));
  }

  customerProfile(): string {
    return String(this.counters.next("customerProfile", 500_000_001));
  }

  paymentProfile(): string {
    return String(this.counters.next("paymentProfile", 600_000_001));
  }

  shippingAddress(): string {
    return String(this.counters.next("shippingAddress", 700_000_001));
  }

  /** A saved search id. */
  search(): string {
    return `srch-${String(this.counters.next("search", 1)).padStart(8, "0")}`;
  }

  webhook(): string {
    return `wh-${String(this.counters.next("webhook", 1)).padStart(8, "0")}`;
  }

  /** An instrument identifier id: 19 digits. */
  instrumentIdentifier(): string {
    return `7${String(this.counters.next("instrumentIdentifier", 1)).padStart(18, "0")}`;
  }

  notification(): string {
    return `ntf-${String(this.counters.next("notification", 1)).padStart(8, "0")}`;
  }

  /** A six-character approval code, different for every call. */
  approvalCode(): string {
    const n = this.counters.next("approvalCode", 1);
    return String((n * 7919 + 100_000) % 1_000_000).padStart(6, "0");
  }
}
