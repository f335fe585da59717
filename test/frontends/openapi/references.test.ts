import { describe, expect, it } from "vitest";
import {
  fixtureProblems,
  fixtureWarnings,
  readFixtureDocument,
  withoutPlaces,
} from "./read-fixture.js";

const string = { kind: "shape", types: ["string"] };

describe("$ref", () => {
  it("resolves local references: components of every kind, ~0 and ~1 escapes, percent escapes, pointers anywhere", async () => {
    const document = await readFixtureDocument("refs/local-3.0.yaml");
    expect(withoutPlaces(document.operations)).toEqual([
      {
        name: "listPets",
        nameFrom: "operationId",
        method: "get",
        path: "/pets",
        tags: [],
        parameters: [
          {
            name: "limit",
            in: "query",
            required: false,
            style: "form",
            explode: true,
            schema: {
              kind: "shape",
              types: ["integer"],
              format: "int32",
              maximum: { value: "100", exclusive: false },
            },
          },
        ],
        responses: [
          {
            status: "200",
            description: "Pets.",
            content: [
              {
                mediaType: "application/json",
                schema: {
                  kind: "shape",
                  types: ["array"],
                  items: { kind: "ref", target: "a/b~c" },
                },
                examples: [],
              },
            ],
            headers: [],
          },
        ],
        baseUrls: [{ url: "/", template: "/", variables: [] }],
      },
      {
        name: "createPet",
        nameFrom: "operationId",
        method: "post",
        path: "/pets",
        tags: [],
        parameters: [],
        requestBody: {
          required: true,
          content: [
            {
              mediaType: "application/json",
              schema: { kind: "ref", target: "a/b~c" },
              examples: [],
            },
          ],
        },
        responses: [
          {
            status: "201",
            description: "Created.",
            content: [
              {
                mediaType: "application/json",
                schema: { kind: "ref", target: "XSampleSchema" },
                examples: [],
              },
            ],
            headers: [],
          },
        ],
        baseUrls: [{ url: "/", template: "/", variables: [] }],
      },
    ]);
    expect(withoutPlaces(document.schemas)).toEqual([
      { name: "Owner%", origin: "component", schema: string },
      {
        name: "XSampleSchema",
        origin: "referenced",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [{ name: "id", required: false, schema: string }],
        },
      },
      {
        name: "a/b~c",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "name", required: false, schema: string },
            { name: "%owner", required: false, schema: { kind: "ref", target: "Owner%" } },
          ],
        },
      },
    ]);
    // What a component is read from keeps its own place; a parameter reached by $ref keeps the place it is written.
    expect(document.schemas.find((s) => s.name === "a/b~c")!.pointer).toBe(
      "#/components/schemas/a~1b~0c",
    );
    expect(document.operations[0]!.parameters[0]!.pointer).toBe("#/components/parameters/limit");
  });

  it("resolves references to other files relative to the file they are written in, each file read once, recursion across files included", async () => {
    const document = await readFixtureDocument("refs/multi-file/root.yaml");
    const items = { kind: "shape", types: ["array"], items: { kind: "ref", target: "Pet" } };
    expect(withoutPlaces(document.operations[0]!.responses)).toEqual([
      {
        status: "200",
        description: "Pets.",
        content: [{ mediaType: "application/json", schema: items, examples: [] }],
        headers: [],
      },
    ]);
    expect(withoutPlaces(document.schemas)).toEqual([
      {
        name: "Owner",
        origin: "referenced",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "name", required: false, schema: string },
            { name: "pets", required: false, schema: items },
          ],
        },
      },
      {
        name: "Pet",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "name", required: false, schema: string },
            { name: "owner", required: false, schema: { kind: "ref", target: "Owner" } },
          ],
        },
      },
    ]);
    const [owner, pet] = document.schemas;
    expect([owner!.at.file, owner!.pointer]).toEqual([
      "test/frontends/openapi/fixtures/refs/multi-file/sub/owner.json",
      "#/definitions/Owner",
    ]);
    expect([pet!.at, pet!.pointer]).toEqual([
      { file: "test/frontends/openapi/fixtures/refs/multi-file/pet.yaml", line: 2, col: 3 },
      "#/Pet",
    ]);
    expect(document.operations[0]!.at.file).toBe(
      "test/frontends/openapi/fixtures/refs/multi-file/paths/pets.yaml",
    );
  });

  it("reports schemas that only refer to each other; a schema that contains itself is fine", async () => {
    expect(await fixtureProblems("refs/cycles-3.0.yaml")).toEqual([
      "refs/cycles-3.0.yaml:7:7: these schemas only refer to each other and never say what a value is: A → B → A (at #/components/schemas/A)",
      "refs/cycles-3.0.yaml:11:7: these schemas only refer to each other and never say what a value is: Self → Self (at #/components/schemas/Self)",
    ]);
  });

  it("never fetches a URL: the problem names it and says how to use a local copy", async () => {
    expect(await fixtureProblems("refs/url-3.0.yaml")).toEqual([
      'refs/url-3.0.yaml:7:13: $ref "https://schemas.example.com/common/money.yaml#/Money" is a URL; URLs are never fetched: download the file next to this one and refer to the local copy (e.g. "./money.yaml#/Money") (at #/components/schemas/Money)',
      'refs/url-3.0.yaml:9:13: $ref "//schemas.example.com/other.json" is a URL; URLs are never fetched: download the file next to this one and refer to the local copy (e.g. "./other.json") (at #/components/schemas/Other)',
    ]);
  });

  it("refuses references it cannot read (a missing file, a fragment that is not a pointer); a schema that does not exist is any value, with a warning", async () => {
    expect(await fixtureProblems("refs/missing-3.0.yaml")).toEqual([
      'refs/missing-3.0.yaml:10:22: $ref "toys.yaml#/Toy": the file refs/toys.yaml does not exist (at #/components/schemas/Pet/properties/toy)',
      'refs/missing-3.0.yaml:11:22: $ref "#components/schemas/Tag": the part after "#" must be a JSON pointer such as "#/components/schemas/Pet" (anchors are not supported) (at #/components/schemas/Pet/properties/tag)',
    ]);
    expect(await fixtureWarnings("refs/missing-3.0.yaml")).toEqual([
      'refs/missing-3.0.yaml:9:24: warning: $ref "#/components/schemas/Owner" leads nowhere: refs/missing-3.0.yaml has nothing at #/components/schemas/Owner; the value is read as any JSON value (at #/components/schemas/Pet/properties/owner)',
      'refs/missing-3.0.yaml:12:23: warning: $ref "#/components/schemas/Pet/properties/nothing/here" leads nowhere: refs/missing-3.0.yaml has nothing at #/components/schemas/Pet/properties/nothing; the value is read as any JSON value (at #/components/schemas/Pet/properties/deep)',
    ]);
  });
});
