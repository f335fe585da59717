import { isDeepStrictEqual } from "node:util";
import type { Field, ObjectType } from "../model/ir.js";

/** How a type's interface says the types whose properties it includes (`ObjectType.includes`). */
export interface Inclusion {
  /** The object types it extends: their fields are declared there, not repeated. */
  readonly extended: readonly ObjectType[];
  /** The included types it does not extend, by their model names: its doc comment names them. */
  readonly named: readonly string[];
  /** Its fields that its interface declares: those no extended type declares. */
  readonly own: readonly Field[];
}

/**
 * The interface of a type that includes the properties of others (OpenAPI's
 * `allOf` of named schemas) extends each included object type whose every
 * field, its bases' too, the type holds unchanged, and that has no index
 * signature the type lacks: TypeScript then reads the same type, and each
 * field is declared once. An included type whose fields the contract narrows
 * or overrides here (a property made required, a conflict between parts)
 * is not extended: its fields stay declared on the type, and the doc comment
 * names it.
 */
export function inclusionOf(type: ObjectType, types: ReadonlyMap<string, ObjectType>): Inclusion {
  const extended: ObjectType[] = [];
  const named: string[] = [];
  for (const name of type.includes ?? []) {
    const part = types.get(name);
    // A schema merged in that is no type of the model (a scalar's) has no properties to name.
    if (part === undefined) continue;
    if (extendable(type, part)) extended.push(part);
    else named.push(name);
  }
  const inherited = new Set(extended.flatMap((part) => part.allFields.map((f) => f.name)));
  return { extended, named, own: type.fields.filter((f) => !inherited.has(f.name)) };
}

function extendable(type: ObjectType, part: ObjectType): boolean {
  if (part.kind !== "object" || part.allFields.length === 0) return false;
  if (part.facts.extras === "properties" && type.facts.extras !== "properties") return false;
  const fields = new Map(type.fields.map((f) => [f.name, f]));
  return part.allFields.every((f) => isDeepStrictEqual(fields.get(f.name), f));
}
