/**
 * A query string fit for logs: values of sensitive fields (card and account
 * numbers) are redacted, the rest of the query is kept so it stays useful.
 * A query that does not parse is withheld whole: nothing in it can be trusted
 * not to be a card number.
 */
import { redact, type SensitiveKind } from "../redact.js";
import type { FieldNode, QueryNode } from "./ast.js";
import type { QueryLanguage } from "./language.js";
import { parseQuery } from "./parser.js";
import { toString } from "./render.js";

/** What a log shows for a query that could not be parsed. */
export const UNPARSED_QUERY = "[redacted: query could not be parsed]";

export function redactQuery<F extends string>(
  text: string,
  language: QueryLanguage<F, string>,
  sensitive: Readonly<Partial<Record<string, SensitiveKind>>>,
): string {
  const parsed = parseQuery(text, language, { now: 0 });
  if (!parsed.ok) return UNPARSED_QUERY;
  try {
    return toString(redactNode(parsed.ast, sensitive));
  } catch {
    return UNPARSED_QUERY;
  }
}

function redactNode<F extends string>(
  node: QueryNode<F>,
  sensitive: Readonly<Partial<Record<string, SensitiveKind>>>,
): QueryNode<F> {
  if (node.kind === "and" || node.kind === "or")
    return { ...node, operands: node.operands.map((o) => redactNode(o, sensitive)) };
  const kind = Object.prototype.hasOwnProperty.call(sensitive, node.field)
    ? sensitive[node.field]
    : undefined;
  return kind === undefined ? node : redactField(node, kind);
}

function redactField<F extends string>(node: FieldNode<F>, kind: SensitiveKind): FieldNode<F> {
  switch (node.kind) {
    case "eq":
      return { ...node, value: redact(kind, node.value) };
    case "anyOf":
      return { ...node, values: node.values.map((v) => redact(kind, v)) };
    case "prefix":
    case "wildcard":
      // A partial number with a wildcard: show nothing of it.
      return { kind: "eq", field: node.field, value: redact("card-code", "") };
    case "range":
      return node;
  }
}
