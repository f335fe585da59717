import type { SchemaShape } from "./openapi-model.js";

/** A map: an object whose members are all of one schema (`additionalProperties`), without named properties. */
export function isMap(shape: SchemaShape): boolean {
  const kinds = shape.types.filter((t) => t !== "null");
  return (
    (kinds.length === 0 || (kinds.length === 1 && kinds[0] === "object")) &&
    (shape.properties === undefined || shape.properties.length === 0) &&
    shape.additionalProperties !== undefined &&
    shape.additionalProperties !== false
  );
}
