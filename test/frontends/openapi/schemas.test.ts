import { describe, expect, it } from "vitest";
import {
  fixtureProblems,
  fixtureWarnings,
  readFixtureDocument,
  schemaNamed,
  withoutPlaces,
} from "./read-fixture.js";

const string = { kind: "shape", types: ["string"] };
const integer = { kind: "shape", types: ["integer"] };

async function schemas(fixture: string): Promise<unknown> {
  return withoutPlaces((await readFixtureDocument(fixture)).schemas);
}

describe("object schemas", () => {
  const pet = {
    kind: "shape",
    types: ["object"],
    title: "A pet",
    description: "Something to care for.",
    properties: [
      { name: "id", required: false, schema: { ...string, readOnly: true } },
      { name: "name", required: true, schema: { ...string, default: "Rex" } },
      {
        name: "labels",
        required: false,
        schema: { kind: "shape", types: ["object"], additionalProperties: string },
      },
      { name: "extra", required: false, schema: { kind: "ref", target: "PetExtra" } },
      { name: "anything", required: false, schema: { kind: "shape", types: ["object"] } },
    ],
  };
  const extra = {
    kind: "shape",
    types: ["object"],
    properties: [{ name: "note", required: false, schema: string }],
    additionalProperties: false,
  };

  it("Swagger 2.0: properties, required, typed maps, closed objects, readOnly; x- extensions read past", async () => {
    expect(await schemas("schemas/objects-2.0.yaml")).toEqual([
      { name: "Pet", origin: "component", schema: pet },
      { name: "PetExtra", origin: "inline", schema: extra },
    ]);
  });

  it("OpenAPI 3.0: the same, with writeOnly and deprecated; additionalProperties: true is an open object", async () => {
    const properties: { name: string; required: boolean; schema: unknown }[] = [...pet.properties];
    properties.splice(
      2,
      0,
      { name: "password", required: false, schema: { ...string, writeOnly: true } },
      { name: "legacyCode", required: false, schema: { ...string, deprecated: true } },
    );
    expect(await schemas("schemas/objects-3.0.yaml")).toEqual([
      { name: "Pet", origin: "component", schema: { ...pet, properties } },
      { name: "PetExtra", origin: "inline", schema: extra },
    ]);
  });
});

describe("null", () => {
  const expected = [
    {
      name: "Address",
      origin: "component",
      schema: {
        kind: "shape",
        types: ["object"],
        properties: [{ name: "city", required: false, schema: string }],
      },
    },
    {
      name: "Owner",
      origin: "component",
      schema: {
        kind: "shape",
        types: ["object"],
        properties: [
          {
            name: "nickname",
            required: false,
            schema: { kind: "shape", types: ["string", "null"] },
          },
          { name: "age", required: false, schema: integer },
          {
            name: "kind",
            required: false,
            schema: { kind: "shape", types: ["string", "null"], enum: ["person", "company", null] },
          },
          {
            name: "address",
            required: false,
            schema: { kind: "ref", target: "Address", nullable: true },
          },
        ],
      },
    },
  ];

  it("OpenAPI 3.0 nullable: true (and the allOf idiom for a nullable reference) is a null type", async () => {
    expect(await schemas("schemas/nullable-3.0.yaml")).toEqual(expected);
  });

  it('OpenAPI 3.1 type arrays with "null" (and oneOf [X, null]) read the same', async () => {
    expect(await schemas("schemas/nullable-3.1.yaml")).toEqual(expected);
  });
});

