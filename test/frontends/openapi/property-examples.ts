import type { JsonNode } from "../../../generator/frontends/json/json-node.js";
import { parsePointer, resolvePointer } from "../../../generator/frontends/json/json-pointer.js";
import { toJsonValue, type JsonValue } from "../../../generator/frontends/json/json-value.js";
import type {
  ApiDocument,
  ApiFormat,
  Schema,
  SchemaShape,
} from "../../../generator/frontends/openapi/openapi-model.js";

/**
 * The examples a contract writes inside its schemas, on one property or item
 * (`amount: {type: string, example: "10.00"}`), on a use of a named schema
 * (`{$ref, example}`) or on a parameter or header, and how to place each one
 * in a value of a type the generated package reads and writes (a body's).
 * Named schemas' own examples are not among them: the body examples test
 * reads those whole.
 */

/** One step from a body's schema down to an example's: into a property, a list's item or a map's entry, or (no key) to a narrower schema of the same value (a reference's target, a union's variant). */
interface Step {
  readonly key?: string | number;
  readonly schema: Schema;
}

/** An example written inside a schema. */
export interface InnerExample {
  /** The JSON pointer of where it is written, and its place among the examples there (`#1`, `#2`). */
  readonly where: string;
  /** The JSON pointer of the schema that describes it in the contract. */
  readonly pointer: string;
  readonly value: JsonValue;
  readonly schema: Schema;
  /** A parameter's or header's: checked against its schema only (no JSON reader reads it). */
  readonly parameter: boolean;
}

/** A body of a type the package reads and writes, from which examples inside it are reached. */
export interface Root {
  readonly type: string;
  readonly schema: Schema;
}

/** Where an example is reached first: the body's type and the steps down to it. */
export interface Placement {
  readonly type: string;
  readonly steps: readonly Step[];
}

/** The schemas a schema contains directly: properties, a list's items, a map's values, union variants. */
function children(schema: Schema): Step[] {
  if (schema.kind === "ref") return [];
  return [
    ...(schema.properties ?? []).map((p) => ({ key: p.name, schema: p.schema })),
    ...(schema.items ? [{ key: 0, schema: schema.items }] : []),
    ...(typeof schema.additionalProperties === "object"
      ? [{ key: "key", schema: schema.additionalProperties }]
      : []),
    ...(schema.union?.variants ?? []).map((v) => ({ schema: v })),
  ];
}

/** The examples written on the node at a pointer of the contract: `example`, 2.0 `x-example`, 3.1 `examples`. */
function examplesAt(root: JsonNode, pointer: string, format: ApiFormat): JsonValue[] {
  const found = resolvePointer(root, parsePointer(pointer) ?? []);
  if (!found.found || found.node.kind !== "object") return [];
  const members = found.node.members;
  const out: JsonValue[] = [];
  const example = members.get("example");
  if (example) out.push(toJsonValue(example.value));
  const vendor = format === "swagger-2.0" ? members.get("x-example") : undefined;
  if (vendor) out.push(toJsonValue(vendor.value));
  const list = format === "openapi-3.1" ? members.get("examples")?.value : undefined;
  if (list?.kind === "array") out.push(...list.items.map(toJsonValue));
  return out;
}

/**
 * Every example written inside the document's schemas, in document order of
 * the schemas: those the model holds (not the top of a named schema), and
 * those of the other places of an inline schema written identically in
 * several places (the model holds one place's schema; each other place's
 * examples are read from the contract at the same position, and take the
 * model schema of the first place).
 */
export function innerExamples(document: ApiDocument, contract: JsonNode): InnerExample[] {
  const out: InnerExample[] = [];
  const seen = new Set<Schema>();
  // Each place of the contract once; the tops of named schemas are the body examples test's.
  const places = new Set(document.schemas.map((named) => named.schema.pointer));
  const add = (
    place: string,
    values: readonly JsonValue[],
    schema: Schema,
    parameter: boolean,
    pointer = place,
  ) => {
    if (values.length === 0 || places.has(place)) return;
    places.add(place);
    values.forEach((value, index) =>
      out.push({ where: `${place} #${index + 1}`, pointer, value, schema, parameter }),
    );
  };
  const collect = (schema: Schema, parameter: boolean, top: boolean): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    if (!top) add(schema.pointer, schema.examples ?? [], schema, parameter);
    for (const child of children(schema)) collect(child.schema, parameter, false);
  };
  for (const named of document.schemas) {
    collect(named.schema, false, true);
    const base = named.schema.pointer;
    for (const other of named.alsoAt ?? [])
      for (const schema of within(named.schema, base)) {
        const pointer = other + schema.pointer.slice(base.length);
        add(pointer, examplesAt(contract, pointer, document.format), schema, false);
      }
  }
  for (const op of document.operations) {
    for (const p of op.parameters) {
      add(p.pointer, p.examples ?? [], p.schema, true, p.schema.pointer);
      collect(p.schema, true, false);
    }
    for (const body of [op.requestBody, ...op.responses])
      for (const content of body?.content ?? [])
        if (content.schema) collect(content.schema, false, false);
    for (const response of op.responses)
      for (const header of response.headers) collect(header.schema, true, false);
  }
  return out;
}

