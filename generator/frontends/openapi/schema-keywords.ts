import type { KeyRules } from "./object-reader.js";
import type { ApiFormat } from "./openapi-model.js";

/**
 * Which schema keywords each version has, which this reader supports, and
 * what to say about the others. `externalDocs` and `xml` are read past:
 * they document, or shape XML only, and change nothing a JSON client does.
 */

const COMMON = [
  "$ref", "type", "format", "title", "description", "default", "enum", "required", "properties", "additionalProperties",
  "items", "allOf", "maxLength", "minLength", "pattern", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum",
  "multipleOf", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "readOnly", "discriminator",
  "example", "externalDocs", "xml",
] as const;

const OPENAPI_3 = [...COMMON, "oneOf", "anyOf", "writeOnly", "deprecated"] as const;

/** Keywords read, per version. */
export const SCHEMA_KEYWORDS: Readonly<Record<ApiFormat, readonly string[]>> = {
  "swagger-2.0": COMMON,
  "openapi-3.0": [...OPENAPI_3, "nullable"],
  "openapi-3.1": [...OPENAPI_3, "const", "examples", "$defs", "$comment", "$schema"],
};

const UNSUPPORTED_SCHEMA_KEYWORDS = new Map<string, string>([
  ["not", "a schema that excludes another cannot be expressed as a type"],
  ["if", "conditional schemas cannot be expressed as a type"],
  ["then", "conditional schemas cannot be expressed as a type"],
  ["else", "conditional schemas cannot be expressed as a type"],
  ["patternProperties", "use additionalProperties for a map"],
  ["propertyNames", "use additionalProperties for a map; the names are not checked"],
  ["prefixItems", "tuples are not supported; use items"],
  ["additionalItems", "tuples are not supported; use items"],
  ["contains", "use items"],
  ["minContains", "use items"],
  ["maxContains", "use items"],
  ["dependentRequired", "make the properties required, or split the schema with oneOf"],
  ["dependentSchemas", "split the schema with oneOf"],
  ["dependencies", "split the schema with oneOf"],
  ["unevaluatedProperties", "use additionalProperties"],
  ["unevaluatedItems", "use items"],
  ["contentEncoding", "use format: byte or format: binary"],
  ["contentMediaType", "use format: byte or format: binary"],
  ["contentSchema", "use format: byte or format: binary"],
  ["$id", "references are resolved by file and JSON pointer only"],
  ["$anchor", "references are resolved by file and JSON pointer only"],
  ["$dynamicRef", "use $ref"],
  ["$dynamicAnchor", "use $ref"],
  ["$recursiveRef", "use $ref"],
  ["$recursiveAnchor", "use $ref"],
]);

const OTHER_VERSION: Readonly<Record<ApiFormat, ReadonlyMap<string, string>>> = {
  "swagger-2.0": new Map([
    ["oneOf", "Swagger 2.0 has no unions (oneOf is OpenAPI 3)"],
    ["anyOf", "Swagger 2.0 has no unions (anyOf is OpenAPI 3)"],
    ["nullable", "Swagger 2.0 has no nullable (it is OpenAPI 3.0; x-nullable is an extension, read past)"],
    ["writeOnly", "writeOnly is OpenAPI 3"],
    ["deprecated", "deprecated schemas are OpenAPI 3"],
    ["const", "Swagger 2.0 has no const: use an enum of one value"],
    ["examples", "Swagger 2.0 schemas take one example"],
  ]),
  "openapi-3.0": new Map([
    ["const", "OpenAPI 3.0 has no const: use an enum of one value"],
    ["examples", "OpenAPI 3.0 schemas take one example (examples is OpenAPI 3.1)"],
    ["$defs", "$defs is OpenAPI 3.1: use components/schemas"],
  ]),
  "openapi-3.1": new Map([["nullable", 'OpenAPI 3.1 has no nullable: write type: [T, "null"]']]),
};

/** The rules of schema keys for a version, with `extra` keys read by the caller (parameter keys of a 2.0 parameter). */
export function schemaKeyRules(format: ApiFormat, extra: readonly string[] = []): KeyRules {
  return { known: [...SCHEMA_KEYWORDS[format], ...extra], unsupported: UNSUPPORTED_SCHEMA_KEYWORDS, otherVersion: OTHER_VERSION[format] };
}

/** Keys that may stand next to `$ref` and annotate this use of the named schema. */
export const REF_ANNOTATIONS = ["$ref", "description", "title", "deprecated", "readOnly", "writeOnly", "nullable", "default", "example", "examples", "$comment"] as const;

/** The keys of a 2.0 parameter, header or items object that describe its value (the rest of a schema's keywords are not allowed there). */
export const SWAGGER2_SIMPLE_SCHEMA_KEYWORDS = [
  "type", "format", "items", "collectionFormat", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
  "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf",
] as const;
