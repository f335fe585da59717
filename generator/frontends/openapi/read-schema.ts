import type { Position } from "../../diagnostics/diagnostic.js";
import { FACETS } from "../../facets/registry.js";
import { pascalCase } from "../../naming/case.js";
import { describeKind, type JsonNode } from "../json/json-node.js";
import { childPointer, escapePointerSegment, parsePointer } from "../json/json-pointer.js";
import { isJsonNumber, toJsonValue, type JsonValue } from "../json/json-value.js";
import type { SourceProblems } from "../source/source-problem.js";
import { FORMAT_NAMES, withArticle } from "./detect-format.js";
import type { DocumentSet, RefTarget, SourceDocument } from "./document-set.js";
import { mergeAllOf, type AllOfPart, type ShapeDraft } from "./merge-all-of.js";
import { LenientObjectReader, ObjectReader } from "../json/object-reader.js";
import type {
  ApiFormat,
  Bound,
  Property,
  Schema,
  SchemaShape,
  SchemaType,
  Union,
} from "./openapi-model.js";
import type { MutableSchemaRef, NamingSlot, SchemaEntry, SchemaGraph } from "./schema-graph.js";
import { REF_ANNOTATIONS, schemaKeyRules } from "./schema-keywords.js";
import { schemaKey } from "./shape-key.js";

/** The annotations a use of a schema carries onto the schema it refers to. */
const CARRIED_ANNOTATIONS = [
  "description",
  "title",
  "deprecated",
  "readOnly",
  "writeOnly",
  "default",
  "examples",
] as const;

/** Where a schema is read: its file, its pointer, its place in the naming tree. */
export interface SchemaSite {
  readonly document: SourceDocument;
  readonly pointer: string;
  readonly slot: NamingSlot;
  /**
   * True where an object or a union written in place becomes a named schema
   * (and the site gets a reference to it); false at the root of a named
   * schema and for `allOf` parts, which are merged.
   */
  readonly nameable: boolean;
  /** True for an `allOf` part: its `required` names may be properties of another part, so they are checked after merging. */
  readonly allOfPart?: boolean;
}

/** Variations for the value descriptions of 2.0 parameters, headers and items, which share the schema keywords. */
export interface SchemaReadOptions {
  /**
   * Set for a 2.0 parameter, header or items object: the keys allowed there
   * (the simple value keywords and the object's own keys). Object keywords
   * are not read (`required` is the parameter's), nor the description (the
   * parameter's or header's own).
   */
  readonly simpleKeys?: readonly string[];
  /** Swagger 2.0 `type: file` (form parameters and responses): read as a binary string. */
  readonly allowFileType?: boolean;
  /** How `items` is read (2.0 parameters: an items object, not a schema). */
  readonly itemOptions?: SchemaReadOptions;
}

const TYPES: readonly SchemaType[] = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
];

/** A child slot named after its parent. */
export function childSlot(parent: NamingSlot, suffix: string): NamingSlot {
  return { hint: { parent, suffix } };
}

/** A slot with a fixed base name (`CreatePaymentRequest`). */
export function baseSlot(base: string): NamingSlot {
  return { hint: { base, suffix: "" } };
}

/**
 * Reads schemas of every version into the normalised shape, registering
 * named schemas in the graph as it goes: `$ref` targets (read later, once,
 * so recursion ends at a reference) and objects and unions written in place.
 */
export class SchemaReader {
  constructor(
    readonly format: ApiFormat,
    readonly graph: SchemaGraph,
    readonly documents: DocumentSet,
    readonly problems: SourceProblems,
    /** The entry file, whose components bare discriminator mapping names refer to. */
    readonly root: SourceDocument,
  ) {}

  /** Reads every location entry not yet read (the targets of `$ref`s found while reading). */
  readPending(): void {
    for (let entry = this.graph.nextPending(); entry; entry = this.graph.nextPending())
      this.build(entry);
  }

  /** Reads a schema at `site`. A schema that cannot be read is reported and stands as "any value". */
  read(node: JsonNode, site: SchemaSite, options: SchemaReadOptions = {}): Schema {
    if (node.kind === "boolean" && this.format === "openapi-3.1") {
      if (!node.value)
        this.problems.warning(
          node.at,
          "false-schema",
          "the schema false (no value allowed) is read as any JSON value",
          site.pointer,
        );
      return { kind: "shape", at: node.at, pointer: site.pointer, types: [] };
    }
    if (node.kind !== "object") {
      this.problems.error(
        node.at,
        `a schema must be an object, not ${describeKind(node)}`,
        site.pointer,
      );
      return anyShape(node.at, site.pointer);
    }
    const reader = new ObjectReader(node, site.document, site.pointer, this.problems);
    if (reader.has("$ref")) {
      const simpleAnnotations = [...reader.node.members.keys()].every(
        (k) => k.startsWith("x-") || REF_SITE_KEYS.has(k),
      );
      if (simpleAnnotations || this.format !== "openapi-3.1") return this.readRef(reader);
    }
    const shape = this.readShape(reader, site, options);
    if (shape.kind === "ref") return shape;
    if (site.nameable && isNameable(shape)) {
      const entry = this.graph.addInline(shape, site.slot, site.document, node);
      const ref = this.graph.refTo(entry, shape.at, shape.pointer);
      if (shape.description !== undefined) ref.description = shape.description;
      return ref;
    }
    return shape;
  }

