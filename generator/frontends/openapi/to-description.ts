import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { describeApproximated } from "../approximations.js";
import type {
  Description,
  EnumDescription,
  FieldDescription,
  Named,
  OperationDescription,
  ParamDescription,
  SecuritySchemeDescription,
  ServiceDescription,
  StatusDescription,
  TypeDescription,
} from "../../description/description.js";
import { facetOf } from "../../facets/registry.js";
import { lowerCamel, pascalCase } from "../../naming/case.js";
import {
  SCALAR_NAMES,
  type ConstValue,
  type HttpMethod,
  type NoteKind,
  type ScalarName,
} from "../../model/vocabulary.js";
import { canonicalNumberText, isJsonNumber, type JsonValue } from "../json/json-value.js";
import type {
  ApiDocument,
  MediaContent,
  NamedSchema,
  Operation,
  Parameter,
  Schema,
  SchemaShape,
} from "./openapi-model.js";
import { readOpenApi } from "./read-openapi.js";
import { scalarOfShape } from "./scalar-of-format.js";
import { shapeFacets } from "./shape-facets.js";
import { splitReadWrite } from "./split-read-write.js";
import { describeWire } from "./describe-wire.js";
import { describeWebhooks } from "./describe-webhooks.js";
import { isJsonMediaType } from "./media-types.js";

/**
 * Reads a Swagger 2.0 / OpenAPI 3.x file (`readOpenApi`) and maps the
 * normalised document onto a description: one REST service per document.
 * What the description cannot say yet is a positioned problem naming the
 * JSON pointer, never dropped silently; what it can say only in part is kept
 * as a note on the construct it concerns.
 */
export async function readOpenApiDescription(
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
): Promise<Description> {
  const { document, problems, warnings } = await readOpenApi({ file, cwd });
  diagnostics.add(
    ...problems.map((p) => p.toDiagnostic()),
    ...warnings.map((p) => p.toDiagnostic()),
  );
  if (!document) return { services: [] };
  // The mapping's warnings, with the reader's, are the approximations the README lists.
  const service = describeApproximated(
    diagnostics,
    document.at.file,
    (own) => describeApi(document, own),
    warnings.map((p) => p.toDiagnostic()),
  );
  return { services: service ? [service] : [] };
}

type Note = { readonly kind: NoteKind; readonly text: string };

/** A field's value as the description says it: a type name, whether it is a list, its facets and notes. */
interface ValueShape {
  readonly type: string;
  readonly list?: { readonly min: number; readonly max?: number };
  /** An object mapping any key to the value (OpenAPI `additionalProperties` without `properties`). */
  readonly map?: true;
  readonly facets: { key: string; value: number | string }[];
  readonly notes: Note[];
  readonly examples: string[];
  readonly doc?: string;
  readonly deprecated?: true;
  /** The value may be null (3.0 `nullable`, 3.1 `"null"` among the types); for a list, each item. */
  readonly nullable?: true;
  /** The one value allowed (3.1 `const`, or a one-value `enum` is not this: only `const`). */
  readonly const?: ConstValue;
}

/** A list or map that may itself be null: the model's null is per value, so null reads as absent here. */
const NULL_AS_ABSENT: Note = {
  kind: "interpretation",
  text: "The contract allows null here; null is read as absent.",
};

export { isJsonMediaType };

/** The service name of a document: its title in lower-case words joined by `-` (`CyberSource Merged Spec` → `cybersource-merged-spec`). */
export function serviceNameOf(title: string): string {
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const name = words.join("-");
  return /^[a-z]/.test(name) ? name : `api${name ? `-${name}` : ""}`;
}

