/**
 * Calendar dates (`YYYY-MM-DD`, UTC) for subscription schedules and card
 * expiry months.
 */

/** The UTC calendar date of an instant. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC month (`YYYY-MM`) of an instant. */
export function utcMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/**
 * `date` moved by `count` days, or by `count` months with the day clamped to
 * the end of the target month (Jan 31 + 1 month = Feb 28 or 29).
 */
export function addToDate(date: string, count: number, unit: "days" | "months"): string {
  const [y, m, d] = date.split("-").map(Number);
  const year = y ?? 1970;
  const month = m ?? 1;
  const day = d ?? 1;
  if (unit === "days") return utcDate(Date.UTC(year, month - 1, day + count));
  const target = Date.UTC(year, month - 1 + count, 1);
  const t = new Date(target);
  const lastDay = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  return utcDate(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), Math.min(day, lastDay)));
}
