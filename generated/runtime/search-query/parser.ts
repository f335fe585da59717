/**
 * The query parser. Grammar (AND binds tighter than OR; operators are upper
 * case):
 *
 * ```
 * query   = or
 * or      = and { "OR" and }
 * and     = primary { "AND" primary }
 * primary = "(" or ")" | field ":" value
 * value   = word | "quoted" | "(" item { "OR" item } ")" | ("[" | "{") bound "TO" bound ("]" | "}")
 * ```
 *
 * `parseQuery` never throws for any text: problems come back as diagnostics
 * with 1-based columns. Its cost is linear in the length of the text;
 * parentheses nest at most {@link MAX_NESTING_DEPTH} levels and parsing
 * stops after {@link MAX_ERRORS} errors.
 */

import type { AnyOfNode, AndNode, FieldNode, OrNode, QueryNode } from "./ast.js";
import { nowMillis } from "./date-math.js";
import { diagnostic, type QueryDiagnostic } from "./diagnostics.js";
import { indexLanguage, type LanguageIndex, type QueryLanguage } from "./language.js";
import { Lexer, type Token } from "./lexer.js";
import { MAX_ERRORS, MAX_NESTING_DEPTH } from "./limits.js";
import { readRange } from "./range.js";
import { assertTimeZone } from "./time-zone.js";
import { toString } from "./render.js";
import { checkRules, type NodeSpan } from "./validate.js";

/** Evaluation settings for the rules that depend on time (window length). */
export interface ParseOptions<Z extends string = string> {
  /** The instant `NOW` stands for; default `Date.now()`. */
  readonly now?: Date | number;
  /** The time zone of the search (the request's `timezone`); default `UTC`. */
  readonly timeZone?: Z;
}

/** The result of {@link parseQuery}. `warnings` holds warnings and infos. */
export type ParseResult<F extends string = string> =
  | { readonly ok: true; readonly ast: QueryNode<F>; readonly warnings: readonly QueryDiagnostic[] }
  | {
      readonly ok: false;
      readonly errors: readonly QueryDiagnostic[];
      readonly warnings: readonly QueryDiagnostic[];
    };

class Stop extends Error {
  constructor(readonly problem: QueryDiagnostic | undefined) {
    super("stop");
  }
}

function isWord(t: Token, text: string): boolean {
  return t.kind === "word" && t.text === text;
}

function isOperator(t: Token): boolean {
  return isWord(t, "AND") || isWord(t, "OR");
}

class Parser {
  readonly diagnostics: QueryDiagnostic[] = [];
  readonly spans = new WeakMap<object, NodeSpan>();
  /** Placeholder nodes standing for malformed filters; the rules skip them. */
  readonly invalidNodes = new WeakSet<object>();
  private readonly grouped = new WeakSet<object>();
  private readonly lexer: Lexer;
  private errorCount = 0;

  constructor(
    text: string,
    private readonly index: LanguageIndex,
  ) {
    this.lexer = new Lexer(text);
  }

  /** Records a diagnostic; stops the parse after too many errors. */
  report(d: QueryDiagnostic): void {
    this.diagnostics.push(d);
    if (d.severity === "error" && ++this.errorCount >= MAX_ERRORS) {
      throw new Stop(
        diagnostic(d.column, "too-many-errors", "error", `stopped after ${MAX_ERRORS} errors`),
      );
    }
  }

  fail(column: number, code: QueryDiagnostic["code"], text: string): never {
    throw new Stop(diagnostic(column, code, "error", text));
  }

  failAt(t: Token, code: QueryDiagnostic["code"], text: string): never {
    if (t.kind === "invalid" && t.problem !== undefined) throw new Stop(t.problem);
    this.fail(t.column, code, text);
  }

  parse(): QueryNode {
    const first = this.lexer.peek();
    if (first.kind === "eof") this.fail(1, "empty-query", "the query is empty");
    const node = this.parseOr(0);
    const t = this.lexer.peek();
    if (t.kind !== "eof") this.unexpectedAfterFilter(t);
    return node;
  }

