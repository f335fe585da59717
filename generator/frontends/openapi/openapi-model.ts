import type { Position } from "../../diagnostics/diagnostic.js";
import type { JsonValue } from "../json/json-value.js";

/**
 * What a Swagger 2.0, OpenAPI 3.0 or OpenAPI 3.1 document says, in one
 * normalised form: the readers of this folder produce it, whatever the
 * version, so that what maps it onward does not know which version it was.
 *
 * Differences between versions are settled here: a 2.0 `body` parameter is a
 * request body, `host`/`basePath`/`schemes` are base URLs, 3.0 `nullable` and
 * 3.1 `type: [T, "null"]` are both a `"null"` type, 2.0/3.0 boolean
 * exclusive bounds and 3.1 numeric ones are both `Bound`s, `allOf` is merged.
 *
 * Every part keeps where it was read: `at` (file, line, column) and
 * `pointer` (its JSON pointer in that file, `#/paths/~1pets/get`).
 */

/** Which specification the document follows. */
export type ApiFormat = "swagger-2.0" | "openapi-3.0" | "openapi-3.1";

/** Where a part of the model was read. */
export interface Located {
  readonly at: Position;
  /** JSON pointer of the part in the file of `at`. */
  readonly pointer: string;
}

/** A whole API. */
export interface ApiDocument extends Located {
  readonly format: ApiFormat;
  /** The version as the document states it (`2.0`, `3.0.3`, `3.1.0`). */
  readonly formatVersion: string;
  readonly info: ApiInfo;
  /** Where the API is served, in document order. */
  readonly baseUrls: readonly BaseUrl[];
  readonly securitySchemes: readonly SecurityScheme[];
  /** The document-wide security requirement; `undefined` when it states none. */
  readonly security?: readonly SecurityRequirement[];
  /** In document order: paths in order, and within a path the order of `HTTP_METHODS`. */
  readonly operations: readonly Operation[];
  /** Every named schema, sorted by name. */
  readonly schemas: readonly NamedSchema[];
  /** OpenAPI 3.1 `webhooks`, then the operations' `callbacks` (requests the API sends), in document order; absent when there is none. */
  readonly webhooks?: readonly Webhook[];
}

/** A webhook of OpenAPI 3.1: an event the API sends, named by its key, and the JSON schemas of its payload. */
export interface Webhook extends Located {
  readonly name: string;
  readonly description?: string;
  readonly payloads: readonly Schema[];
  /** For a callback: the operation that gives its URL, and the runtime expression naming it. */
  readonly callback?: { readonly operation: string; readonly expression: string };
}

export interface ApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/**
 * One base URL. `url` has the server variables replaced by their defaults;
 * `template` is the URL as written (`https://{region}.example.com/v1`).
 * A 2.0 document gives one per scheme: `scheme://host` + `basePath`.
 */
export interface BaseUrl extends Located {
  readonly url: string;
  readonly template: string;
  readonly description?: string;
  readonly variables: readonly ServerVariable[];
}

export interface ServerVariable extends Located {
  readonly name: string;
  readonly default: string;
  /** The values allowed, when the document restricts them. */
  readonly enum?: readonly string[];
  readonly description?: string;
}

/** HTTP methods an operation may have, in the order operations of one path are listed. */
export const HTTP_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation: a method on a path. */
export interface Operation extends Located {
  /** The `operationId`, or, without one, a name made from the method and the path (`getPetsByPetId`). */
  readonly name: string;
  /** Whether `name` is the document's `operationId` or was made from the method and the path. */
  readonly nameFrom: "operationId" | "method-and-path";
  readonly method: HttpMethod;
  /** The path template as written (`/pets/{petId}`), without the base URL. */
  readonly path: string;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: true;
  readonly tags: readonly string[];
  /** Path-level parameters merged with the operation's (the operation's win), in that order. */
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  /** In document order; `default` is a status like any other. */
  readonly responses: readonly Response[];
  /** The requirement that applies (the operation's, else the document's); `undefined` when neither states one. */
  readonly security?: readonly SecurityRequirement[];
  /** Base URLs of the operation or of its path when it overrides the document's (3.x), else the document's. */
  readonly baseUrls: readonly BaseUrl[];
  /** Swagger 2.0: the media types the operation answers in (`produces`, its own or the document's), even for responses without a body. */
  readonly produces?: readonly string[];
  /** OpenAPI 3 `callbacks`: requests the API sends to a URL this call gives, read as events. */
  readonly callbacks?: readonly Webhook[];
}

