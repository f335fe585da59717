/** Case conversions of names: the rules every part of the generator agrees on. */

/** `orderInformation` → `OrderInformation`; `_links` → `Links`; `retry-policy` → `RetryPolicy`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p.length > 0)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("");
}

/**
 * lowerCamel form of a documented operation name: a leading run of capitals
 * is lower-cased as one word (`ARBCreateSubscription` → `arbCreateSubscription`,
 * `IsAlive` → `isAlive`).
 */
export function lowerCamel(name: string): string {
  const m = /^([A-Z]+)(?=[A-Z][a-z]|$)/.exec(name);
  if (m && m[1]!.length > 1) return m[1]!.toLowerCase() + name.slice(m[1]!.length);
  return name.charAt(0).toLowerCase() + name.slice(1);
}
