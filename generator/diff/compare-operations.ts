import type { Operation } from "../model/ir.js";
import { compareRestBinding, templatePath } from "./compare-rest-binding.js";
import { compareSoapBinding } from "./compare-soap-binding.js";
import type { ServicePair } from "./diff-context.js";
import { typeShape } from "./type-shape.js";

/**
 * Finds the operations renamed: one only before and one only after that
 * share their HTTP method and path (REST), or their request and result types
 * (SOAP: the same types once renamed types are followed, or types of the
 * same shape). The request and result types of a renamed SOAP operation,
 * named after it, are renamed with it.
 */
export function findRenamedOperations(pair: ServicePair): void {
  const afterNames = new Set(pair.after.operations.map((o) => o.name));
  const beforeNames = new Set(pair.before.operations.map((o) => o.name));
  const removed = pair.before.operations.filter((o) => !afterNames.has(o.name));
  const added = pair.after.operations.filter((o) => !beforeNames.has(o.name));
  const taken = new Set<string>();
  for (const b of removed) {
    const candidates = added.filter((a) => !taken.has(a.name) && sameOperation(pair, b, a));
    if (candidates.length !== 1) continue;
    const a = candidates[0]!;
    taken.add(a.name);
    pair.renamedOperations.set(b.name, a.name);
    if (b.protocol !== "soap" || a.protocol !== "soap") continue;
    for (const [x, y] of [
      [b.requestType, a.requestType],
      [b.resultType, a.resultType],
    ] as const) {
      if (pair.mapped(x) !== y && !pair.typeAfter(x) && !pair.typeBefore(y))
        pair.renamedTypes.set(x, y);
    }
  }
}

/** Operations added, removed and renamed, then the binding of each operation on both sides. */
export function compareOperations(pair: ServicePair): void {
  const afterByName = new Map(pair.after.operations.map((o) => [o.name, o]));
  const beforeByName = new Map(pair.before.operations.map((o) => [o.name, o]));
  const removed = pair.before.operations.filter((o) => !afterByName.has(o.name));
  const added = pair.after.operations.filter((o) => !beforeByName.has(o.name));
  const matched: [Operation, Operation][] = pair.before.operations
    .filter((o) => afterByName.has(o.name))
    .map((o) => [o, afterByName.get(o.name)!]);
  const renamedTo = new Set(pair.renamedOperations.values());
  for (const b of removed) {
    const renamed = pair.renamedOperations.get(b.name);
    if (renamed !== undefined) {
      const a = afterByName.get(renamed)!;
      matched.push([b, a]);
      const methodBefore = pair.beforeNames.method(b.name);
      const methodAfter = pair.afterNames.method(a.name);
      if (methodBefore === methodAfter) {
        // Only the wire name changed: SOAP names the request element after the operation.
        pair.add(
          "breaking",
          "operation-wire-name-changed",
          pair.path("operations", a.name),
          a.protocol === "soap" ? [pair.wire] : [],
          `operation ${b.name} is now named ${a.name} on the wire (its request element, and the elements named after it); the client method ${methodAfter} stayed`,
        );
      } else {
        pair.add(
          "breaking",
          "operation-renamed",
          pair.path("operations", a.name),
          a.protocol === "soap" ? ["source", pair.wire] : ["source"],
          `operation ${b.name} was renamed ${a.name}: the client method ${methodBefore} is now ${methodAfter}${a.protocol === "soap" ? ", and the elements named after it changed" : ""}`,
        );
      }
      continue;
    }
    pair.add(
      "breaking",
      "operation-removed",
      pair.path("operations", b.name),
      ["source", pair.wire],
      `operation ${b.name} was removed: code calling ${pair.beforeNames.method(b.name)} no longer compiles, and the service no longer answers it`,
    );
  }
  for (const a of added) {
    if (renamedTo.has(a.name)) continue;
    pair.add(
      "info",
      "operation-added",
      pair.path("operations", a.name),
      [],
      `operation ${a.name} was added (client method ${pair.afterNames.method(a.name)})`,
      true,
    );
  }
  for (const [b, a] of matched) {
    const at = pair.path("operations", a.name);
    if (b.name === a.name) {
      const mb = pair.beforeNames.method(b.name);
      const ma = pair.afterNames.method(a.name);
      if (mb !== ma)
        pair.add(
          "breaking",
          "ts-name-changed",
          at,
          ["source"],
          `the client method of ${a.name} changed from ${mb} to ${ma} (the wire is unchanged): code calling ${mb} no longer compiles`,
        );
    }
    if (b.protocol === "soap" && a.protocol === "soap") compareSoapBinding(pair, at, b, a);
    else if (b.protocol === "rest" && a.protocol === "rest") compareRestBinding(pair, at, b, a);
  }
}

function sameOperation(pair: ServicePair, b: Operation, a: Operation): boolean {
  if (b.protocol === "rest" && a.protocol === "rest")
    return b.httpMethod === a.httpMethod && templatePath(b.path) === templatePath(a.path);
  if (b.protocol === "soap" && a.protocol === "soap") {
    const same = (x: string, y: string) => {
      if (pair.mapped(x) === y) return true;
      const tx = pair.typeBefore(x);
      const ty = pair.typeAfter(y);
      return tx !== undefined && ty !== undefined && typeShape(tx) === typeShape(ty);
    };
    return same(b.requestType, a.requestType) && same(b.resultType, a.resultType);
  }
  return false;
}
