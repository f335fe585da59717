/**
 * The documented ranges of the submitTimeUtc filter, built with the
 * date-math builder; each renders exactly as documented.
 */

import { now } from "./date-math.js";
import { QueryError } from "./errors.js";
import type { QueryLanguage } from "./language.js";
import { parseRange, rangeBounds, type RangeBounds } from "./range.js";

const day = () => now().round("DAY");

/** The documented ranges. Each function returns fresh bounds. */
export const presets = {
  /** Last hour: `[NOW/HOUR-1HOUR TO NOW/HOUR}`. */
  lastHour: (): RangeBounds =>
    rangeBounds(now().round("HOUR").minus(1, "HOUR"), now().round("HOUR")),
  /** Today: `[NOW/DAY TO NOW/DAY+1DAY}`. */
  today: (): RangeBounds => rangeBounds(day(), day().plus(1, "DAY")),
  /** Yesterday: `[NOW/DAY-1DAY TO NOW/DAY}`. */
  yesterday: (): RangeBounds => rangeBounds(day().minus(1, "DAY"), day()),
  /** Past 7 days (and today): `[NOW/DAY-7DAYS TO NOW/DAY+1DAY}`. */
  past7Days: (): RangeBounds => rangeBounds(day().minus(7, "DAYS"), day().plus(1, "DAY")),
  /** Month to date: `[NOW/MONTH TO NOW/DAY+1DAY}`. */
  monthToDate: (): RangeBounds => rangeBounds(now().round("MONTH"), day().plus(1, "DAY")),
  /** Past (calendar) month: `[NOW/MONTH-1MONTH TO NOW/MONTH}`. */
  pastMonth: (): RangeBounds =>
    rangeBounds(now().round("MONTH").minus(1, "MONTH"), now().round("MONTH")),
  /** Past 6 months: `[NOW/DAY-6MONTHS TO NOW/DAY+1DAY}`. */
  past6Months: (): RangeBounds => rangeBounds(day().minus(6, "MONTHS"), day().plus(1, "DAY")),
  /** Past 12 months: `[NOW/DAY-12MONTHS TO NOW/DAY+1DAY}`. */
  past12Months: (): RangeBounds => rangeBounds(day().minus(12, "MONTHS"), day().plus(1, "DAY")),
  /** Past 13 months: `[NOW/DAY-13MONTHS TO NOW/DAY+1DAY}`. */
  past13Months: (): RangeBounds => rangeBounds(day().minus(13, "MONTHS"), day().plus(1, "DAY")),
} as const;

/** The name of a documented preset. */
export type PresetName = keyof typeof presets;

/** A preset of a language with its parsed bounds. */
export interface LanguagePreset {
  readonly name: string;
  readonly title: string;
  readonly bounds: RangeBounds;
}

/**
 * The presets declared by a language, parsed. Throws {@link QueryError} when
 * a preset's range does not parse with the language's units.
 */
export function languagePresets(language: QueryLanguage): readonly LanguagePreset[] {
  return language.presets.map((preset) => {
    const parsed = parseRange(preset.range, { units: language.dateMathUnits });
    if (!parsed.ok) {
      throw new QueryError(
        "syntax",
        `preset ${preset.name}: ${parsed.errors.map((e) => e.message).join("; ")}`,
        parsed.errors,
      );
    }
    return { name: preset.name, title: preset.title, bounds: parsed.value };
  });
}
