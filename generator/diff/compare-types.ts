import type { ObjectType } from "../model/ir.js";
import { compareFields } from "./compare-fields.js";
import { directionText, type ServicePair } from "./diff-context.js";
import { typeShape } from "./type-shape.js";

/** Pairs of a removed and an added type of one shape (with fields), when that shape is unique on both sides. */
export function findRenamedTypes(pair: ServicePair): void {
  const beforeNames = new Set(pair.before.types.map((t) => t.name));
  const afterNames = new Set(pair.after.types.map((t) => t.name));
  // A type without fields of its own says too little to be recognised.
  const removed = pair.before.types.filter((t) => !afterNames.has(t.name) && t.fields.length > 0);
  const added = pair.after.types.filter((t) => !beforeNames.has(t.name) && t.fields.length > 0);
  const byShape = (types: readonly ObjectType[]) => {
    const m = new Map<string, ObjectType[]>();
    for (const t of types) m.set(typeShape(t), [...(m.get(typeShape(t)) ?? []), t]);
    return m;
  };
  const addedByShape = byShape(added);
  for (const [shape, olds] of byShape(removed)) {
    const news = addedByShape.get(shape);
    if (olds.length === 1 && news?.length === 1)
      pair.renamedTypes.set(olds[0]!.name, news[0]!.name);
  }
}

/** Types added, removed, renamed, and every change inside the types on both sides. */
export function compareTypes(pair: ServicePair): void {
  const renamedTo = new Set(pair.renamedTypes.values());
  for (const t of pair.before.types) {
    const renamed = pair.renamedTypes.get(t.name);
    if (renamed !== undefined) {
      pair.add(
        "breaking",
        "type-renamed",
        pair.path("types", t.name),
        ["source"],
        typeShape(t) === typeShape(pair.typeAfter(renamed)!)
          ? `type ${t.name} is now ${renamed} with the same fields: messages are unchanged, but code naming ${t.name} no longer compiles`
          : `type ${t.name} is now ${renamed}: code naming ${t.name} no longer compiles`,
      );
      continue;
    }
    if (!pair.typeAfter(t.name)) {
      pair.add(
        "breaking",
        "type-removed",
        pair.path("types", t.name),
        ["source"],
        `type ${t.name} was removed: code naming it no longer compiles`,
      );
    }
  }
  for (const t of pair.after.types) {
    if (pair.typeBefore(t.name) || renamedTo.has(t.name)) continue;
    pair.add(
      "info",
      "type-added",
      pair.path("types", t.name),
      [],
      `type ${t.name} was added (${directionText(t.facts)})`,
      true,
    );
  }
  for (const before of pair.before.types) {
    const afterName = pair.mapped(before.name);
    const after = pair.typeAfter(afterName);
    if (!after) continue;
    compareType(pair, before, after);
  }
}

function compareType(pair: ServicePair, before: ObjectType, after: ObjectType): void {
  const at = pair.path("types", after.name);
  const dir = pair.typeDirection(before.name, after.name);
  if (before.name === after.name) {
    const tsBefore = pair.beforeNames.get("type", before.name);
    const tsAfter = pair.afterNames.get("type", after.name);
    if (tsBefore !== tsAfter) {
      pair.add(
        "breaking",
        "ts-name-changed",
        at,
        ["source"],
        `the TypeScript name of type ${after.name} changed from ${tsBefore} to ${tsAfter} (the wire is unchanged): code naming ${tsBefore} no longer compiles`,
      );
    }
  }
  if (before.kind !== after.kind) {
    pair.add(
      "breaking",
      "type-kind-changed",
      at,
      ["source", pair.wire],
      `type ${after.name} changed from ${kindText(before.kind)} to ${kindText(after.kind)}: its values are written and read differently`,
    );
    return;
  }
  const baseBefore = before.base === undefined ? undefined : pair.mapped(before.base);
  if (baseBefore !== after.base) {
    const what =
      before.base === undefined
        ? `now extends ${after.base}`
        : after.base === undefined
          ? `no longer extends ${before.base}`
          : `extends ${after.base} instead of ${before.base}`;
    pair.add(
      "breaking",
      "base-changed",
      at,
      ["source", pair.wire],
      `type ${after.name} ${what}: the fields it inherits, and where it can be used, changed`,
    );
  }
  if (before.open !== after.open) {
    if (after.open)
      pair.add(
        "info",
        "type-opened",
        at,
        [],
        `type ${after.name} now keeps properties the schema does not name`,
      );
    else
      pair.add(
        dir.received ? "warning" : "info",
        "type-closed",
        at,
        [],
        `type ${after.name} no longer keeps unnamed properties (${directionText(dir)}): code reading them finds them gone`,
      );
  }
  if (after.kind === "union") {
    const variants = (t: ObjectType) => (t.variants ?? []).join(", ");
    const tags = (t: ObjectType) =>
      t.discriminator
        ? `${t.discriminator.property}: ${t.discriminator.mapping.map((m) => `${m.value}=${m.type}`).join(", ")}`
        : "none";
    const variantsBefore = (before.variants ?? []).map((v) => pair.mapped(v)).join(", ");
    if (variantsBefore !== variants(after)) {
      pair.add(
        "breaking",
        "union-variants-changed",
        at,
        ["source", pair.wire],
        `the union ${after.name} is now one of ${variants(after) || "nothing"} (was ${variantsBefore || "nothing"}): code handling each variant, and values of a removed one, change`,
      );
    }
    if (tags(before) !== tags(after)) {
      pair.add(
        "breaking",
        "union-tag-changed",
        at,
        ["source", pair.wire],
        `the discriminator of the union ${after.name} is now ${tags(after)} (was ${tags(before)}): values are told apart otherwise`,
      );
    }
  }
  compareFields(pair, before, after);
}

function kindText(kind: ObjectType["kind"]): string {
  return kind === "object"
    ? "an object"
    : kind === "choice"
      ? "a choice"
      : kind === "union"
        ? "a union"
        : "an opaque body";
}
