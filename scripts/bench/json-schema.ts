/**
 * A JSON Schema derived from the paygen model (the IR the emitters read), for
 * the baseline validator: the same required fields, value types, decimal
 * format and closed objects that the generated validator checks.
 */
import type {
  ConstValue,
  EnumType,
  Field,
  Flow,
  ObjectType,
  ScalarName,
  Service,
} from "../../generator/model/ir.js";

/** A JSON Schema document or subschema. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/**
 * The text patterns of the generated runtime's scalar predicates. `decimal`,
 * `gYearMonth`, `base64` and `uri` are exactly the runtime's rules; `date`,
 * `dateTime` and `long` are the shape only (a calendar check or the 64-bit
 * range is beyond a pattern; the benchmark request holds none of them).
 */
const SCALAR_SCHEMAS: Readonly<Record<ScalarName, JsonSchema>> = {
  string: { type: "string" },
  boolean: { type: "boolean" },
  short: { type: "integer", minimum: -32768, maximum: 32767 },
  int: { type: "integer", minimum: -2147483648, maximum: 2147483647 },
  long: { type: "string", pattern: "^-?[0-9]{1,19}$" },
  decimal: { type: "string", pattern: "^-?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)$" },
  double: { type: "number" },
  date: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
  dateTime: {
    type: "string",
    pattern:
      "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2})?$",
  },
  gYearMonth: { type: "string", pattern: "^[0-9]{4}-(?:0[1-9]|1[0-2])$" },
  base64: {
    type: "string",
    pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
  },
  uri: {
    type: "string",
    pattern: "^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\\-._~:/?#[\\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$",
  }, // Any JSON value (a contract's `{}`): no constraint.
  json: {},
};

function typeOf(service: Service, name: string): ObjectType {
  const t = service.types.find((x) => x.name === name);
  if (!t) throw new Error(`the model has no type ${name} in ${service.name}`);
  return t;
}

function enumOf(service: Service, name: string): EnumType {
  const e = service.enums.find((x) => x.name === name);
  if (!e) throw new Error(`the model has no enum ${name} in ${service.name}`);
  return e;
}

function valueSchema(service: Service, field: Field, defs: Map<string, JsonSchema>): JsonSchema {
  const ref = field.type;
  let schema: JsonSchema;
  if (ref.kind === "scalar") {
    schema = { ...SCALAR_SCHEMAS[ref.name] };
    // The baseline enforces the same length facets as the generated validators.
    for (const facet of field.facets)
      if (facet.key === "minLength" || facet.key === "maxLength")
        schema = { ...schema, [facet.key]: facet.value };
  } else if (ref.kind === "enum") {
    schema = { type: "string", enum: enumOf(service, ref.name).values.map((v) => v.value) };
  } else {
    addDefinition(service, ref.name, defs);
    schema = { $ref: `#/$defs/${ref.name}` };
  }
  if (field.const !== undefined) schema = { ...schema, const: field.const };
  return schema;
}

function fieldSchema(service: Service, field: Field, defs: Map<string, JsonSchema>): JsonSchema {
  const item = valueSchema(service, field, defs);
  if (!field.list) return item;
  return {
    type: "array",
    items: item,
    ...(field.list.min > 0 ? { minItems: field.list.min } : {}),
    ...(field.list.max !== undefined ? { maxItems: field.list.max } : {}),
  };
}

function objectSchema(
  service: Service,
  type: ObjectType,
  defs: Map<string, JsonSchema>,
): JsonSchema {
  if (type.kind === "opaque") return { type: "object" };
  const properties: Record<string, JsonSchema> = {};
  for (const f of type.allFields) properties[f.name] = fieldSchema(service, f, defs);
  const required = type.allFields.filter((f) => f.required).map((f) => f.name);
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: type.open,
    ...(type.kind === "choice"
      ? { oneOf: type.allFields.map((f) => ({ required: [f.name] })) }
      : {}),
  };
}

function addDefinition(service: Service, name: string, defs: Map<string, JsonSchema>): void {
  if (defs.has(name)) return;
  defs.set(name, {}); // placeholder: breaks cycles
  defs.set(name, objectSchema(service, typeOf(service, name), defs));
}

/** The JSON Schema of one model type, with every type it uses under `$defs`. */
export function schemaOfType(service: Service, typeName: string): JsonSchema {
  const defs = new Map<string, JsonSchema>();
  addDefinition(service, typeName, defs);
  return {
    $ref: `#/$defs/${typeName}`,
    $defs: Object.fromEntries([...defs.entries()].sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * The schema of a type with a documented flow laid over it: the flow's
 * required paths become `required` and its constants `const`, at every level.
 */
export function schemaOfFlow(service: Service, flow: Flow, typeName: string): JsonSchema {
  const constants = new Map<string, ConstValue>(flow.constants.map((c) => [c.path, c.value]));
  const overlay = (schema: JsonSchema, type: ObjectType, prefix: string): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required = new Set<string>(
      Array.isArray(schema.required) ? (schema.required as string[]) : [],
    );
    const own = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const f of type.allFields) {
      const path = prefix === "" ? f.name : `${prefix}.${f.name}`;
      let p = own[f.name] ?? {};
      if (flow.required.some((r) => r === path || r.startsWith(`${path}.`))) required.add(f.name);
      if (
        f.type.kind === "object" &&
        !f.list &&
        flow.required.concat([...constants.keys()]).some((r) => r.startsWith(`${path}.`))
      ) {
        const nested = typeOf(service, f.type.name);
        p = overlay(objectSchema(service, nested, new Map()), nested, path);
      }
      const c = constants.get(path);
      if (c !== undefined) p = { ...p, const: c };
      properties[f.name] = p;
    }
    return { ...schema, properties, ...(required.size > 0 ? { required: [...required] } : {}) };
  };
  const base = schemaOfType(service, typeName);
  const root = typeOf(service, typeName);
  const defs = base.$defs as Record<string, JsonSchema>;
  const top = defs[typeName];
  if (!top) throw new Error(`no definition for ${typeName}`);
  return { ...base, $ref: "#/$defs/__flow", $defs: { ...defs, __flow: overlay(top, root, "") } };
}
