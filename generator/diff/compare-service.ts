import type { ServicePair } from "./diff-context.js";

/**
 * The service-wide bindings. SOAP: the namespace, its version, the request
 * and response bases and the credentials field (every key the model holds,
 * compared generically, so a key added to the binding is compared too).
 * REST: base addresses, retry guidance, outcome fields.
 */
export function compareService(pair: ServicePair): void {
  const at = pair.path("service");
  const { before, after } = pair;
  if (before.protocol !== after.protocol) {
    pair.add(
      "breaking",
      "protocol-changed",
      at,
      ["source", pair.wire],
      `service ${after.name} is now ${after.protocol} (was ${before.protocol}): every call is made differently`,
    );
    return;
  }
  if (before.soap && after.soap) {
    const keys = [...new Set([...Object.keys(before.soap), ...Object.keys(after.soap)])].sort();
    for (const key of keys) {
      const b = JSON.stringify((before.soap as unknown as Record<string, unknown>)[key] ?? null);
      const a = JSON.stringify((after.soap as unknown as Record<string, unknown>)[key] ?? null);
      if (a === b) continue;
      if (/endpoint|address|url/i.test(key)) {
        pair.add(
          "warning",
          "endpoint-changed",
          at,
          [],
          `the SOAP binding's ${key} changed from ${b} to ${a}: clients relying on the default address call another one`,
        );
        continue;
      }
      const kind =
        key === "namespacePlaceholder" || key === "version" || /namespace/i.test(key)
          ? "namespace-changed"
          : "soap-binding-changed";
      pair.add(
        "breaking",
        kind,
        at,
        ["wire-xml"],
        `the SOAP binding's ${key} changed from ${b} to ${a}: every message of the service is written in another form`,
      );
    }
  }
  if (before.rest && after.rest) {
    const urlsBefore = before.rest.baseUrls.map((u) => u.name);
    const urlsAfter = after.rest.baseUrls.map((u) => u.name);
    for (const u of urlsBefore.filter((n) => !urlsAfter.includes(n))) {
      pair.add(
        "breaking",
        "base-url-removed",
        at,
        ["source"],
        `base address ${u} was removed: client options naming it no longer compile`,
      );
    }
    for (const u of urlsAfter.filter((n) => !urlsBefore.includes(n))) {
      pair.add("info", "base-url-added", at, [], `base address ${u} was added`, true);
    }
    if (JSON.stringify(before.rest.retry ?? null) !== JSON.stringify(after.rest.retry ?? null)) {
      pair.add("info", "retry-changed", at, [], `the service's retry guidance changed`);
    }
    if (JSON.stringify(before.rest.outcome) !== JSON.stringify(after.rest.outcome)) {
      pair.add(
        "info",
        "outcome-changed",
        at,
        [],
        `the response fields that tell how a request went are now ${after.rest.outcome.join(", ") || "none"} (were ${before.rest.outcome.join(", ") || "none"})`,
      );
    }
  }
}
