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

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The identifier-safe form of a name from a contract: kept as is when it is
 * one already; otherwise its letter and digit runs joined in PascalCase
 * (`customer-profile` → `CustomerProfile`, `Foo.Bar` → `FooBar`), with `_`
 * before a leading digit and for a name with no letter or digit at all.
 */
export function identifierBase(name: string): string {
  if (IDENTIFIER.test(name)) return name;
  const joined = pascalCase(name);
  if (joined === "") return "_";
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/**
 * The base of a type's or an enum's names: the contract's name when it is an
 * identifier in PascalCase already (`PaymentRequest`, `ARBGetSubscriptionListRequest`),
 * else its letter and digit runs joined in PascalCase (`payment_intent` →
 * `PaymentIntent`, `order` → `Order`, `error_400` → `Error400`, `400` →
 * `_400`), so a type reads as TypeScript's do and the names made from it
 * compose (`parseOrder`, `isOrderIntent`, `orderIntentValues`). The wire
 * keeps the contract's name.
 */
export function typeBase(name: string): string {
  if (/^[A-Z][A-Za-z0-9]*$/.test(name)) return name;
  return identifierBase(pascalCase(name));
}
