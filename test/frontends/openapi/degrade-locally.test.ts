import { describe, expect, it } from "vitest";
import { SchemaErrors } from "../../../generator/diagnostics/diagnostic.js";
import { generate } from "../../../generator/generate.js";
import { writeContract } from "../../helpers/contract-document.js";

/**
 * Local problems found in published OpenAPI documents that stopped a whole
 * run: each is now a positioned warning of its kind, with the most precise
 * safe reading, and the rest of the contract generates. `given` is an
 * OpenAPI document (as JSON) over a minimal 3.0 one; `want` lists the
 * warnings (`kind: message (at pointer)`), the operations of the client and
 * text the generated types hold (or do not hold).
 */
interface Case {
  readonly name: string;
  readonly given: Record<string, unknown>;
  readonly want: {
    readonly warnings: readonly string[];
    readonly operations?: readonly string[];
    /** Text the client holds. */
    readonly client?: readonly string[];
    readonly types?: readonly string[];
    readonly notInTypes?: readonly string[];
  };
}

const ok = { "200": { description: "OK" } };

const pathId = { name: "id", in: "path", required: true, schema: { type: "string" } };

const petBody = (schema: unknown) => ({
  "200": { description: "OK", content: { "application/json": { schema } } },
});

const getPet = (schema: unknown) => ({
  "/pets": { get: { operationId: "getPet", responses: petBody(schema) } },
});