  /** The `required` list read for each shape, checked once the shape is complete (after `allOf`). */
  private readonly requiredNames = new WeakMap<SchemaShape, readonly string[]>();

  /** Location entries being read, outermost first: the chain an `allOf` loop is reported with. */
  private readonly building: SchemaEntry[] = [];

  /** The shape of a named schema, read now if it was not yet (for `allOf`), following references; `undefined` on a loop. */
  shapeOf(entry: SchemaEntry, at: Position, pointer: string): SchemaShape | undefined {
    const seen = new Set<SchemaEntry>();
    let current = entry;
    for (;;) {
      if (seen.has(current) || current.state === "building") {
        const start = this.building.indexOf(current);
        const chain = [...(start === -1 ? [] : this.building.slice(start)), ...seen, current].map(
          (e) => e.fixedName ?? e.pointer,
        );
        this.problems.warning(
          at,
          "allof-loop",
          `allOf goes round in a loop (${chain.join(" → ")}): a schema cannot extend itself; this part, which closes the loop, is left out`,
          pointer,
        );
        return undefined;
      }
      seen.add(current);
      if (current.state === "pending") this.build(current);
      const schema = current.schema;
      if (!schema) return undefined;
      if (schema.kind === "shape") return schema;
      const next = this.graph.refEntries.get(schema);
      if (!next) return undefined;
      current = next;
    }
  }

  private build(entry: SchemaEntry): void {
    entry.state = "building";
    this.building.push(entry);
    entry.schema = entry.node
      ? this.read(entry.node, {
          document: entry.document,
          pointer: entry.pointer,
          slot: entry.slot,
          nameable: false,
        })
      : anyShape(entry.at, entry.pointer);
    this.building.pop();
    entry.state = "built";
  }

  /**
   * Resolves a schema `$ref` to its entry: `undefined` when it leads nowhere
   * (an error; given `missing`, how the value is read then, a warning).
   */
  resolveRef(
    ref: string,
    document: SourceDocument,
    at: Position,
    pointer: string,
    missing?: string,
  ): SchemaEntry | undefined {
    const target = this.documents.resolve(ref, document, at, pointer, missing);
    return target === undefined || target === "missing"
      ? undefined
      : this.graph.locationEntry(target, locationName(target));
  }

  /** `{$ref, description?, ...}`: a reference, with the annotations of this use. */
  private readRef(reader: ObjectReader<SourceDocument>): Schema {
    const member = reader.member("$ref")!;
    const at = member.value.at;
    if (member.value.kind !== "string") {
      reader.mismatch("$ref", "a string");
      return anyShape(reader.at, reader.pointer);
    }
    for (const other of reader.node.members.values()) {
      if (other.key.startsWith("x-") || REF_SITE_KEYS.has(other.key)) continue;
      reader.warning(
        other.keyAt,
        "ref-sibling",
        `"${other.key}" next to "$ref" is ignored, as ${FORMAT_NAMES[this.format]} says (write {allOf: [{$ref: ...}], ${other.key}: ...} to add to the referenced schema)`,
        reader.pointerOf(other.key),
      );
    }
    // A schema that does not exist is any value (a warning): the other operations generate.
    const entry = this.resolveRef(
      member.value.value,
      reader.document,
      at,
      reader.pointer,
      "the value is read as any JSON value",
    );
    if (!entry) return anyShape(reader.at, reader.pointer);
    const ref = this.graph.refTo(entry, reader.at, reader.pointer);
    this.readRefAnnotations(reader, ref);
    return ref;
  }

  private readRefAnnotations(reader: ObjectReader<SourceDocument>, ref: MutableSchemaRef): void {
    const title = reader.string("title");
    const description = reader.string("description");
    if (title !== undefined) ref.title = title;
    if (description !== undefined) ref.description = description;
    if (reader.boolean("deprecated")) ref.deprecated = true;
    if (reader.boolean("readOnly")) ref.readOnly = true;
    if (reader.boolean("writeOnly")) ref.writeOnly = true;
    if (reader.has("nullable")) {
      if (this.format === "swagger-2.0")
        reader.error(
          reader.member("nullable")!.keyAt,
          `"nullable" is OpenAPI 3.0 only`,
          reader.pointerOf("nullable"),
        );
      else if (this.readNullable(reader)) ref.nullable = true;
    }
    const defaultValue = reader.member("default");
    if (defaultValue) ref.default = toJsonValue(defaultValue.value);
    const examples = this.readExamples(reader);
    if (examples) ref.examples = examples;
  }

  /** 3.0 `nullable`; in 3.1 and 2.0, which have none, read the same way with a warning (of the caller's key check, in 2.0). */
  private readNullable(reader: ObjectReader<SourceDocument>): boolean {
    const nullable = reader.boolean("nullable") === true;
    if (this.format === "openapi-3.1" && reader.has("nullable")) {
      reader.warning(
        reader.member("nullable")!.keyAt,
        "nullable-3.1",
        'OpenAPI 3.1 has no "nullable" (it writes type: [T, "null"]): read as in OpenAPI 3.0',
        reader.pointerOf("nullable"),
      );
    }
    return nullable;
  }

