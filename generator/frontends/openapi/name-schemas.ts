import { SCALAR_NAMES } from "../../model/vocabulary.js";
import { compareText } from "../../diagnostics/diagnostic.js";
import { pascalCase } from "../../naming/case.js";
import type { SourceProblems } from "../source/source-problem.js";
import type { DiscriminatorCase, NamedSchema, SchemaShape } from "./openapi-model.js";
import type { NameHint, NamingSlot, SchemaEntry, SchemaGraph } from "./schema-graph.js";
import { entryShapeKey } from "./shape-key.js";

/**
 * Gives every named schema of the graph its final name and settles what
 * refers to names (references, `extends`, discriminator cases).
 *
 * - A component keeps its document name.
 * - Another `$ref` target is named by its `title`, else its last pointer segment.
 * - An inline object or union is named by its `title`, else by where it is
 *   used: its parent's name and the property path in PascalCase
 *   (`CreatePaymentRequestOrderInformation`), `Item` for array items,
 *   `Value` for map values, `Variant2` for union variants.
 * - Identical inline shapes (see `shape-key.ts`) share one name: that of a
 *   component or `$ref` target of the same shape, else that of the first
 *   one read. The others are listed in `alsoAt`.
 * - A name already taken gets the first free number (`Pet2`).
 *
 * Everything is decided in the order schemas were read, so the same
 * document always gives the same names.
 */
export function nameSchemas(graph: SchemaGraph, problems: SourceProblems): NamedSchema[] {
  const holders = groupIdenticalShapes(graph);
  const taken = new Set<string>();
  for (const entry of graph.entries) {
    if (entry.fixedName !== undefined && !isScalarName(entry.fixedName)) {
      entry.name = entry.fixedName;
      taken.add(entry.fixedName);
    }
  }
  const unique = (candidate: string): string => {
    let name = candidate || "Schema";
    for (let n = 2; taken.has(name); n++) name = `${candidate}${n}`;
    taken.add(name);
    return name;
  };
  // A schema named like a scalar of the description (`date`, `string`) is named in PascalCase (`Date`), which no scalar is.
  for (const entry of graph.entries)
    if (entry.fixedName !== undefined && isScalarName(entry.fixedName))
      entry.name = unique(pascalCase(entry.fixedName));
  const nameOf = (entry: SchemaEntry): string => {
    if (entry.name !== undefined) return entry.name;
    const holder = holders.get(entry) ?? entry;
    if (holder !== entry) return (entry.name = nameOf(holder));
    const title = entry.schema?.title;
    const fromTitle = title === undefined ? "" : pascalCase(title);
    entry.name = unique(fromTitle || hintName(entry.slot.hint));
    return entry.name;
  };
  const slotName = (slot: NamingSlot): string =>
    slot.entry ? nameOf(slot.entry) : hintName(slot.hint);
  const hintName = (hint: NameHint): string =>
    (hint.base ?? (hint.parent ? slotName(hint.parent) : "")) + hint.suffix;

  for (const entry of graph.entries) nameOf(entry);
  for (const entry of graph.entries) {
    const holder = holders.get(entry) ?? entry;
    const holderDescription = holder.schema?.description;
    for (const use of entry.uses) {
      use.target = entry.name!;
      // An inline schema's reference repeats its description only where it differs from the named schema's.
      if (
        entry.origin === "inline" &&
        use.description !== undefined &&
        use.description === holderDescription
      )
        delete use.description;
    }
  }
  const bases = sharedBases(graph, holders);
  for (const [shape, info] of graph.extendsOf)
    info.names.push(...(bases.get(shape) ?? info.entries).map(nameOf));
  settleDiscriminators(graph, nameOf);
  reportReferenceCycles(graph, problems);

  const alsoAt = new Map<SchemaEntry, string[]>();
  for (const entry of graph.entries) {
    const holder = holders.get(entry);
    if (holder && holder !== entry)
      alsoAt.set(holder, [...(alsoAt.get(holder) ?? []), entry.pointer]);
  }
  return graph.entries
    .filter((entry) => (holders.get(entry) ?? entry) === entry && entry.schema !== undefined)
    .map((entry): NamedSchema => {
      const others = alsoAt.get(entry);
      return {
        name: entry.name!,
        origin: entry.origin,
        schema: entry.schema!,
        at: entry.at,
        pointer: entry.pointer,
        ...(others ? { alsoAt: others } : {}),
      };
    })
    .sort((a, b) => compareText(a.name, b.name));
}

