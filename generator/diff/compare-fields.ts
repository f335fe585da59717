import type { Field, ListShape, ObjectType } from "../model/ir.js";
import { compareFacets } from "./compare-facets.js";
import { directionText, refText, type Direction, type ServicePair } from "./diff-context.js";

/** Fields (or choice branches) added, removed and changed, and the XML order of the fields kept. */
export function compareFields(pair: ServicePair, before: ObjectType, after: ObjectType): void {
  const dir = pair.typeDirection(before.name, after.name);
  const choice = after.kind === "choice";
  const beforeFields = new Map(before.fields.map((f) => [f.name, f]));
  const afterFields = new Map(after.fields.map((f) => [f.name, f]));
  for (const f of before.fields) {
    if (afterFields.has(f.name)) continue;
    const at = pair.path("types", after.name, f.name);
    if (choice) {
      // A caller sending that branch is refused; code naming it no longer compiles.
      const severity = dir.sent ? "breaking" : "warning";
      pair.add(
        severity,
        "choice-branch-removed",
        at,
        dir.sent ? ["source", pair.wire] : ["source"],
        `branch ${f.name} of choice ${after.name} was removed (${directionText(dir)}): code naming it no longer compiles${dir.sent ? ", and a request holding it is refused" : ""}`,
      );
    } else {
      pair.add(
        "breaking",
        "field-removed",
        at,
        dir.sent ? ["source", pair.wire] : ["source"],
        `field ${f.name} of ${after.name} was removed (${directionText(dir)}): code using it no longer compiles${dir.sent ? ", and a request still holding it is refused" : ""}`,
      );
    }
  }
  for (const f of after.fields) {
    if (beforeFields.has(f.name)) continue;
    const at = pair.path("types", after.name, f.name);
    if (choice) {
      // An old reader meets a branch it does not know, and refuses the message.
      pair.add(
        dir.received ? "warning" : "info",
        "choice-branch-added",
        at,
        dir.received ? [pair.wire] : [],
        `branch ${f.name} was added to choice ${after.name} (${directionText(dir)})${dir.received ? ": a reader built on the old package refuses a response holding it" : ""}`,
        true,
      );
    } else if (f.required && dir.sent) {
      pair.add(
        "breaking",
        "field-added-required",
        at,
        ["source", pair.wire],
        `required field ${f.name} was added to ${after.name} (${directionText(dir)}): a request without it is refused, and code building one no longer compiles`,
        true,
      );
    } else {
      pair.add(
        "info",
        f.required ? "field-added-required" : "field-added-optional",
        at,
        [],
        `${f.required ? "required" : "optional"} field ${f.name} was added to ${after.name} (${directionText(dir)})`,
        true,
      );
    }
  }
  for (const b of before.fields) {
    const a = afterFields.get(b.name);
    if (a) compareField(pair, after.name, b, a, dir);
  }
  if (pair.soap) compareOrder(pair, before, after, dir);
}

