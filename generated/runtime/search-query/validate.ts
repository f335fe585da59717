/**
 * The rules of the language checked on a syntax tree: known fields, field
 * kinds, wildcard rules, and the documented recommendations (values per
 * lookup, window length, default window).
 */

import type { AnyOfNode, EqNode, QueryNode, RangeNode } from "./ast.js";
import { now } from "./date-math.js";
import { countOf, diagnostic, quotable, type QueryDiagnostic } from "./diagnostics.js";
import { QueryError } from "./errors.js";
import { indexLanguage, type LanguageIndex, type QueryLanguage } from "./language.js";
import { MAX_EVALUATED_RANGES } from "./limits.js";
import { evaluateBoundsMs, rangeBounds, renderRange } from "./range.js";
import { didYouMean, suggest } from "./suggest.js";

/** Where a field filter was written: the field's column and the value's column. */
export interface NodeSpan {
  readonly column: number;
  readonly valueColumn: number;
}

/** What the rule checks need besides the tree. */
export interface RuleContext {
  readonly language: QueryLanguage;
  readonly spans: WeakMap<object, NodeSpan>;
  readonly nowMs: number;
  readonly timeZone: string;
  /** Receives each diagnostic; it may throw to stop the walk. */
  readonly report: (d: QueryDiagnostic) => void;
  /** Placeholder nodes of filters that already failed; they are not checked again. */
  readonly skip?: WeakSet<object>;
}

