import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { JsonNode } from "../json/json-node.js";
import { ObjectReader } from "../json/object-reader.js";
import type { ProblemSink } from "../source/problem-sink.js";
import type { ProseKey } from "./prose-keys.js";
import type { SchemaFile } from "./schema-file.js";

/** A key of a map with its value node and positions. */
export interface Entry {
  readonly key: string;
  readonly keyAt: Position;
  readonly node: JsonNode;
  /** Position of the value, or of the key when the value is empty. */
  readonly at: Position;
}

/** The entries of a map, by key, in source order. */
export type Entries = ReadonlyMap<string, Entry>;

/**
 * How the schema language reads the positioned nodes of its files: maps
 * through the shared member reader (`../json/object-reader.ts`), whose key
 * policy makes an unknown key an error here (with a suggestion), and values
 * by the language's own rules and words ("must be a string (quote it)" for a
 * number or boolean written where text belongs, numbers such as `012` kept
 * as written). Every mismatch is a positioned diagnostic and the getters
 * return `undefined` instead of throwing, so that one run finds every
 * problem.
 */
export class SchemaReader {
  /** The run's diagnostics, as the shared reader reports: the schema language's messages carry no JSON pointer. */
  private readonly sink: ProblemSink;

  constructor(
    readonly file: SchemaFile,
    readonly diagnostics: Diagnostics,
  ) {
    this.sink = {
      error: (at, message) => diagnostics.error(at, message),
      warning: (at, kind, message) => diagnostics.warning(at, kind, message),
    };
  }

  /** The position of a node, or the start of the file. */
  at(node: JsonNode | undefined): Position {
    return node?.at ?? { file: this.file.displayPath, line: 1, col: 1 };
  }

  error(at: Position, message: string): void {
    this.diagnostics.error(at, message);
  }

  /** Reads a map and reports keys outside `allowed` (with a suggestion); those keys are left out. */
  map(
    node: JsonNode | undefined,
    at: Position,
    what: string,
    allowed: readonly string[],
  ): Entries | undefined {
    const object = this.object(node, at, what);
    if (!object) return undefined;
    object.checkKeys(what, { known: allowed, strict: true });
    return new Map(
      entriesOf(object)
        .filter((entry) => allowed.includes(entry.key))
        .map((entry) => [entry.key, entry]),
    );
  }

  /** Reads a map whose keys are names (types, enums, operations, ...). */
  namedMap(node: JsonNode | undefined, at: Position, what: string): Entry[] {
    const object = this.object(node, at, what);
    return object ? entriesOf(object) : [];
  }

  private object(
    node: JsonNode | undefined,
    at: Position,
    what: string,
  ): ObjectReader<SchemaFile> | undefined {
    if (node?.kind === "object") return new ObjectReader(node, this.file, "", this.sink);
    this.error(node?.at ?? at, `${what} must be a map`);
    return undefined;
  }

  /** A sequence's items. */
  seq(entry: Entry | undefined, what: string): readonly JsonNode[] {
    if (!entry) return [];
    if (entry.node.kind === "array") return entry.node.items;
    this.error(entry.at, `${what} must be a list`);
    return [];
  }

  /** A scalar's text: a number or boolean written without quotes as written. */
  scalarText(node: JsonNode | undefined, at: Position, what: string): string | undefined {
    const text = node === undefined ? undefined : this.itemText(node);
    if (text === undefined) this.error(at, `${what} must be a string`);
    return text;
  }

  string(entry: Entry | undefined, what: string): string | undefined {
    if (!entry) return undefined;
    if (entry.node.kind === "number" || entry.node.kind === "boolean") {
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
    if (entry.node.kind === "boolean") return entry.node.value;
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
    const value = entry.node.kind === "number" ? Number(entry.node.text) : undefined;
    if (value === undefined || !Number.isInteger(value)) {
      this.error(entry.at, `${what} must be a whole number`);
      return undefined;
    }
    if (value < min || value > max) {
      this.error(entry.at, `${what} must be between ${min} and ${max}`);
      return undefined;
    }
    return value;
  }

  /** A string, number or boolean constant. */
  constant(entry: Entry, what: string): string | number | boolean | undefined {
    const node = entry.node;
    if (node.kind === "string" || node.kind === "boolean") return node.value;
    if (node.kind === "number") {
      // Keep the written text: `012` is not the number 12.
      const written = node.written ?? node.text;
      return /^0\d/.test(written) ? written : Number(node.text);
    }
    this.error(entry.at, `${what} must be a string, number or boolean`);
    return undefined;
  }

  /** Text of a scalar in a list (`- name`), or undefined when the item is a map, a list or null. */
  itemText(node: JsonNode): string | undefined {
    switch (node.kind) {
      case "string":
        return node.value;
      case "number":
        return node.written ?? node.text;
      case "boolean":
        return String(node.value);
      default:
        return undefined;
    }
  }
}

/** The members of an object as entries, in source order. */
function entriesOf(object: ObjectReader<SchemaFile>): Entry[] {
  return [...object.node.members.values()].map((member) => ({
    key: member.key,
    keyAt: member.keyAt,
    node: member.value,
    at: member.value.at,
  }));
}