  private readShape(
    reader: ObjectReader<SourceDocument>,
    site: SchemaSite,
    options: SchemaReadOptions,
  ): Schema {
    const simple = options.simpleKeys !== undefined;
    reader.checkKeys(
      simple
        ? `${withArticle(this.format)} parameter, header or items object`
        : `${withArticle(this.format)} schema`,
      simple ? { known: options.simpleKeys! } : schemaKeyRules(this.format),
    );
    const shape: ShapeDraft = {
      kind: "shape",
      at: reader.at,
      pointer: reader.pointer,
      types: this.readTypes(reader, options),
    };
    const format = reader.string("format");
    if (format !== undefined) shape.format = format;
    const typeNode = reader.member("type")?.value;
    if (typeNode?.kind === "string" && typeNode.value === "file" && shape.format === undefined)
      shape.format = "binary";
    const title = reader.string("title");
    if (title !== undefined) shape.title = title;
    const description = simple ? undefined : reader.string("description");
    if (description !== undefined) shape.description = description;
    if (reader.boolean("deprecated")) shape.deprecated = true;
    if (reader.boolean("readOnly")) shape.readOnly = true;
    if (reader.boolean("writeOnly")) shape.writeOnly = true;
    if (shape.readOnly && shape.writeOnly) {
      reader.warning(
        reader.at,
        "read-write-only",
        "a schema both readOnly and writeOnly: read as neither (sent and answered)",
      );
      delete shape.readOnly;
      delete shape.writeOnly;
    }
    // A 2.0 parameter, header or items object has no nullable: its key check reads it past.
    const nullableRead = !(simple && this.format === "swagger-2.0") && this.readNullable(reader);
    if (nullableRead && shape.types.length > 0 && !shape.types.includes("null")) {
      shape.types = [...shape.types, "null"];
    }
    this.readValues(reader, shape);
    this.readFacets(reader, shape);
    if (!simple) this.readObjectKeywords(reader, site, shape);
    const items = reader.member("items");
    if (items) {
      if (items.value.kind === "array")
        reader.warning(
          items.value.at,
          "tuple",
          "a tuple (items as a list) is read as an array of any JSON values",
          reader.pointerOf("items"),
        );
      else {
        if (options.itemOptions)
          this.checkNestedCollectionFormat(items.value, reader.pointerOf("items"));
        shape.items = this.read(
          items.value,
          {
            document: site.document,
            pointer: reader.pointerOf("items"),
            slot: childSlot(site.slot, "Item"),
            nameable: true,
          },
          options.itemOptions ?? {},
        );
      }
    }
    if (
      shape.types.includes("array") &&
      !items &&
      this.format !== "swagger-2.0" &&
      this.format !== "openapi-3.1"
    ) {
      reader.warning(
        reader.at,
        "array-without-items",
        'an array schema without "items" (OpenAPI 3.0 requires them): each item is any JSON value',
      );
    }
    if (simple) return prune(shape);
    const union = this.readUnion(reader, site);
    if (union) {
      const nullable = this.nullableVariant(reader, union, shape);
      if (nullable) return nullable;
      shape.union = union;
    }
    this.readDiscriminator(reader, site, shape);
    const allOf = reader.array("allOf");
    const refNext = this.format === "openapi-3.1" ? reader.member("$ref") : undefined;
    if (allOf || refNext)
      return this.readAllOf(reader, site, shape, allOf?.items ?? [], refNext?.value);
    if (!site.allOfPart) this.checkRequired(reader, shape);
    return prune(shape);
  }

  /**
   * `type`: one type, or in 3.1 a list of them. A value that names no type
   * (an object, an unknown name, `null` outside 3.1) is a warning and the
   * keyword is ignored: the schema allows more, never less (a list with such
   * an item too, since leaving the item out would refuse its values).
   */
  private readTypes(
    reader: ObjectReader<SourceDocument>,
    options: SchemaReadOptions,
  ): SchemaType[] {
    const member = reader.member("type");
    if (!member) return [];
    const value = member.value;
    const pointer = reader.pointerOf("type");
    const ignored = (node: JsonNode, message: string): undefined => {
      reader.warning(node.at, "keyword-value", `${message}: the keyword is ignored`, pointer);
      return undefined;
    };
    const one = (node: JsonNode): SchemaType | undefined => {
      if (node.kind !== "string")
        return ignored(node, `a type must be a string, not ${describeKind(node)}`);
      if (node.value === "file" && this.format === "swagger-2.0") {
        if (!options.allowFileType)
          reader.error(
            node.at,
            'type "file" is allowed only for form parameters and responses',
            pointer,
          );
        return "string";
      }
      const type = TYPES.find((t) => t === node.value);
      if (!type || (type === "null" && this.format !== "openapi-3.1")) {
        const nullHint =
          node.value === "null"
            ? this.format === "openapi-3.0"
              ? " (write nullable: true)"
              : " (Swagger 2.0 has no null type)"
            : "";
        return ignored(
          node,
          `unknown type "${node.value}"${nullHint}; the types are ${TYPES.filter((t) => t !== "null" || this.format === "openapi-3.1").join(", ")}`,
        );
      }
      return type;
    };
    if (value.kind === "array") {
      if (this.format !== "openapi-3.1") {
        reader.error(
          value.at,
          `a list of types is OpenAPI 3.1; ${FORMAT_NAMES[this.format]} takes one type${this.format === "openapi-3.0" ? " (and nullable: true)" : ""}`,
          pointer,
        );
        return [];
      }
      const types = value.items.map(one);
      if (types.some((t) => t === undefined)) return [];
      const distinct = [...new Set(types as SchemaType[])];
      if (distinct.length !== types.length)
        reader.warning(value.at, "keyword-value", "a type is listed twice: read once", pointer);
      return distinct;
    }
    const type = one(value);
    return type ? [type] : [];
  }

