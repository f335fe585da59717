/**
 * The sandbox's state: one collection per kind of record, each an ordered map
 * in memory backed by the embedded store. Every change goes to both at once,
 * synchronously, so a request handler that checks and changes state without
 * awaiting in between can never interleave with another one; `flush()` then
 * makes the changes durable before the answer is sent.
 */
import { SqlStore } from "./database.js";
import type { NumberDigests } from "./digests.js";
import type {
  CustomerProfileRecord,
  InstrumentIdentifierRecord,
  NotificationRecord,
  PaymentProfileRecord,
  SavedSearchRecord,
  ShippingAddressRecord,
  SubscriptionRecord,
  TransactionRecord,
  WebhookRecord,
} from "./records.js";

/** Records of one kind, in insertion order. */
export class Collection<T extends { readonly id: string }> {
  private readonly items = new Map<string, T>();

  constructor(
    private readonly store: SqlStore,
    readonly kind: string,
  ) {}

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  values(): T[] {
    return [...this.items.values()];
  }

  get size(): number {
    return this.items.size;
  }

  /** Stores a new record or the new version of one. */
  put(record: T): T {
    this.items.set(record.id, record);
    this.store.put(this.kind, record.id, JSON.stringify(record));
    return record;
  }

  delete(id: string): boolean {
    if (!this.items.delete(id)) return false;
    this.store.remove(this.kind, id);
    return true;
  }

  /** Loads a record read from the store at start. */
  load(id: string, data: string): void {
    const value: unknown = JSON.parse(data);
    this.items.set(id, value as T);
  }
}

/** Counters of the id sequences. */
export class Counters {
  constructor(
    private readonly store: SqlStore,
    private readonly values: Map<string, number>,
  ) {}

  /** The next value of a sequence: `start` the first time, then one more each time. */
  next(name: string, start: number): number {
    const current = this.values.get(name);
    const value = current === undefined ? start : current + 1;
    this.values.set(name, value);
    this.store.setCounter(name, value);
    return value;
  }
}

export class SandboxState {
  readonly subscriptions: Collection<SubscriptionRecord>;
  readonly customerProfiles: Collection<CustomerProfileRecord>;
  readonly paymentProfiles: Collection<PaymentProfileRecord>;
  readonly shippingAddresses: Collection<ShippingAddressRecord>;
  readonly transactions: Collection<TransactionRecord>;
  readonly savedSearches: Collection<SavedSearchRecord>;
  readonly webhooks: Collection<WebhookRecord>;
  readonly instrumentIdentifiers: Collection<InstrumentIdentifierRecord>;
  readonly notifications: Collection<NotificationRecord>;
  readonly counters: Counters;

  private constructor(private readonly store: SqlStore) {
    this.subscriptions = new Collection(store, "subscription");
    this.customerProfiles = new Collection(store, "customerProfile");
    this.paymentProfiles = new Collection(store, "paymentProfile");
    this.shippingAddresses = new Collection(store, "shippingAddress");
    this.transactions = new Collection(store, "transaction");
    this.savedSearches = new Collection(store, "savedSearch");
    this.webhooks = new Collection(store, "webhook");
    this.instrumentIdentifiers = new Collection(store, "instrumentIdentifier");
    this.notifications = new Collection(store, "notification");
    this.counters = new Counters(store, store.counters());
    const byKind = new Map<string, Collection<{ readonly id: string }>>();
    for (const collection of this.all()) byKind.set(collection.kind, collection);
    for (const row of store.rows()) byKind.get(row.kind)?.load(row.id, row.data);
  }

  /** State in memory (no file), or loaded from and written through to `file`. */
  static async open(file?: string): Promise<SandboxState> {
    return new SandboxState(await SqlStore.open(file));
  }

  /** Digests of card and account numbers, keyed with this database's own key. */
  get digests(): NumberDigests {
    return this.store.digests;
  }

  /** Where the state is kept: the data file, or undefined in memory. */
  get file(): string | undefined {
    return this.store.file;
  }

  /** Resolves once every change made so far is durable. */
  flush(): Promise<void> {
    return this.store.flush();
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private all(): Collection<{ readonly id: string }>[] {
    return [
      this.subscriptions,
      this.customerProfiles,
      this.paymentProfiles,
      this.shippingAddresses,
      this.transactions,
      this.savedSearches,
      this.webhooks,
      this.instrumentIdentifiers,
      this.notifications,
    ];
  }
}