export function describeApi(doc: ApiDocument, d: Diagnostics): ServiceDescription | undefined {
  const schemas = new Map(doc.schemas.map((s) => [s.name, s]));
  const types: TypeDescription[] = [];
  const enums: EnumDescription[] = [];
  const taken = new Set<string>(doc.schemas.map((s) => s.name));
  const unique = (candidate: string): string => {
    let name = candidate || "Value";
    for (let n = 2; taken.has(name); n++) name = `${candidate}${n}`;
    taken.add(name);
    return name;
  };
  const refuse = (at: Position, pointer: string, message: string) => d.error(at, message, pointer);
  /** What the description can say only approximately: a warning of kind `kind`, listed in the README. */
  const approximate = (at: Position, pointer: string, kind: string, message: string) =>
    d.warning(at, kind, message, pointer);
  /** Any JSON value (`JsonValue`), with a note saying why. */
  const anyJson = (why: string): ValueShape => ({
    type: "json",
    facets: [],
    notes: [
      {
        kind: "interpretation",
        text: `${why} It is a JsonValue: numbers keep their exact text.`,
      },
    ],
    examples: [],
  });

  /** readOnly and writeOnly properties, by type: request and response shapes are separated where they differ. */
  const access = new Map<string, Map<string, "readOnly" | "writeOnly">>();
  /** Named schemas that become object (or opaque) types; others (scalars, arrays, enums) are used in place. */
  const described = new Map<string, string>();
  const enumByTarget = new Map<string, string>();

  const exampleText = (v: JsonValue): string =>
    typeof v === "string" ? v : isJsonNumber(v) ? v.number : JSON.stringify(plain(v));

  /** An object type for a named schema (made once), or undefined when the schema is not an object. */
  const typeFor = (name: string): string | undefined => {
    const found = described.get(name);
    if (found !== undefined) return found;
    const named = schemas.get(name);
    if (!named || named.schema.kind === "ref") return undefined;
    const shape = named.schema;
    const isObject =
      shape.properties !== undefined ||
      shape.union !== undefined ||
      shape.extends !== undefined ||
      shape.types.includes("object") ||
      shape.additionalProperties !== undefined;
    if (!isObject || isMap(shape)) return undefined;
    described.set(name, name);
    describeObject(name, named, shape);
    return name;
  };

  const opaqueType = (
    name: string,
    at: Position,
    notes: Note[],
    doc: string | undefined,
    origin: TypeDescription["origin"],
    more: { deprecated?: true; list?: true } = {},
  ): void => {
    types.push({
      name,
      at,
      kind: "opaque",
      fields: [],
      open: true,
      origin,
      notes,
      ...(doc !== undefined ? { doc } : {}),
      ...more,
    });
  };

  /**
   * A oneOf/anyOf whose variants are all named object schemas: a union type,
   * told apart by its discriminator when it has one (its mapping, explicit or
   * implicit, naming the variants). False when it cannot be one.
   */
  const unionOf = (
    name: string,
    named: NamedSchema,
    shape: SchemaShape,
    notes: Note[],
    doc: string | undefined,
    deprecated: { deprecated?: true },
  ): boolean => {
    const variantSchemas = shape.union?.variants ?? [];
    if (variantSchemas.length < 2 || shape.properties?.length) return false;
    const variants: Named[] = [];
    for (const v of variantSchemas) {
      if (v.kind !== "ref") return false;
      const typeName = typeFor(v.target);
      if (typeName === undefined) return false;
      variants.push({ name: typeName, at: v.at });
    }
    // Only object variants make a union; a variant that turned out opaque (no properties) leaves it opaque.
    if (variants.some((v) => types.find((t) => t.name === v.name)?.kind !== "object")) return false;
    const d = shape.discriminator;
    const names = new Set(variants.map((v) => v.name));
    const mapping = d?.mapping.flatMap((c) => {
      const typeName = typeFor(c.target);
      return typeName !== undefined && names.has(typeName)
        ? [{ value: c.value, type: { name: typeName, at: d.at } }]
        : [];
    });
    types.push({
      name,
      at: named.at,
      kind: "union",
      fields: [],
      open: false,
      origin: { kind: "declared" },
      notes,
      variants,
      ...(d && mapping ? { discriminator: { property: d.propertyName, at: d.at, mapping } } : {}),
      ...(doc !== undefined ? { doc } : {}),
      ...deprecated,
    });
    if (shape.union?.kind === "anyOf")
      notes.push({
        kind: "interpretation",
        text: "anyOf in the contract: a value is read and checked as the first variant it fits.",
      });
    return true;
  };

  const describeObject = (name: string, named: NamedSchema, shape: SchemaShape): void => {
    const notes: Note[] = [];
    const doc = shape.description ?? shape.title;
    const deprecated = shape.deprecated ? { deprecated: true as const } : {};
    if (shape.union || shape.discriminator) {
      const union = unionOf(name, named, shape, notes, doc, deprecated);
      if (union) return;
      notes.push({
        kind: "interpretation",
        text: `A ${shape.union?.kind ?? "discriminated"} union in the contract whose variants are not all named object schemas: read as an opaque object, its variants not checked.`,
      });
      opaqueType(name, named.at, notes, doc, { kind: "declared" }, deprecated);
      return;
    }
    if (shape.properties === undefined || shape.properties.length === 0) {
      opaqueType(name, named.at, notes, doc, { kind: "declared" }, deprecated);
      return;
    }
    if (shape.extends && shape.extends.length > 0)
      notes.push({ kind: "info", text: `Includes the properties of ${shape.extends.join(", ")}.` });
    const open = shape.additionalProperties !== undefined && shape.additionalProperties !== false;
    if (open)
      notes.push({
        kind: "interpretation",
        text: "Other properties are allowed by the contract: they are kept, unchecked.",
      });
    const index = types.length;
    types.push({
      name,
      at: named.at,
      kind: "object",
      fields: [],
      open,
      origin: { kind: "declared" },
      notes,
      ...(doc !== undefined ? { doc } : {}),
      ...deprecated,
    });
    const fields: FieldDescription[] = [];
    const marks = new Map<string, "readOnly" | "writeOnly">();
    for (const p of shape.properties) {
      const v = valueOf(p.schema, name, p.name);
      if (!v) continue;
      if (p.schema.readOnly) marks.set(p.name, "readOnly");
      else if (p.schema.writeOnly) marks.set(p.name, "writeOnly");
      const at = p.at;
      fields.push({
        name: p.name,
        at,
        type: { name: v.type, at },
        required: p.required,
        ...(v.list ? { list: { ...v.list, at } } : {}),
        ...(v.map ? { map: { at } } : {}),
        ...(v.nullable ? { nullable: { at } } : {}),
        ...(v.const !== undefined ? { const: { value: v.const, at } } : {}),
        facets: v.facets.map((f) => ({ ...f, at })),
        examples: v.examples,
        notes: v.notes,
        ...(v.doc !== undefined ? { doc: v.doc } : {}),
        ...(v.deprecated ? { deprecated: true as const } : {}),
        ...(p.schema.kind === "shape" && p.schema.format === "password"
          ? { passwordFormat: true as const }
          : {}),
      });
    }
    types[index] = { ...types[index]!, fields };
    if (marks.size > 0) access.set(name, marks);
  };

  /** Follows references to scalar or array schemas; the shape a use means, with the annotations of the use. */
  const valueOf = (
    schema: Schema,
    parent: string,
    field: string,
    depth = 0,
  ): ValueShape | undefined => {
    const notes: Note[] = [];
    if (schema.kind === "ref") {
      const target = schemas.get(schema.target);
      if (schema.readOnly)
        notes.push({ kind: "info", text: "Read-only: sent by the service, ignored in requests." });
      if (schema.writeOnly)
        notes.push({ kind: "info", text: "Write-only: sent in requests, never returned." });
      const objectType = typeFor(schema.target);
      const base = {
        facets: [],
        notes,
        examples: (schema.examples ?? []).map(exampleText),
        ...(schema.description !== undefined ? { doc: schema.description } : {}),
        ...(schema.deprecated ? { deprecated: true as const } : {}),
      };
      if (objectType !== undefined)
        return {
          type: objectType,
          ...base,
          ...(schema.nullable ? { nullable: true as const } : {}),
        };
      if (!target || depth > 32) {
        refuse(schema.at, schema.pointer, `the schema "${schema.target}" cannot be used here`);
        return undefined;
      }
      const inner = valueOf(target.schema, parent, field, depth + 1);
      if (!inner) return undefined;
      const nullable = schema.nullable === true || inner.nullable === true;
      if (schema.nullable && (inner.list || inner.map)) notes.push(NULL_AS_ABSENT);
      return {
        ...inner,
        ...(nullable && !inner.list && !inner.map ? { nullable: true as const } : {}),
        notes: [...notes, ...inner.notes],
        examples: base.examples.length > 0 ? base.examples : inner.examples,
        ...(schema.description !== undefined ? { doc: schema.description } : {}),
        ...(schema.deprecated ? { deprecated: true as const } : {}),
      };
    }
    const shape = schema;
    if (shape.readOnly)
      notes.push({ kind: "info", text: "Read-only: sent by the service, ignored in requests." });
    if (shape.writeOnly)
      notes.push({ kind: "info", text: "Write-only: sent in requests, never returned." });
    if (shape.default !== undefined)
      notes.push({
        kind: "info",
        text: `Default (applied by the service when absent): ${exampleText(shape.default)}.`,
      });
    const examples = (shape.examples ?? []).map(exampleText);
    const doc = shape.description ?? shape.title;
    const withDoc = {
      ...(doc !== undefined ? { doc } : {}),
      ...(shape.deprecated ? { deprecated: true as const } : {}),
    };
    const kinds = shape.types.filter((t) => t !== "null");
    const nullable = shape.types.includes("null") ? ({ nullable: true } as const) : {};
    if (kinds.length === 1 && kinds[0] === "array") {
      if (shape.types.includes("null")) notes.push(NULL_AS_ABSENT);
      // An array without items allows items of any kind; an array of arrays or maps has its items read as JSON values.
      const read = shape.items
        ? valueOf(shape.items, parent, field, depth + 1)
        : anyJson("The contract says nothing of the items: each is any JSON value.");
      if (!read) return undefined;
      if (read.list || read.map)
        approximate(
          shape.at,
          shape.pointer,
          read.list ? "nested-array" : "array-of-maps",
          `an array of ${read.list ? "arrays" : "maps"}: each item is read as any JSON value (JsonValue)`,
        );
      const item =
        read.list || read.map
          ? anyJson(
              `Each item is ${read.list ? "an array" : "a map"} in the contract, read as any JSON value.`,
            )
          : read;
      if (shape.uniqueItems) notes.push({ kind: "info", text: "Items are unique (not checked)." });
      return {
        type: item.type,
        list: {
          min: shape.minItems ?? 0,
          ...(shape.maxItems !== undefined ? { max: shape.maxItems } : {}),
        },
        ...(item.nullable ? { nullable: true as const } : {}),
        facets: item.facets,
        notes: [...notes, ...item.notes],
        examples: examples.length > 0 ? examples : item.examples,
        ...(doc !== undefined ? { doc } : item.doc !== undefined ? { doc: item.doc } : {}),
        ...(shape.deprecated ? { deprecated: true as const } : {}),
      };
    }
    if (
      kinds.length === 0 &&
      shape.additionalProperties === undefined &&
      shape.properties === undefined
    ) {
      // The contract allows any value here: said so, not approximated.
      const any = anyJson("The contract allows any JSON value here.");
      return { ...any, notes: [...notes, ...any.notes], examples, ...withDoc };
    }
    if (isMap(shape)) {
      const entry = valueOf(
        shape.additionalProperties as Schema,
        parent,
        `${field}Value`,
        depth + 1,
      );
      if (!entry) return undefined;
      // A map of lists is a map field of list values; a map of maps has its inner maps as JSON values.
      if (entry.map) {
        approximate(
          shape.at,
          shape.pointer,
          "nested-map",
          "a map of maps: each value is read as any JSON value (JsonValue)",
        );
        const any = anyJson("Each value is a map in the contract, read as any JSON value.");
        return { ...any, map: true, notes: [...notes, ...any.notes], examples, ...withDoc };
      }
      if (shape.minProperties !== undefined || shape.maxProperties !== undefined)
        notes.push({
          kind: "info",
          text: `Between ${shape.minProperties ?? 0} and ${shape.maxProperties ?? "any number of"} entries (not checked).`,
        });
      if (shape.types.includes("null") || entry.nullable) notes.push(NULL_AS_ABSENT);
      const { nullable: _entryNull, ...value } = entry;
      return { ...value, map: true, notes: [...notes, ...entry.notes], examples, ...withDoc };
    }
    if (kinds.length === 0 || (kinds.length === 1 && kinds[0] === "object")) {
      // An object that was not named (no properties, no typed values): any object.
      const name = unique(`${parent}${pascalCase(field)}`);
      opaqueType(name, shape.at, [], undefined, { kind: "inline", parent, field });
      return { type: name, facets: [], notes, examples: [], ...withDoc, ...nullable };
    }
    const chosen = scalarOfShape(shape, notes);
    if (chosen === undefined) {
      approximate(
        shape.at,
        shape.pointer,
        "several-types",
        `a value of types ${kinds.join(", ")} is read as any JSON value (JsonValue)`,
      );
      const any = anyJson(
        `The contract allows a value of types ${kinds.join(", ")}: read as any JSON value.`,
      );
      return { ...any, notes: [...notes, ...any.notes], examples, ...withDoc };
    }
    const scalar = chosen.scalar;
    // const: the one value allowed, checked by the validator, when it fits the scalar; a note otherwise.
    const constant = shape.const !== undefined ? constOf(shape.const, scalar) : undefined;
    if (shape.const !== undefined && constant === undefined)
      notes.push({ kind: "info", text: `Always ${exampleText(shape.const)} (not checked).` });
    const fixed = constant !== undefined ? { const: constant } : {};
    if (shape.enum !== undefined) {
      const strings = shape.enum.filter((v): v is string => typeof v === "string");
      if (scalar === "string" && strings.length === shape.enum.length && strings.length > 0) {
        const key = shape.pointer;
        let enumName = enumByTarget.get(key);
        if (enumName === undefined) {
          enumName = unique(`${parent}${pascalCase(field)}`);
          enumByTarget.set(key, enumName);
          enums.push({
            name: enumName,
            at: shape.at,
            notes: [],
            values: [...new Set(strings)].map((value) => ({ value, at: shape.at, notes: [] })),
          });
        }
        return { type: enumName, facets: [], notes, examples, ...withDoc, ...nullable };
      }
      notes.push({
        kind: "info",
        text: `One of ${shape.enum.map(exampleText).join(", ")} (not checked).`,
      });
    }
    return {
      type: scalar,
      facets: shapeFacets(shape, chosen, notes),
      notes,
      examples,
      ...withDoc,
      ...nullable,
      ...fixed,
    };
  };

  // Every named object schema is a type, whether operations use it or not.
  for (const s of doc.schemas) typeFor(s.name);

  const baseUrls = doc.baseUrls.length > 0 ? doc.baseUrls : [];
  const baseUrlNames = baseUrls.map((_, i) => (i === 0 ? "base_url" : `base_url_${i + 1}`));
  const bindingUrls =
    baseUrls.length > 0
      ? baseUrls.map((b, i) => ({
          name: baseUrlNames[i]!,
          doc: `${b.description ? `${b.description}: ` : ""}${b.url}`,
          ...(/^https?:\/\//i.test(b.url) ? { url: b.url } : {}),
          at: b.at,
        }))
      : [{ name: "base_url", doc: "The contract names no server", at: doc.at }];

  const serviceNotes: Note[] = [];
  const security: SecuritySchemeDescription[] = [];
  for (const s of doc.securitySchemes) {
    if (s.kind === "apiKey") {
      if (s.in === "query")
        approximate(
          s.at,
          s.pointer,
          "api-key-in-query",
          `security scheme "${s.name}" sends its key in the query: the client does not (a URL ends up in logs); add it with the client's signer option`,
        );
      else
        security.push({
          name: s.name,
          at: s.at,
          kind: "apiKey",
          header: s.parameterName,
          ...(s.description !== undefined ? { doc: s.description } : {}),
        });
    } else if (s.kind === "http") {
      const doc = [s.description, s.bearerFormat ? `Token format: ${s.bearerFormat}.` : undefined]
        .filter((x) => x !== undefined)
        .join(" ");
      security.push({ name: s.name, at: s.at, kind: s.scheme, ...(doc ? { doc } : {}) });
    } else {
      const scopes =
        s.scopes.length > 0 ? ` Scopes: ${s.scopes.map((x) => x.name).join(", ")}.` : "";
      security.push({
        name: s.name,
        at: s.at,
        kind: "bearer",
        doc: `${s.description ? `${s.description} ` : ""}${oauthFlowsText(s.flows)}: an access token${s.tokenUrl !== undefined ? ` from ${s.tokenUrl}` : ""}.${scopes} The client does not fetch tokens: give a function that returns a current one.`,
      });
    }
  }
  const usable = new Set(security.map((s) => s.name));

  const operations: OperationDescription[] = [];
  for (const op of doc.operations) {
    const described = describeOperation(op);
    if (described) operations.push(described);
  }

  function describeOperation(op: Operation): OperationDescription | undefined {
    const method = op.method.toUpperCase();
    if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method)) {
      approximate(
        op.at,
        op.pointer,
        "http-method",
        `HTTP method ${method} is left out: the client has GET, POST, PUT, PATCH and DELETE operations only`,
      );
      return undefined;
    }
    const name = lowerCamel(identifierOf(op.name));
    const notes: Note[] = [];
    if (op.tags.length > 0) notes.push({ kind: "info", text: `Tags: ${op.tags.join(", ")}.` });
    const params: FieldDescription[] = [];
    const query: ParamDescription[] = [];
    const headers: ParamDescription[] = [];
    const cookies: ParamDescription[] = [];
    for (const p of op.parameters) {
      const v = paramValue(p, name);
      if (!v) continue;
      if (p.in === "path") {
        params.push({
          name: p.name,
          at: p.at,
          type: { name: "string", at: p.at },
          required: true,
          // A path value is text: the facets of text (lengths, a pattern) hold for it.
          facets: v.facets
            .filter((f) => facetOf(f.key)?.appliesTo.includes("string") === true)
            .map((f) => ({ ...f, at: p.at })),
          examples: [],
          notes: v.notes,
          ...(v.doc !== undefined ? { doc: v.doc } : {}),
          ...(v.deprecated ? { deprecated: true as const } : {}),
        });
      } else {
        const entry: ParamDescription = {
          name: p.name,
          at: p.at,
          type: { name: v.type, at: p.at },
          required: p.required,
          ...(v.list ? { list: { ...v.list, at: p.at } } : {}),
          facets: v.facets.map((f) => ({ ...f, at: p.at })),
          examples: v.examples,
          notes: v.notes,
          ...(v.doc !== undefined ? { doc: v.doc } : {}),
          ...(v.deprecated ? { deprecated: true as const } : {}),
        };
        (p.in === "query" ? query : p.in === "header" ? headers : cookies).push(entry);
      }
    }
    const [requirement, ...alternatives] = op.security ?? [];
    const uses: Named[] = [];
    for (const use of requirement?.schemes ?? []) {
      if (usable.has(use.name)) uses.push({ name: use.name, at: requirement!.at });
    }
    if (requirement && requirement.schemes.some((x) => x.scopes.length > 0))
      notes.push({
        kind: "info",
        text: `Scopes: ${requirement.schemes.flatMap((x) => x.scopes).join(", ")}.`,
      });
    if (alternatives.length > 0)
      notes.push({
        kind: "interpretation",
        text: `The contract also accepts ${alternatives.map((a) => (a.schemes.length === 0 ? "no authentication" : a.schemes.map((x) => x.name).join(" + "))).join(", or ")}; the client sends the first requirement.`,
      });
    const wire = describeWire(op, schemas, notes, {
      body: (content, fallback) =>
        bodyType(content, content, fallback, name, "request", notes, op.requestBody!.at),
      response: (content, fallback, at) =>
        bodyType(content, content, fallback, name, "response", notes, at),
      requestName: `${pascalCase(name)}Request`,
      responseName: `${pascalCase(name)}Response`,
    });
    const requestType = wire.requestType;
    const responseType = wire.responseType;
    const statuses: StatusDescription[] = [];
    for (const r of op.responses) {
      if (/^[1-5]\d\d$/.test(r.status)) {
        statuses.push({
          code: Number(r.status),
          at: r.at,
          meaning: r.description.trim() || `HTTP ${r.status}`,
        });
      } else {
        notes.push({
          kind: "info",
          text: `${r.status === "default" ? "Any other status" : `Statuses ${r.status}`}: ${r.description.trim()}`,
        });
      }
    }
    const errorType = errorBodyType(op, notes);
    const errorTypes = errorType ? [] : errorBodyTypes(op);
    return {
      protocol: "rest",
      name,
      at: op.at,
      httpMethod: method as HttpMethod,
      path: op.path,
      pathAt: op.at,
      baseUrl: {
        name:
          baseUrlNames[
            Math.max(
              0,
              baseUrls.findIndex((b) => op.baseUrls[0]?.url === b.url),
            )
          ] ?? "base_url",
        at: op.at,
      },
      params,
      ...(query.length > 0 ? { query } : {}),
      ...(headers.length > 0 ? { headers } : {}),
      ...(cookies.length > 0 ? { cookies } : {}),
      ...(uses.length > 0 ? { security: uses } : {}),
      ...(requestType ? { requestType } : {}),
      ...(responseType ? { responseType } : {}),
      ...(errorType ? { errorType } : {}),
      ...(errorTypes.length > 0 ? { errorTypes } : {}),
      ...(wire.wire ? { wire: wire.wire } : {}),
      statuses,
      idempotent: method !== "POST" && method !== "PATCH",
      links: [],
      notes,
      ...((op.description ?? op.summary) ? { doc: (op.description ?? op.summary)!.trim() } : {}),
      ...(op.deprecated ? { deprecated: true as const } : {}),
    };
  }

  /**
   * The object type of the operation's error bodies: the `default` response's
   * JSON schema, else the one schema every 4xx and 5xx response with a JSON
   * body shares. Error bodies of different schemas stay untyped, with a note.
   */
  function errorBodyType(op: Operation, notes: Note[]): Named | undefined {
    const objectOf = (status: string): Named | undefined => {
      const response = op.responses.find((r) => r.status === status);
      const json = response?.content.find((c) => isJsonMediaType(c.mediaType));
      // Only a named object schema: an error body is read when it fits, and never makes the contract fail.
      if (json?.schema?.kind !== "ref") return undefined;
      const name = typeFor(json.schema.target);
      const type = name !== undefined ? types.find((t) => t.name === name) : undefined;
      return type && type.kind === "object" ? { name: type.name, at: json.at } : undefined;
    };
    const fromDefault = objectOf("default");
    if (fromDefault) return fromDefault;
    const errors = op.responses
      .filter((r) => /^[45](\d\d|XX)$/.test(r.status))
      .flatMap((r) => objectOf(r.status) ?? []);
    const names = [...new Set(errors.map((e) => e.name))];
    if (names.length === 1) return errors[0];
    if (names.length > 1)
      notes.push({
        kind: "interpretation",
        text: `Error bodies differ by status (${names.join(", ")}): HttpStatusError.data is read with the schema of the status received.`,
      });
    return undefined;
  }

  /** Error bodies that differ by status: each error status whose JSON body is a named object schema, with its type. */
  function errorBodyTypes(op: Operation): { status: number | "default"; type: Named }[] {
    const out: { status: number | "default"; type: Named }[] = [];
    for (const r of op.responses) {
      if (!/^([45]\d\d|default)$/.test(r.status)) continue;
      const json = r.content.find((c) => isJsonMediaType(c.mediaType));
      if (json?.schema?.kind !== "ref") continue;
      const name = typeFor(json.schema.target);
      const type = name !== undefined ? types.find((t) => t.name === name) : undefined;
      if (type && type.kind === "object")
        out.push({
          status: r.status === "default" ? "default" : Number(r.status),
          type: { name: type.name, at: json.at },
        });
    }
    return out;
  }

  function paramValue(p: Parameter, opName: string): ValueShape | undefined {
    if (p.mediaType !== undefined) {
      refuse(
        p.at,
        p.pointer,
        `parameter "${p.name}" given by content (${p.mediaType}) is not supported yet`,
      );
      return undefined;
    }
    const v = valueOf(p.schema, pascalCase(opName), p.name);
    if (!v) return undefined;
    const notes = [...v.notes];
    if (p.in !== "path" && v.list && p.style !== "form")
      notes.push({
        kind: "interpretation",
        text: `Serialised as ${p.style}${p.explode ? ", exploded" : ""}.`,
      });
    const isObject =
      !(SCALAR_NAMES as readonly string[]).includes(v.type) &&
      !enums.some((e) => e.name === v.type);
    // An object in the query is written as its style says (deepObject: `name[key]=value`; form: its properties as pairs).
    if (
      (isObject || v.map) &&
      !(p.in === "query" && (p.style === "deepObject" || p.style === "form"))
    ) {
      refuse(
        p.at,
        p.pointer,
        `parameter "${p.name}" holds an object: only query parameters of style deepObject or form can`,
      );
      return undefined;
    }
    // A parameter is present or absent: null has no form in a path, query or header.
    const { nullable, ...value } = v;
    if (nullable) notes.push(NULL_AS_ABSENT);
    return {
      ...value,
      notes,
      ...(p.description !== undefined ? { doc: p.description } : {}),
      ...(p.deprecated ? { deprecated: true as const } : {}),
    };
  }

  function bodyType(
    json: MediaContent | undefined,
    first: MediaContent | undefined,
    fallback: string,
    opName: string,
    side: "request" | "response",
    notes: Note[],
    at: Position,
  ): Named {
    const origin = { kind: side, operation: opName } as const;
    if (json?.schema) {
      const v = valueOf(
        json.schema,
        pascalCase(opName),
        side === "request" ? "Request" : "Response",
      );
      if (v && !v.list && !v.map && typeFor(v.type) !== undefined)
        return { name: v.type, at: json.at };
      if (v && !v.list && !v.map && types.some((t) => t.name === v.type))
        return { name: v.type, at: json.at };
      if (v)
        notes.push({
          kind: "interpretation",
          text: `The ${side} body is ${v.map ? "a map" : v.list ? "an array" : `a ${v.type}`} in the contract: handled as an opaque body${v.list ? " (a list of values)" : ""}.`,
        });
      // An array stays an array: a list of untyped values, which the contract's wire accepts.
      if (v?.list && !v.map) {
        const name = unique(fallback);
        opaqueType(name, json.at, [], undefined, origin, { list: true });
        return { name, at: json.at };
      }
    } else if (json) {
      notes.push({
        kind: "interpretation",
        text: `The ${side} body has no schema in the contract: handled as an opaque body.`,
      });
    } else {
      notes.push({
        kind: "interpretation",
        text: `The ${side} body is ${first?.mediaType ?? "not JSON"}: handled as an opaque body.`,
      });
    }
    const name = unique(fallback);
    opaqueType(name, json?.at ?? first?.at ?? at, [], undefined, origin);
    return { name, at: json?.at ?? at };
  }

  const events = describeWebhooks(
    doc,
    (schema, name) => valueOf(schema, pascalCase(name), "Payload")?.type,
  );
  if (operations.length === 0 && types.length === 0 && enums.length === 0) {
    d.error(
      doc.at,
      "the contract describes no operation and no type: there is nothing to generate",
    );
    return undefined;
  }
  const serviceDoc = doc.info.description?.trim();
  const shapes = splitReadWrite(types, operations, access, unique);
  return {
    name: serviceNameOf(doc.info.title),
    at: doc.at,
    title: doc.info.title,
    protocol: "rest",
    rest: { baseUrls: bindingUrls, outcome: [], ...(security.length > 0 ? { security } : {}) },
    types: shapes.types,
    enums,
    operations: shapes.operations,
    flows: [],
    events,
    gaps: [],
    notes: [
      ...serviceNotes,
      {
        kind: "info",
        text: `Read from ${doc.format === "swagger-2.0" ? "Swagger" : "OpenAPI"} ${doc.formatVersion}, version ${doc.info.version} of the API.`,
      },
    ],
    ...(serviceDoc ? { doc: serviceDoc } : {}),
  };
}

