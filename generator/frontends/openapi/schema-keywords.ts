import type { KeyRules } from "../json/key-rules.js";
import type { ApiFormat } from "./openapi-model.js";
import { FACET_KEYWORDS } from "./shape-facets.js";

/**
 * Which schema keywords each version has, which this reader supports, and
 * what to say about the others. `externalDocs` and `xml` are read past:
 * they document, or shape XML only, and change nothing a JSON client does.
 */

const COMMON = [
  "$ref",
  "type",
  "format",
  "title",
  "description",
  "default",
  "enum",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "allOf",
  ...FACET_KEYWORDS,
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "readOnly",
  "discriminator",
  "example",
  "externalDocs",
  "xml",
] as const;

const OPENAPI_3 = [...COMMON, "oneOf", "anyOf", "writeOnly", "deprecated"] as const;

/** Keywords read, per version. */
export const SCHEMA_KEYWORDS: Readonly<Record<ApiFormat, readonly string[]>> = {
  "swagger-2.0": COMMON,
  "openapi-3.0": [...OPENAPI_3, "nullable"],
  // 3.1 has no nullable; vendors write it anyway, and it is read as in 3.0, with a warning.
  "openapi-3.1": [...OPENAPI_3, "const", "examples", "$defs", "$comment", "$schema", "nullable"],
};

/**
 * Keywords that narrow a schema in ways a type cannot say: each is read past
 * with a warning of its kind, so the schema allows more than the contract
 * does (the most precise safe reading), never less.
 */
const APPROXIMATED_SCHEMA_KEYWORDS = new Map<
  string,
  { readonly kind: string; readonly reading: string }
>([
  [
    "not",
    {
      kind: "not",
      reading:
        "a schema that excludes another cannot be a type: the values it excludes are not refused",
    },
  ],
  [
    "if",
    {
      kind: "conditional",
      reading: "a conditional schema cannot be a type: its conditions are not checked",
    },
  ],
  [
    "then",
    {
      kind: "conditional",
      reading: "a conditional schema cannot be a type: its conditions are not checked",
    },
  ],
  [
    "else",
    {
      kind: "conditional",
      reading: "a conditional schema cannot be a type: its conditions are not checked",
    },
  ],
  [
    "patternProperties",
    {
      kind: "pattern-properties",
      reading:
        "properties named by a pattern are not typed: they are read as properties the type does not name",
    },
  ],
  ["propertyNames", { kind: "ignored-keyword", reading: "the property names are not checked" }],
  ["prefixItems", { kind: "tuple", reading: "a tuple is read as an array of any JSON values" }],
  ["additionalItems", { kind: "tuple", reading: "a tuple is read as an array of its items" }],
  ["contains", { kind: "ignored-keyword", reading: "what the array must contain is not checked" }],
  [
    "minContains",
    { kind: "ignored-keyword", reading: "what the array must contain is not checked" },
  ],
  [
    "maxContains",
    { kind: "ignored-keyword", reading: "what the array must contain is not checked" },
  ],
  [
    "dependentRequired",
    { kind: "ignored-keyword", reading: "properties that depend on others are not checked" },
  ],
  [
    "dependentSchemas",
    { kind: "ignored-keyword", reading: "properties that depend on others are not checked" },
  ],
  [
    "dependencies",
    { kind: "ignored-keyword", reading: "properties that depend on others are not checked" },
  ],
  [
    "unevaluatedProperties",
    { kind: "ignored-keyword", reading: "other properties are not checked" },
  ],
  ["unevaluatedItems", { kind: "ignored-keyword", reading: "other items are not checked" }],
  [
    "contentEncoding",
    { kind: "ignored-keyword", reading: "the content of the string is not decoded or checked" },
  ],
  [
    "contentMediaType",
    { kind: "ignored-keyword", reading: "the content of the string is not decoded or checked" },
  ],
  [
    "contentSchema",
    { kind: "ignored-keyword", reading: "the content of the string is not decoded or checked" },
  ],
  [
    "$id",
    { kind: "ignored-keyword", reading: "references are resolved by file and JSON pointer only" },
  ],
  [
    "$anchor",
    { kind: "ignored-keyword", reading: "references are resolved by file and JSON pointer only" },
  ],
  [
    "$dynamicRef",
    {
      kind: "ignored-keyword",
      reading: "a dynamic reference is not followed: the value is any JSON value",
    },
  ],
  [
    "$dynamicAnchor",
    {
      kind: "ignored-keyword",
      reading: "a dynamic reference is not followed: the value is any JSON value",
    },
  ],
  [
    "$recursiveRef",
    {
      kind: "ignored-keyword",
      reading: "a dynamic reference is not followed: the value is any JSON value",
    },
  ],
  [
    "$recursiveAnchor",
    {
      kind: "ignored-keyword",
      reading: "a dynamic reference is not followed: the value is any JSON value",
    },
  ],
]);

/** Keys of another version, each with what this version uses instead and how the key is read (a warning). */
const OTHER_VERSION: Readonly<Record<ApiFormat, ReadonlyMap<string, string>>> = {
  "swagger-2.0": new Map([
    ["oneOf", "Swagger 2.0 has no unions (oneOf is OpenAPI 3); read as in OpenAPI 3"],
    ["anyOf", "Swagger 2.0 has no unions (anyOf is OpenAPI 3); read as in OpenAPI 3"],
    [
      "nullable",
      "Swagger 2.0 has no nullable (it is OpenAPI 3.0; x-nullable is an extension); read as in OpenAPI 3.0",
    ],
    ["writeOnly", "writeOnly is OpenAPI 3; read as there"],
    ["deprecated", "deprecated schemas are OpenAPI 3; read as there"],
    ["const", "Swagger 2.0 has no const (use an enum of one value); read past"],
    ["examples", "Swagger 2.0 schemas take one example; read past"],
  ]),
  "openapi-3.0": new Map([
    ["const", "OpenAPI 3.0 has no const (use an enum of one value); read past"],
    ["examples", "OpenAPI 3.0 schemas take one example (examples is OpenAPI 3.1); read past"],
    [
      "$defs",
      "$defs is OpenAPI 3.1 (use components/schemas); read past, its schemas read where a $ref leads there",
    ],
  ]),
  "openapi-3.1": new Map(),
};

/** The rules of schema keys for a version, with `extra` keys read by the caller (parameter keys of a 2.0 parameter). */
export function schemaKeyRules(format: ApiFormat, extra: readonly string[] = []): KeyRules {
  return {
    known: [...SCHEMA_KEYWORDS[format], ...extra],
    approximated: APPROXIMATED_SCHEMA_KEYWORDS,
    otherVersion: OTHER_VERSION[format],
  };
}

/** Keys that may stand next to `$ref` and annotate this use of the named schema. */
export const REF_ANNOTATIONS = [
  "$ref",
  "description",
  "title",
  "deprecated",
  "readOnly",
  "writeOnly",
  "nullable",
  "default",
  "example",
  "examples",
  "$comment",
] as const;

/** The keys of a 2.0 parameter, header or items object that describe its value (the rest of a schema's keywords are not allowed there). */
export const SWAGGER2_SIMPLE_SCHEMA_KEYWORDS = [
  "type",
  "format",
  "items",
  "collectionFormat",
  "default",
  ...FACET_KEYWORDS,
  "maxItems",
  "minItems",
  "uniqueItems",
  "enum",
];