describe("bounds and facets", () => {
  const amount = {
    kind: "shape",
    types: ["number"],
    multipleOf: "0.01",
    minimum: { value: "0", exclusive: true },
    maximum: { value: "99999.99", exclusive: false },
  };
  const percent = {
    kind: "shape",
    types: ["integer"],
    minimum: { value: "0", exclusive: false },
    maximum: { value: "100", exclusive: false },
  };
  const older = [
    { name: "Amount", origin: "component", schema: amount },
    {
      name: "Code",
      origin: "component",
      schema: { ...string, minLength: 2, maxLength: 3, pattern: "^[A-Z]+$" },
    },
    {
      name: "Codes",
      origin: "component",
      schema: {
        kind: "shape",
        types: ["array"],
        minItems: 1,
        maxItems: 10,
        uniqueItems: true,
        items: { kind: "ref", target: "Code" },
      },
    },
    { name: "Percent", origin: "component", schema: percent },
  ];

  it("Swagger 2.0: exclusive bounds are flags on minimum and maximum", async () => {
    expect(await schemas("schemas/bounds-2.0.yaml")).toEqual(older);
  });

  it("OpenAPI 3.0: the same", async () => {
    expect(await schemas("schemas/bounds-3.0.yaml")).toEqual(older);
  });

  it("OpenAPI 3.1: exclusive bounds are numbers, and the stricter of two lower bounds is kept", async () => {
    expect(await schemas("schemas/bounds-3.1.yaml")).toEqual([
      { name: "Amount", origin: "component", schema: amount },
      { name: "Percent", origin: "component", schema: percent },
      {
        name: "Tight",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["integer"],
          minimum: { value: "5", exclusive: true },
          maximum: { value: "10", exclusive: true },
        },
      },
    ]);
  });
});

describe("values: enum, const, default, examples", () => {
  it("OpenAPI 3.0: numbers are kept as written (12.30, 64-bit integers); object keys such as __proto__ are data", async () => {
    expect(await schemas("schemas/values-3.0.yaml")).toEqual([
      {
        name: "Amount",
        origin: "component",
        schema: { ...string, format: "decimal", default: "12.30" },
      },
      {
        name: "Currency",
        origin: "component",
        schema: { ...string, enum: ["USD", "EUR"], default: "USD", examples: ["EUR"] },
      },
      {
        name: "Flags",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          default: new Map<string, unknown>([
            ["__proto__", new Map([["polluted", true]])],
            ["constructor", { number: "1" }],
          ]),
        },
      },
      {
        name: "Price",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["number"],
          default: { number: "12.30" },
          examples: [{ number: "0.1" }],
        },
      },
      {
        name: "TransactionId",
        origin: "component",
        schema: {
          ...integer,
          format: "int64",
          enum: [{ number: "9007199254740993" }, { number: "18446744073709551615" }],
        },
      },
    ]);
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("Swagger 2.0: the vendor x-example is an example of a parameter, a schema and a property", async () => {
    const document = await readFixtureDocument("schemas/x-example-2.0.yaml");
    expect(
      withoutPlaces(document.operations[0]!.parameters.map((p) => [p.name, p.schema])),
    ).toEqual([
      ["id", { ...string, examples: ["pay_7"] }],
      ["limit", { ...integer, examples: [{ number: "10" }] }],
    ]);
    expect(withoutPlaces(document.schemas)).toEqual([
      {
        name: "Payment",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          examples: [new Map([["amount", "10.00"]])],
          properties: [
            { name: "amount", required: false, schema: { ...string, examples: ["10.00"] } },
            {
              name: "fee",
              required: false,
              schema: {
                kind: "shape",
                types: ["number"],
                examples: [{ number: "0.30" }, { number: "0.3" }],
              },
            },
          ],
        },
      },
    ]);
  });

  it("OpenAPI 3.1: const and examples", async () => {
    expect(await schemas("schemas/values-3.1.yaml")).toEqual([
      {
        name: "Currency",
        origin: "component",
        schema: { ...string, const: "USD", examples: ["USD"] },
      },
      {
        name: "Price",
        origin: "component",
        schema: { kind: "shape", types: ["number"], default: { number: "12.30" } },
      },
      {
        name: "Version",
        origin: "component",
        schema: { kind: "shape", types: [], const: { number: "2" } },
      },
    ]);
  });
});

