/**
 * The guard of an enum. Every generated `is<Enum>` is this applied to the
 * enum's value list (`export const isStatus = oneOf(statusValues)`), so a
 * package holds the check once, however many enums it has, and a guard no
 * caller uses is dropped by the bundler with its list.
 */

/** A guard telling whether a value is one of `values` (a string, compared exactly). */
export function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  const listed = values as readonly string[];
  return (value: unknown): value is T => typeof value === "string" && listed.includes(value);
}
