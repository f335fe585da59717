/** The lower-case service name of a contract's name: `Service` → `service`, `AnetApiSchema` → `anet-api-schema`. */
export function serviceNameOf(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(kebab) ? kebab : `s-${kebab || "service"}`;
}
