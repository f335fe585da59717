import type { Position } from "../../diagnostics/diagnostic.js";
import type { TypeOrigin } from "../../model/vocabulary.js";
import type { XsdMapping } from "./xsd-mapping.js";

/**
 * The type of an element that declares none (`xs:anyType`): an opaque type
 * of any content, named `name` (claimed in the naming table), pushed once
 * whether the element is global or local. Returns the name it got.
 */
export function anyContentType(
  ctx: XsdMapping,
  at: Position,
  name: string,
  origin: TypeOrigin,
): string {
  const typeName = ctx.claim(name);
  ctx.types.push({
    name: typeName,
    at,
    kind: "opaque",
    fields: [],
    open: false,
    origin,
    notes: [{ kind: "info", text: "Any content (xs:anyType)." }],
  });
  return typeName;
}
