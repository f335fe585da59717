import type { SoapOperation } from "../model/ir.js";
import type { ServicePair } from "./diff-context.js";

/** Keys of a SOAP operation compared by a rule of their own, or not part of the contract. */
const OWN_RULES = new Set([
  "protocol",
  "name",
  "method",
  "doc",
  "source",
  "notes",
  "requestType",
  "resultType",
  "responseElement",
  "resultElement",
  "auth",
  "responseGap",
]);

/**
 * One SOAP operation on both sides: its element names, whether it
 * authenticates, its request and result types; and every other key the model
 * gives an operation (a SOAP action, say), compared generically.
 */
export function compareSoapBinding(
  pair: ServicePair,
  at: string,
  b: SoapOperation,
  a: SoapOperation,
): void {
  for (const key of ["responseElement", "resultElement"] as const) {
    // A renamed operation renames the elements named after it: the rename says so.
    if (b[key].split(b.name).join(a.name) !== a[key]) {
      pair.add(
        "breaking",
        "wire-name-changed",
        at,
        ["wire-xml"],
        `the ${key === "responseElement" ? "response" : "result"} element of ${a.name} changed from ${b[key]} to ${a[key]}, while the TypeScript names stayed: a response in either form is refused by the other`,
      );
    }
  }
  if (b.auth !== a.auth) {
    pair.add(
      "breaking",
      "auth-changed",
      at,
      ["source", "wire-xml"],
      `${a.name} ${a.auth ? "now carries" : "no longer carries"} the client's credentials: its request has ${a.auth ? "gained" : "lost"} the request base`,
    );
  }
  if (pair.mapped(b.requestType) !== a.requestType) {
    pair.add(
      "breaking",
      "request-type-changed",
      at,
      ["source", "wire-xml"],
      `the request of ${a.name} is now ${a.requestType} (was ${b.requestType})`,
    );
  }
  if (pair.mapped(b.resultType) !== a.resultType) {
    pair.add(
      "breaking",
      "response-type-changed",
      at,
      ["source", "wire-xml"],
      `the result of ${a.name} is now ${a.resultType} (was ${b.resultType})`,
    );
  }
  if ((b.responseGap === undefined) !== (a.responseGap === undefined)) {
    pair.add(
      a.responseGap === undefined ? "info" : "warning",
      "response-gap-changed",
      at,
      [],
      a.responseGap === undefined
        ? `the response of ${a.name} is now described`
        : `the response of ${a.name} is no longer described (gap ${a.responseGap})`,
    );
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !OWN_RULES.has(k))
    .sort();
  for (const key of keys) {
    const vb = JSON.stringify((b as unknown as Record<string, unknown>)[key] ?? null);
    const va = JSON.stringify((a as unknown as Record<string, unknown>)[key] ?? null);
    if (va === vb) continue;
    const kind = /action/i.test(key)
      ? "soap-action-changed"
      : /namespace/i.test(key)
        ? "namespace-changed"
        : /element/i.test(key)
          ? "wire-name-changed"
          : "soap-binding-changed";
    pair.add(
      "breaking",
      kind,
      at,
      ["wire-xml"],
      `${key} of ${a.name} changed from ${vb} to ${va}${kind === "wire-name-changed" ? ", while the TypeScript names stayed" : ""}: a request in the old form is refused`,
    );
  }
}
