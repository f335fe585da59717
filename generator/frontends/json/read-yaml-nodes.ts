import { createRequire } from "node:module";
import type { Document, Node } from "yaml";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { JsonMember, JsonNode } from "./json-node.js";
import { LineIndex } from "../source/line-index.js";
import type { ParsedDocument } from "./read-json.js";
import type { SourceLimits } from "../source/source-limits.js";
import { SourceProblems } from "../source/source-problem.js";

/**
 * Reads YAML text (through the `yaml` package, positions counted by its
 * `LineCounter`) into the same positioned nodes as the JSON reader, so that
 * one reader of documents serves both syntaxes.
 *
 * What JSON cannot say is refused with a position: keys that are not
 * scalars, numbers JSON cannot write (`.inf`, `.nan`), tags the core schema
 * does not know. Keys are their source text (`200:` is the key `"200"`).
 * Duplicate keys are reported like the JSON reader reports them. Aliases
 * are shared, not copied; an alias to a node that contains it, and aliases
 * that would multiply the document beyond `MAX_ALIAS_EXPANSION` nodes (the
 * "billion laughs"), are refused.
 */
export function readYamlNodes(
  text: string,
  file: string,
  limits: SourceLimits,
  options: YamlReadOptions = {},
): ParsedDocument {
  const problems = new SourceProblems();
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > limits.maxBytes) {
    problems.error(
      { file, line: 1, col: 1 },
      `the file is ${bytes} bytes; at most ${limits.maxBytes} are read (raise the size limit to read it)`,
    );
    return { problems };
  }
  const lineCounter = new (yaml().LineCounter)();
  let document: Document.Parsed;
  try {
    document = yaml().parseDocument(text, {
      lineCounter,
      uniqueKeys: false,
      prettyErrors: false,
      strict: true,
    });
  } catch (error) {
    // The YAML library recurses on nesting: absurdly deep input ends here instead of crashing.
    problems.error(
      { file, line: 1, col: 1 },
      error instanceof RangeError
        ? "nesting is too deep to read"
        : "the file could not be read as YAML",
    );
    return { problems };
  }
  const lines = new LineIndex(text, lineCounter.lineStarts);
  const position = (offset: number): Position => ({ file, ...lines.position(offset) });
  for (const problem of [...document.errors, ...document.warnings]) {
    const message = (problem.message.split("\n")[0] ?? problem.message).replace(
      / at line \d+, column \d+:?$/,
      "",
    );
    problems.error(position(problem.pos[0]), `YAML: ${message}`);
  }
  if (document.errors.length > 0) return { problems };
  if (document.contents === null) {
    if (!options.mayBeEmpty)
      problems.error({ file, line: 1, col: 1 }, "the file holds no YAML value");
    return { problems };
  }
  const converter = new YamlConverter(document, position, limits.maxDepth, problems);
  const root = converter.convert(document.contents, 1);
  return converter.failed ? { problems } : { root, problems };
}

export interface YamlReadOptions {
  /**
   * A file without a value (empty, or only comments) is no problem: it is
   * read as no root and no problem (a file of the YAML schema language that
   * declares nothing). Otherwise it is refused.
   */
  readonly mayBeEmpty?: boolean;
}

/**
 * The yaml package, loaded by the first read of YAML text (with `require`,
 * as it is a CommonJS package): a run from JSON contracts never needs it, and
 * loading it costs about 50 ms of CPU.
 */
function yaml(): typeof import("yaml") {
  return (yamlPackage ??= createRequire(import.meta.url)("yaml") as typeof import("yaml"));
}

let yamlPackage: typeof import("yaml") | undefined;

/** Most nodes that aliases may add to a document, counted with repeats. */
export const MAX_ALIAS_EXPANSION = 1_000_000;

class YamlConverter {
  failed = false;
  /** Nodes already converted, so that an alias shares its anchor's node. */
  private readonly converted = new Map<Node, JsonNode>();
  /** Nodes being converted: an alias to one of these would be infinite. */
  private readonly inProgress = new Set<Node>();
  /** Node counts of converted subtrees, for the alias budget. */
  private readonly sizes = new Map<JsonNode, number>();
  private aliasExpansion = 0;

  constructor(
    private readonly document: Document.Parsed,
    private readonly position: (offset: number) => Position,
    private readonly maxDepth: number,
    private readonly problems: SourceProblems,
  ) {}

  private at(node: Node | null | undefined, fallback: Position): Position {
    const offset = node?.range?.[0];
    return offset === undefined ? fallback : this.position(offset);
  }

  private error(at: Position, message: string): JsonNode {
    this.problems.error(at, message);
    this.failed = true;
    return { kind: "null", at };
  }