  /** A token that cannot follow a complete filter. */
  private unexpectedAfterFilter(t: Token): never {
    if (t.kind === "rparen")
      this.fail(t.column, "unbalanced-parenthesis", "')' has no matching '('");
    if (
      t.kind === "word" &&
      (t.text === "and" || t.text === "or" || t.text === "And" || t.text === "Or")
    ) {
      this.fail(
        t.column,
        "lowercase-operator",
        `write the operator in upper case: ${t.text.toUpperCase()}`,
      );
    }
    if (t.kind === "word" && t.text === "NOT") {
      this.fail(t.column, "unsupported-operator", "NOT is not supported; use AND and OR");
    }
    if (t.kind === "colon") {
      this.fail(t.column, "unexpected-token", "unexpected ':'; quote values that contain ':'");
    }
    if (t.kind === "word" || t.kind === "string" || t.kind === "lparen") {
      this.fail(t.column, "missing-operator", "expected AND or OR between filters");
    }
    this.failAt(t, "unexpected-token", `unexpected '${t.text}'`);
  }

  /** After an operator: the operand must follow. */
  private expectOperand(op: Token): void {
    const t = this.lexer.peek();
    if (t.kind === "eof" || t.kind === "rparen" || isOperator(t)) {
      this.fail(op.column, "dangling-operator", `${op.text} is not followed by a filter`);
    }
  }

  private parseOr(depth: number): QueryNode {
    const first = this.parseAnd(depth);
    if (!isWord(this.lexer.peek(), "OR")) return first;
    const operands: QueryNode[] = [];
    const add = (node: QueryNode): void => {
      if (node.kind === "or") for (const operand of node.operands) operands.push(operand);
      else operands.push(node);
    };
    let mixedAt: number | undefined;
    if (first.kind === "and" && !this.grouped.has(first)) mixedAt = this.lexer.peek().column;
    add(first);
    while (isWord(this.lexer.peek(), "OR")) {
      const op = this.lexer.next();
      this.expectOperand(op);
      const next = this.parseAnd(depth);
      if (next.kind === "and" && !this.grouped.has(next) && mixedAt === undefined)
        mixedAt = op.column;
      add(next);
    }
    if (mixedAt !== undefined) {
      this.report(
        diagnostic(
          mixedAt,
          "mixed-operators",
          "warning",
          "AND and OR are mixed without parentheses; AND is read first here, but add parentheses to make the grouping explicit",
        ),
      );
    }
    const node: OrNode = { kind: "or", operands };
    return node;
  }

  private parseAnd(depth: number): QueryNode {
    const first = this.parsePrimary(depth);
    if (!isWord(this.lexer.peek(), "AND")) return first;
    const operands: QueryNode[] = [];
    const add = (node: QueryNode): void => {
      if (node.kind === "and") for (const operand of node.operands) operands.push(operand);
      else operands.push(node);
    };
    add(first);
    while (isWord(this.lexer.peek(), "AND")) {
      const op = this.lexer.next();
      this.expectOperand(op);
      add(this.parsePrimary(depth));
    }
    const node: AndNode = { kind: "and", operands };
    return node;
  }

  private parsePrimary(depth: number): QueryNode {
    const t = this.lexer.peek();
    switch (t.kind) {
      case "lparen": {
        if (depth >= MAX_NESTING_DEPTH) {
          this.fail(
            t.column,
            "too-deep",
            `parentheses are nested deeper than ${MAX_NESTING_DEPTH} levels`,
          );
        }
        this.lexer.next();
        if (this.lexer.peek().kind === "rparen")
          this.fail(t.column, "expected-field", "empty parentheses");
        const inner = this.parseOr(depth + 1);
        const close = this.lexer.peek();
        if (close.kind === "eof")
          this.fail(t.column, "unbalanced-parenthesis", "'(' is never closed");
        if (close.kind !== "rparen") this.unexpectedAfterFilter(close);
        this.lexer.next();
        this.grouped.add(inner);
        return inner;
      }
      case "word":
        if (isOperator(t))
          this.fail(t.column, "dangling-operator", `${t.text} is not preceded by a filter`);
        if (t.text === "NOT")
          this.fail(t.column, "unsupported-operator", "NOT is not supported; use AND and OR");
        return this.parseField();
      case "rparen":
        return this.fail(t.column, "unbalanced-parenthesis", "')' has no matching '('");
      case "eof":
        return this.fail(t.column, "expected-field", "expected a filter such as field:value");
      default:
        return this.failAt(t, "expected-field", "expected a field name");
    }
  }

