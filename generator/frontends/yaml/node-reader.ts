import { isAlias, isMap, isScalar, isSeq, type Node, type Pair } from "yaml";
import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { didYouMean } from "../../diagnostics/did-you-mean.js";
import { positionOf, type SchemaFile } from "./schema-file.js";
import type { ProseKey } from "./prose-keys.js";

/** A key of a YAML map with its value node and positions. */
export interface Entry {
  readonly key: string;
  readonly keyAt: Position;
  readonly node: Node | null;
  /** Position of the value, or of the key when the value is empty. */
  readonly at: Position;
}

/** The entries of a map, by key, in source order. */
export type Entries = ReadonlyMap<string, Entry>;

/**
 * Typed access to YAML nodes that reports every mismatch as a positioned
 * diagnostic and returns `undefined` instead of throwing, so that one run
 * finds every problem.
 */
export class NodeReader {
  constructor(
    readonly file: SchemaFile,
    readonly diagnostics: Diagnostics,
  ) {}

  at(node: Node | null | undefined): Position {
    return positionOf(this.file, node);
  }

  error(at: Position, message: string): void {
    this.diagnostics.error(at, message);
  }

  /** Reads a map and reports keys outside `allowed` (with a suggestion). */
  map(
    node: Node | null,
    at: Position,
    what: string,
    allowed: readonly string[],
  ): Entries | undefined {
    if (node === null || !this.notAlias(node)) {
      if (node === null) this.error(at, `${what} must be a map`);
      return undefined;
    }
    if (!isMap(node)) {
      this.error(this.at(node), `${what} must be a map`);
      return undefined;
    }
    const entries = new Map<string, Entry>();
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      const entry = this.entry(pair, what);
      if (!entry) continue;
      if (!allowed.includes(entry.key)) {
        this.error(
          entry.keyAt,
          `unknown key "${entry.key}" in ${what}${didYouMean(entry.key, allowed)}`,
        );
        continue;
      }
      entries.set(entry.key, entry);
    }
    return entries;
  }

  /** Reads a map whose keys are names (types, enums, operations, ...). */
  namedMap(node: Node | null, at: Position, what: string): Entry[] {
    if (node === null || !this.notAlias(node)) {
      if (node === null) this.error(at, `${what} must be a map`);
      return [];
    }
    if (!isMap(node)) {
      this.error(this.at(node), `${what} must be a map`);
      return [];
    }
    const out: Entry[] = [];
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      const entry = this.entry(pair, what);
      if (entry) out.push(entry);
    }
    return out;
  }

  private entry(pair: Pair<Node | null, Node | null>, what: string): Entry | undefined {
    const keyNode = pair.key;
    if (!isScalar(keyNode) || typeof keyNode.value !== "string") {
      // Numbers and booleans as keys are accepted as their text (e.g. status codes, "012").
      if (
        isScalar(keyNode) &&
        (typeof keyNode.value === "number" || typeof keyNode.value === "boolean")
      ) {
        const key = keyNode.source ?? String(keyNode.value);
        return this.makeEntry(String(key), keyNode, pair.value);
      }
      this.error(this.at(keyNode), `keys of ${what} must be plain strings`);
      return undefined;
    }
    return this.makeEntry(keyNode.value, keyNode, pair.value);
  }

  private makeEntry(key: string, keyNode: Node, value: Node | null): Entry {
    const keyAt = this.at(keyNode);
    return { key, keyAt, node: value, at: value ? this.at(value) : keyAt };
  }

  private notAlias(node: Node): boolean {
    if (isAlias(node)) {
      this.error(this.at(node), "YAML aliases are not supported in schemas; write the value out");
      return false;
    }
    return true;
  }

  /** A sequence's items. */
  seq(entry: Entry | undefined, what: string): Node[] {
    if (!entry) return [];
    const node = entry.node;
    if (node === null || !this.notAlias(node)) {
      if (node === null) this.error(entry.at, `${what} must be a list`);
      return [];
    }
    if (!isSeq(node)) {
      this.error(entry.at, `${what} must be a list`);
      return [];
    }
    return node.items as Node[];
  }

  scalarText(node: Node | null, at: Position, what: string): string | undefined {
    if (node !== null && !this.notAlias(node)) return undefined;
    if (!isScalar(node) || node.value === null || typeof node.value === "object") {
      this.error(at, `${what} must be a string`);
      return undefined;
    }
    if (typeof node.value === "string") return node.value;
    // A number or boolean written without quotes: keep its source text.
    return node.source ?? String(node.value);
  }

  string(entry: Entry | undefined, what: string): string | undefined {
    if (!entry) return undefined;
    if (isScalar(entry.node) && typeof entry.node.value !== "string" && entry.node.value !== null) {
      this.error(entry.at, `${what} must be a string (quote it)`);
      return undefined;
    }
    return this.scalarText(entry.node, entry.at, what);
  }

  /** The entry of a prose key (see `PROSE_KEYS`): the only way prose is read. */
  proseEntry(entries: Entries, key: ProseKey): Entry | undefined {
    return entries.get(key);
  }

  /** Prose: free text that reaches the output as data (see `PROSE_KEYS`). */
  prose(entries: Entries, key: ProseKey, what: string): string | undefined {
    return this.string(this.proseEntry(entries, key), what);
  }

  requiredProse(entries: Entries, key: ProseKey, at: Position, what: string): string | undefined {
    return this.requiredString(entries, key, at, what);
  }

  requiredString(entries: Entries, key: string, at: Position, what: string): string | undefined {
    const entry = entries.get(key);
    if (!entry) {
      this.error(at, `${what} needs "${key}"`);
      return undefined;
    }
    return this.string(entry, `${what} "${key}"`);
  }

  boolean(entry: Entry | undefined, what: string): boolean | undefined {
    if (!entry) return undefined;
    if (isScalar(entry.node) && typeof entry.node.value === "boolean") return entry.node.value;
    this.error(entry.at, `${what} must be true or false`);
    return undefined;
  }

  integer(
    entry: Entry | undefined,
    what: string,
    min = 0,
    max = Number.MAX_SAFE_INTEGER,
  ): number | undefined {
    if (!entry) return undefined;
    const node = entry.node;
    if (isScalar(node) && typeof node.value === "number" && Number.isInteger(node.value)) {
      if (node.value < min || node.value > max) {
        this.error(entry.at, `${what} must be between ${min} and ${max}`);
        return undefined;
      }
      return node.value;
    }
    this.error(entry.at, `${what} must be a whole number`);
    return undefined;
  }

  /** A string, number or boolean constant. */
  constant(entry: Entry, what: string): string | number | boolean | undefined {
    const node = entry.node;
    if (isScalar(node) && (typeof node.value === "string" || typeof node.value === "boolean"))
      return node.value;
    if (isScalar(node) && typeof node.value === "number") {
      // Keep the written text: `012` is not the number 12.
      return node.source !== undefined && /^0\d/.test(node.source) ? node.source : node.value;
    }
    this.error(entry.at, `${what} must be a string, number or boolean`);
    return undefined;
  }

  /** Text of a plain scalar in a list (`- name`), or undefined when the item is a map. */
  itemText(node: Node): string | undefined {
    if (isScalar(node) && node.value !== null && typeof node.value !== "object") {
      return typeof node.value === "string" ? node.value : (node.source ?? String(node.value));
    }
    return undefined;
  }
}