  convert(node: Node, depth: number): JsonNode {
    const at = this.at(node, { file: "", line: 1, col: 1 });
    if (yaml().isAlias(node)) {
      const target = node.resolve(this.document);
      if (!target) return this.error(at, `YAML: alias *${node.source} refers to no anchor`);
      if (this.inProgress.has(target))
        return this.error(at, `YAML: alias *${node.source} refers to a node that contains it`);
      const converted = this.converted.get(target) ?? this.convert(target, depth);
      this.aliasExpansion += this.sizes.get(converted) ?? 1;
      if (this.aliasExpansion > MAX_ALIAS_EXPANSION) {
        // Reported once, at the alias that crosses the budget; the document is refused.
        if (this.aliasExpansion - (this.sizes.get(converted) ?? 1) <= MAX_ALIAS_EXPANSION) {
          return this.error(
            at,
            `YAML: aliases expand the document beyond ${MAX_ALIAS_EXPANSION} nodes`,
          );
        }
        return { kind: "null", at };
      }
      return converted;
    }
    const known = this.converted.get(node);
    if (known) return known;
    if ((yaml().isMap(node) || yaml().isSeq(node)) && depth > this.maxDepth) {
      return this.error(
        at,
        `nesting deeper than ${this.maxDepth} levels; the reader stops at ${this.maxDepth}`,
      );
    }
    this.inProgress.add(node);
    const result = this.convertUncached(node, at, depth);
    this.inProgress.delete(node);
    this.converted.set(node, result);
    return result;
  }

  private convertUncached(node: Node, at: Position, depth: number): JsonNode {
    if (yaml().isMap(node)) {
      const members = new Map<string, JsonMember>();
      let size = 1;
      for (const pair of node.items) {
        if (!yaml().isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        const keyAt = this.at(keyNode, at);
        const key = this.key(keyNode, keyAt);
        if (key === undefined) continue;
        const valueNode = pair.value as Node | null;
        const value: JsonNode =
          valueNode === null ? { kind: "null", at: keyAt } : this.convert(valueNode, depth + 1);
        size += this.sizes.get(value) ?? 1;
        const first = members.get(key);
        if (first) {
          this.problems.error(
            keyAt,
            `duplicate key ${JSON.stringify(key)} (first at line ${first.keyAt.line}, column ${first.keyAt.col})`,
          );
        } else members.set(key, { key, keyAt, value });
      }
      const result: JsonNode = { kind: "object", at, members };
      this.sizes.set(result, size);
      return result;
    }
    if (yaml().isSeq(node)) {
      let size = 1;
      const items = node.items.map((item) => {
        const value: JsonNode =
          item === null ? { kind: "null", at } : this.convert(item as Node, depth + 1);
        size += this.sizes.get(value) ?? 1;
        return value;
      });
      const result: JsonNode = { kind: "array", at, items };
      this.sizes.set(result, size);
      return result;
    }
    if (yaml().isScalar(node)) return this.scalar(node.value, node.source, at);
    return this.error(at, "YAML: this node cannot be read as JSON");
  }

  /** A key's text: the source of a scalar key (`200` for `200:`); other keys are refused. */
  private key(node: Node | null, at: Position): string | undefined {
    if (node === null) return "";
    if (yaml().isScalar(node)) {
      if (typeof node.value === "string") return node.value;
      if (node.value === null) return node.source ?? "";
      return node.source ?? String(node.value);
    }
    this.error(at, "YAML: a key must be a string, not a map, a list or an alias");
    return undefined;
  }

  private scalar(value: unknown, source: string | undefined, at: Position): JsonNode {
    if (value === null) return { kind: "null", at };
    if (typeof value === "string") return { kind: "string", at, value };
    if (typeof value === "boolean") return { kind: "boolean", at, value };
    if (typeof value === "number" || typeof value === "bigint") {
      const text = jsonNumberText(value, source);
      if (text === undefined)
        return this.error(at, `the number ${source ?? String(value)} cannot be written in JSON`);
      return source === undefined || source === text
        ? { kind: "number", at, text }
        : { kind: "number", at, text, written: source };
    }
    return this.error(
      at,
      "YAML: this value has no JSON form (only strings, numbers, booleans and null)",
    );
  }
}

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * The JSON text of a YAML number: its source when that is JSON already;
 * otherwise (`+1`, `.5`, `1.`, `0x1F`, `0o17`) the exact equivalent, or
 * `undefined` for what JSON cannot write (`.inf`, `.nan`).
 */
function jsonNumberText(value: number | bigint, source: string | undefined): string | undefined {
  if (source !== undefined) {
    if (JSON_NUMBER.test(source)) return source;
    const hex = /^0x([0-9a-fA-F]+)$/.exec(source);
    if (hex) return BigInt(`0x${hex[1]!}`).toString();
    const octal = /^0o([0-7]+)$/.exec(source);
    if (octal) return BigInt(`0o${octal[1]!}`).toString();
    const decimal = /^([+-]?)([0-9]*)(?:\.([0-9]*))?((?:[eE][+-]?[0-9]+)?)$/.exec(source);
    if (decimal && (decimal[2] !== "" || (decimal[3] ?? "") !== "")) {
      const sign = decimal[1] === "-" ? "-" : "";
      const whole = (decimal[2] ?? "").replace(/^0+(?=\d)/, "") || "0";
      const fraction = decimal[3] ? `.${decimal[3]}` : "";
      const text = `${sign}${whole}${fraction}${decimal[4] ?? ""}`;
      if (JSON_NUMBER.test(text)) return text;
    }
  }
  if (typeof value === "bigint") return value.toString();
  return Number.isFinite(value) ? String(value) : undefined;
}
