import type { Position } from "../../diagnostics/diagnostic.js";
import type { JsonNode } from "../json/json-node.js";
import type { RefTarget, SourceDocument } from "./document-set.js";
import type { Discriminator, DiscriminatorCase, SchemaRef, SchemaShape } from "./openapi-model.js";

/**
 * How an inline schema is named when it has no title: its parent's name (or
 * a fixed base such as `CreatePaymentRequest`) followed by a suffix (a
 * property name in PascalCase, `Item`, `Value`, `Variant2`).
 */
export interface NameHint {
  readonly base?: string;
  readonly parent?: NamingSlot;
  readonly suffix: string;
}

/**
 * The place of one schema in the naming tree. Its children are named after
 * it; `entry` is set when the schema there turns out to be named itself.
 */
export interface NamingSlot {
  readonly hint: NameHint;
  entry?: SchemaEntry;
}

/** A schema that gets a name: the graph's node. Mutable while the graph is built. */
export interface SchemaEntry {
  /** Creation order: decides, deterministically, which of several identical inline schemas names them. */
  readonly id: number;
  readonly origin: "component" | "referenced" | "inline";
  readonly document: SourceDocument;
  /** The node to read (absent for a schema built by a reader, such as a 2.0 form body). */
  readonly node?: JsonNode;
  readonly pointer: string;
  readonly at: Position;
  /** A component's name, as the document writes it. */
  readonly fixedName?: string;
  readonly slot: NamingSlot;
  state: "pending" | "building" | "built";
  schema?: SchemaRef | SchemaShape;
  /** Every reference to this entry: their `target` is set once names are given. */
  readonly uses: MutableSchemaRef[];
  name?: string;
}

/** A `SchemaRef` whose target (and site documentation) are settled when names are given. */
export type MutableSchemaRef = { -readonly [K in keyof SchemaRef]: SchemaRef[K] };

/** A discriminator whose mapping is filled once names are given. */
export interface PendingDiscriminator {
  readonly discriminator: Discriminator & { mapping: DiscriminatorCase[] };
  /** Explicit `mapping` entries, targets resolved to entries. */
  readonly explicit: readonly { readonly value: string; readonly entry: SchemaEntry }[];
  /** For a discriminator of a union: the variants that are references (implicit cases). */
  readonly variants?: readonly SchemaEntry[];
  /** The slot of the schema carrying the discriminator: for inheritance (2.0 style), the base whose derived schemas are the cases. */
  readonly owner: NamingSlot;
}

/**
 * The named schemas of a description and the references between them,
 * before names are given: location entries (components, and other places
 * `$ref`s lead to) keyed by where they are, inline entries in creation order.
 * Reading fills it (`read-schema.ts`); naming settles it (`name-schemas.ts`).
 */
export class SchemaGraph {
  readonly entries: SchemaEntry[] = [];
  private readonly byLocation = new Map<string, SchemaEntry>();
  /** Location entries not yet read. */
  private readonly pendingLocations: SchemaEntry[] = [];
  /** Which entry each reference names. */
  readonly refEntries = new Map<SchemaRef, SchemaEntry>();
  /** Named schemas merged into a shape through `allOf` (its `extends`, filled with names later). */
  readonly extendsOf = new Map<
    SchemaShape,
    {
      readonly entries: readonly SchemaEntry[];
      readonly names: string[];
      readonly slot: NamingSlot;
    }
  >();
  readonly discriminators: PendingDiscriminator[] = [];

  /**
   * Registers a component under its document name; it is read later
   * (`nextPending`). `alsoKey` is the component's own place when `target`
   * is elsewhere (a component written as a `$ref` to another file is that
   * file's schema, named as the component).
   */
  addComponent(name: string, target: RefTarget, alsoKey?: string): SchemaEntry {
    const entry = this.newEntry(
      "component",
      target.document,
      target.node,
      target.pointer,
      target.node.at,
      { hint: { base: name, suffix: "" } },
      name,
    );
    this.byLocation.set(target.key, entry);
    if (alsoKey !== undefined) this.byLocation.set(alsoKey, entry);
    this.pendingLocations.push(entry);
    return entry;
  }

  /** The entry of the place a `$ref` leads to: a component's, or a new `referenced` entry named after the last pointer segment. */
  locationEntry(target: RefTarget, baseName: string): SchemaEntry {
    const known = this.byLocation.get(target.key);
    if (known) return known;
    const entry = this.newEntry(
      "referenced",
      target.document,
      target.node,
      target.pointer,
      target.node.at,
      { hint: { base: baseName, suffix: "" } },
    );
    this.byLocation.set(target.key, entry);
    this.pendingLocations.push(entry);
    return entry;
  }

  /** Whether a place already has an entry. */
  hasLocation(key: string): boolean {
    return this.byLocation.has(key);
  }

  /** Registers a schema written in place as named, at its slot. */
  addInline(
    schema: SchemaShape,
    slot: NamingSlot,
    document: SourceDocument,
    node: JsonNode | undefined,
  ): SchemaEntry {
    const entry = this.newEntry("inline", document, node, schema.pointer, schema.at, slot);
    entry.schema = schema;
    entry.state = "built";
    slot.entry = entry;
    return entry;
  }

  /** A location entry still to read, if any. */
  nextPending(): SchemaEntry | undefined {
    for (;;) {
      const entry = this.pendingLocations.shift();
      if (!entry) return undefined;
      if (entry.state === "pending") return entry;
    }
  }

  /** A new reference to `entry` (target set when names are given). */
  refTo(entry: SchemaEntry, at: Position, pointer: string): MutableSchemaRef {
    const ref: MutableSchemaRef = { kind: "ref", target: "", at, pointer };
    entry.uses.push(ref);
    this.refEntries.set(ref, entry);
    return ref;
  }

  private newEntry(
    origin: SchemaEntry["origin"],
    document: SourceDocument,
    node: JsonNode | undefined,
    pointer: string,
    at: Position,
    slot: NamingSlot,
    fixedName?: string,
  ): SchemaEntry {
    const entry: SchemaEntry = {
      id: this.entries.length,
      origin,
      document,
      ...(node ? { node } : {}),
      pointer,
      at,
      ...(fixedName === undefined ? {} : { fixedName }),
      slot,
      state: "pending",
      uses: [],
    };
    if (origin !== "inline") slot.entry = entry;
    this.entries.push(entry);
    return entry;
  }
}
