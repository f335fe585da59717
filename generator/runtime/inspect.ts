/**
 * Redacted inspect output for objects that hold sensitive values: console.log,
 * util.inspect and test runners show the redacted form; JSON.stringify and
 * property access still see the real values, which the wire needs.
 */

import { inspectSymbol } from "./redact.js";

/** Gives `value` a non-enumerable inspect method that shows `redacted(value)` instead. */
export function withRedactedInspect<T extends object>(value: T, redacted: (value: T) => unknown): T {
  Object.defineProperty(value, inspectSymbol, {
    value: (_depth: number, options: object, inspect?: (v: unknown, o: object) => string) =>
      inspect ? inspect(redacted(value), options) : redacted(value),
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return value;
}