/** The schemas written at or below a pointer inside a schema (not those merged in from elsewhere). */
function within(schema: Schema, base: string): Schema[] {
  if (schema.pointer !== base && !schema.pointer.startsWith(`${base}/`)) return [];
  return [schema, ...children(schema).flatMap((c) => within(c.schema, base))];
}

/** Where each schema is reached first from the roots (in order, depth first). */
export function placements(document: ApiDocument, roots: readonly Root[]): Map<Schema, Placement> {
  const out = new Map<Schema, Placement>();
  const visited = new Set<Schema>();
  const visit = (type: string, steps: Step[]): void => {
    const schema = steps.at(-1)!.schema;
    if (visited.has(schema)) return;
    visited.add(schema);
    out.set(schema, { type, steps });
    const next =
      schema.kind === "ref" ? [{ schema: targetOf(document, schema.target) }] : children(schema);
    for (const child of next) visit(type, [...steps, child]);
  };
  for (const root of roots) visit(root.type, [{ schema: root.schema }]);
  return out;
}

function targetOf(document: ApiDocument, name: string): Schema {
  const named = document.schemas.find((s) => s.name === name);
  if (!named) throw new Error(`no schema ${name}`);
  return named.schema;
}

/**
 * Values of a body's type assembled from the contract's examples: each schema
 * stands for its first valid example; an object without one for the
 * properties that have one (a required property without one for the simplest
 * value of its type: its default, its first enum value, "", 0, false, an
 * empty list, an object assembled the same way); a list for one item.
 */
export class Assembler {
  constructor(
    private readonly document: ApiDocument,
    /** The first example of a schema its schema accepts. */
    private readonly validExample: (schema: Schema) => JsonValue | undefined,
  ) {}

  /** A value of the placement's body with `value` where the example's schema is. */
  placed(placement: Placement, value: JsonValue): JsonValue {
    return this.along(placement.steps, 0, value);
  }

  /** The value at `steps[at]`: `value` at the last step, each step above it an object (its other properties' values), a list or the same value. */
  private along(steps: readonly Step[], at: number, value: JsonValue): JsonValue {
    if (at === steps.length - 1) return value;
    const here = steps[at]!.schema;
    const next = steps[at + 1]!;
    const inner = this.along(steps, at + 1, value);
    if (next.key === undefined) return inner;
    if (typeof next.key === "number") return [inner];
    const object =
      here.kind === "shape" && here.properties !== undefined
        ? this.object(here, new Set([here]), next.key)
        : new Map<string, JsonValue>();
    const out = new Map(object);
    out.set(next.key, inner);
    return out;
  }

  /** What stands for a schema where no example is placed, or undefined when nothing does. */
  base(schema: Schema, open: Set<Schema>): JsonValue | undefined {
    const example = this.validExample(schema);
    if (example !== undefined) return example;
    if (open.has(schema)) return undefined;
    const inner = new Set([...open, schema]);
    if (schema.kind === "ref") return this.base(targetOf(this.document, schema.target), inner);
    if (schema.union) {
      for (const variant of schema.union.variants) {
        const value = this.base(variant, inner);
        if (value !== undefined) return value;
      }
      return undefined;
    }
    if (schema.properties !== undefined) {
      const object = this.object(schema, inner);
      return object.size > 0 ? object : undefined;
    }
    if (schema.items) {
      const item = this.base(schema.items, inner);
      return item === undefined ? undefined : [item];
    }
    return undefined;
  }

  /** An object of the shape from its properties' values, leaving out `skip` (the one an example will take). */
  private object(shape: SchemaShape, open: Set<Schema>, skip?: string): Map<string, JsonValue> {
    const out = new Map<string, JsonValue>();
    for (const p of shape.properties ?? []) {
      if (p.name === skip) continue;
      const value =
        this.base(p.schema, open) ?? (p.required ? this.filler(p.schema, open) : undefined);
      if (value !== undefined) out.set(p.name, value);
    }
    return out;
  }

  /** The simplest value of a schema's type, for a required property no example shows. */
  private filler(schema: Schema, open: Set<Schema>): JsonValue {
    if (schema.kind === "ref") {
      if (schema.default !== undefined) return schema.default;
      const target = targetOf(this.document, schema.target);
      return open.has(target) ? new Map() : this.filler(target, new Set([...open, target]));
    }
    if (schema.default !== undefined) return schema.default;
    if (schema.enum?.[0] !== undefined) return schema.enum[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.union?.variants[0]) return this.filler(schema.union.variants[0], open);
    const type =
      schema.types.find((t) => t !== "null") ?? (schema.properties ? "object" : "string");
    switch (type) {
      case "string":
        return "";
      case "number":
      case "integer":
        return { number: "0" };
      case "boolean":
        return false;
      case "array":
        return [];
      case "object":
        return this.object(schema, open);
    }
  }
}