export type ParameterLocation = "path" | "query" | "header" | "cookie";

/**
 * How an array or object parameter is serialised (OpenAPI 3 `style` and
 * `explode`; a 2.0 `collectionFormat` is mapped onto them: `csv` → `form` or
 * `simple` unexploded, `multi` → `form` exploded, `ssv` → `spaceDelimited`,
 * `pipes` → `pipeDelimited`).
 */
export type ParameterStyle =
  "simple" | "form" | "label" | "matrix" | "spaceDelimited" | "pipeDelimited" | "deepObject";

export interface Parameter extends Located {
  readonly name: string;
  readonly in: ParameterLocation;
  /** Always true for path parameters. */
  readonly required: boolean;
  readonly description?: string;
  readonly deprecated?: true;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  /** `allowEmptyValue` (query parameters of 2.0 and 3.x). */
  readonly allowEmptyValue?: true;
  /** 3.x `allowReserved`. */
  readonly allowReserved?: true;
  readonly schema: Schema;
  /** Set when the parameter is given by `content` (3.x) rather than by a schema: the media type of its value. */
  readonly mediaType?: string;
  /** 3.x `example` and the values of `examples`, when given. */
  readonly examples?: readonly JsonValue[];
}

/** A request body: a 2.0 `body` or `formData` parameter, or a 3.x `requestBody`. */
export interface RequestBody extends Located {
  readonly required: boolean;
  readonly description?: string;
  /** One entry per media type, in document order. */
  readonly content: readonly MediaContent[];
}

/** What a body holds in one media type. */
export interface MediaContent extends Located {
  /** `application/json`, `multipart/form-data`, ... as written. */
  readonly mediaType: string;
  /** Absent when the document gives none (any content). */
  readonly schema?: Schema;
  readonly examples: readonly JsonValue[];
  /** OpenAPI 3 `encoding` of a form or multipart body: how named properties are written, in document order. */
  readonly encoding?: readonly PropertyEncoding[];
}

/** How one property of a form or multipart body is written (OpenAPI 3 Encoding object). */
export interface PropertyEncoding extends Located {
  readonly name: string;
  /** Multipart: the media type of the part. */
  readonly contentType?: string;
  readonly style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode?: boolean;
  readonly allowReserved?: true;
}

/** One response of an operation. */
export interface Response extends Located {
  /** `200`, `4XX` or `default`. */
  readonly status: string;
  readonly description: string;
  readonly content: readonly MediaContent[];
  readonly headers: readonly ResponseHeader[];
}

export interface ResponseHeader extends Located {
  readonly name: string;
  readonly required: boolean;
  readonly description?: string;
  readonly deprecated?: true;
  readonly schema: Schema;
  /** 3.x `example` and the values of `examples`, when given. */
  readonly examples?: readonly JsonValue[];
}

/** A security scheme the document defines. */
export type SecurityScheme = ApiKeyScheme | HttpAuthScheme | OAuth2Scheme;

/** An API key sent in a header or the query. */
export interface ApiKeyScheme extends Located {
  readonly kind: "apiKey";
  /** The scheme's name in the document. */
  readonly name: string;
  readonly in: "header" | "query";
  /** The header or query parameter carrying the key. */
  readonly parameterName: string;
  readonly description?: string;
}

/** HTTP `Authorization`: basic (2.0 `type: basic`, 3.x `scheme: basic`) or bearer. */
export interface HttpAuthScheme extends Located {
  readonly kind: "http";
  readonly name: string;
  readonly scheme: "basic" | "bearer";
  readonly bearerFormat?: string;
  readonly description?: string;
}

/**
 * OAuth 2, any flow (2.0 `flow`, 3.x `flows`): the client sends an access
 * token as a bearer token; getting one is the caller's. OpenID Connect is
 * read the same way (its access tokens are bearer tokens).
 */