  /**
   * `enum`, `const`, `default`, `example`/`examples`. A value of `enum`,
   * `const` or `default` that does not fit the schema's types is read past
   * with a warning: no value of the schema can be it, so the schema's types
   * say what is allowed.
   */
  private readValues(reader: ObjectReader<SourceDocument>, shape: ShapeDraft): void {
    const fits = (value: JsonValue, node: JsonNode, pointer: string, what: string): boolean => {
      if (shape.types.length === 0) return true;
      if (value === null && shape.types.includes("null")) return true;
      if (valueTypes(value).some((k) => shape.types.includes(k))) return true;
      reader.warning(
        node.at,
        "value-outside-type",
        `${what} ${describeKind(node)} does not fit the schema's type (${shape.types.join(" or ")}): read past`,
        pointer,
      );
      return false;
    };
    const enumNode = reader.array("enum");
    if (enumNode) {
      if (enumNode.items.length === 0)
        reader.error(enumNode.at, "an enum needs at least one value", reader.pointerOf("enum"));
      const values = enumNode.items.flatMap((item, i) => {
        const value = toJsonValue(item);
        return fits(value, item, childPointer(reader.pointerOf("enum"), i), "enum value")
          ? [value]
          : [];
      });
      if (values.length > 0 || enumNode.items.length === 0) shape.enum = values;
    }
    const constNode = this.format === "openapi-3.1" ? reader.member("const") : undefined;
    if (constNode) {
      const value = toJsonValue(constNode.value);
      if (fits(value, constNode.value, reader.pointerOf("const"), "const")) shape.const = value;
    }
    const defaultNode = reader.member("default");
    if (defaultNode) {
      const value = toJsonValue(defaultNode.value);
      if (fits(value, defaultNode.value, reader.pointerOf("default"), "the default"))
        shape.default = value;
    }
    const examples = this.readExamples(reader);
    if (examples) shape.examples = examples;
  }

  /**
   * `example` (one value) and, in 3.1, `examples` (a list). In Swagger 2.0,
   * whose parameters have no `example`, the vendor `x-example` is one too,
   * on a parameter, a schema or a property (after `example` when both are given).
   */
  private readExamples(reader: ObjectReader<SourceDocument>): JsonValue[] | undefined {
    const out: JsonValue[] = [];
    const example = reader.member("example");
    if (example) out.push(toJsonValue(example.value));
    const vendorExample = this.format === "swagger-2.0" ? reader.member("x-example") : undefined;
    if (vendorExample) out.push(toJsonValue(vendorExample.value));
    if (this.format === "openapi-3.1" && reader.has("examples")) {
      // Examples document a schema: a value of another kind is read past.
      const list = new LenientObjectReader(reader, "keyword-value").array("examples");
      if (list) out.push(...list.items.map(toJsonValue));
    }
    return out.length > 0 ? out : undefined;
  }

  private readFacets(strictReader: ObjectReader<SourceDocument>, shape: ShapeDraft): void {
    // A facet whose value is of the wrong kind, or cannot be applied, is ignored: the schema allows more, never less.
    const reader = new LenientObjectReader(strictReader, "facet-value");
    // Each facet written with a keyword of its own (`Facet.openApi`), kept under it as its value kind reads; bounds below.
    for (const { openApi, valueKind } of FACETS) {
      const keyword = openApi?.keyword;
      if (keyword === undefined || openApi?.bound !== undefined) continue;
      const value =
        valueKind === "count"
          ? reader.count(keyword)
          : valueKind === "decimal"
            ? reader.numberText(keyword)
            : reader.string(keyword);
      if (value !== undefined) (shape as Record<string, unknown>)[keyword] = value;
    }
    for (const key of ["minItems", "maxItems", "minProperties", "maxProperties"] as const) {
      const value = reader.count(key);
      if (value !== undefined) shape[key] = value;
    }
    for (const [min, max] of [
      ["minLength", "maxLength"],
      ["minItems", "maxItems"],
      ["minProperties", "maxProperties"],
    ] as const) {
      const low = shape[min];
      const high = shape[max];
      if (low !== undefined && high !== undefined && low > high) {
        // No value fits both: the schema is read as allowing more, never less.
        strictReader.warning(
          reader.member(min)!.value.at,
          "contradictory-bounds",
          `${min} ${low} is greater than ${max} ${high}: neither is checked`,
          reader.pointerOf(min),
        );
        delete shape[min];
        delete shape[max];
      }
    }
    if (reader.boolean("uniqueItems")) shape.uniqueItems = true;
    const pattern = shape.pattern;
    if (pattern !== undefined && !compiles(pattern)) {
      reader.error(
        reader.member("pattern")!.value.at,
        `the pattern ${JSON.stringify(pattern)} is not a valid regular expression`,
        reader.pointerOf("pattern"),
      );
      delete shape.pattern;
    }
    const multipleOf = shape.multipleOf;
    // Read from the text: `1e-999999999` is greater than 0, though no double holds it.
    if (
      multipleOf !== undefined &&
      !/^[+]?[0-9]*\.?[0-9]*[1-9]/.test(multipleOf.split(/[eE]/)[0]!)
    ) {
      reader.error(
        reader.member("multipleOf")!.value.at,
        "multipleOf must be greater than 0",
        reader.pointerOf("multipleOf"),
      );
      delete shape.multipleOf;
    }
    const minimum = this.readBound(reader, "minimum", "exclusiveMinimum");
    if (minimum) shape.minimum = minimum;
    const maximum = this.readBound(reader, "maximum", "exclusiveMaximum");
    if (maximum) shape.maximum = maximum;
    if (minimum && maximum && Number(minimum.value) > Number(maximum.value)) {
      strictReader.warning(
        reader.at,
        "contradictory-bounds",
        `the minimum ${minimum.value} is greater than the maximum ${maximum.value}: neither is checked`,
      );
      delete shape.minimum;
      delete shape.maximum;
    }
  }