const CASES: readonly Case[] = [
  {
    name: "unknown keys in a schema, a discriminator and the top of a document",
    given: {
      openapi: "3.1.0",
      source: "https://example.com",
      paths: getPet({ $ref: "#/components/schemas/Pet" }),
      components: {
        schemas: {
          Pet: {
            type: "object",
            properties: { id: { type: "string" } },
            definitions: { Old: { type: "string" } },
          },
          Shape: {
            oneOf: [{ $ref: "#/components/schemas/Pet" }],
            discriminator: { propertyName: "id", type: "string" },
          },
        },
      },
    },
    want: {
      warnings: [
        'unknown-key: unknown key "source" in the top of an OpenAPI 3.1 document is read past (at #/source)',
        'unknown-key: unknown key "definitions" in an OpenAPI 3.1 schema is read past (at #/components/schemas/Pet/definitions)',
        'unknown-key: unknown key "type" in a discriminator is read past (at #/components/schemas/Shape/discriminator/type)',
      ],
      types: ["id?: string;"],
    },
  },
  {
    name: "a key of another version",
    given: {
      paths: getPet({ type: "string", const: "cat" }),
    },
    want: {
      warnings: [
        'other-version: "const" is not part of an OpenAPI 3.0 schema: OpenAPI 3.0 has no const (use an enum of one value); read past (at #/paths/~1pets/get/responses/200/content/application~1json/schema/const)',
      ],
    },
  },
  {
    name: "keys next to $ref in a response and a parameter",
    given: {
      paths: {
        "/pets/{id}": {
          get: {
            operationId: "getPet",
            parameters: [{ $ref: "#/components/parameters/Id", type: "string" }],
            responses: {
              "404": { $ref: "#/components/responses/NotFound", headers: {} },
              ...ok,
            },
          },
        },
      },
      components: {
        parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "string" } } },
        responses: { NotFound: { description: "Not found" } },
      },
    },
    want: {
      warnings: [
        'ref-sibling: "type" next to "$ref" is ignored, as OpenAPI 3.0 says (move it into the referenced parameter) (at #/paths/~1pets~1{id}/get/parameters/0/type)',
        'ref-sibling: "headers" next to "$ref" is ignored, as OpenAPI 3.0 says (move it into the referenced response) (at #/paths/~1pets~1{id}/get/responses/404/headers)',
      ],
      operations: ["getPet"],
    },
  },
  {
    name: "nullable in Swagger 2.0, read as in OpenAPI 3.0",
    given: {
      openapi: undefined,
      swagger: "2.0",
      paths: {
        "/pets": {
          get: {
            operationId: "getPet",
            produces: ["application/json"],
            responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Pet" } } },
          },
        },
      },
      definitions: {
        Pet: { type: "object", properties: { nick: { type: "string", nullable: true } } },
      },
    },
    want: {
      warnings: [
        'other-version: "nullable" is not part of a Swagger 2.0 schema: Swagger 2.0 has no nullable (it is OpenAPI 3.0; x-nullable is an extension); read as in OpenAPI 3.0 (at #/definitions/Pet/properties/nick/nullable)',
      ],
      types: ["nick?: string | null;"],
    },
  },
  {
    name: "allOf that goes round in a loop",
    given: {
      paths: getPet({ $ref: "#/components/schemas/A" }),
      components: {
        schemas: {
          A: {
            allOf: [
              { $ref: "#/components/schemas/B" },
              { type: "object", properties: { a: { type: "string" } } },
            ],
          },
          B: {
            allOf: [
              { $ref: "#/components/schemas/A" },
              { type: "object", properties: { b: { type: "string" } } },
            ],
          },
        },
      },
    },
    want: {
      warnings: [
        "allof-loop: allOf goes round in a loop (A → B → A): a schema cannot extend itself; this part, which closes the loop, is left out (at #/components/schemas/B/allOf/0)",
      ],
      types: ["a?: string;", "b?: string;"],
    },
  },
  {
    name: "a discriminator property the schema does not have",
    given: {
      paths: getPet({ $ref: "#/components/schemas/Pet" }),
      components: {
        schemas: {
          Pet: {
            type: "object",
            properties: { name: { type: "string" } },
            discriminator: { propertyName: "Kind" },
          },
        },
      },
    },
    want: {
      warnings: [
        'discriminator: the discriminator property "Kind" is not among the properties: the schema is read without its discriminator (at #/components/schemas/Pet/discriminator)',
      ],
      types: ["name?: string;"],
    },
  },
  {
    name: "a union with a discriminator and a variant written in place",
    given: {
      paths: getPet({ $ref: "#/components/schemas/Payment" }),
      components: {
        schemas: {
          Payment: {
            oneOf: [
              { $ref: "#/components/schemas/Card" },
              {
                type: "object",
                required: ["kind", "iban"],
                properties: { kind: { type: "string" }, iban: { type: "string" } },
              },
            ],
            discriminator: { propertyName: "kind" },
          },
          Card: {
            type: "object",
            required: ["kind", "pan"],
            properties: { kind: { type: "string" }, pan: { type: "string" } },
          },
        },
      },
    },
    want: {
      warnings: [
        "discriminator: a variant of a union with a discriminator must be a $ref to a named schema, so that a discriminator value can name it: the union is read without its discriminator (each variant told apart by its properties) (at #/components/schemas/Payment/oneOf/1)",
      ],
      types: ["export type Payment = Card | PaymentVariant2;"],
      notInTypes: ['kind: "Card"'],
    },
  },
  {
    name: "an empty operationId",
    given: {
      paths: { "/pets/{id}": { get: { operationId: "", parameters: [pathId], responses: ok } } },
    },
    want: {
      warnings: [
        "empty-operation-id: operationId is empty: the operation is named from its method and path (at #/paths/~1pets~1{id}/get/operationId)",
      ],
      operations: ["getPetsById"],
    },
  },
  {
    name: "a property whose schema is false",
    given: {
      openapi: "3.1.0",
      paths: getPet({
        type: "object",
        properties: {
          name: { type: "string" },
          legacy: false,
          tags: { type: "array", items: false },
        },
      }),
    },
    want: {
      warnings: [
        'false-schema: the schema of "legacy" is false (no value allowed): the property cannot be present and is left out (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/legacy)',
        "false-schema: the schema false (no value allowed) is read as any JSON value (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/tags/items)",
      ],
      types: ["name?: string;", "tags?: JsonValue[];"],
      notInTypes: ["legacy"],
    },
  },
  {
    name: "a path template with a query part",
    given: {
      paths: {
        "/search/articles?query={query}": {
          get: {
            operationId: "search",
            parameters: [{ name: "query", in: "query", schema: { type: "string" } }],
            responses: ok,
          },
        },
        "/find?q={q}": {
          get: {
            operationId: "find",
            parameters: [{ name: "q", in: "path", required: true, schema: { type: "string" } }],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        'path-template: the path "/search/articles?query={query}" has a query part: read as /search/articles, the names in the query part being query parameters when its operations declare them (at #/paths/~1search~1articles?query={query})',
        'path-template: the path "/find?q={q}" has a query part: read as /find, the names in the query part being query parameters when its operations declare them (at #/paths/~1find?q={q})',
      ],
      operations: ["search", "find"],
      client: [
        'path: "/search/articles"',
        "readonly query?: string",
        'path: "/find"',
        "readonly q: string",
      ],
    },
  },
  {
    name: "paths whose names and path parameters disagree",
    given: {
      paths: {
        "/pets/{id}": { get: { operationId: "getPet", responses: ok } },
        "/places/{location}/near/{location}": {
          get: {
            operationId: "near",
            parameters: [
              { name: "location", in: "path", required: true, schema: { type: "string" } },
            ],
            responses: ok,
          },
        },
        "/owners": {
          get: {
            operationId: "listOwners",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        'path-template: the path /pets/{id} has {id}, but the operation declares no path parameter "id": the operation is left out (at #/paths/~1pets~1{id}/get)',
        "path-template: the path /places/{location}/near/{location} uses {location} twice: the operation is left out (at #/paths/~1places~1{location}~1near~1{location}/get)",
        'path-template: the path parameter "id" does not appear in the path /owners: it is left out (at #/paths/~1owners/get/parameters/0)',
      ],
      operations: ["listOwners"],
    },
  },
  {
    name: "facet values of the wrong kind",
    given: {
      paths: getPet({
        type: "object",
        properties: { code: { type: "string", pattern: 5, maxLength: "10", minLength: 1 } },
      }),
    },
    want: {
      warnings: [
        'facet-value: "pattern" must be a string, not a number: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/code/pattern)',
        'facet-value: "maxLength" must be a whole number of 0 or more: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/code/maxLength)',
      ],
      types: ["code?: string;"],
    },
  },
  {
    name: "a server variable whose default is not among its enum values",
    given: {
      servers: [
        {
          url: "https://{region}.example.com",
          variables: { region: { default: "eu", enum: ["us", "ap"] } },
        },
      ],
      paths: { "/pets": { get: { operationId: "listPets", responses: ok } } },
    },
    want: {
      warnings: [
        'server-variable: the default "eu" is not one of the enum values: it is used all the same, as one more value (at #/servers/0/variables/region/default)',
      ],
      operations: ["listPets"],
    },
  },
  {
    name: "a request body, a response and a parameter whose $ref leads nowhere",
    given: {
      paths: {
        "/pets": {
          post: {
            operationId: "addPet",
            parameters: [{ $ref: "#/components/parameters/Missing" }],
            requestBody: { $ref: "#/components/requestBodies/Missing" },
            responses: { "200": { $ref: "#/components/responses/Missing" } },
          },
        },
      },
    },
    want: {
      warnings: [
        'missing-ref: $ref "#/components/parameters/Missing" leads nowhere: contract.json has nothing at #/components; the parameter is left out (at #/paths/~1pets/post/parameters/0)',
        'missing-ref: $ref "#/components/requestBodies/Missing" leads nowhere: contract.json has nothing at #/components; the body is read as any JSON value (at #/paths/~1pets/post/requestBody)',
        'missing-ref: $ref "#/components/responses/Missing" leads nowhere: contract.json has nothing at #/components; the answer is read as any JSON value (at #/paths/~1pets/post/responses/200)',
      ],
      operations: ["addPet"],
    },
  },
  {
    name: "two operations with one operationId, a parameter listed twice",
    given: {
      paths: {
        "/pets": {
          get: {
            operationId: "pets",
            parameters: [
              { name: "limit", in: "query", schema: { type: "string" } },
              { name: "limit", in: "query", schema: { type: "integer", format: "int32" } },
            ],
            responses: ok,
          },
          post: { operationId: "pets", responses: ok },
        },
      },
    },
    want: {
      warnings: [
        `duplicate-parameter: the query parameter "limit" is listed twice in this operation's parameters (first at 1:121): the first is read (at #/paths/~1pets/get/parameters/1)`,
        'duplicate-operation-id: operationId "pets" is also used at contract.json:1:100 (#/paths/~1pets/get): this operation is named from its method and path (at #/paths/~1pets/post/operationId)',
      ],
      operations: ["pets", "postPets"],
      client: ["readonly limit?: string"],
    },
  },
  {
    name: "schemas that say contradictory things: readOnly and writeOnly, bounds, oneOf with anyOf, a 3.0 array without items",
    given: {
      paths: getPet({ $ref: "#/components/schemas/Pet" }),
      components: {
        schemas: {
          Pet: {
            type: "object",
            properties: {
              code: { type: "string", readOnly: true, writeOnly: true, minLength: 5, maxLength: 2 },
              age: { type: "integer", format: "int32", minimum: 10, maximum: 1 },
              tags: { type: "array" },
              shape: {
                oneOf: [{ $ref: "#/components/schemas/Pet" }],
                anyOf: [{ $ref: "#/components/schemas/Pet" }],
              },
            },
          },
        },
      },
    },
    want: {
      warnings: [
        "read-write-only: a schema both readOnly and writeOnly: read as neither (sent and answered) (at #/components/schemas/Pet/properties/code)",
        "contradictory-bounds: minLength 5 is greater than maxLength 2: neither is checked (at #/components/schemas/Pet/properties/code/minLength)",
        "contradictory-bounds: the minimum 10 is greater than the maximum 1: neither is checked (at #/components/schemas/Pet/properties/age)",
        'array-without-items: an array schema without "items" (OpenAPI 3.0 requires them): each item is any JSON value (at #/components/schemas/Pet/properties/tags)',
        "ignored-keyword: a schema with both oneOf and anyOf: anyOf is read past (the schema allows more, never less) (at #/components/schemas/Pet/properties/shape/anyOf)",
      ],
      types: ["code?: string;", "tags?: JsonValue[];"],
    },
  },
  {
    name: "a path that does not start with /, read as if it did (left out when that path is also written)",
    given: {
      paths: {
        "pets/{id}": { get: { operationId: "getPet", parameters: [pathId], responses: ok } },
        "/owners": { get: { operationId: "listOwners", responses: ok } },
        owners: { get: { operationId: "listOwnersAgain", responses: ok } },
      },
    },
    want: {
      warnings: [
        'path-template: the path "pets/{id}" does not start with "/": read as /pets/{id} (at #/paths/pets~1{id})',
        'path-template: the path "owners" does not start with "/", and /owners is also a path: it is left out (at #/paths/owners)',
      ],
      operations: ["getPet", "listOwners"],
      client: ['path: "/pets/{id}"'],
    },
  },
  {
    name: "a response key that is not a status",
    given: {
      paths: {
        "/pets": {
          get: {
            operationId: "listPets",
            responses: {
              "200 OK": { description: "OK", content: { "application/json": { schema: {} } } },
              "2xx": { description: "OK" },
              "201": {
                description: "Created",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { id: { type: "string" } } },
                  },
                },
              },
            },
          },
        },
      },
    },
    want: {
      warnings: [
        'response-status: "200 OK" is not a response status (a code from 100 to 599, a range such as 4XX, or default): this response is left out (at #/paths/~1pets/get/responses/200 OK)',
        'response-status: "2xx" is not a response status (a code from 100 to 599, a range such as 4XX, or default): this response is left out (at #/paths/~1pets/get/responses/2xx)',
      ],
      operations: ["listPets"],
      types: ["export interface ListPetsResponse {", "id?: string;"],
    },
  },
  {
    name: "discriminator mapping values that lead to no schema",
    given: {
      paths: getPet({ $ref: "#/components/schemas/Pet" }),
      components: {
        schemas: {
          Pet: {
            oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
            discriminator: {
              propertyName: "kind",
              mapping: {
                cat: "Cat",
                lion: "Lion",
                wolf: "#/components/schemas/Wolf",
                fish: 5,
                dog: "#/components/schemas/Dog",
              },
            },
          },
          Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
          Dog: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
        },
      },
    },
    want: {
      warnings: [
        'discriminator: the discriminator mapping names "Lion", which is not a schema of components/schemas: this mapping entry is ignored (at #/components/schemas/Pet/discriminator/mapping/lion)',
        'missing-ref: $ref "#/components/schemas/Wolf" leads nowhere: contract.json has nothing at #/components/schemas/Wolf; this mapping entry is ignored (at #/components/schemas/Pet/discriminator/mapping/wolf)',
        "discriminator: a discriminator mapping value must be a schema name or a $ref, not a number: this mapping entry is ignored (at #/components/schemas/Pet/discriminator/mapping/fish)",
      ],
      types: [
        'export type Pet = (Cat & { readonly kind: "cat" }) | (Dog & { readonly kind: "dog" });',
      ],
      notInTypes: ["lion", "wolf", "fish"],
    },
  },
  {
    name: "OpenAPI 3.1 type and examples of the wrong kind, an unknown type: the keyword ignored",
    given: {
      openapi: "3.1.0",
      paths: getPet({
        type: "object",
        properties: {
          meta: { type: { type: "string" }, description: "Written one level too deep." },
          day: { type: "date" },
          code: { type: ["string", "text"] },
          name: { type: "string", examples: { one: "Rex" } },
          tags: { type: ["string", "string"] },
        },
      }),
    },
    want: {
      warnings: [
        "keyword-value: a type must be a string, not an object: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/meta/type)",
        'keyword-value: unknown type "date"; the types are string, number, integer, boolean, object, array, null: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/day/type)',
        'keyword-value: unknown type "text"; the types are string, number, integer, boolean, object, array, null: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/code/type)',
        'keyword-value: "examples" must be an array, not an object: the keyword is ignored (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/name/examples)',
        "keyword-value: a type is listed twice: read once (at #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/tags/type)",
      ],
      types: [
        "meta?: JsonValue;",
        "day?: JsonValue;",
        "code?: JsonValue;",
        "name?: string;",
        "tags?: string;",
      ],
    },
  },
  {
    name: "one name for parameters of two places: both kept, the later one under a name of its own",
    given: {
      paths: {
        "/events/{id}": {
          get: {
            operationId: "subscribe",
            parameters: [
              pathId,
              { name: "id", in: "query", schema: { type: "string" } },
              { name: "Last-Event-ID", in: "header", schema: { type: "string" } },
              { name: "Last-Event-ID", in: "query", schema: { type: "string" } },
            ],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        'parameter-name: the query parameter "id" is also a path parameter: both are sent, and the call\'s params object holds this one as "query:id" (at #/paths/~1events~1{id}/get/parameters/1)',
        'parameter-name: the header parameter "Last-Event-ID" is also a query parameter: both are sent, and the call\'s params object holds this one as "header:Last-Event-ID" (at #/paths/~1events~1{id}/get/parameters/2)',
      ],
      operations: ["subscribe"],
      client: [
        'readonly "query:id"?: string',
        'readonly "Last-Event-ID"?: string',
        'readonly "header:Last-Event-ID"?: string',
        'id: params?.["query:id"]',
        '"Last-Event-ID": params?.["header:Last-Event-ID"]',
      ],
    },
  },
];

function writeDocument(document: Record<string, unknown>) {
  return writeContract(document, "Degrade");
}

describe("a local problem of an OpenAPI document is a warning; the rest generates", () => {
  it.each(CASES)("$name", async ({ given, want }) => {
    const { folder, file } = await writeDocument(given);
    const { files, warnings } = await generate({ schemasDir: "", from: [file], cwd: folder });
    expect(warnings.map((w) => `${w.kind}: ${w.message} (at ${w.pointer})`)).toEqual(want.warnings);
    const types = files.find((f) => f.path.endsWith("/types.ts"))!.content;
    for (const text of want.types ?? []) expect(types).toContain(text);
    for (const text of want.notInTypes ?? []) expect(types).not.toContain(text);
    const client = files.find((f) => f.path.endsWith("/client.ts"))?.content ?? "";
    for (const name of want.operations ?? []) expect(client).toContain(`${name}(`);
    for (const text of want.client ?? []) expect(client).toContain(text);
  });

  it("--strict turns each of these warnings into an error", async () => {
    for (const { given, want } of CASES) {
      const { folder, file } = await writeDocument(given);
      const run = generate({ schemasDir: "", from: [file], cwd: folder, strict: true });
      await expect(run).rejects.toBeInstanceOf(SchemaErrors);
      const errors = await run.then(
        () => [],
        (e: SchemaErrors) => e.diagnostics,
      );
      // Each error names the kind of the warning it was.
      expect(errors.map((e) => `${e.message} (at ${e.pointer})`)).toEqual(want.warnings);
      expect(errors.every((e) => e.severity !== "warning")).toBe(true);
    }
  });
});
