/**
 * Redacted inspect output for objects that hold sensitive values: console.log,
 * util.inspect and test runners show the redacted form; JSON.stringify and
 * property access still see the real values, which the wire and the caller
 * need. Requests built by flows and results of calls are such objects.
 */

import { inspectSymbol } from "./redact.js";

/** The redacted form of each object given {@link withRedactedInspect}. */
const views = new WeakMap<object, () => unknown>();

/** Gives `value` a non-enumerable inspect method that shows `redacted(value)` instead. */
export function withRedactedInspect<T extends object>(
  value: T,
  redacted: (value: T) => unknown,
): T {
  const view = (): unknown => redacted(value);
  views.set(value, view);
  Object.defineProperty(value, inspectSymbol, {
    value: (_depth: number, options: object, inspect?: (v: unknown, o: object) => string) =>
      inspect ? inspect(view(), options) : view(),
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return value;
}

/**
 * What a log may show of `value`: its redacted form when it was given one by
 * {@link withRedactedInspect}, `value` itself otherwise. Errors use it in
 * `toJSON`, where the inspect method plays no part.
 */
export function loggable(value: unknown): unknown {
  const view = typeof value === "object" && value !== null ? views.get(value) : undefined;
  return view ? view() : value;
}
