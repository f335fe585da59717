import type { ChoiceGroup, ObjectType, Service } from "../model/ir.js";
import { typesByName } from "./type-index.js";

/**
 * The choice groups that hold for a value of `type`: its bases' first, then
 * its own (`own` only: those a delegated base does not check itself).
 */
export function choiceGroupsOf(
  service: Service,
  type: ObjectType,
  scope: "all" | "own" = "all",
): ChoiceGroup[] {
  if (scope === "own") return [...(type.choices ?? [])];
  const byName = typesByName(service);
  const chain: ObjectType[] = [];
  const seen = new Set<string>();
  for (
    let t: ObjectType | undefined = type;
    t && !seen.has(t.name);
    t = t.base !== undefined ? byName.get(t.base) : undefined
  ) {
    seen.add(t.name);
    chain.unshift(t);
  }
  return chain.flatMap((t) => t.choices ?? []);
}