function compareField(
  pair: ServicePair,
  typeName: string,
  b: Field,
  a: Field,
  dir: Direction,
): void {
  const at = pair.path("types", typeName, a.name);
  const name = `${typeName}.${a.name}`;
  if (!pair.sameRef(b.type, a.type) && pair.sameShape(b.type, a.type)) {
    pair.add(
      "breaking",
      "field-type-renamed",
      at,
      ["source"],
      `${name} is now of type ${a.type.name} (was ${b.type.name}), of the same shape: messages are unchanged, but code naming ${b.type.name} for it no longer compiles`,
    );
  } else if (!pair.sameRef(b.type, a.type)) {
    const kind =
      b.type.kind === "scalar" && a.type.kind === "scalar"
        ? "scalar-type-changed"
        : "field-type-changed";
    pair.add(
      "breaking",
      kind,
      at,
      ["source", pair.wire],
      `${name} changed from ${refText(b.type)} to ${refText(a.type)} (${directionText(dir)}): its values are written and read differently`,
    );
  }
  if (b.required !== a.required) {
    if (a.required) {
      if (dir.sent)
        pair.add(
          "breaking",
          "field-made-required",
          at,
          ["source", pair.wire],
          `${name} became required (${directionText(dir)}): a request without it is refused, and code building one without it no longer compiles`,
        );
      else
        pair.add(
          "info",
          "field-made-required",
          at,
          [],
          `${name} became required (${directionText(dir)}): responses always hold it now`,
        );
    } else if (dir.received) {
      pair.add(
        "breaking",
        "field-made-optional",
        at,
        ["source", pair.wire],
        `${name} became optional (${directionText(dir)}): a reader built on the old package refuses a response without it, and code reading it must handle undefined`,
      );
    } else {
      pair.add(
        "info",
        "field-made-optional",
        at,
        [],
        `${name} became optional (${directionText(dir)})`,
      );
    }
  }
  compareList(pair, at, name, b.list, a.list, dir);
  if (b.const !== a.const) {
    pair.add(
      "breaking",
      "const-changed",
      at,
      ["source", pair.wire],
      `the constant of ${name} changed from ${show(b.const)} to ${show(a.const)}: a message holding the old value is refused`,
    );
  }
  if (b.default !== a.default) {
    pair.add(
      "warning",
      "default-changed",
      at,
      [pair.wire],
      `the default of ${name} changed from ${show(b.default)} to ${show(a.default)} (${directionText(dir)}): a message leaving it out now means something else`,
    );
  }
  if (b.sensitive !== a.sensitive) {
    if (a.sensitive === undefined)
      pair.add(
        "warning",
        "sensitivity-removed",
        at,
        [],
        `${name} is no longer marked sensitive (was ${b.sensitive}): its values are no longer redacted in logs and errors`,
      );
    else if (b.sensitive === undefined)
      pair.add(
        "info",
        "sensitivity-added",
        at,
        [],
        `${name} is now marked sensitive (${a.sensitive}): its values are redacted in logs and errors`,
      );
    else
      pair.add(
        "info",
        "sensitivity-changed",
        at,
        [],
        `${name} is now sensitive as ${a.sensitive} instead of ${b.sensitive}`,
      );
  }
  compareFacets(pair, at, name, b.facets, a.facets, dir);
}

function compareList(
  pair: ServicePair,
  at: string,
  name: string,
  b: ListShape | undefined,
  a: ListShape | undefined,
  dir: Direction,
): void {
  if (!b && !a) return;
  if (!b || !a) {
    pair.add(
      "breaking",
      "list-changed",
      at,
      ["source", pair.wire],
      `${name} ${a ? "became a list" : "is no longer a list"} (${directionText(dir)}): its TypeScript type and its wire form changed`,
    );
    return;
  }
  if ((b.item ?? null) !== (a.item ?? null)) {
    pair.add(
      "breaking",
      "wire-name-changed",
      at,
      [pair.wire],
      `the XML element of each entry of ${name} changed from ${show(b.item)} to ${show(a.item)}, while the TypeScript property stayed: messages of either form are refused by the other`,
    );
  }
  const bound = (n: number | undefined) => (n === undefined ? "unbounded" : String(n));
  const tighter = a.min > b.min || (a.max !== undefined && (b.max === undefined || a.max < b.max));
  const looser = a.min < b.min || (b.max !== undefined && (a.max === undefined || a.max > b.max));
  if (!tighter && !looser) return;
  const what = `the occurrence of ${name} changed from ${b.min}..${bound(b.max)} to ${a.min}..${bound(a.max)} (${directionText(dir)})`;
  if (tighter && dir.sent)
    pair.add(
      "breaking",
      "occurrence-changed",
      at,
      [pair.wire],
      `${what}: a request valid before may be refused`,
    );
  else if (looser && dir.received)
    pair.add(
      "warning",
      "occurrence-changed",
      at,
      [pair.wire],
      `${what}: a reader built on the old package may refuse a response`,
    );
  else pair.add("info", "occurrence-changed", at, [], what);
}

/** XML reads elements in schema order: the fields both sides have must stay in the same order. */
function compareOrder(
  pair: ServicePair,
  before: ObjectType,
  after: ObjectType,
  dir: Direction,
): void {
  if (after.kind !== "object") return;
  const afterNames = new Set(after.allFields.map((f) => f.name));
  const beforeNames = new Set(before.allFields.map((f) => f.name));
  const b = before.allFields.map((f) => f.name).filter((n) => afterNames.has(n));
  const a = after.allFields.map((f) => f.name).filter((n) => beforeNames.has(n));
  if (b.join("\u0000") === a.join("\u0000")) return;
  pair.add(
    "breaking",
    "element-order-changed",
    pair.path("types", after.name),
    ["wire-xml"],
    `the XML elements of ${after.name} are now in the order ${a.join(", ")} (was ${b.join(", ")}; ${directionText(dir)}): a message in the old order is refused`,
  );
}

function show(v: unknown): string {
  return v === undefined ? "none" : JSON.stringify(v);
}