const MS_PER_DAY = 86_400_000;

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) n++;
    else {
      const d = text.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/**
 * Checks a wildcard pattern (containing at least one `*`) written at
 * `column`; returns the diagnostic, or `undefined` when it is fine.
 */
export function checkWildcard(
  pattern: string,
  column: number,
  language: QueryLanguage,
): QueryDiagnostic | undefined {
  const star = pattern.indexOf("*");
  if (star < 0) return undefined;
  if (star === 0) {
    if (language.wildcard.leading) return undefined;
    return diagnostic(column, "leading-wildcard", "error", "a leading wildcard is not supported");
  }
  const min = language.wildcard.minPrefix;
  if (codePoints(pattern.slice(0, star)) < min) {
    return diagnostic(
      column + star,
      "wildcard-too-short",
      "error",
      `a wildcard needs at least ${countOf(min, "character")} before *`,
    );
  }
  return undefined;
}

/** The message part for an unknown field, with a did-you-mean suggestion. */
export function unknownFieldText(name: string, index: LanguageIndex): string {
  const shown = quotable(name);
  // One suggestion per field: a name and its alias are the same field.
  const seen = new Set<object>();
  const names = suggest(name, index.names).filter((candidate) => {
    const spec = index.fields.get(candidate);
    if (spec === undefined || seen.has(spec)) return false;
    seen.add(spec);
    return true;
  });
  return `unknown field${shown === undefined ? "" : ` ${shown}`}${didYouMean(names)}`;
}

/** Applies every rule to the tree. */
export function checkRules(root: QueryNode, ctx: RuleContext): void {
  const index = indexLanguage(ctx.language);
  const max = ctx.language.recommend.maxValuesPerLookup;
  const windows = new Map<string, { start: number; end: number } | undefined>();
  let reference: number | undefined;
  let hasTimeFilter = false;
  let skippedReported = false;

  const spanOf = (node: object): NodeSpan => ctx.spans.get(node) ?? { column: 1, valueColumn: 1 };

  const checkRange = (node: RangeNode, span: NodeSpan, field: string): void => {
    const key = renderRange(node);
    let value: { start: number; end: number } | undefined;
    if (!windows.has(key) && windows.size >= MAX_EVALUATED_RANGES) {
      if (!skippedReported) {
        skippedReported = true;
        ctx.report(
          diagnostic(
            span.valueColumn,
            "checks-skipped",
            "info",
            `only the first ${MAX_EVALUATED_RANGES} distinct ranges are evaluated; this one and later ones are not checked`,
          ),
        );
      }
      return;
    }
    if (windows.has(key)) {
      value = windows.get(key);
    } else {
      try {
        value = evaluateBoundsMs(node, ctx.nowMs, ctx.timeZone);
      } catch (e) {
        if (!(e instanceof QueryError) || e.reason !== "out-of-range") throw e;
        value = undefined;
      }
      windows.set(key, value);
    }
    if (value === undefined) {
      ctx.report(
        diagnostic(
          span.valueColumn,
          "date-math-range",
          "error",
          "the range falls outside the supported years 1900 to 9998",
        ),
      );
      return;
    }
    const { start, end } = value;
    if (start > end || (start === end && !(node.startInclusive && node.endInclusive))) {
      ctx.report(
        diagnostic(
          span.valueColumn,
          "empty-range",
          "warning",
          "the range is empty: its start is not before its end",
        ),
      );
      return;
    }
    if (reference === undefined) {
      const days = ctx.language.recommend.maxWindowDays;
      const ref = rangeBounds(
        now().round("DAY").minus(days, "DAYS"),
        now().round("DAY").plus(1, "DAY"),
      );
      const r = evaluateBoundsMs(ref, ctx.nowMs, ctx.timeZone);
      reference = r.end - r.start;
    }
    if (end - start > reference) {
      const days = Math.round(((end - start) / MS_PER_DAY) * 10) / 10;
      ctx.report(
        diagnostic(
          span.valueColumn,
          "window-too-long",
          "warning",
          `the ${field} window is about ${days} days; at most ${countOf(
            ctx.language.recommend.maxWindowDays,
            "day",
          )} (plus the current day) are recommended for interactive searches`,
        ),
      );
    }
  };

  const visit = (node: QueryNode): void => {
    if (node.kind === "and" || node.kind === "or") {
      for (const operand of node.operands) visit(operand);
      if (node.kind === "or") checkLookups(node.operands);
      return;
    }
    const span = spanOf(node);
    const spec = index.fields.get(node.field);
    if (spec === undefined) {
      ctx.report(
        diagnostic(span.column, "unknown-field", "error", unknownFieldText(node.field, index)),
      );
      return;
    }
    if (ctx.skip?.has(node)) {
      if (spec.kind === "time") hasTimeFilter = true;
      return;
    }
    if (node.kind === "range") {
      if (spec.kind !== "time") {
        ctx.report(
          diagnostic(
            span.valueColumn,
            "range-on-text-field",
            "error",
            `${node.field} is a text field; ranges are only for time fields`,
          ),
        );
        return;
      }
      hasTimeFilter = true;
      checkRange(node, span, spec.name);
      return;
    }
    if (spec.kind === "time") {
      ctx.report(
        diagnostic(
          span.valueColumn,
          "time-field-needs-range",
          "error",
          `${node.field} is a time field; filter it with a range such as [NOW/DAY TO NOW/DAY+1DAY}`,
        ),
      );
      return;
    }
    if (node.kind === "prefix" || node.kind === "wildcard") {
      const problem = checkWildcard(
        node.kind === "prefix" ? `${node.prefix}*` : node.pattern,
        span.valueColumn,
        ctx.language,
      );
      if (problem !== undefined) ctx.report(problem);
      return;
    }
    if (node.kind === "anyOf" && node.values.length > max) {
      ctx.report(tooMany(span.column, node.values.length, spec.name, max));
    }
  };

  const checkLookups = (operands: readonly QueryNode[]): void => {
    const totals = new Map<string, { count: number; column: number; reported: boolean }>();
    for (const operand of operands) {
      if ((operand.kind !== "eq" && operand.kind !== "anyOf") || ctx.skip?.has(operand)) continue;
      const spec = index.fields.get(operand.field);
      if (spec === undefined || spec.kind !== "text") continue;
      const n = valueCount(operand);
      const total = totals.get(spec.name);
      const alreadyReported = operand.kind === "anyOf" && n > max;
      if (total === undefined) {
        totals.set(spec.name, {
          count: n,
          column: spanOf(operand).column,
          reported: alreadyReported,
        });
      } else {
        total.count += n;
        total.reported ||= alreadyReported;
      }
    }
    for (const [field, total] of totals) {
      if (total.count > max && !total.reported)
        ctx.report(tooMany(total.column, total.count, field, max));
    }
  };

  visit(root);
  if (!hasTimeFilter && index.primaryTimeField !== undefined) {
    ctx.report(
      diagnostic(
        1,
        "default-window",
        "info",
        `no ${index.primaryTimeField} filter: the service searches the last ${countOf(ctx.language.defaultWindowDays, "day")}`,
      ),
    );
  }
}

function valueCount(node: EqNode | AnyOfNode): number {
  return node.kind === "eq" ? 1 : node.values.length;
}

function tooMany(column: number, count: number, field: string, max: number): QueryDiagnostic {
  return diagnostic(
    column,
    "too-many-values",
    "warning",
    `${count} values for ${field} in one lookup; at most ${max} per search are recommended`,
  );
}
