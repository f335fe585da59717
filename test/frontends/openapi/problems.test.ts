import { describe, expect, it } from "vitest";
import { fixtureProblems, fixtureWarnings } from "./read-fixture.js";

describe("what the reader does not support is a positioned problem, all of them at once", () => {
  it("OpenAPI 3.0: unknown keys (with a suggestion), keys of another version and $ref siblings are no error; x- extensions read past", async () => {
    expect(await fixtureProblems("errors/unsupported-3.0.yaml")).toEqual([]);
  });

  it("OpenAPI 3.0: what it reads approximately is a warning of its kind (the schema allows more, never less)", async () => {
    expect(await fixtureWarnings("errors/unsupported-3.0.yaml")).toEqual([
      'errors/unsupported-3.0.yaml:14:11: warning: "links" in an OpenAPI 3.0 response is read past: a link names a follow-up operation, which the caller calls with the values it needs (no method follows it) (at #/paths/~1pets/get/responses/200/links)',
      'errors/unsupported-3.0.yaml:24:7: warning: "not" in an OpenAPI 3.0 schema is read past: a schema that excludes another cannot be a type: the values it excludes are not refused (at #/components/schemas/NotAString/not)',
      'errors/unsupported-3.0.yaml:27:7: warning: unknown key "propertes" in an OpenAPI 3.0 schema is read past; did you mean "properties"? (at #/components/schemas/Typo/propertes)',
      'errors/unsupported-3.0.yaml:30:7: warning: "const" is not part of an OpenAPI 3.0 schema: OpenAPI 3.0 has no const (use an enum of one value); read past (at #/components/schemas/Version31/const)',
      "errors/unsupported-3.0.yaml:33:25: warning: in OpenAPI 3.0 exclusiveMinimum is a flag on minimum (true or false); a number is OpenAPI 3.1: read past (at #/components/schemas/Bound31/exclusiveMinimum)",
      'errors/unsupported-3.0.yaml:36:7: warning: "maxLength" next to "$ref" is ignored, as OpenAPI 3.0 says (write {allOf: [{$ref: ...}], maxLength: ...} to add to the referenced schema) (at #/components/schemas/RefSibling/maxLength)',
      'errors/unsupported-3.0.yaml:41:36: warning: an API key in "cookie" is not sent by the client (only one in a header is): sign such requests with the client\'s signer option (at #/components/securitySchemes/cookieKey/in)',
    ]);
  });

  it("OpenAPI 3.1: nullable read as in 3.0, tuples as arrays of any value, each with a warning", async () => {
    expect(await fixtureWarnings("errors/versions-3.1.yaml")).toEqual([
      'errors/versions-3.1.yaml:7:7: warning: OpenAPI 3.1 has no "nullable" (it writes type: [T, "null"]): read as in OpenAPI 3.0 (at #/components/schemas/Nullable/nullable)',
      "errors/versions-3.1.yaml:11:25: warning: in OpenAPI 3.1 exclusiveMinimum is the bound itself (a number), not a flag on minimum: read past (at #/components/schemas/OldBound/exclusiveMinimum)",
      'errors/versions-3.1.yaml:14:7: warning: "prefixItems" in an OpenAPI 3.1 schema is read past: a tuple is read as an array of any JSON values (at #/components/schemas/Tuple/prefixItems)',
    ]);
  });

  it("Swagger 2.0: what only OpenAPI 3 has, and tsv", async () => {
    expect(await fixtureProblems("errors/versions-2.0.yaml")).toEqual([
      'errors/versions-2.0.yaml:7:92: collectionFormat "tsv" is not supported (OpenAPI 3 has no counterpart): use csv, ssv, pipes or multi (at #/paths/~1pets/get/parameters/0/collectionFormat)',
      "errors/versions-2.0.yaml:8:32: Swagger 2.0 has no cookie parameters (they are OpenAPI 3) (at #/paths/~1pets/get/parameters/1/in)",
    ]);
    expect(await fixtureWarnings("errors/versions-2.0.yaml")).toEqual([
      'errors/versions-2.0.yaml:10:9: warning: "2XX" is not a response status (a code from 100 to 599, or default): this response is left out (at #/paths/~1pets/get/responses/2XX)',
      'errors/versions-2.0.yaml:13:5: warning: "oneOf" is not part of a Swagger 2.0 schema: Swagger 2.0 has no unions (oneOf is OpenAPI 3); read as in OpenAPI 3 (at #/definitions/Union/oneOf)',
      'errors/versions-2.0.yaml:16:5: warning: "nullable" is not part of a Swagger 2.0 schema: Swagger 2.0 has no nullable (it is OpenAPI 3.0; x-nullable is an extension); read as in OpenAPI 3.0 (at #/definitions/Nullable/nullable)',
    ]);
  });

  it("OpenAPI 3.1: what only 3.0 has, and tuples, are no error", async () => {
    expect(await fixtureProblems("errors/versions-3.1.yaml")).toEqual([]);
  });

  it('operations: styles, security, responses; a path without "/", a status that is not one, duplicate parameters and operation ids are warnings', async () => {
    expect(await fixtureProblems("errors/operations-3.0.yaml")).toEqual([
      'errors/operations-3.0.yaml:14:43: style "matrix" is not allowed for query parameters; use "form", "spaceDelimited", "pipeDelimited", "deepObject" (at #/paths/~1pets~1{petId}/get/parameters/3/style)',
      'errors/operations-3.0.yaml:20:20: the security scheme "nowhere" is not defined (at #/paths/~1pets~1{petId}/post/security/0/nowhere)',
      "errors/operations-3.0.yaml:21:18: OpenAPI 3.0 requires at least one response (at #/paths/~1pets~1{petId}/post/responses)",
    ]);
    expect(await fixtureWarnings("errors/operations-3.0.yaml")).toEqual([
      'errors/operations-3.0.yaml:4:3: warning: the path "pets" does not start with "/": read as /pets (at #/paths/pets)',
      'errors/operations-3.0.yaml:9:7: warning: the path /pets/{petId} has {petId}, but the operation declares no path parameter "petId": the operation is left out (at #/paths/~1pets~1{petId}/get)',
      'errors/operations-3.0.yaml:11:11: warning: the path parameter "id" does not appear in the path /pets/{petId}: it is left out (at #/paths/~1pets~1{petId}/get/parameters/0)',
      'errors/operations-3.0.yaml:13:11: warning: the query parameter "limit" is listed twice in this operation\'s parameters (first at 12:11): the first is read (at #/paths/~1pets~1{petId}/get/parameters/2)',
      'errors/operations-3.0.yaml:17:9: warning: "600" is not a response status (a code from 100 to 599, a range such as 4XX, or default): this response is left out (at #/paths/~1pets~1{petId}/get/responses/600)',
      'errors/operations-3.0.yaml:19:7: warning: the path /pets/{petId} has {petId}, but the operation declares no path parameter "petId": the operation is left out (at #/paths/~1pets~1{petId}/post)',
      'errors/operations-3.0.yaml:19:20: warning: operationId "getPet" is also used at errors/operations-3.0.yaml:9:20 (#/paths/~1pets~1{petId}/get): this operation is named from its method and path (at #/paths/~1pets~1{petId}/post/operationId)',
    ]);
  });

  it("discriminators: a mapping to no schema (the entry ignored), a variant written in place and a property the schema lacks (read without the discriminator) are warnings", async () => {
    expect(await fixtureProblems("errors/discriminator-3.0.yaml")).toEqual([]);
    expect(await fixtureWarnings("errors/discriminator-3.0.yaml")).toEqual([
      "errors/discriminator-3.0.yaml:13:11: warning: a variant of a union with a discriminator must be a $ref to a named schema, so that a discriminator value can name it: the union is read without its discriminator (each variant told apart by its properties) (at #/components/schemas/Payment/oneOf/1)",
      'errors/discriminator-3.0.yaml:20:18: warning: the discriminator mapping names "Missing", which is not a schema of components/schemas: this mapping entry is ignored (at #/components/schemas/Payment/discriminator/mapping/other)',
      'errors/discriminator-3.0.yaml:23:22: warning: the discriminator property "species" is not among the properties: the schema is read without its discriminator (at #/components/schemas/Animal/discriminator)',
    ]);
  });
});