  /**
   * A bound: 2.0/3.0 `minimum` with a boolean `exclusiveMinimum`, or 3.1
   * `minimum` and/or a numeric `exclusiveMinimum` (the stricter is kept).
   */
  private readBound(
    reader: ObjectReader<SourceDocument>,
    inclusiveKey: "minimum" | "maximum",
    exclusiveKey: "exclusiveMinimum" | "exclusiveMaximum",
  ): Bound | undefined {
    const inclusive = reader.numberText(inclusiveKey);
    const exclusiveMember = reader.member(exclusiveKey);
    if (!exclusiveMember)
      return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
    const pointer = reader.pointerOf(exclusiveKey);
    if (this.format === "openapi-3.1") {
      if (exclusiveMember.value.kind === "boolean") {
        reader.warning(
          exclusiveMember.value.at,
          "other-version",
          `in OpenAPI 3.1 ${exclusiveKey} is the bound itself (a number), not a flag on ${inclusiveKey}: read past`,
          pointer,
        );
        return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
      }
      const exclusive = reader.numberText(exclusiveKey);
      if (exclusive === undefined)
        return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
      if (inclusive === undefined) return { value: exclusive, exclusive: true };
      const a = Number(inclusive);
      const b = Number(exclusive);
      const exclusiveTighter = inclusiveKey === "minimum" ? b >= a : b <= a;
      return exclusiveTighter
        ? { value: exclusive, exclusive: true }
        : { value: inclusive, exclusive: false };
    }
    if (exclusiveMember.value.kind === "number") {
      reader.warning(
        exclusiveMember.value.at,
        "other-version",
        `in ${FORMAT_NAMES[this.format]} ${exclusiveKey} is a flag on ${inclusiveKey} (true or false); a number is OpenAPI 3.1: read past`,
        pointer,
      );
      return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
    }
    const flag = reader.boolean(exclusiveKey);
    if (inclusive === undefined) {
      if (flag !== undefined)
        reader.error(exclusiveMember.keyAt, `${exclusiveKey} needs ${inclusiveKey}`, pointer);
      return undefined;
    }
    return { value: inclusive, exclusive: flag === true };
  }

  private readObjectKeywords(
    reader: ObjectReader<SourceDocument>,
    site: SchemaSite,
    shape: ShapeDraft,
  ): void {
    const required = reader.stringArray("required");
    if (required) {
      if (new Set(required).size !== required.length)
        reader.error(
          reader.member("required")!.value.at,
          "a property is listed twice in required",
          reader.pointerOf("required"),
        );
      this.requiredNames.set(shape, required);
    }
    const properties = reader.object("properties");
    if (properties) {
      const list: Property[] = [];
      for (const member of properties.node.members.values()) {
        const pointer = properties.pointerOf(member.key);
        if (member.value.kind === "boolean" && !member.value.value) {
          properties.warning(
            member.value.at,
            "false-schema",
            `the schema of "${member.key}" is false (no value allowed): the property cannot be present and is left out`,
            pointer,
          );
          continue;
        }
        const schema = this.read(member.value, {
          document: site.document,
          pointer,
          slot: childSlot(site.slot, pascalCase(member.key) || "Property"),
          nameable: true,
        });
        list.push({
          name: member.key,
          required: required?.includes(member.key) ?? false,
          schema,
          at: member.keyAt,
          pointer,
        });
      }
      shape.properties = list;
    }
    const additional = reader.member("additionalProperties");
    if (additional) {
      const pointer = reader.pointerOf("additionalProperties");
      if (additional.value.kind === "boolean") {
        if (!additional.value.value) shape.additionalProperties = false;
      } else
        shape.additionalProperties = this.read(additional.value, {
          document: site.document,
          pointer,
          slot: childSlot(site.slot, "Value"),
          nameable: true,
        });
    }
  }

