import type { Position } from "../../diagnostics/diagnostic.js";
import type { TypeDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";

/** Adds an opaque type: an object the description does not look into (kept whole, open), or a list of untyped values. */
export function addOpaqueType(
  ctx: DescribeContext,
  name: string,
  at: Position,
  notes: Note[],
  doc: string | undefined,
  origin: TypeDescription["origin"],
  more: { deprecated?: true; list?: true } = {},
): void {
  ctx.types.push({
    name,
    at,
    kind: "opaque",
    fields: [],
    open: true,
    origin,
    notes,
    ...(doc !== undefined ? { doc } : {}),
    ...more,
  });
}
