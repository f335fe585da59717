/** Parsing of the HTTP `Retry-After` header (RFC 9110, section 10.2.3). */

/** The default cap of {@link parseRetryAfter}: one hour. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 3_600_000;

/** Options of {@link parseRetryAfter}. */
export interface RetryAfterOptions {
  /** Larger waits are reduced to this many milliseconds. Default {@link DEFAULT_MAX_RETRY_AFTER_MS}. */
  maxMs?: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = "(Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTH = `(${MONTHS.join("|")})`;
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` */
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/**
 * How long a `Retry-After` value asks to wait, in **milliseconds**, measured
 * from `now` (epoch milliseconds).
 *
 * - delta-seconds (`"120"`) → `120_000`; `"0"` → `0` (retry at once);
 * - an HTTP date (IMF-fixdate, RFC 850 or asctime form) → the time until it
 *   (`0` when it is now);
 * - a negative number of seconds, or a date already past → `undefined`: the
 *   value gives no usable wait (a clock skew or a server bug), so it must not
 *   become "retry at once", and the caller backs off as without it;
 * - anything else (empty, `null`, decimals, other date forms) → `undefined`;
 * - results above `options.maxMs` are capped at it.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
  options: RetryAfterOptions = {},
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const maxMs = Math.max(0, options.maxMs ?? DEFAULT_MAX_RETRY_AFTER_MS);
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, maxMs);
  const at = parseHttpDate(text, now);
  if (at === undefined || at < now) return undefined;
  return Math.min(Math.ceil(at - now), maxMs);
}

/** Epoch milliseconds of an HTTP date in any of its three forms, or `undefined`. */
function parseHttpDate(text: string, now: number): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m) return toEpoch(m[4], m[3], m[2], m[5], m[6], m[7]);
  m = RFC850_DATE.exec(text);
  if (m) {
    const yy = Number(m[4]);
    // RFC 9110: a two-digit year more than 50 years ahead is in the past century.
    const nowYear = new Date(now).getUTCFullYear();
    let year = Math.floor(nowYear / 100) * 100 + yy;
    if (year > nowYear + 50) year -= 100;
    return toEpoch(String(year), m[3], m[2], m[5], m[6], m[7]);
  }
  m = ASCTIME_DATE.exec(text);
  if (m) return toEpoch(m[7], m[2], m[3], m[4], m[5], m[6]);
  return undefined;
}

function toEpoch(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): number | undefined {
  const y = Number(year);
  const mo = MONTHS.indexOf(month ?? "");
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (mo < 0 || h > 23 || mi > 59 || s > 60) return undefined;
  const epoch = Date.UTC(y, mo, d, h, mi, Math.min(s, 59));
  const check = new Date(epoch);
  // Rejects impossible days such as 31 Feb instead of rolling them over.
  if (check.getUTCMonth() !== mo || check.getUTCDate() !== d) return undefined;
  return epoch;
}
