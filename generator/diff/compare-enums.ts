import type { EnumType } from "../model/ir.js";
import { directionText, type ServicePair } from "./diff-context.js";

/** Enums added and removed, and their values, defaults and TypeScript names. */
export function compareEnums(pair: ServicePair): void {
  for (const e of pair.before.enums) {
    if (!pair.after.enums.some((x) => x.name === e.name)) {
      pair.add(
        "breaking",
        "enum-removed",
        pair.path("enums", e.name),
        ["source"],
        `enum ${e.name} was removed: code naming it no longer compiles`,
      );
    }
  }
  for (const e of pair.after.enums) {
    const before = pair.before.enums.find((x) => x.name === e.name);
    if (!before)
      pair.add(
        "info",
        "enum-added",
        pair.path("enums", e.name),
        [],
        `enum ${e.name} was added`,
        true,
      );
    else compareEnum(pair, before, e);
  }
}

function compareEnum(pair: ServicePair, before: EnumType, after: EnumType): void {
  const dir = pair.enumDirection(after.name);
  const at = pair.path("enums", after.name);
  const tsBefore = pair.beforeNames.get("type", before.name);
  const tsAfter = pair.afterNames.get("type", after.name);
  if (tsBefore !== tsAfter) {
    pair.add(
      "breaking",
      "ts-name-changed",
      at,
      ["source"],
      `the TypeScript name of enum ${after.name} changed from ${tsBefore} to ${tsAfter} (the wire is unchanged): code naming ${tsBefore} no longer compiles`,
    );
  }
  const beforeValues = new Set(before.values.map((v) => v.value));
  const afterValues = new Set(after.values.map((v) => v.value));
  for (const v of before.values) {
    if (afterValues.has(v.value)) continue;
    const where = pair.path("enums", after.name, v.value);
    if (dir.sent) {
      pair.add(
        "breaking",
        "enum-value-removed",
        where,
        ["source", pair.wire],
        `value ${JSON.stringify(v.value)} of ${after.name} was removed (${directionText(dir)}): a request sending it is refused, and code naming it no longer compiles`,
      );
    } else {
      pair.add(
        "warning",
        "enum-value-removed",
        where,
        ["source"],
        `value ${JSON.stringify(v.value)} of ${after.name} was removed (${directionText(dir)}): code comparing with it no longer compiles`,
      );
    }
  }
  for (const v of after.values) {
    if (beforeValues.has(v.value)) continue;
    const where = pair.path("enums", after.name, v.value);
    if (dir.received) {
      pair.add(
        "warning",
        "enum-value-added",
        where,
        [pair.wire],
        `value ${JSON.stringify(v.value)} was added to ${after.name} (${directionText(dir)}): a reader built on the old package refuses a response holding it`,
        true,
      );
    } else {
      pair.add(
        "info",
        "enum-value-added",
        where,
        [],
        `value ${JSON.stringify(v.value)} was added to ${after.name} (${directionText(dir)})`,
        true,
      );
    }
  }
  if (before.default !== after.default) {
    pair.add(
      "warning",
      "default-changed",
      at,
      [pair.wire],
      `the default of ${after.name} changed from ${JSON.stringify(before.default ?? null)} to ${JSON.stringify(after.default ?? null)}: a message leaving it out now means something else`,
    );
  }
  if (JSON.stringify(before.groups ?? null) !== JSON.stringify(after.groups ?? null)) {
    pair.add(
      "info",
      "enum-groups-changed",
      at,
      [],
      `the groups of ${after.name} changed: lookups from a value to its groups answer differently`,
    );
  }
}
