/**
 * The typed query builder. Every method checks its arguments against the
 * language, so a tree built with it always renders to a query that parses
 * without errors (warnings about recommendations remain possible: see
 * `validateQuery`).
 */

import type { AnyOfNode, EqNode, PrefixNode, QueryNode, RangeNode, WildcardNode } from "./ast.js";
import { parenDepth } from "./ast.js";
import { DateMath } from "./date-math.js";
import { QueryError } from "./errors.js";
import {
  indexLanguage,
  type FieldOf,
  type QueryLanguage,
  type TextFieldOf,
  type TimeFieldOf,
} from "./language.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { isBarePattern } from "./quote.js";
import { rangeBounds, type DateMathInput, type RangeBounds, type RangeOptions } from "./range.js";
import { toString } from "./render.js";
import { createSort, type SortFunction } from "./sort.js";
import { checkWildcard, unknownFieldText } from "./validate.js";

/**
 * Builds query nodes over the fields `F`; `X` are the text fields (values and
 * wildcards), `T` the time fields (ranges).
 */
export interface QueryBuilder<F extends string, X extends string = F, T extends string = F> {
  /** The language the builder checks against. */
  readonly language: QueryLanguage<F, string>;
  /** `field:value`. The value is quoted when needed. */
  eq(field: X, value: string): EqNode<F>;
  /** `field:(v1 OR v2 OR v3)`; at least one value. */
  anyOf(field: X, values: readonly string[]): AnyOfNode<F>;
  /**
   * `field:abc*`. Throws {@link QueryError} (`query.wildcard`) when `start`
   * has fewer characters than the language's `minPrefix`, and
   * (`query.invalid-argument`) when it has characters that cannot be written
   * bare (letters, digits and `_ . @`, then also `+ -`).
   */
  prefix(field: X, start: string): PrefixNode<F>;
  /** A wildcard pattern such as `abc*def*`; a plain trailing `*` gives a prefix node. */
  wildcard(field: X, pattern: string): PrefixNode<F> | WildcardNode<F>;
  /**
   * `field:[start TO end}` on a time field; by default the start is included
   * and the end excluded. Bounds are date math, `Date`s or epoch milliseconds.
   */
  range(field: T, start: DateMathInput, end: DateMathInput, options?: RangeOptions): RangeNode<F>;
  /** `field:[start TO end}` from bounds, e.g. `range("submitTimeUtc", presets.today())`. */
  range(field: T, bounds: RangeBounds): RangeNode<F>;
  /** `a AND b`; nested `and`s are flattened, a single operand is returned as is. */
  and(first: QueryNode<F>, ...rest: QueryNode<F>[]): QueryNode<F>;
  /** `a OR b`; nested `or`s are flattened, a single operand is returned as is. */
  or(first: QueryNode<F>, ...rest: QueryNode<F>[]): QueryNode<F>;
  /** `field:asc` / `field:desc` over the known fields. */
  readonly sort: SortFunction<F>;
}

function isBounds(value: unknown): value is RangeBounds {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof DateMath) &&
    !(value instanceof Date) &&
    "start" in value &&
    "end" in value
  );
}

function stripColumn(message: string): string {
  return message.replace(/^col \d+: /, "");
}

/**
 * A builder for a language. Declare the language `as const` (or pass an
 * object literal) so that `eq`/`prefix` accept only text fields and `range`
 * only time fields.
 */
