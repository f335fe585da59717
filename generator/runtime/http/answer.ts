/**
 * What a call resolves to: its data, or with `withResponse: true` the data
 * with the status and headers of the answer (Location, rate limits, request
 * ids). The default stays the data alone.
 */

/** The data of a successful call with the answer's status and headers. */
export interface WithResponse<T> {
  readonly data: T;
  /** The 2xx status received. */
  readonly status: number;
  /** The answer's headers, as received (read-only; names compare case-insensitively). */
  readonly headers: Headers;
}

/** The call options that ask for the data alone: the default. */
export interface DataOnly {
  readonly withResponse?: false;
}

/**
 * What a call with options `C` resolves to: {@link WithResponse} when `C` says
 * `withResponse: true`, the data when it says `false` or nothing, and either
 * when the flag is only known to be a boolean.
 */
export type Answer<T, C> = C extends { readonly withResponse: true }
  ? WithResponse<T>
  : C extends DataOnly
    ? T
    : T | WithResponse<T>;