/** A `const` as a constant of the field's scalar: text for strings, decimals and longs, a number for 16/32-bit integers and doubles, a boolean; undefined when it does not fit. */
function constOf(value: JsonValue, scalar: ScalarName): ConstValue | undefined {
  if (typeof value === "string") return scalar === "string" ? value : undefined;
  if (typeof value === "boolean") return scalar === "boolean" ? value : undefined;
  if (!isJsonNumber(value)) return undefined;
  const text = canonicalNumberText(value.number);
  if (scalar === "decimal" || scalar === "long") return text;
  if (scalar === "double" && Number.isFinite(Number(text))) return Number(text);
  if (
    (scalar === "short" || scalar === "int") &&
    /^-?\d+$/.test(text) &&
    Number.isSafeInteger(Number(text))
  )
    return Number(text);
  return undefined;
}

/** A map: an object whose members are all of one schema (`additionalProperties`), without named properties. */
function isMap(shape: SchemaShape): boolean {
  const kinds = shape.types.filter((t) => t !== "null");
  return (
    (kinds.length === 0 || (kinds.length === 1 && kinds[0] === "object")) &&
    (shape.properties === undefined || shape.properties.length === 0) &&
    shape.additionalProperties !== undefined &&
    shape.additionalProperties !== false
  );
}

/** How a bearer token is obtained, in words: `OAuth 2 client credentials`, `OAuth 2 (authorization code or implicit)`, `OpenID Connect`. */
function oauthFlowsText(flows: readonly string[]): string {
  if (flows.length === 1 && flows[0] === "openIdConnect") return "OpenID Connect";
  const words = flows.map((f) => f.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
  return words.length === 1 ? `OAuth 2 ${words[0]}` : `OAuth 2 (${words.join(" or ")})`;
}

/** An operation name usable as a method: letters and digits, not starting with a digit. */
function identifierOf(name: string): string {
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return name;
  const joined = pascalCase(name);
  return /^[A-Za-z]/.test(joined) ? joined : `op${joined}`;
}

/** A JSON value as plain data, for `JSON.stringify`. */
function plain(v: JsonValue): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [k, plain(x)]));
  return Number((v as { number: string }).number);
}
