/**
 * Wall-clock arithmetic in IANA time zones, built on `Intl.DateTimeFormat`
 * (no time-zone database of its own, no dependencies).
 *
 * Resolution of local times that do not map to exactly one instant:
 * - a local time inside a gap (it does not exist, e.g. 02:30 on the day
 *   clocks spring forward) is read with the offset in force before the gap,
 *   which moves it forward by the length of the gap (02:30 becomes 03:30);
 * - a local time inside an overlap (it exists twice, e.g. 01:30 on the day
 *   clocks fall back) resolves to the instant with the preferred offset when
 *   one is given and valid, otherwise to the earlier instant.
 * This is the rule of `java.time.ZonedDateTime` and of Temporal's
 * `"compatible"` disambiguation.
 */

import { QueryError } from "./errors.js";

/** Local date and time fields in a time zone; `month` is 1 to 12. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

const MS_PER_DAY = 86_400_000;

/** The earliest instant the evaluator works with: 1900-01-01T00:00:00Z. */
export const MIN_INSTANT = -2_208_988_800_000;
/** The latest instant the evaluator works with: 9999-01-01T00:00:00Z. */
export const MAX_INSTANT = 253_370_764_800_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US-u-ca-iso8601-nu-latn", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      const shown = /^[A-Za-z0-9_+\-/]{1,64}$/.test(timeZone) ? ` ${timeZone}` : "";
      throw new QueryError("time-zone", `unknown time zone${shown}`, []);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws {@link QueryError} (`query.time-zone`) when the platform does not know the time zone. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** Whether the platform knows the time zone (an IANA name such as `Europe/London`, or `GMT`/`UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds since the epoch of a wall clock read as if it were UTC (fields may overflow, e.g. day 32). */
export function wallClockToUtcMs(w: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, w.millisecond);
  return d.getTime();
}

/** The wall clock of a UTC instant (the inverse of {@link wallClockToUtcMs}). */
export function utcMsToWallClock(ms: number): WallClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** The local wall clock of an instant in a time zone. Throws {@link QueryError} for an unknown zone. */
export function wallClockAt(timeZone: string, instant: number): WallClock {
  const parts = formatter(timeZone).formatToParts(instant);
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const p of parts) {
    switch (p.type) {
      case "year":
        year = Number(p.value);
        break;
      case "month":
        month = Number(p.value);
        break;
      case "day":
        day = Number(p.value);
        break;
      case "hour":
        hour = Number(p.value) % 24;
        break;
      case "minute":
        minute = Number(p.value);
        break;
      case "second":
        second = Number(p.value);
        break;
      default:
        break;
    }
  }
  const millisecond = ((instant % 1000) + 1000) % 1000;
  return { year, month, day, hour, minute, second, millisecond };
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function timeZoneOffsetMs(timeZone: string, instant: number): number {
  return wallClockToUtcMs(wallClockAt(timeZone, instant)) - instant;
}

/**
 * Every instant whose local wall clock in the zone equals `wall`, ascending:
 * none in a gap, two in an overlap, one otherwise.
 */
export function instantsAtWallClock(timeZone: string, wall: WallClock): number[] {
  const local = wallClockToUtcMs(wall);
  const offsets = new Set([
    timeZoneOffsetMs(timeZone, local - MS_PER_DAY),
    timeZoneOffsetMs(timeZone, local),
    timeZoneOffsetMs(timeZone, local + MS_PER_DAY),
  ]);
  const found: number[] = [];
  for (const offset of offsets) {
    const candidate = local - offset;
    if (timeZoneOffsetMs(timeZone, candidate) === offset && !found.includes(candidate)) {
      found.push(candidate);
    }
  }
  return found.sort((a, b) => a - b);
}

/**
 * The instant of a local wall clock in the zone. In a gap the offset in force
 * before the gap is used (the time moves forward by the gap's length); in an
 * overlap the instant whose offset equals `preferOffsetMs` is chosen when
 * there is one, otherwise the earlier instant.
 */
export function instantFromWallClock(
  timeZone: string,
  wall: WallClock,
  preferOffsetMs?: number,
): number {
  const local = wallClockToUtcMs(wall);
  const found = instantsAtWallClock(timeZone, wall);
  const first = found[0];
  if (first === undefined) {
    return local - timeZoneOffsetMs(timeZone, local - MS_PER_DAY);
  }
  if (preferOffsetMs !== undefined) {
    for (const candidate of found) {
      if (local - candidate === preferOffsetMs) return candidate;
    }
  }
  return first;
}