  private readUnion(reader: ObjectReader<SourceDocument>, site: SchemaSite): Union | undefined {
    const oneOf = reader.member("oneOf");
    const anyOf = reader.member("anyOf");
    if (oneOf && anyOf) {
      reader.warning(
        anyOf.keyAt,
        "ignored-keyword",
        "a schema with both oneOf and anyOf: anyOf is read past (the schema allows more, never less)",
        reader.pointerOf("anyOf"),
      );
    }
    const kind = oneOf ? "oneOf" : anyOf ? "anyOf" : undefined;
    if (!kind) return undefined;
    const list = reader.array(kind);
    if (!list) return undefined;
    const pointer = reader.pointerOf(kind);
    if (list.items.length === 0)
      reader.error(list.at, `${kind} needs at least one schema`, pointer);
    // In "X or null" the X is named as the union itself would be (see nullableVariant).
    const orNull = list.items.length === 2 && list.items.some(isNullSchemaNode);
    const variants = list.items.map((item, i) =>
      this.read(item, {
        document: site.document,
        pointer: childPointer(pointer, i),
        slot: orNull ? site.slot : childSlot(site.slot, `Variant${i + 1}`),
        nameable: true,
      }),
    );
    return { kind, variants, at: list.at, pointer };
  }

  /**
   * The 3.1 idiom for "X or null", `oneOf: [X, {type: "null"}]` (with
   * nothing else but documentation beside it), read as X admitting null:
   * the same model as 3.0's `nullable: true`.
   */
  private nullableVariant(
    reader: ObjectReader<SourceDocument>,
    union: Union,
    shape: ShapeDraft,
  ): Schema | undefined {
    if (union.variants.length !== 2) return undefined;
    const isNull = (v: Schema): boolean =>
      v.kind === "shape" &&
      v.types.length === 1 &&
      v.types[0] === "null" &&
      Object.keys(v).every((k) =>
        ["kind", "at", "pointer", "types", "description", "title"].includes(k),
      );
    const other = union.variants.find((v) => !isNull(v));
    if (!other || !union.variants.some(isNull)) return undefined;
    const documentation = new Set([
      "oneOf",
      "anyOf",
      "description",
      "title",
      "deprecated",
      "readOnly",
      "writeOnly",
      "default",
      "example",
      "examples",
      "$comment",
    ]);
    if (![...reader.node.members.keys()].every((k) => k.startsWith("x-") || documentation.has(k)))
      return undefined;
    const annotations = {
      kind: "shape" as const,
      at: shape.at,
      pointer: shape.pointer,
      types: [],
      ...pick(shape, CARRIED_ANNOTATIONS),
    };
    const annotated = this.annotate(other, annotations);
    if (annotated.kind === "ref") {
      (annotated as MutableSchemaRef).nullable = true;
      return annotated;
    }
    return annotated.types.length > 0 && !annotated.types.includes("null")
      ? { ...annotated, types: [...annotated.types, "null"] }
      : annotated;
  }

  /** 2.0: the property name; 3.x: `{propertyName, mapping}`. Cases are settled when names are given. */
  private readDiscriminator(
    reader: ObjectReader<SourceDocument>,
    site: SchemaSite,
    shape: ShapeDraft,
  ): void {
    const member = reader.member("discriminator");
    if (!member) return;
    const pointer = reader.pointerOf("discriminator");
    let propertyName: string | undefined;
    const explicit: { value: string; entry: SchemaEntry }[] = [];
    if (this.format === "swagger-2.0") propertyName = reader.string("discriminator");
    else {
      const object = reader.object("discriminator");
      if (!object) return;
      object.checkKeys("a discriminator", { known: ["propertyName", "mapping"] });
      propertyName = object.requiredString("propertyName", "a discriminator");
      const mapping = object.object("mapping");
      for (const entry of mapping?.node.members.values() ?? []) {
        const casePointer = mapping!.pointerOf(entry.key);
        if (entry.value.kind !== "string") {
          reader.warning(
            entry.value.at,
            "discriminator",
            `a discriminator mapping value must be a schema name or a $ref, not ${describeKind(entry.value)}: this mapping entry is ignored`,
            casePointer,
          );
          continue;
        }
        const target = this.mappingTarget(
          entry.value.value,
          site.document,
          entry.value.at,
          casePointer,
        );
        if (target) explicit.push({ value: entry.key, entry: target });
      }
    }
    if (propertyName === undefined) return;
    const variants = shape.union?.variants.map((v) =>
      v.kind === "ref" ? this.graph.refEntries.get(v) : undefined,
    );
    const unnamed = (shape.union?.variants ?? []).filter((_, i) => {
      const entry = variants![i];
      if (entry && entry.origin !== "inline") return false;
      return !explicit.some((c) => entry !== undefined && c.entry === entry);
    });
    for (const variant of unnamed)
      this.problems.warning(
        variant.at,
        "discriminator",
        "a variant of a union with a discriminator must be a $ref to a named schema, so that a discriminator value can name it: the union is read without its discriminator (each variant told apart by its properties)",
        variant.pointer,
      );
    if (unnamed.length > 0) return;
    const discriminator = { propertyName, mapping: [], at: member.value.at, pointer };
    shape.discriminator = discriminator;
    this.graph.discriminators.push({
      discriminator,
      explicit,
      ...(variants
        ? {
            variants: variants.filter(
              (e): e is SchemaEntry => e !== undefined && e.origin !== "inline",
            ),
          }
        : {}),
      owner: site.slot,
    });
  }

