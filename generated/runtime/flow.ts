/**
 * Documented request flows: which fields a flow requires, which constants it
 * fixes and which defaults it assumes. Generated builders use this to fill in
 * what the caller must not get wrong.
 */
import { ValidationError, type ValidationIssue } from "./errors.js";
import { defineOwn } from "./read-values.js";

/** A constant or default value of a flow. */
export type FlowValue = string | number | boolean;

/** A default of a flow: one value, or a list of them for a list field. */
export type FlowDefault = FlowValue | readonly FlowValue[];

/** One documented flow, as data. Paths are dotted request paths. */
export interface FlowSpec {
  readonly name: string;
  readonly required: readonly string[];
  /** Groups of paths of which exactly one must be given (a document that gives two readings). */
  readonly exactlyOne?: readonly (readonly string[])[];
  readonly constants: readonly (readonly [path: string, value: FlowValue])[];
  readonly defaults: readonly (readonly [path: string, value: FlowDefault])[];
  /** Documented value lists of the flow, by label: the card types it supports, say. */
  readonly supports?: Readonly<Record<string, readonly string[]>>;
}

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/** The value at a dotted path, through own properties only. */
export function getPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const key of path.split(".")) {
    if (typeof cur !== "object" || cur === null || Array.isArray(cur)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Sets the value at a dotted path, creating plain objects on the way; never touches a prototype. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur: Record<string, unknown> = target;
  for (const [i, key] of keys.entries()) {
    if (FORBIDDEN.has(key)) throw new TypeError(`refusing to set a path through "${key}"`);
    if (i === keys.length - 1) {
      defineOwn(cur, key, value);
      return;
    }
    const next = Object.prototype.hasOwnProperty.call(cur, key) ? cur[key] : undefined;
    if (typeof next === "object" && next !== null && !Array.isArray(next))
      cur = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      defineOwn(cur, key, created);
      cur = created;
    }
  }
}

/**
 * A fresh request from the caller's input: a deep copy, then each flow's
 * defaults where the caller gave nothing, then each flow's constants.
 */
export function applyFlows(input: object, flows: readonly FlowSpec[]): Record<string, unknown> {
  const out = structuredClone(input) as Record<string, unknown>;
  for (const flow of flows) {
    // A list default is copied: the request never shares an array with the flow's data.
    for (const [path, value] of flow.defaults)
      if (getPath(out, path) === undefined)
        setPath(out, path, typeof value === "object" ? [...value] : value);
  }
  for (const flow of flows) for (const [path, value] of flow.constants) setPath(out, path, value);
  return out;
}

/**
 * A request with the values its operation always sends: the caller's own
 * request when it already holds them, else a copy with them filled in.
 * Throws `ValidationError` when the caller gave another value: sending it
 * would make the request a different operation.
 */
export function withConstants<Req>(
  request: Req | undefined,
  constants: readonly (readonly [path: string, value: FlowValue])[],
  operation: string,
): Req {
  const issues: ValidationIssue[] = [];
  const missing: (readonly [string, FlowValue])[] = [];
  for (const [path, expected] of constants) {
    const actual = getPath(request, path);
    if (actual === undefined) missing.push([path, expected]);
    else if (actual !== expected)
      issues.push({
        path,
        code: "const",
        message: `must be ${JSON.stringify(expected)}: the ${operation} operation always sends it`,
      });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  if (missing.length === 0) return request as Req;
  // The caller's object is left as it was; the request sent is a copy. Its type is checked by the operation's validator next.
  const out = (request === undefined ? {} : structuredClone(request)) as Record<string, unknown>;
  for (const [path, value] of missing) setPath(out, path, value);
  return out as Req;
}

/**
 * Copies into a flow's request the values it takes from an earlier answer
 * (`source`, the `operation`'s response), each from its path there to its
 * path in the request; a value the answer lacks is a `required` issue.
 */
export function copyFromAnswer(
  source: unknown,
  request: Record<string, unknown>,
  copies: readonly (readonly [from: string, to: string])[],
  operation: string,
  issues: ValidationIssue[],
): void {
  for (const [from, to] of copies) {
    const copied = getPath(source, from);
    if (copied === undefined)
      issues.push({
        path: to,
        code: "required",
        message: `is copied from ${from} of the ${operation} response, which has none`,
      });
    else setPath(request, to, copied);
  }
}

/** Reports the flow's required fields that are missing and its constants that differ. */
export function checkFlow(value: unknown, flow: FlowSpec, issues: ValidationIssue[]): void {
  for (const path of flow.required) {
    if (getPath(value, path) === undefined) {
      issues.push({ path, code: "required", message: `is required by the ${flow.name} flow` });
    }
  }
  for (const group of flow.exactlyOne ?? []) {
    const given = group.filter((path) => getPath(value, path) !== undefined);
    if (given.length === 0) {
      issues.push({
        path: group[0]!,
        code: "required",
        message: `or ${group.slice(1).join(" or ")} is required by the ${flow.name} flow (exactly one of them)`,
      });
    } else if (given.length > 1) {
      issues.push({
        path: given[1]!,
        code: "choice",
        message: `is given with ${given[0]}: the ${flow.name} flow takes exactly one of them`,
      });
    }
  }
  for (const [path, expected] of flow.constants) {
    const actual = getPath(value, path);
    if (actual !== undefined && actual !== expected) {
      issues.push({
        path,
        code: "const",
        message: `must be ${JSON.stringify(expected)} in the ${flow.name} flow`,
      });
    }
  }
}
