/**
 * What a sandbox is started with, and the defaults of everything optional.
 */

/** The search rate limit: at most `max` searches per `windowMs` (a fixed window). */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 picks a free one. Default 0. */
  readonly port?: number;
  /** The data file; state lives in memory only when absent. */
  readonly dataFile?: string;
  /** Merchant login name accepted in `merchantAuthentication.name`; also the merchant id of REST transactions. */
  readonly merchant?: string;
  /** Transaction key accepted in `merchantAuthentication.transactionKey`. */
  readonly transactionKey?: string;
  /** The SOAP namespace of the answers (requests are accepted in any namespace). */
  readonly namespace?: string;
  /** Searches allowed per window; none by default. */
  readonly searchRateLimit?: RateLimit;
  /** Milliseconds in one unit of a webhook retry policy (firstRetry, interval, repeatSequenceWaitTime). Default one minute. */
  readonly webhookTimeUnitMs?: number;
  /** Milliseconds before a webhook health check or delivery attempt is given up. Default 5 000. */
  readonly webhookTimeoutMs?: number;
  /** When true, REST requests must carry `v-c-merchant-id` equal to the merchant. Default false. */
  readonly requireMerchantHeader?: boolean;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** The clock, epoch milliseconds; `Date.now` by default. Tests move it. */
  readonly now?: () => number;
  /** Where unexpected errors are reported; `console.error` by default. */
  readonly log?: (message: string) => void;
}

/** The options with every default applied. */
export interface ResolvedOptions {
  readonly port: number;
  readonly dataFile: string | undefined;
  readonly merchant: string;
  readonly transactionKey: string;
  readonly namespace: string;
  readonly searchRateLimit: RateLimit | undefined;
  readonly webhookTimeUnitMs: number;
  readonly webhookTimeoutMs: number;
  readonly requireMerchantHeader: boolean;
  readonly maxBodyBytes: number;
  readonly now: () => number;
  readonly log: (message: string) => void;
}

export const DEFAULT_MERCHANT = "sandbox-merchant";
export const DEFAULT_TRANSACTION_KEY = "sandbox-transaction-key";
export const DEFAULT_NAMESPACE = "urn:paygen:sandbox:subscriptions:v1";
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const limit = options.searchRateLimit;
  if (limit !== undefined && !(limit.max >= 1 && limit.windowMs >= 1)) {
    throw new RangeError("searchRateLimit needs max >= 1 and windowMs >= 1");
  }
  return {
    port: options.port ?? 0,
    dataFile: options.dataFile,
    merchant: options.merchant ?? DEFAULT_MERCHANT,
    transactionKey: options.transactionKey ?? DEFAULT_TRANSACTION_KEY,
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
    searchRateLimit: limit,
    webhookTimeUnitMs: options.webhookTimeUnitMs ?? 60_000,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 5_000,
    requireMerchantHeader: options.requireMerchantHeader ?? false,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    now: options.now ?? Date.now,
    log: options.log ?? ((message) => console.error(message)),
  };
}