  /** A mapping value: a `$ref`-like value (`#/components/schemas/Cat`, `cat.yaml#/Cat`) or a bare component name (`Cat`). */
  private mappingTarget(
    value: string,
    document: SourceDocument,
    at: Position,
    pointer: string,
  ): SchemaEntry | undefined {
    if (value.includes("#") || value.includes("/") || /\.(json|ya?ml)$/i.test(value))
      return this.resolveRef(value, document, at, pointer, "this mapping entry is ignored");
    const components =
      this.root.root?.kind === "object"
        ? this.root.root.members.get("components")?.value
        : undefined;
    const schemas =
      components?.kind === "object" ? components.members.get("schemas")?.value : undefined;
    if (schemas?.kind !== "object" || !schemas.members.has(value)) {
      this.problems.warning(
        at,
        "discriminator",
        `the discriminator mapping names "${value}", which is not a schema of components/schemas: this mapping entry is ignored`,
        pointer,
      );
      return undefined;
    }
    const known = this.documents.resolve(
      `#/components/schemas/${escapePointerSegment(value)}`,
      this.root,
      at,
      pointer,
    );
    return known ? this.graph.locationEntry(known, value) : undefined;
  }

  /**
   * Merges `allOf` parts (and, in 3.1, a `$ref` next to other keywords,
   * which is one more part) with the keywords beside them. The idiom
   * `{allOf: [{$ref: X}], description, nullable, ...}` stays a reference to X
   * with those annotations.
   */
  private readAllOf(
    reader: ObjectReader<SourceDocument>,
    site: SchemaSite,
    own: ShapeDraft,
    partNodes: readonly JsonNode[],
    refNode: JsonNode | undefined,
  ): Schema {
    const pointer = reader.pointerOf("allOf");
    const partSites = partNodes.map((node, i) => ({ node, pointer: childPointer(pointer, i) }));
    if (refNode)
      partSites.unshift({
        node: {
          kind: "object",
          at: refNode.at,
          members: new Map([["$ref", { key: "$ref", keyAt: refNode.at, value: refNode }]]),
        },
        pointer: reader.pointer,
      });
    if (partSites.length === 0)
      reader.error(
        reader.member("allOf")?.value.at ?? reader.at,
        "allOf needs at least one schema",
        pointer,
      );
    const parts: AllOfPart[] = [];
    const bases: SchemaEntry[] = [];
    for (const part of partSites) {
      const schema = this.read(part.node, {
        document: site.document,
        pointer: part.pointer,
        slot: site.slot,
        nameable: false,
        allOfPart: true,
      });
      if (schema.kind === "shape") {
        parts.push({ shape: schema, isReference: false, at: schema.at, pointer: part.pointer });
        continue;
      }
      const entry = this.graph.refEntries.get(schema);
      if (!entry) continue;
      if (partSites.length === 1 && isAnnotationOnlyRefSite(reader))
        return this.annotatedRef(schema, own, reader);
      const shape = this.shapeOf(entry, schema.at, part.pointer);
      if (!shape) continue;
      bases.push(entry);
      parts.push({ shape, isReference: true, at: schema.at, pointer: part.pointer });
    }
    const merged = mergeAllOf(own, parts, {
      problems: this.problems,
      keyOf: (schema) => schemaKey(schema, this.graph),
      annotate: (schema, annotations) => this.annotate(schema, annotations),
    });
    if (bases.length > 0) {
      const names: string[] = [];
      merged.extends = names;
      this.graph.extendsOf.set(merged, { entries: bases, names, slot: site.slot });
    }
    const required = new Set(
      parts
        .flatMap((p) => this.requiredNames.get(p.shape) ?? [])
        .concat(this.requiredNames.get(own) ?? []),
    );
    if (merged.properties)
      merged.properties = merged.properties.map((p) =>
        required.has(p.name) && !p.required ? { ...p, required: true } : p,
      );
    this.requiredNames.set(merged, [...required]);
    this.checkRequired(reader, merged);
    return prune(merged);
  }

  /** The reference of `{allOf: [{$ref: X}], nullable: true, description: ...}`, annotated. */
  private annotatedRef(
    ref: Schema & { kind: "ref" },
    own: ShapeDraft,
    reader: ObjectReader<SourceDocument>,
  ): Schema {
    const entry = this.graph.refEntries.get(ref)!;
    const use = this.graph.refTo(entry, reader.at, reader.pointer);
    for (const key of [
      "title",
      "description",
      "default",
      "examples",
      "deprecated",
      "readOnly",
      "writeOnly",
    ] as const) {
      if (own[key] !== undefined) (use as Record<string, unknown>)[key] = own[key];
    }
    if (reader.boolean("nullable")) use.nullable = true;
    return use;
  }

  /** A copy of `schema` (a new use, when it is a reference) carrying the annotations of `annotations`. */
  private annotate(schema: Schema, annotations: SchemaShape): Schema {
    const copy: Record<string, unknown> = {};
    for (const key of CARRIED_ANNOTATIONS) {
      if (annotations[key] !== undefined) copy[key] = annotations[key];
    }
    if (schema.kind === "shape") return { ...schema, ...copy };
    const entry = this.graph.refEntries.get(schema)!;
    const use = this.graph.refTo(entry, schema.at, schema.pointer);
    Object.assign(use, { ...schema, target: "" }, copy);
    return use;
  }

