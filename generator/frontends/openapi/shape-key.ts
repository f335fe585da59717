import { canonicalJsonText, type JsonValue } from "../json/json-value.js";
import type { Discriminator, Schema, SchemaShape } from "./openapi-model.js";
import type { SchemaEntry, SchemaGraph } from "./schema-graph.js";

/**
 * Keys that say when two schemas are the same shape: equal keys, same
 * schema, whatever their positions. A reference to a named schema written
 * in place counts as that schema's shape (so identical inline objects nest
 * identical inline objects); a reference to a component or another `$ref`
 * target counts as that target, by identity.
 *
 * Documentation (`title`, `description`, examples) is left out: two objects
 * that differ only in wording are one shape, named once; the description of
 * each place of use stays on its reference. So are the schemas an `allOf`
 * merged in (`extends`), whose properties the key holds already, except a
 * base carrying a discriminator: the schemas extending it are its cases.
 */
export function schemaKey(schema: Schema, graph: SchemaGraph): string {
  return keysOf(graph).schemaKey(schema);
}

/**
 * The key of a named schema's own shape (for grouping identical inline
 * schemas), once the graph is read whole: from the first call on, each
 * shape's key is kept, since no shape changes any more (while the graph is
 * read, allOf merges key shapes that are still being completed).
 */
export function entryShapeKey(entry: SchemaEntry, graph: SchemaGraph): string {
  if (!entry.schema) return `pending:${entry.id}`;
  const keys = keysOf(graph);
  keys.keepShapeKeys();
  return keys.schemaKey(entry.schema);
}

function keysOf(graph: SchemaGraph): ShapeKeys {
  let keys = KEYS.get(graph);
  if (!keys) {
    keys = new ShapeKeys(graph);
    KEYS.set(graph, keys);
  }
  return keys;
}

const KEYS = new WeakMap<SchemaGraph, ShapeKeys>();

/** Keys left out of a shape's key: where it is written, and what only documents it. */
const IGNORED = new Set(["at", "pointer", "title", "description", "examples", "kind"]);

class ShapeKeys {
  /** Short ids of long keys, so that a parent's key holds its children's ids, not their text. */
  private readonly ids = new Map<string, number>();
  private readonly entryKeys = new Map<SchemaEntry, string>();
  /**
   * Each shape's key, computed once when the graph is read whole (a shape
   * nested in others is keyed for each of them); `undefined` while it is read.
   */
  private shapeKeys: Map<SchemaShape, string> | undefined;
  private readonly discriminators = new Map<
    Discriminator,
    { value: string; entry: SchemaEntry }[]
  >();

  constructor(private readonly graph: SchemaGraph) {}

  /** From now on no shape changes: each shape's key is kept once computed. */
  keepShapeKeys(): void {
    this.shapeKeys ??= new Map();
  }

  schemaKey(schema: Schema): string {
    if (schema.kind === "ref") {
      const entry = this.graph.refEntries.get(schema);
      const annotations = Object.entries(schema)
        .filter(([k]) => !IGNORED.has(k) && k !== "target")
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${this.value(v)}`);
      return `ref(${entry ? this.entryKey(entry) : "?"}${annotations.length > 0 ? `;${annotations.join(";")}` : ""})`;
    }
    return this.shapeKey(schema);
  }

  /** A location entry is itself; an inline entry is its shape. */
  private entryKey(entry: SchemaEntry): string {
    const known = this.entryKeys.get(entry);
    if (known) return known;
    let key: string;
    if (entry.origin === "inline" && entry.schema)
      key = `S${this.id(this.schemaKey(entry.schema))}`;
    else key = `L${entry.id}`;
    this.entryKeys.set(entry, key);
    return key;
  }

  private shapeKey(shape: SchemaShape): string {
    if (this.shapeKeys === undefined) return this.shapeKeyOf(shape);
    let key = this.shapeKeys.get(shape);
    if (key === undefined) {
      key = this.shapeKeyOf(shape);
      this.shapeKeys.set(shape, key);
    }
    return key;
  }

  private shapeKeyOf(shape: SchemaShape): string {
    const parts: string[] = [];
    for (const key of Object.keys(shape).sort()) {
      if (IGNORED.has(key)) continue;
      const value = shape[key as keyof SchemaShape];
      if (value === undefined) continue;
      const text = this.field(key, value, shape);
      if (key === "extends" && text === "[]") continue;
      parts.push(`${key}=${text}`);
    }
    return `{${parts.join(",")}}`;
  }

  private field(key: string, value: unknown, shape: SchemaShape): string {
    switch (key) {
      case "properties":
        return `[${(shape.properties ?? []).map((p) => `${JSON.stringify(p.name)}${p.required ? "!" : ""}:${this.schemaKey(p.schema)}`).join(",")}]`;
      case "items":
        return this.schemaKey(shape.items!);
      case "additionalProperties":
        return shape.additionalProperties === false
          ? "false"
          : this.schemaKey(shape.additionalProperties!);
      case "union":
        return `${shape.union!.kind}[${shape.union!.variants.map((v) => this.schemaKey(v)).join(",")}]`;
      case "extends":
        // A base is the properties it gave, already in the key; only one whose discriminator names the schemas extending it sets a shape apart.
        return `[${(this.graph.extendsOf.get(shape)?.entries ?? [])
          .filter((e) => this.graph.discriminators.some((d) => d.owner.entry === e))
          .map((e) => this.entryKey(e))
          .join(",")}]`;
      case "discriminator": {
        const discriminator = shape.discriminator!;
        const cases = this.discriminatorCases(discriminator).map(
          (c) => `${JSON.stringify(c.value)}:${this.entryKey(c.entry)}`,
        );
        return `${JSON.stringify(discriminator.propertyName)}[${cases.join(",")}]`;
      }
      case "enum":
        return `[${shape.enum!.map(canonicalJsonText).join(",")}]`;
      case "const":
      case "default":
        return canonicalJsonText(value as JsonValue);
      default:
        return this.value(value);
    }
  }

  private discriminatorCases(
    discriminator: Discriminator,
  ): { value: string; entry: SchemaEntry }[] {
    if (this.discriminators.size === 0 || !this.discriminators.has(discriminator)) {
      for (const pending of this.graph.discriminators)
        this.discriminators.set(pending.discriminator, [...pending.explicit]);
    }
    return this.discriminators.get(discriminator) ?? [];
  }

  private value(value: unknown): string {
    if (typeof value === "number") return String(value);
    if (
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      !(value instanceof Map) &&
      !("number" in value)
    ) {
      return JSON.stringify(
        Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))),
      );
    }
    return canonicalJsonText(value as JsonValue);
  }

  private id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }
}
