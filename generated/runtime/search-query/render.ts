/**
 * Rendering of query nodes to query text.
 *
 * Parentheses: an operand whose operator differs from its parent's (an `OR`
 * inside an `AND`, or an `AND` inside an `OR`) is parenthesized; nothing else
 * is. `AND` inside `OR` is parenthesized on purpose: Lucene-style services do
 * not reliably give AND precedence over OR, so mixed operators are always
 * grouped explicitly.
 */

import { parenDepth, type QueryNode } from "./ast.js";
import { QueryError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { formatValue } from "./quote.js";
import { renderRange, type RangeBounds } from "./range.js";

function render(node: QueryNode): string {
  switch (node.kind) {
    case "eq":
      return `${node.field}:${formatValue(node.value)}`;
    case "anyOf":
      return `${node.field}:(${node.values.map(formatValue).join(" OR ")})`;
    case "prefix":
      return `${node.field}:${node.prefix}*`;
    case "wildcard":
      return `${node.field}:${node.pattern}`;
    case "range":
      return `${node.field}:${renderRange(node)}`;
    case "and":
    case "or": {
      const parts: string[] = [];
      for (const operand of node.operands) {
        const text = render(operand);
        const group =
          (operand.kind === "and" || operand.kind === "or") && operand.kind !== node.kind;
        parts.push(group ? `(${text})` : text);
      }
      return parts.join(node.kind === "and" ? " AND " : " OR ");
    }
  }
}

/**
 * Renders a query node (or bare range bounds) as query text. Throws
 * {@link QueryError} when a hand-made tree nests deeper than the parser
 * accepts.
 */
export function toString(node: QueryNode | RangeBounds): string {
  if (!("kind" in node)) return renderRange(node);
  if (parenDepth(node) > MAX_NESTING_DEPTH) {
    throw new QueryError(
      "too-deep",
      `the query nests parentheses deeper than ${MAX_NESTING_DEPTH} levels`,
    );
  }
  return render(node);
}
