/**
 * The syntax tree of a query. Builders produce it, the parser produces the
 * same shapes, and `toString` renders it. Nodes are plain immutable data.
 * `and` and `or` nodes are flat (an `and` never has an `and` operand) and
 * have at least two operands.
 */

import type { RangeBounds } from "./range.js";

/** `field:value` — an exact value. */
export interface EqNode<F extends string = string> {
  readonly kind: "eq";
  readonly field: F;
  readonly value: string;
}

/** `field:(v1 OR v2 OR v3)` — any of several exact values. */
export interface AnyOfNode<F extends string = string> {
  readonly kind: "anyOf";
  readonly field: F;
  readonly values: readonly string[];
}

/** `field:abc*` — values starting with `prefix`. */
export interface PrefixNode<F extends string = string> {
  readonly kind: "prefix";
  readonly field: F;
  readonly prefix: string;
}

/** `field:ab*cd*` — a wildcard pattern other than a plain prefix; every `*` is a wildcard. */
export interface WildcardNode<F extends string = string> {
  readonly kind: "wildcard";
  readonly field: F;
  readonly pattern: string;
}

/** `field:[start TO end}` — a time range on a time field. */
export interface RangeNode<F extends string = string> extends RangeBounds {
  readonly kind: "range";
  readonly field: F;
}

/** `a AND b AND c`. */
export interface AndNode<F extends string = string> {
  readonly kind: "and";
  readonly operands: readonly QueryNode<F>[];
}

/** `a OR b OR c`. */
export interface OrNode<F extends string = string> {
  readonly kind: "or";
  readonly operands: readonly QueryNode<F>[];
}

/** A filter on one field. */
export type FieldNode<F extends string = string> =
  EqNode<F> | AnyOfNode<F> | PrefixNode<F> | WildcardNode<F> | RangeNode<F>;

/** Any query node. */
export type QueryNode<F extends string = string> = FieldNode<F> | AndNode<F> | OrNode<F>;

/**
 * Depth of parentheses needed to render the node (0 for a field filter, 1
 * for `a AND (b OR c)`). Iterative, so any hand-made tree is safe to measure.
 */
export function parenDepth(node: QueryNode): number {
  let max = 0;
  const stack: [QueryNode, number][] = [[node, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [current, depth] = item;
    if (depth > max) max = depth;
    if (current.kind === "and" || current.kind === "or") {
      for (const operand of current.operands) {
        const nested =
          (operand.kind === "and" || operand.kind === "or") && operand.kind !== current.kind;
        stack.push([operand, nested ? depth + 1 : depth]);
      }
    }
  }
  return max;
}