export function createQueryBuilder<const L extends QueryLanguage<string, string>>(
  language: L,
): QueryBuilder<FieldOf<L>, TextFieldOf<L>, TimeFieldOf<L>> {
  type F = FieldOf<L>;
  const typed = language as unknown as QueryLanguage<F, string>;
  const index = indexLanguage(language);

  const checkField = (op: string, field: unknown, kind: "text" | "time"): F => {
    const spec = typeof field === "string" ? index.fields.get(field) : undefined;
    if (spec === undefined) {
      throw new QueryError("unknown-field", `${op}: ${unknownFieldText(String(field), index)}`);
    }
    if (spec.kind !== kind) {
      throw new QueryError(
        "field-kind",
        kind === "time"
          ? `${op}: ${String(field)} is a text field; ranges are only for time fields`
          : `${op}: ${String(field)} is a time field; use range()`,
      );
    }
    return field as F;
  };

  const checkString = (op: string, value: unknown): string => {
    if (typeof value !== "string")
      throw new QueryError("invalid-argument", `${op}: values are strings`);
    return value;
  };

  const checkPattern = (op: string, pattern: string): void => {
    if (pattern.length > 0 && !isBarePattern(pattern)) {
      throw new QueryError(
        "invalid-argument",
        `${op}: a wildcard pattern may contain only letters, digits, _ . @ + - and * (it cannot be quoted), and cannot start with + or -`,
      );
    }
    const problem = checkWildcard(pattern.includes("*") ? pattern : `${pattern}*`, 1, language);
    if (problem !== undefined)
      throw new QueryError("wildcard", `${op}: ${stripColumn(problem.message)}`, [problem]);
  };

  const combine = (kind: "and" | "or", operands: readonly QueryNode<F>[]): QueryNode<F> => {
    const flat: QueryNode<F>[] = [];
    for (const operand of operands) {
      if (typeof operand !== "object" || operand === null || typeof operand.kind !== "string") {
        throw new QueryError("invalid-argument", `${kind}: operands are query nodes`);
      }
      if (operand.kind === kind) for (const inner of operand.operands) flat.push(inner);
      else flat.push(operand);
    }
    const first = flat[0];
    if (first === undefined)
      throw new QueryError("invalid-argument", `${kind}: at least one operand is needed`);
    if (flat.length === 1) return first;
    const node: QueryNode<F> = node$({ kind, operands: Object.freeze(flat) });
    if (parenDepth(node) > MAX_NESTING_DEPTH) {
      throw new QueryError(
        "too-deep",
        `${kind}: the query would nest parentheses deeper than ${MAX_NESTING_DEPTH} levels`,
      );
    }
    return node;
  };

  function range(
    field: TimeFieldOf<L>,
    start: DateMathInput | RangeBounds,
    end?: DateMathInput,
    options?: RangeOptions,
  ): RangeNode<F> {
    const f = checkField("range", field, "time");
    let bounds: RangeBounds;
    if (end === undefined && isBounds(start)) {
      bounds = rangeBounds(start.start, start.end, {
        startInclusive: start.startInclusive,
        endInclusive: start.endInclusive,
      });
    } else if (end !== undefined && !isBounds(start)) {
      bounds = rangeBounds(start, end, options);
    } else {
      throw new QueryError("invalid-argument", "range: give (start, end, options?) or (bounds)");
    }
    for (const step of [...bounds.start.steps, ...bounds.end.steps]) {
      if (!index.units.has(step.unit)) {
        throw new QueryError(
          "invalid-argument",
          `range: the date-math unit ${step.unit} is not accepted by this language`,
        );
      }
    }
    return node$({ kind: "range", field: f, ...bounds });
  }

  return Object.freeze({
    language: typed,
    eq(field: TextFieldOf<L>, value: string): EqNode<F> {
      const f = checkField("eq", field, "text");
      return node$({ kind: "eq", field: f, value: checkString("eq", value) });
    },
    anyOf(field: TextFieldOf<L>, values: readonly string[]): AnyOfNode<F> {
      const f = checkField("anyOf", field, "text");
      if (!Array.isArray(values) || values.length === 0) {
        throw new QueryError("invalid-argument", "anyOf: at least one value is needed");
      }
      const copy = values.map((v: unknown) => checkString("anyOf", v));
      return node$({ kind: "anyOf", field: f, values: Object.freeze(copy) });
    },
    prefix(field: TextFieldOf<L>, start: string): PrefixNode<F> {
      const f = checkField("prefix", field, "text");
      checkString("prefix", start);
      if (start.includes("*")) {
        throw new QueryError(
          "invalid-argument",
          "prefix: the start must not contain *; use wildcard()",
        );
      }
      checkPattern("prefix", start);
      return node$({ kind: "prefix", field: f, prefix: start });
    },
    wildcard(field: TextFieldOf<L>, pattern: string): PrefixNode<F> | WildcardNode<F> {
      const f = checkField("wildcard", field, "text");
      checkString("wildcard", pattern);
      if (!pattern.includes("*"))
        throw new QueryError("invalid-argument", "wildcard: the pattern has no *");
      checkPattern("wildcard", pattern);
      const star = pattern.indexOf("*");
      if (star === pattern.length - 1)
        return node$({ kind: "prefix", field: f, prefix: pattern.slice(0, -1) });
      return node$({ kind: "wildcard", field: f, pattern });
    },
    range,
    and: (first: QueryNode<F>, ...rest: QueryNode<F>[]) => combine("and", [first, ...rest]),
    or: (first: QueryNode<F>, ...rest: QueryNode<F>[]) => combine("or", [first, ...rest]),
    sort: createSort(typed),
  });
}

/**
 * A frozen query node whose `String(node)` (and template literal) is its
 * query text. `toString` is not enumerable: JSON and equality see the node's
 * data only.
 */
function node$<N extends QueryNode<string>>(node: N): N {
  Object.defineProperty(node, "toString", { value: () => toString(node), enumerable: false });
  return Object.freeze(node);
}