describe("allOf", () => {
  it("merges the parts: properties in order, required united, annotations added, bounds combined; the referenced parts are what it extends", async () => {
    const document = await readFixtureDocument("schemas/all-of-3.0.yaml");
    expect(withoutPlaces(schemaNamed(document, "Pet"))).toEqual({
      name: "Pet",
      origin: "component",
      schema: {
        kind: "shape",
        types: ["object"],
        description: "A pet.",
        properties: [
          { name: "id", required: true, schema: { ...string, maxLength: 40, readOnly: true } },
          { name: "name", required: true, schema: string },
          { name: "species", required: false, schema: string },
          {
            name: "age",
            required: false,
            schema: { ...integer, minimum: { value: "0", exclusive: false } },
          },
        ],
        extends: ["Resource", "Named"],
      },
    });
    // The bases are unchanged.
    expect(withoutPlaces(schemaNamed(document, "Resource").schema)).toEqual({
      kind: "shape",
      types: ["object"],
      description: "Anything with an id.",
      properties: [{ name: "id", required: true, schema: { ...string, maxLength: 40 } }],
    });
  });

  it("warns of parts that cannot hold at once with the positions of both (the first part's reading kept); a loop of allOf is broken where it closes, with a warning", async () => {
    expect(await fixtureWarnings("schemas/all-of-conflict-3.0.yaml")).toEqual([
      'schemas/all-of-conflict-3.0.yaml:15:11: warning: allOf parts disagree on "format": "email" and "int32"; the reading of the earlier part (allOf/0) is kept, which every value both allow fits (at #/components/schemas/Broken/allOf/1)',
      'schemas/all-of-conflict-3.0.yaml:15:11: warning: allOf parts disagree on the type: "string" and "integer"; the reading of the earlier part (allOf/0) is kept, which every value both allow fits (at #/components/schemas/Broken/allOf/1)',
      "schemas/all-of-conflict-3.0.yaml:21:11: warning: allOf goes round in a loop (Loop2 → Loop → Loop2): a schema cannot extend itself; this part, which closes the loop, is left out (at #/components/schemas/Loop2/allOf/0)",
    ]);
    expect(await fixtureProblems("schemas/all-of-conflict-3.0.yaml")).toEqual([]);
  });

  it("a property defined in two parts is the narrower definition when one narrows the other, else the first part's, with a warning", async () => {
    const document = await readFixtureDocument("schemas/all-of-narrowing-3.0.yaml");
    const properties = (name: string) => {
      const schema = withoutPlaces(schemaNamed(document, name).schema) as {
        properties: unknown[];
      };
      return schema.properties;
    };
    expect(properties("Narrowed")).toEqual([
      {
        name: "code",
        required: false,
        schema: {
          kind: "shape",
          types: ["string"],
          maxLength: 5,
          enum: ["A", "B"],
        },
      },
      { name: "tag", required: false, schema: { kind: "ref", target: "Text" } },
    ]);
    expect(properties("Disagree")).toEqual([
      {
        name: "details",
        required: false,
        schema: {
          kind: "shape",
          types: ["array"],
          items: { kind: "ref", target: "Text" },
        },
      },
    ]);
    expect(await fixtureWarnings("schemas/all-of-narrowing-3.0.yaml")).toEqual([
      'schemas/all-of-narrowing-3.0.yaml:27:11: warning: allOf parts disagree on property "details": it is defined differently in each, and neither narrows the other; the reading of the earlier part (allOf/0) is kept, which every value both allow fits (at #/components/schemas/Disagree/allOf/1)',
    ]);
  });
});

describe("$ref with keywords beside it", () => {
  it("OpenAPI 3.1: documentation annotates the reference; other keywords extend the referenced schema, as allOf would", async () => {
    const base = {
      kind: "shape",
      types: ["object"],
      properties: [{ name: "id", required: false, schema: string }],
    };
    expect(await schemas("schemas/ref-siblings-3.1.yaml")).toEqual([
      { name: "Base", origin: "component", schema: base },
      {
        name: "Described",
        origin: "component",
        schema: { kind: "ref", target: "Base", description: "A base, described here." },
      },
      {
        name: "Narrowed",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          description: "A base with more.",
          properties: [
            { name: "id", required: true, schema: string },
            {
              name: "extra",
              required: false,
              schema: { kind: "shape", types: ["integer", "null"] },
            },
          ],
          extends: ["Base"],
        },
      },
    ]);
  });
});