export interface OAuth2Scheme extends Located {
  readonly kind: "oauth2";
  readonly name: string;
  /** The flows the contract names (`clientCredentials`, `authorizationCode`, `implicit`, `password`; `openIdConnect` for OpenID Connect), in document order. */
  readonly flows: readonly string[];
  /** Where tokens come from: the first flow's token URL (or authorization URL, or OpenID Connect discovery URL); absent when none is given. */
  readonly tokenUrl?: string;
  readonly refreshUrl?: string;
  /** The scopes of every flow, once each. */
  readonly scopes: readonly {
    readonly name: string;
    readonly description: string;
  }[];
  readonly description?: string;
}

/** One way to satisfy security: every listed scheme at once. An empty list means no authentication. */
export interface SecurityRequirement extends Located {
  readonly schemes: readonly { readonly name: string; readonly scopes: readonly string[] }[];
}

/** A schema that has a name in the model: a component (definition) or an inline object or union named here. */
export interface NamedSchema extends Located {
  readonly name: string;
  /**
   * `component`: `#/definitions/X` (2.0) or `#/components/schemas/X` (3.x) of the document (named X);
   * `referenced`: another location a `$ref` points at (named from its last pointer segment, or its title);
   * `inline`: an object or a union written in place (named from its title, or from where it is used).
   */
  readonly origin: "component" | "referenced" | "inline";
  readonly schema: Schema;
  /** For an inline schema used in several places: the pointers of the other places, in the order they were read. */
  readonly alsoAt?: readonly string[];
}

/** A schema: a reference to a named one, or one written in place. */
export type Schema = SchemaRef | SchemaShape;

/**
 * A use of a named schema. A recursive schema is only ever reached this way.
 * Annotations written next to the reference (`description`, `nullable`, ...,
 * or in the `allOf: [{$ref}]` idiom) apply to this use only.
 */
export interface SchemaRef extends Located {
  readonly kind: "ref";
  /** The `name` of a `NamedSchema`. */
  readonly target: string;
  /** True when this use also admits `null`. */
  readonly nullable?: true;
  readonly title?: string;
  readonly description?: string;
  readonly deprecated?: true;
  readonly readOnly?: true;
  readonly writeOnly?: true;
  readonly default?: JsonValue;
  readonly examples?: readonly JsonValue[];
}

/** JSON types a value may have; `"null"` stands for 3.0 `nullable` and 3.1 `type: [..., "null"]`. */
export type SchemaType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** A lower or upper bound, its number as written. */
export interface Bound {
  readonly value: string;
  readonly exclusive: boolean;
}

/** A schema written in place. Absent keys mean the keyword was absent. */
export interface SchemaShape extends Located {
  readonly kind: "shape";
  /** The types allowed; empty when any type is. */
  readonly types: readonly SchemaType[];
  /** `int64`, `date-time`, `byte`, `binary`, ... as written. */
  readonly format?: string;
  readonly title?: string;
  readonly description?: string;
  readonly deprecated?: true;
  readonly readOnly?: true;
  readonly writeOnly?: true;
  readonly enum?: readonly JsonValue[];
  readonly const?: JsonValue;
  readonly default?: JsonValue;
  readonly examples?: readonly JsonValue[];
  /** In document order, after those merged from `allOf` parts that come first. */
  readonly properties?: readonly Property[];
  /** `false` for a closed object, a schema for a typed map; absent (or `true`) for any extra properties. */
  readonly additionalProperties?: false | Schema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: true;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: Bound;
  readonly maximum?: Bound;
  readonly multipleOf?: string;
  /** `oneOf` or `anyOf`: the value is one of (at least one of) the variants. */
  readonly union?: Union;
  readonly discriminator?: Discriminator;
  /** Named schemas merged in through `allOf`, in order: what this schema extends. */
  readonly extends?: readonly string[];
}

export interface Property extends Located {
  readonly name: string;
  readonly required: boolean;
  readonly schema: Schema;
}

export interface Union extends Located {
  readonly kind: "oneOf" | "anyOf";
  readonly variants: readonly Schema[];
}

/**
 * Which property tells the variants apart, and which value names which
 * named schema: explicit `mapping` entries first, then the implicit ones
 * (a variant's or a derived schema's own name), in order.
 */
export interface Discriminator extends Located {
  readonly propertyName: string;
  readonly mapping: readonly DiscriminatorCase[];
}

export interface DiscriminatorCase {
  readonly value: string;
  /** The name of a `NamedSchema`. */
  readonly target: string;
  /** True when the document does not list the value: it is the target's name. */
  readonly implicit?: true;
}