  private parseField(): FieldNode {
    const name = this.lexer.next();
    const colon = this.lexer.peek();
    if (colon.kind !== "colon") {
      if (colon.kind === "invalid") this.failAt(colon, "expected-colon", "");
      this.fail(
        colon.column,
        "expected-colon",
        "expected ':' after the field name (filters are field:value)",
      );
    }
    this.lexer.next();
    const v = this.lexer.peek();
    const field = name.text;
    let node: FieldNode;
    switch (v.kind) {
      case "word": {
        if (isOperator(v)) this.fail(v.column, "expected-value", "expected a value after ':'");
        this.lexer.next();
        if (v.text === "TO")
          this.report(
            diagnostic(v.column, "reserved-word", "error", "TO is a reserved word; quote it"),
          );
        const star = v.text.indexOf("*");
        if (star < 0) node = { kind: "eq", field, value: v.text };
        else if (star === v.text.length - 1 && star > 0)
          node = { kind: "prefix", field, prefix: v.text.slice(0, -1) };
        else if (v.text === "*") node = { kind: "prefix", field, prefix: "" };
        else node = { kind: "wildcard", field, pattern: v.text };
        break;
      }
      case "string":
        this.lexer.next();
        node = { kind: "eq", field, value: v.text };
        break;
      case "lparen":
        node = this.parseGroup(field);
        break;
      case "lbracket":
      case "lbrace": {
        const errors: QueryDiagnostic[] = [];
        const result = readRange(this.lexer, this.index.units, errors);
        for (const e of errors) this.report(e);
        if (result.kind === "fatal") throw new Stop(result.problem);
        // A placeholder keeps the walk going when a bound is malformed.
        node =
          result.kind === "ok"
            ? { kind: "range", field, ...result.bounds }
            : { kind: "eq", field, value: "" };
        if (result.kind !== "ok") {
          this.spans.set(node, { column: name.column, valueColumn: v.column });
          this.invalidNodes.add(node);
          return node;
        }
        break;
      }
      default:
        return this.failAt(v, "expected-value", "expected a value after ':'");
    }
    this.spans.set(node, { column: name.column, valueColumn: v.column });
    return node;
  }