describe("unions", () => {
  const payment = (field: string, required: boolean): unknown => ({
    kind: "shape",
    types: ["object"],
    properties: [
      { name: "method", required, schema: string },
      { name: field, required: false, schema: string },
    ],
  });

  it("OpenAPI 3.0: oneOf with a discriminator mapping (by $ref and by name); anyOf with inline variants named after the union", async () => {
    expect(await schemas("schemas/unions-3.0.yaml")).toEqual([
      { name: "BankPayment", origin: "component", schema: payment("iban", true) },
      { name: "CardPayment", origin: "component", schema: payment("cardNumber", true) },
      {
        name: "Contact",
        origin: "component",
        schema: {
          kind: "shape",
          types: [],
          union: {
            kind: "anyOf",
            variants: [
              { kind: "ref", target: "ContactVariant1" },
              { kind: "ref", target: "ContactVariant2" },
            ],
          },
        },
      },
      {
        name: "ContactVariant1",
        origin: "inline",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [{ name: "email", required: false, schema: { ...string, format: "email" } }],
        },
      },
      {
        name: "ContactVariant2",
        origin: "inline",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [{ name: "phone", required: false, schema: string }],
        },
      },
      {
        name: "Payment",
        origin: "component",
        schema: {
          kind: "shape",
          types: [],
          union: {
            kind: "oneOf",
            variants: [
              { kind: "ref", target: "CardPayment" },
              { kind: "ref", target: "BankPayment" },
            ],
          },
          discriminator: {
            propertyName: "method",
            mapping: [
              { value: "card", target: "CardPayment" },
              { value: "bank", target: "BankPayment" },
            ],
          },
        },
      },
    ]);
  });

  it("OpenAPI 3.1: a discriminator without mapping names each variant by its schema name", async () => {
    const document = await readFixtureDocument("schemas/unions-3.1.yaml");
    expect(withoutPlaces(schemaNamed(document, "Payment").schema)).toEqual({
      kind: "shape",
      types: [],
      union: {
        kind: "anyOf",
        variants: [
          { kind: "ref", target: "CardPayment" },
          { kind: "ref", target: "BankPayment" },
        ],
      },
      discriminator: {
        propertyName: "method",
        mapping: [
          { value: "CardPayment", target: "CardPayment", implicit: true },
          { value: "BankPayment", target: "BankPayment", implicit: true },
        ],
      },
    });
  });

  it("Swagger 2.0: a discriminator on a base names the schemas that extend it", async () => {
    const base = [
      { name: "petType", required: true, schema: string },
      { name: "name", required: false, schema: string },
    ];
    expect(await schemas("schemas/inheritance-2.0.yaml")).toEqual([
      {
        name: "Cat",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            ...base,
            {
              name: "huntingSkill",
              required: false,
              schema: { ...string, enum: ["lazy", "aggressive"] },
            },
          ],
          extends: ["Pet"],
        },
      },
      {
        name: "Dog",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            ...base,
            { name: "packSize", required: false, schema: { ...integer, format: "int32" } },
          ],
          extends: ["Pet"],
        },
      },
      {
        name: "Pet",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: base,
          discriminator: {
            propertyName: "petType",
            mapping: [
              { value: "Cat", target: "Cat", implicit: true },
              { value: "Dog", target: "Dog", implicit: true },
            ],
          },
        },
      },
    ]);
  });
});

describe("recursion", () => {
  it("a recursive schema is a named node referred to by name, never expanded", async () => {
    expect(await schemas("schemas/recursion-3.0.yaml")).toEqual([
      {
        name: "Employee",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "manager", required: false, schema: { kind: "ref", target: "Manager" } },
          ],
        },
      },
      {
        name: "Manager",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            {
              name: "reports",
              required: false,
              schema: {
                kind: "shape",
                types: ["array"],
                items: { kind: "ref", target: "Employee" },
              },
            },
          ],
        },
      },
      {
        name: "Node",
        origin: "component",
        schema: {
          kind: "shape",
          types: ["object"],
          properties: [
            { name: "value", required: false, schema: string },
            {
              name: "children",
              required: false,
              schema: { kind: "shape", types: ["array"], items: { kind: "ref", target: "Node" } },
            },
          ],
        },
      },
    ]);
  });
});
