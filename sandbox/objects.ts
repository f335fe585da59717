/**
 * Small helpers for building answer objects.
 */

/** `{ [key]: value }` when the value is defined, else `{}`: for spreading optional fields. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
