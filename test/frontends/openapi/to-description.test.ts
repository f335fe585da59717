import path from "node:path";
import { describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import type {
  RestOperationDescription,
  ServiceDescription,
} from "../../../generator/description/description.js";
import {
  readOpenApiDescription,
  serviceNameOf,
} from "../../../generator/frontends/openapi/to-description.js";
import { FIXTURES, PROJECT_ROOT } from "./read-fixture.js";

/** A fixture of `fixtures/description/` as a description, positions left out; its problems as messages. */
async function describeFixture(name: string): Promise<{
  service?: ServiceDescription;
  problems: string[];
  warnings: string[];
}> {
  const d = new Diagnostics();
  const description = await readOpenApiDescription(
    path.join(FIXTURES, "description", name),
    PROJECT_ROOT,
    d,
  );
  const service =
    description.services[0] &&
    (JSON.parse(
      JSON.stringify(description.services[0], (k, v: unknown) =>
        k === "at" || k === "pathAt" || k === "requiredAt" ? undefined : v,
      ),
    ) as ServiceDescription);
  return {
    ...(service ? { service } : {}),
    problems: d.sorted().map(formatDiagnostic),
    warnings: d.warnings().map(formatDiagnostic),
  };
}

const field = (name: string, type: string, more: object = {}) => ({
  name,
  type: { name: type },
  required: false,
  facets: [],
  examples: [],
  notes: [],
  ...more,
});
const note = (kind: string, text: string) => ({ kind, text });
const NUMBER = note(
  "interpretation",
  "A JSON number: read exactly, as decimal text, never as a binary float.",
);

describe("an OpenAPI document as a description", () => {
  it("is one REST service named from its title, with its servers as base URLs", async () => {
    const { service, problems } = await describeFixture("pets-3.0.yaml");
    expect(problems).toEqual([]);
    expect([service!.name, service!.title, service!.protocol, service!.doc]).toEqual([
      "pet-store",
      "Pet Store",
      "rest",
      "A store of pets.",
    ]);
    expect(service!.rest).toEqual({
      baseUrls: [
        {
          name: "base_url",
          doc: "Production: https://api.example.com/v1",
          url: "https://api.example.com/v1",
        },
        {
          name: "base_url_2",
          doc: "https://sandbox.example.com/v1",
          url: "https://sandbox.example.com/v1",
        },
      ],
      outcome: [],
    });
    expect(serviceNameOf("CyberSource Merged Spec")).toBe("cybersource-merged-spec");
    expect(serviceNameOf("3D Secure")).toBe("api-3d-secure");
  });

  it("maps operations: names, parameters by place, bodies, statuses and the default response", async () => {
    const { service } = await describeFixture("pets-3.0.yaml");
    const [getPet, postPets, exportPets] = service!.operations as RestOperationDescription[];
    expect(getPet).toEqual({
      protocol: "rest",
      name: "getPet",
      httpMethod: "GET",
      path: "/pets/{petId}",
      baseUrl: { name: "base_url" },
      params: [field("petId", "string", { required: true })],
      query: [
        field("fields", "string", { list: { min: 0 } }),
        field("limit", "int", {
          required: true,
          facets: [
            { key: "minimum", value: "1" },
            { key: "maximum", value: "100" },
          ],
        }),
      ],
      headers: [field("X-Request-Id", "string", { facets: [{ key: "maxLength", value: 36 }] })],
      responseType: { name: "Pet" },
      statuses: [
        { code: 200, meaning: "The pet." },
        { code: 404, meaning: "No such pet." },
      ],
      idempotent: true,
      links: [],
      notes: [note("info", "Any other status: Something else went wrong.")],
      doc: "Read one pet.",
      deprecated: true,
    });
    // No operationId: the name phase 1 made from the method and the path. A JSON body is typed, other media types are a note; an array answer is opaque.
    expect([
      postPets!.name,
      postPets!.idempotent,
      postPets!.requestType,
      postPets!.responseType,
      postPets!.notes,
    ]).toEqual([
      "postPets",
      false,
      // Pet has a readOnly id: a caller sends the writable shape.
      { name: "PetWritable" },
      { name: "PostPetsResponse" },
      [
        note(
          "info",
          "The request body may also be sent as application/xml; the client sends application/json.",
        ),
        note(
          "interpretation",
          "The response body is an array in the contract: handled as an opaque body (a list of values).",
        ),
      ],
    ]);
    expect(service!.types.find((t) => t.name === "PostPetsResponse")).toMatchObject({
      kind: "opaque",
      origin: { kind: "response", operation: "postPets" },
    });
    expect([
      exportPets!.responseType,
      exportPets!.notes,
      exportPets!.wire?.response,
      exportPets!.wire?.accept,
    ]).toEqual([
      undefined,
      [note("info", "The 200 body is text/csv: the client returns it as text (a string).")],
      "text",
      "text/csv",
    ]);
  });

  it("makes one enum of the same values in the same order, wherever they are written", async () => {
    const { service, problems } = await describeFixture("enums-3.0.yaml");
    expect(problems).toEqual([]);
    expect(service!.enums.map((e) => [e.name, e.values.map((v) => v.value)])).toEqual([
      ["AccountStatus", ["active", "inactive"]],
      ["AccountOrder", ["inactive", "active"]],
      ["CardBrand", ["visa", "amex"]],
    ]);
    const typeOf = (type: string, name: string) =>
      service!.types.find((t) => t.name === type)!.fields.find((f) => f.name === name)!.type.name;
    // Named schemas are described in name order: Account's enum is the first use.
    expect(typeOf("Card", "state")).toBe("AccountStatus");
  });

  it("maps object schemas, formats, facets (exclusive bounds and multipleOf included), enums, maps, unions and annotations", async () => {
    const { service } = await describeFixture("pets-3.0.yaml");
    const pet = service!.types.find((t) => t.name === "Pet")!;
    expect(pet.doc).toBe("A pet.");
    expect(pet.fields).toEqual([
      field("id", "long", {
        required: true,
        notes: [note("info", "Read-only: sent by the service, ignored in requests.")],
      }),
      field("name", "string", {
        required: true,
        facets: [
          { key: "minLength", value: 1 },
          { key: "maxLength", value: 40 },
          { key: "pattern", value: "^[A-Za-z ]+$" },
        ],
      }),
      field("kind", "PetKind"),
      field("born", "date"),
      field("seen", "dateTime", { nullable: {} }),
      field("photo", "base64"),
      field("home", "uri"),
      field("chip", "string", {
        notes: [note("info", 'Format "uuid" is not checked: the value is a string.')],
      }),
      field("weight", "decimal", {
        facets: [
          { key: "exclusiveMinimum", value: "0" },
          { key: "multipleOf", value: "0.1" },
        ],
        notes: [NUMBER],
      }),
      // A named string schema is used in place: its facets come along; minItems/maxItems are the list's bounds.
      field("tags", "string", {
        list: { min: 1, max: 5 },
        facets: [{ key: "maxLength", value: 10 }],
      }),
      // additionalProperties without properties: a map of what it says each value is.
      field("notes", "string", { map: {} }),
      field("owner", "Owner"),
      field("legacy", "string", {
        deprecated: true,
        notes: [note("info", "Default (applied by the service when absent): none.")],
      }),
    ]);
    expect(service!.enums).toEqual([
      {
        name: "PetKind",
        notes: [],
        values: [
          { value: "cat", notes: [] },
          { value: "dog", notes: [] },
        ],
      },
    ]);
    // oneOf of named object schemas: a union of them (no discriminator here: told apart by their keys).
    expect(service!.types.find((t) => t.name === "Owner")).toMatchObject({
      kind: "union",
      variants: [{ name: "Person" }, { name: "Company" }],
    });
    expect(service!.types.map((t) => t.name)).toEqual([
      "Company",
      "Person",
      "Owner",
      "Pet",
      "PetWritable",
      "PostPetsResponse",
    ]);
    // What a caller sends of a Pet: everything but the readOnly id, which the service assigns.
    const writable = service!.types.find((t) => t.name === "PetWritable")!;
    expect(writable.fields.map((f) => f.name)).toEqual(
      pet.fields.map((f) => f.name).filter((n) => n !== "id"),
    );
    expect(writable.shapeOf).toBe("Pet");
  });

  it("reads Swagger 2.0 the same way: host, basePath and schemes, body parameters, boolean exclusive bounds", async () => {
    const { service, problems } = await describeFixture("pets-2.0.yaml");
    expect(problems).toEqual([]);
    expect(service!.rest!.baseUrls).toEqual([
      { name: "base_url", doc: "https://api.example.com/v1", url: "https://api.example.com/v1" },
      { name: "base_url_2", doc: "http://api.example.com/v1", url: "http://api.example.com/v1" },
    ]);
    const [getPet, addPet] = service!.operations as RestOperationDescription[];
    expect(getPet!.query!.map((q) => [q.name, q.type.name, q.required, q.list])).toEqual([
      ["limit", "int", true, undefined],
      ["fields", "string", false, { min: 0 }],
    ]);
    expect([addPet!.requestType, addPet!.responseType]).toEqual([{ name: "Pet" }, { name: "Pet" }]);
    expect(service!.types[0]!.fields[1]).toEqual(
      field("weight", "decimal", {
        facets: [{ key: "exclusiveMinimum", value: "0" }],
        notes: [NUMBER],
      }),
    );
  });

  it("reads OpenAPI 3.1 type lists with null and numeric exclusive bounds", async () => {
    const { service, problems } = await describeFixture("pets-3.1.yaml");
    expect(problems).toEqual([]);
    expect(service!.types[0]!.fields.slice(1)).toEqual([
      field("seen", "dateTime", { nullable: {} }),
      field("weight", "decimal", {
        facets: [{ key: "exclusiveMinimum", value: "0" }],
        notes: [NUMBER],
      }),
    ]);
  });

  it("says approximately what it cannot say exactly, each at its place with its JSON pointer", async () => {
    const { problems, warnings, service } = await describeFixture("refused-3.0.yaml");
    const file = "test/frontends/openapi/fixtures/description/refused-3.0.yaml";
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      `${file}:9:11: warning: parameter "filter" holds an object or a union in a header parameter: typed as text, which the caller writes (at #/paths/~1things/get/parameters/1)`,
      `${file}:18:25: warning: an array of arrays: each item is read as any JSON value (JsonValue) (at #/paths/~1things/get/responses/200/content/application~1json/schema/properties/grid)`,
      `${file}:21:7: warning: HTTP method TRACE is left out: the client has GET, POST, PUT, PATCH and DELETE operations only (at #/paths/~1things/trace)`,
      `${file}:24:10: warning: security scheme "key" sends its key in the query: the client does not (a URL ends up in logs); add it with the client's signer option (at #/components/securitySchemes/key)`,
    ]);
    // Any value is a JsonValue field (the contract says so: a note, no warning); an array of arrays, a list of them.
    const things = service!.types.find((t) => t.name === "ListThingsResponse")!;
    expect(things.fields.map((f) => [f.name, f.type.name, f.list !== undefined])).toEqual([
      ["grid", "json", true],
      ["anything", "json", false],
    ]);
    expect(service!.approximations!.map((a) => [a.kind, a.position, a.pointer])).toEqual([
      ["parameter-as-text", "refused-3.0.yaml:9:11", "#/paths/~1things/get/parameters/1"],
      [
        "nested-array",
        "refused-3.0.yaml:18:25",
        "#/paths/~1things/get/responses/200/content/application~1json/schema/properties/grid",
      ],
      ["http-method", "refused-3.0.yaml:21:7", "#/paths/~1things/trace"],
      ["api-key-in-query", "refused-3.0.yaml:24:10", "#/components/securitySchemes/key"],
    ]);
  });

  it("reads 3.1 webhooks as events whose payloads are types; nullable in 3.1 as in 3.0, with a warning", async () => {
    const { service, problems, warnings } = await describeFixture("webhooks-3.1.yaml");
    const file = "test/frontends/openapi/fixtures/description/webhooks-3.1.yaml";
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      `${file}:14:37: warning: OpenAPI 3.1 has no "nullable" (it writes type: [T, "null"]): read as in OpenAPI 3.0 (at #/webhooks/petAdopted/post/requestBody/content/application~1json/schema/properties/id/nullable)`,
    ]);
    expect(service!.operations).toEqual([]);
    expect(service!.events).toEqual([
      {
        name: "petAdopted",
        doc: "A pet was adopted.",
        notes: [note("info", "A request the API sends; its JSON payload is a PetAdoptedPayload.")],
        payloads: [{ name: "PetAdoptedPayload" }],
      },
    ]);
    const payload = service!.types.find((t) => t.name === "PetAdoptedPayload")!;
    expect(
      payload.fields.map((f) => [f.name, f.type.name, f.required, f.nullable !== undefined]),
    ).toEqual([
      ["id", "string", true, true],
      ["extra", "json", false, false],
    ]);
  });

  it("reads 3.0 callbacks as events whose payloads are types, one name each", async () => {
    const { service, problems, warnings } = await describeFixture("callbacks-3.0.yaml");
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(service!.events).toEqual([
      {
        name: "onEvent",
        doc: "Something happened.",
        notes: [
          note(
            "info",
            "A request the API sends to the URL that `{$request.body#/callbackUrl}` names in a subscribe call; its JSON payload is a SubscribeOnEventPayload.",
          ),
        ],
        payloads: [{ name: "SubscribeOnEventPayload" }],
      },
      {
        name: "onData",
        notes: [
          note(
            "info",
            "A request the API sends to the URL that `{$request.body#/callbackUrl}` names in a subscribe call; its JSON payload is a Change.",
          ),
        ],
        payloads: [{ name: "Change" }],
      },
      {
        name: "watchOnEvent",
        notes: [
          note(
            "info",
            "A request the API sends to the URL that `{$request.query.url}` names in a watch call; its JSON payload is a Change.",
          ),
        ],
        payloads: [{ name: "Change" }],
      },
    ]);
    const payload = service!.types.find((t) => t.name === "SubscribeOnEventPayload")!;
    expect(payload.fields.map((f) => [f.name, f.type.name, f.required])).toEqual([
      ["kind", "string", true],
    ]);
  });

  it("refuses a document that leaves no operation and no type", async () => {
    const { service, problems } = await describeFixture("nothing-3.1.yaml");
    expect(service).toBeUndefined();
    expect(problems).toEqual([
      "test/frontends/openapi/fixtures/description/nothing-3.1.yaml:1:1: the contract describes no operation and no type: there is nothing to generate",
    ]);
  });
});
