import { propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";

/**
 * A JSON-like value (strings, finite numbers, booleans, null, arrays, plain
 * objects) as a TypeScript expression: strings through the one escaping
 * function, keys through the one property-name rule. `undefined` members are
 * left out.
 */
export function valueLiteral(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return stringLiteral(value);
    case "boolean":
      return String(value);
    case "number":
      if (!Number.isFinite(value)) throw new Error(`not a finite number: ${String(value)}`);
      return Object.is(value, -0) ? "0" : String(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(valueLiteral).join(", ")}]`;
      const members = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${propertyName(k)}: ${valueLiteral(v)}`);
      return `{ ${members.join(", ")} }`;
    }
    default:
      throw new Error(`not a JSON-like value: ${typeof value}`);
  }
}
