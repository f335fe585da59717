import type { ConstValue } from "../model/ir.js";
import { propertyName } from "./safe-names.js";
import { constLiteral, stringLiteral } from "./schema-text.js";

/** `.key`, or `["key"]` when the key is not an identifier. */
function memberAccess(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${stringLiteral(key)}]`;
}

/** `?.key`, or `?.["key"]`. */
function optionalAccess(key: string): string {
  return `?.${memberAccess(key).replace(/^\./, "")}`;
}

/** Request constants as a tree of their dotted paths: each leaf holds the literal of its value. */
interface Level {
  value?: string;
  readonly children: Map<string, Level>;
}

function treeOf(
  constants: readonly { readonly path: string; readonly value: ConstValue }[],
): Level {
  const root: Level = { children: new Map() };
  for (const c of constants) {
    let level = root;
    for (const key of c.path.split(".")) {
      let next = level.children.get(key);
      if (!next) level.children.set(key, (next = { children: new Map() }));
      level = next;
    }
    level.value = constLiteral(c.value);
  }
  return root;
}

/** The object type that holds each constant at its dotted path, every level optional: `{ a?: { b?: true } }`. */
export function constantsType(
  constants: readonly { readonly path: string; readonly value: ConstValue }[],
): string {
  const render = (level: Level): string =>
    level.value ??
    `{ ${[...level.children].map(([key, child]) => `${propertyName(key)}?: ${render(child)}`).join("; ")} }`;
  return render(treeOf(constants));
}

/**
 * An expression that is `value` with each constant written at its path as a
 * literal, so that the compiler sees the constants' literal types without a
 * cast: `{ ...v, a: { ...v.a, b: true } }`.
 */
export function withConstantsExpression(
  value: string,
  constants: readonly { readonly path: string; readonly value: ConstValue }[],
): string {
  // Below the value itself, a level may be absent: it is read with `?.`.
  const render = (level: Level, at: string, access: (key: string) => string): string =>
    level.value ??
    `{ ...${at}, ${[...level.children].map(([key, child]) => `${propertyName(key)}: ${render(child, `${at}${access(key)}`, optionalAccess)}`).join(", ")} }`;
  return render(treeOf(constants), value, memberAccess);
}
