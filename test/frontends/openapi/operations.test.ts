import { describe, expect, it } from "vitest";
import { readFixtureDocument, withoutPlaces } from "./read-fixture.js";

const string = { kind: "shape", types: ["string"] };
const petIdParameter = {
  name: "petId",
  in: "path",
  required: true,
  style: "simple",
  explode: false,
  schema: { ...string, maxLength: 36 },
};
const fieldsSchema = {
  kind: "shape",
  types: ["array"],
  items: { ...string, enum: ["name", "tag"] },
};
const getPetResponseSchema = {
  kind: "shape",
  types: ["object"],
  properties: [
    { name: "id", required: true, schema: string },
    { name: "name", required: false, schema: string },
  ],
};
const nameOnly = {
  kind: "shape",
  types: ["object"],
  properties: [{ name: "name", required: false, schema: string }],
};

describe("operations", () => {
  it("Swagger 2.0: base URLs per scheme, parameters merged from the path, a body parameter as request body, produces as media types", async () => {
    const document = await readFixtureDocument("operations/swagger-2.0.yaml");
    const baseUrls = [
      {
        url: "https://pets.example.com/v1",
        template: "https://pets.example.com/v1",
        variables: [],
      },
      { url: "http://pets.example.com/v1", template: "http://pets.example.com/v1", variables: [] },
    ];
    expect(withoutPlaces(document)).toEqual({
      format: "swagger-2.0",
      formatVersion: "2.0",
      info: { title: "Pet store", version: "1.0", description: "Pets, for sale." },
      baseUrls,
      securitySchemes: [],
      operations: [
        {
          name: "getPet",
          nameFrom: "operationId",
          method: "get",
          path: "/pets/{petId}",
          summary: "Reads a pet.",
          tags: ["pets"],
          parameters: [
            petIdParameter,
            {
              name: "fields",
              in: "query",
              required: false,
              style: "form",
              explode: true,
              schema: fieldsSchema,
            },
            {
              name: "X-Request-Id",
              in: "header",
              required: true,
              style: "simple",
              explode: false,
              schema: string,
            },
          ],
          responses: [
            {
              status: "200",
              description: "The pet.",
              content: [
                {
                  mediaType: "application/json",
                  schema: { kind: "ref", target: "GetPetResponse" },
                  examples: [
                    new Map([
                      ["id", "7"],
                      ["name", "Rex"],
                    ]),
                  ],
                },
              ],
              headers: [
                {
                  name: "X-Rate-Limit",
                  required: false,
                  description: "Calls left.",
                  schema: { kind: "shape", types: ["integer"], format: "int32" },
                },
              ],
            },
            { status: "404", description: "No such pet.", content: [], headers: [] },
            { status: "default", description: "Anything else.", content: [], headers: [] },
          ],
          baseUrls,
          produces: ["application/json"],
        },
        {
          name: "putPetsByPetId",
          nameFrom: "method-and-path",
          method: "put",
          path: "/pets/{petId}",
          description: "Replaces a pet.",
          deprecated: true,
          tags: [],
          parameters: [petIdParameter],
          requestBody: {
            required: true,
            description: "The new pet.",
            content: [
              {
                mediaType: "application/json",
                schema: { kind: "ref", target: "PutPetsByPetIdRequest" },
                examples: [],
              },
            ],
          },
          responses: [{ status: "204", description: "Replaced.", content: [], headers: [] }],
          baseUrls: [baseUrls[0]],
          produces: ["application/json"],
        },
      ],
      schemas: [
        { name: "GetPetResponse", origin: "inline", schema: getPetResponseSchema },
        { name: "PutPetsByPetIdRequest", origin: "inline", schema: nameOnly },
      ],
    });
  });

  it("OpenAPI 3.0: servers with variables, cookie parameters, response ranges, per-operation servers, examples", async () => {
    const document = await readFixtureDocument("operations/openapi-3.0.yaml");
    const baseUrls = [
      {
        url: "https://eu.pets.example.com/v1",
        template: "https://{region}.pets.example.com/v1",
        description: "Production",
        variables: [{ name: "region", default: "eu", enum: ["eu", "us"] }],
      },
    ];
    expect(withoutPlaces(document)).toEqual({
      format: "openapi-3.0",
      formatVersion: "3.0.3",
      info: { title: "Pet store", version: "1.0" },
      baseUrls,
      securitySchemes: [],
      operations: [
        {
          name: "getPet",
          nameFrom: "operationId",
          method: "get",
          path: "/pets/{petId}",
          summary: "Reads a pet.",
          tags: ["pets"],
          parameters: [
            petIdParameter,
            {
              name: "fields",
              in: "query",
              required: false,
              style: "form",
              explode: true,
              schema: fieldsSchema,
            },
            {
              name: "session",
              in: "cookie",
              required: false,
              style: "form",
              explode: true,
              schema: string,
              examples: ["abc123"],
            },
          ],
          responses: [
            {
              status: "200",
              description: "The pet.",
              content: [
                {
                  mediaType: "application/json",
                  schema: { kind: "ref", target: "GetPetResponse" },
                  examples: [],
                },
              ],
              headers: [
                {
                  name: "X-Rate-Limit",
                  required: false,
                  description: "Calls left.",
                  schema: { kind: "shape", types: ["integer"], format: "int32" },
                },
              ],
            },
            { status: "4XX", description: "A client error.", content: [], headers: [] },
            { status: "default", description: "Anything else.", content: [], headers: [] },
          ],
          baseUrls,
        },
        {
          name: "putPetsByPetId",
          nameFrom: "method-and-path",
          method: "put",
          path: "/pets/{petId}",
          tags: [],
          parameters: [petIdParameter],
          requestBody: {
            required: true,
            description: "The new pet.",
            content: [
              {
                mediaType: "application/json",
                schema: { kind: "ref", target: "PutPetsByPetIdRequest" },
                examples: [new Map([["name", "Rex"]])],
              },
            ],
          },
          responses: [{ status: "204", description: "Replaced.", content: [], headers: [] }],
          baseUrls: [
            {
              url: "https://write.pets.example.com/v1",
              template: "https://write.pets.example.com/v1",
              variables: [],
            },
          ],
        },
      ],
      schemas: [
        { name: "GetPetResponse", origin: "inline", schema: getPetResponseSchema },
        { name: "PutPetsByPetIdRequest", origin: "inline", schema: nameOnly },
      ],
    });
  });

  it("OpenAPI 3.1: no servers means /, responses are optional, names from method and path", async () => {
    const document = await readFixtureDocument("operations/openapi-3.1.yaml");
    const baseUrls = [{ url: "/", template: "/", variables: [] }];
    expect(withoutPlaces(document)).toEqual({
      format: "openapi-3.1",
      formatVersion: "3.1.0",
      info: { title: "Pet store", version: "1.0" },
      baseUrls,
      securitySchemes: [],
      operations: [
        {
          name: "getPets",
          nameFrom: "method-and-path",
          method: "get",
          path: "/pets",
          tags: [],
          parameters: [],
          responses: [
            {
              status: "200",
              description: "Every pet.",
              content: [
                {
                  mediaType: "application/json",
                  schema: {
                    kind: "shape",
                    types: ["array"],
                    items: { kind: "ref", target: "GetPetsResponseItem" },
                  },
                  examples: [],
                },
              ],
              headers: [],
            },
          ],
          baseUrls,
        },
        {
          name: "postPets",
          nameFrom: "method-and-path",
          method: "post",
          path: "/pets",
          tags: [],
          parameters: [],
          requestBody: {
            required: false,
            content: [
              {
                mediaType: "application/json",
                schema: { kind: "ref", target: "PostPetsRequest" },
                examples: [],
              },
            ],
          },
          responses: [],
          baseUrls,
        },
        {
          name: "getPetsByPetIdToys",
          nameFrom: "method-and-path",
          method: "get",
          path: "/pets/{petId}/toys",
          tags: [],
          parameters: [
            {
              name: "petId",
              in: "path",
              required: true,
              style: "simple",
              explode: false,
              schema: string,
            },
          ],
          responses: [],
          baseUrls,
        },
      ],
      schemas: [
        {
          name: "GetPetsResponseItem",
          origin: "inline",
          schema: {
            kind: "shape",
            types: ["object"],
            properties: [{ name: "id", required: false, schema: string }],
          },
        },
        { name: "PostPetsRequest", origin: "inline", schema: nameOnly },
      ],
    });
  });

  it("Swagger 2.0: form parameters become one object body, multipart when a file is sent", async () => {
    const document = await readFixtureDocument("form-body/swagger-2.0.yaml");
    const operation = document.operations[0]!;
    expect(withoutPlaces(operation.requestBody)).toEqual({
      required: true,
      content: [
        {
          mediaType: "multipart/form-data",
          schema: { kind: "ref", target: "UploadPhotoRequest" },
          examples: [],
        },
      ],
    });
    expect(withoutPlaces(operation.parameters)).toEqual([
      {
        name: "petId",
        in: "path",
        required: true,
        style: "simple",
        explode: false,
        schema: { kind: "shape", types: ["integer"], format: "int64" },
      },
    ]);
    expect(withoutPlaces(document.schemas)).toEqual([
      {
        name: "UploadPhotoRequest",
        origin: "inline",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            {
              name: "caption",
              required: false,
              schema: { ...string, description: "Shown under the photo." },
            },
            { name: "file", required: true, schema: { ...string, format: "binary" } },
          ],
        },
      },
    ]);
  });

  it("keeps where each part was read: file, line, column and JSON pointer", async () => {
    const document = await readFixtureDocument("operations/openapi-3.0.yaml");
    const operation = document.operations[0]!;
    const file = "test/frontends/openapi/fixtures/operations/openapi-3.0.yaml";
    expect(operation.at).toEqual({ file, line: 22, col: 7 });
    expect(operation.pointer).toBe("#/paths/~1pets~1{petId}/get");
    expect(operation.parameters[0]!.pointer).toBe("#/paths/~1pets~1{petId}/parameters/0");
    expect(operation.parameters[0]!.at).toEqual({ file, line: 15, col: 9 });
    expect(operation.responses[0]!.content[0]!.pointer).toBe(
      "#/paths/~1pets~1{petId}/get/responses/200/content/application~1json",
    );
    const schema = document.schemas.find((s) => s.name === "GetPetResponse")!;
    expect(schema.pointer).toBe(
      "#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema",
    );
    expect(schema.at).toEqual({ file, line: 52, col: 17 });
    expect(document.baseUrls[0]!.pointer).toBe("#/servers/0");
  });
});
