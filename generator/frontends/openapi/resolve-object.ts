import { FORMAT_NAMES } from "./detect-format.js";
import { ObjectReader, objectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import type { ReadContext } from "./read-context.js";

/** Most `$ref`s followed in a row before a chain is taken for a loop. */
const MAX_REF_HOPS = 32;

/**
 * The object a part of the description stands for: itself, or what its
 * `$ref` leads to (in whatever file), following chains of references. A
 * reference that leads nowhere, loops, or is not to an object is reported
 * and gives `undefined`. Keys next to `$ref` are ignored with a `ref-sibling`
 * warning (3.1 allows `summary` and `description`, which then describe this use).
 */
export function resolveObject(
  context: Pick<ReadContext, "format" | "documents" | "problems">,
  reader: ObjectReader<SourceDocument>,
  what: string,
): ResolvedObject | undefined {
  const resolved = resolveObjectOrMissing(context, reader, what);
  return resolved === "missing" ? undefined : resolved;
}

/** The object a `$ref` chain ends at, with the description of this use (3.1). */
export interface ResolvedObject {
  readonly reader: ObjectReader<SourceDocument>;
  readonly description?: string;
}

/**
 * As `resolveObject`; with `missing` (how the caller reads it), a `$ref` that
 * leads nowhere in a file that was read is a `missing-ref` warning saying so,
 * and gives `"missing"`.
 */
export function resolveObjectOrMissing(
  context: Pick<ReadContext, "format" | "documents" | "problems">,
  reader: ObjectReader<SourceDocument>,
  what: string,
  missing?: string,
): ResolvedObject | "missing" | undefined {
  let current = reader;
  let description: string | undefined;
  const seen = new Set<string>();
  for (let hop = 0; current.has("$ref"); hop++) {
    for (const member of current.node.members.values()) {
      if (member.key === "$ref" || member.key.startsWith("x-")) continue;
      if (
        context.format === "openapi-3.1" &&
        (member.key === "summary" || member.key === "description")
      )
        continue;
      current.warning(
        member.keyAt,
        "ref-sibling",
        `"${member.key}" next to "$ref" is ignored, as ${FORMAT_NAMES[context.format]} says (move it into the referenced ${what})`,
        current.pointerOf(member.key),
      );
    }
    if (context.format === "openapi-3.1") description ??= current.string("description");
    const ref = current.string("$ref");
    if (ref === undefined) return undefined;
    const target = context.documents.resolve(
      ref,
      current.document,
      current.member("$ref")!.value.at,
      current.pointer,
      missing,
    );
    if (target === undefined || target === "missing") return target;
    if (seen.has(target.key) || hop >= MAX_REF_HOPS) {
      current.error(
        current.at,
        `$ref "${ref}" is part of a loop of references that never reaches a ${what}`,
      );
      return undefined;
    }
    seen.add(target.key);
    const next = objectReader(
      target.node,
      target.document,
      target.pointer,
      context.problems,
      `the ${what} "${ref}" leads to`,
    );
    if (!next) return undefined;
    current = next;
  }
  return description === undefined ? { reader: current } : { reader: current, description };
}