/**
 * For each inline entry, the entry that names its shape: the first
 * component or `$ref` target of the same shape, else the first inline
 * entry of that shape. Location entries name themselves.
 */
function groupIdenticalShapes(graph: SchemaGraph): Map<SchemaEntry, SchemaEntry> {
  const holders = new Map<SchemaEntry, SchemaEntry>();
  const locationByKey = new Map<string, SchemaEntry>();
  const inlineByKey = new Map<string, SchemaEntry>();
  for (const entry of graph.entries) {
    if (entry.origin === "inline" || entry.schema?.kind !== "shape") continue;
    const key = entryShapeKey(entry, graph);
    if (!locationByKey.has(key)) locationByKey.set(key, entry);
  }
  for (const entry of graph.entries) {
    if (entry.origin !== "inline") continue;
    const key = entryShapeKey(entry, graph);
    let holder = locationByKey.get(key) ?? inlineByKey.get(key);
    if (!holder) {
      holder = entry;
      inlineByKey.set(key, entry);
    }
    holders.set(entry, holder);
  }
  return holders;
}

/**
 * The bases a named shape says it includes: for the one shape kept of
 * several identical ones (see `groupIdenticalShapes`), those every one of
 * them merged in, so that what its type says holds for each place it stands
 * for. Shapes not listed keep all their bases.
 */
function sharedBases(
  graph: SchemaGraph,
  holders: ReadonlyMap<SchemaEntry, SchemaEntry>,
): Map<SchemaShape, readonly SchemaEntry[]> {
  const basesOf = (entry: SchemaEntry): readonly SchemaEntry[] =>
    (entry.schema?.kind === "shape" ? graph.extendsOf.get(entry.schema)?.entries : undefined) ?? [];
  const shared = new Map<SchemaShape, readonly SchemaEntry[]>();
  for (const [entry, holder] of holders) {
    if (entry === holder || holder.schema?.kind !== "shape") continue;
    const kept = shared.get(holder.schema) ?? basesOf(holder);
    shared.set(
      holder.schema,
      kept.filter((base) => basesOf(entry).includes(base)),
    );
  }
  return shared;
}

/**
 * Fills each discriminator's cases: the explicit `mapping` first, then,
 * implicitly, each variant of its union that is a named schema, or (without
 * a union, 2.0 inheritance) each named schema that extends the schema
 * carrying it, by name.
 */
function settleDiscriminators(graph: SchemaGraph, nameOf: (entry: SchemaEntry) => string): void {
  for (const pending of graph.discriminators) {
    const cases: DiscriminatorCase[] = pending.explicit.map((c) => ({
      value: c.value,
      target: nameOf(c.entry),
    }));
    const covered = new Set(pending.explicit.map((c) => c.entry));
    const values = new Set(cases.map((c) => c.value));
    let implicit: readonly SchemaEntry[] = pending.variants ?? [];
    if (!pending.variants && pending.owner.entry) {
      const owner = pending.owner.entry;
      implicit = [...graph.extendsOf.values()]
        .filter((info) => info.entries.includes(owner) && info.slot.entry !== undefined)
        .map((info) => info.slot.entry!)
        .sort((a, b) => a.id - b.id);
    }
    for (const entry of implicit) {
      // The implicit tag value is the schema's name as the contract writes it, whatever the type is called.
      const name = nameOf(entry);
      const value = entry.fixedName ?? name;
      if (covered.has(entry) || values.has(value)) continue;
      covered.add(entry);
      values.add(value);
      cases.push({ value, target: name, implicit: true });
    }
    pending.discriminator.mapping.push(...cases);
  }
}

/** Reports named schemas that are only references to each other, round in a circle, never reaching a schema. */
function reportReferenceCycles(graph: SchemaGraph, problems: SourceProblems): void {
  const reported = new Set<SchemaEntry>();
  for (const start of graph.entries) {
    const chain: SchemaEntry[] = [];
    let entry: SchemaEntry | undefined = start;
    while (entry && entry.schema?.kind === "ref" && !chain.includes(entry)) {
      chain.push(entry);
      entry = graph.refEntries.get(entry.schema);
    }
    if (!entry || !chain.includes(entry) || reported.has(entry)) continue;
    const cycle = chain.slice(chain.indexOf(entry));
    for (const member of cycle) reported.add(member);
    problems.error(
      entry.at,
      `these schemas only refer to each other and never say what a value is: ${[...cycle, entry].map((e) => e.name).join(" → ")}`,
      entry.pointer,
    );
  }
}

function isScalarName(name: string): boolean {
  return (SCALAR_NAMES as readonly string[]).includes(name);
}