  private parseGroup(field: string): FieldNode {
    const open = this.lexer.next();
    const values: string[] = [];
    for (;;) {
      const t = this.lexer.peek();
      if (t.kind === "word") {
        if (isWord(t, "OR"))
          this.fail(t.column, "dangling-operator", "OR is not preceded by a value");
        if (isWord(t, "AND"))
          this.fail(t.column, "group-syntax", "only OR joins the values of field:(v1 OR v2)");
        this.lexer.next();
        const star = t.text.indexOf("*");
        if (star >= 0) {
          this.report(
            diagnostic(
              t.column + star,
              "wildcard-in-group",
              "error",
              "a wildcard cannot be used inside field:( ... ); write field:abc* OR field:( ... )",
            ),
          );
        }
        if (t.text === "TO")
          this.report(
            diagnostic(t.column, "reserved-word", "error", "TO is a reserved word; quote it"),
          );
        values.push(t.text);
      } else if (t.kind === "string") {
        this.lexer.next();
        values.push(t.text);
      } else if (t.kind === "rparen") {
        this.fail(t.column, "expected-value", "empty value group");
      } else if (t.kind === "eof") {
        this.fail(open.column, "unbalanced-parenthesis", "'(' is never closed");
      } else if (t.kind === "lparen") {
        this.fail(t.column, "group-syntax", "value groups cannot be nested");
      } else {
        this.failAt(t, "group-syntax", "expected a value");
      }
      const sep = this.lexer.peek();
      if (sep.kind === "rparen") {
        this.lexer.next();
        break;
      }
      if (isWord(sep, "OR")) {
        this.lexer.next();
        const after = this.lexer.peek();
        if (after.kind === "rparen" || after.kind === "eof" || isOperator(after)) {
          this.fail(sep.column, "dangling-operator", "OR is not followed by a value");
        }
        continue;
      }
      if (sep.kind === "eof")
        this.fail(open.column, "unbalanced-parenthesis", "'(' is never closed");
      if (isWord(sep, "AND"))
        this.fail(sep.column, "group-syntax", "only OR joins the values of field:(v1 OR v2)");
      if (sep.kind === "word" && sep.text.toUpperCase() === "OR") {
        this.fail(sep.column, "lowercase-operator", "write the operator in upper case: OR");
      }
      if (sep.kind === "word" || sep.kind === "string") {
        this.fail(sep.column, "missing-operator", "expected OR between values");
      }
      this.failAt(sep, "group-syntax", "expected OR or ')' in the value group");
    }
    const node: AnyOfNode = { kind: "anyOf", field, values };
    return node;
  }
}

/**
 * Parses query text against a language. Never throws for any text; throws
 * {@link QueryError} only for invalid options (an unknown time zone or an
 * invalid `now`).
 *
 * Syntax errors stop the parse (the first one is reported); rule errors
 * (unknown field, wildcard rules, field kinds, malformed date math) are all
 * reported. Warnings: more values in one lookup than recommended, a time
 * window longer than recommended, an empty range, AND and OR mixed without
 * parentheses; info: no time filter (the default window applies).
 */
export function parseQuery<F extends string, Z extends string = string>(
  text: string,
  language: QueryLanguage<F, Z>,
  options: ParseOptions<Z> = {},
): ParseResult<F> {
  const nowMs = nowMillis(options.now);
  const timeZone: string = options.timeZone ?? "UTC";
  assertTimeZone(timeZone);
  const index = indexLanguage(language);
  const parser = new Parser(String(text), index);
  let ast: QueryNode | undefined;
  try {
    ast = parser.parse();
    checkRules(ast, {
      language,
      spans: parser.spans,
      nowMs,
      timeZone,
      report: (d) => parser.report(d),
      skip: parser.invalidNodes,
    });
  } catch (e) {
    if (e instanceof Stop) {
      if (e.problem !== undefined) parser.diagnostics.push(e.problem);
    } else {
      parser.diagnostics.push(
        diagnostic(
          1,
          "internal-error",
          "error",
          "the query could not be checked because of an internal error",
        ),
      );
    }
    ast = undefined;
  }
  const byColumn = (a: QueryDiagnostic, b: QueryDiagnostic): number => a.column - b.column;
  const errors = parser.diagnostics.filter((d) => d.severity === "error").sort(byColumn);
  const warnings = parser.diagnostics.filter((d) => d.severity !== "error").sort(byColumn);
  if (errors.length > 0 || ast === undefined) return { ok: false, errors, warnings };
  return { ok: true, ast: ast as QueryNode<F>, warnings };
}

/**
 * Checks a tree (typically from the builder) by rendering it and parsing the
 * text; columns refer to `toString(node)`. Returns the parse result, whose
 * warnings report broken recommendations.
 */
export function validateQuery<F extends string, Z extends string = string>(
  node: QueryNode<F>,
  language: QueryLanguage<F, Z>,
  options: ParseOptions<Z> = {},
): ParseResult<F> {
  return parseQuery(toString(node), language, options);
}