  /** Reports required names no property has (when the schema lists properties). */
  private checkRequired(reader: ObjectReader<SourceDocument>, shape: ShapeDraft): void {
    const required = this.requiredNames.get(shape) ?? [];
    if (!shape.properties) return;
    const names = new Set(shape.properties.map((p) => p.name));
    for (const name of required) {
      if (!names.has(name))
        reader.warning(
          reader.member("required")?.value.at ?? reader.at,
          "undefined-required",
          `required property "${name}" is not among the properties: ignored`,
          reader.pointerOf("required"),
        );
    }
    const discriminator = shape.discriminator;
    if (discriminator && !names.has(discriminator.propertyName)) {
      reader.warning(
        discriminator.at,
        "discriminator",
        `the discriminator property "${discriminator.propertyName}" is not among the properties: the schema is read without its discriminator`,
        discriminator.pointer,
      );
      const pending = this.graph.discriminators.findIndex((p) => p.discriminator === discriminator);
      if (pending !== -1) this.graph.discriminators.splice(pending, 1);
      delete shape.discriminator;
    }
  }

  /** 2.0 `items` of a parameter may repeat `collectionFormat`; only the default (`csv`) is supported there. */
  private checkNestedCollectionFormat(node: JsonNode, pointer: string): void {
    if (node.kind !== "object") return;
    const member = node.members.get("collectionFormat");
    if (member && !(member.value.kind === "string" && member.value.value === "csv")) {
      this.problems.error(
        member.keyAt,
        'nested arrays in a parameter are supported only with collectionFormat "csv"',
        childPointer(pointer, "collectionFormat"),
      );
    }
  }
}

/** Keys that may stand next to `$ref`. */
const REF_SITE_KEYS: ReadonlySet<string> = new Set(REF_ANNOTATIONS);

/** `{type: "null"}` (with documentation at most). */
function isNullSchemaNode(node: JsonNode): boolean {
  if (node.kind !== "object") return false;
  const type = node.members.get("type")?.value;
  return (
    type?.kind === "string" &&
    type.value === "null" &&
    [...node.members.keys()].every((k) => ["type", "description", "title"].includes(k))
  );
}

/** Whether a schema with `allOf: [one $ref]` adds only annotations: then it stays a reference. */
function isAnnotationOnlyRefSite(reader: ObjectReader<SourceDocument>): boolean {
  return [...reader.node.members.keys()].every(
    (k) => k.startsWith("x-") || k === "allOf" || (k !== "$ref" && REF_SITE_KEYS.has(k)),
  );
}

/** Whether a schema written in place gets a name: an object with properties, a union, or a discriminated or extended schema. */
function isNameable(shape: SchemaShape): boolean {
  return (
    shape.properties !== undefined ||
    shape.union !== undefined ||
    shape.discriminator !== undefined ||
    shape.extends !== undefined
  );
}

/** What a schema means when it could not be read: any value. */
function anyShape(at: Position, pointer: string): SchemaShape {
  return { kind: "shape", at, pointer, types: [] };
}

/** Pointer segments that say where a schema sits rather than what it is. */
const STRUCTURAL_SEGMENTS = new Set([
  "schema",
  "schemas",
  "items",
  "properties",
  "additionalProperties",
  "allOf",
  "oneOf",
  "anyOf",
  "content",
  "definitions",
  "components",
  "$defs",
]);

/**
 * The name a `$ref` target gets: its last pointer segment (`Pet` for
 * `pet.yaml#/Pet`), with the segments before it while it is only a place
 * (`XSampleSchema` for `#/paths/~1pets/get/x-sample/schema`), or the file's
 * name for a whole file.
 */
function locationName(target: RefTarget): string {
  const segments = parsePointer(target.pointer) ?? [];
  if (segments.length === 0)
    return (
      pascalCase(target.document.displayPath.replace(/^.*\//, "").replace(/\.[^.]*$/, "")) ||
      "Schema"
    );
  let start = segments.length - 1;
  while (
    start > 0 &&
    (STRUCTURAL_SEGMENTS.has(segments[start]!) || /^[0-9]+$/.test(segments[start]!))
  )
    start--;
  return pascalCase(segments.slice(start).join("-")) || "Schema";
}

/** The schema types a value has (`1` is both an integer and a number). */
function valueTypes(value: JsonValue): SchemaType[] {
  if (value === null) return ["null"];
  if (typeof value === "boolean") return ["boolean"];
  if (typeof value === "string") return ["string"];
  if (Array.isArray(value)) return ["array"];
  if (value instanceof Map) return ["object"];
  if (isJsonNumber(value))
    return /^-?\d+(\.0*)?([eE]\+?\d+)?$/.test(value.number) ? ["integer", "number"] : ["number"];
  return [];
}

function compiles(pattern: string): boolean {
  for (const flags of ["u", ""]) {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      // try the next
    }
  }
  return false;
}

/** The keys of `shape` among `keys` that are set. */
function pick<K extends keyof SchemaShape>(
  shape: SchemaShape,
  keys: readonly K[],
): Partial<Pick<SchemaShape, K>> {
  const out: Partial<Pick<SchemaShape, K>> = {};
  for (const key of keys) if (shape[key] !== undefined) out[key] = shape[key];
  return out;
}

/** Drops keys left `undefined`, so that the model holds only what the document says. */
function prune(shape: ShapeDraft): SchemaShape {
  for (const key of Object.keys(shape) as (keyof ShapeDraft)[])
    if (shape[key] === undefined) delete shape[key];
  return shape;
}
