import { describe, expect, it } from "vitest";
import { generate } from "../../../generator/generate.js";
import { writeContract } from "../../helpers/contract-document.js";

/**
 * Constructs found in published payment contracts that paygen refused or
 * crashed on: each contract generates, with a warning of its kind where it
 * is read approximately, and the types say where they come from.
 * `given` is an OpenAPI document (as JSON) beside a minimal one; `want`
 * lists the warnings (`kind: message`) and text the generated types hold.
 */
interface Case {
  readonly name: string;
  readonly given: Record<string, unknown>;
  readonly want: {
    readonly warnings: readonly string[];
    readonly types?: readonly string[];
    /** Text the client holds. */
    readonly client?: readonly string[];
  };
}

const ok = { "200": { description: "OK" } };

const CASES: readonly Case[] = [
  {
    name: "an answer that is an object without properties, written in place",
    given: {
      paths: {
        "/products": {
          post: {
            operationId: "Article_CreateArticle",
            responses: {
              "200": {
                description: "OK",
                content: { "application/json": { schema: { type: "object" } } },
              },
            },
          },
        },
      },
    },
    want: { warnings: [], types: ["Result of the `articleCreateArticle` operation."] },
  },
  {
    name: "a request body that is an object without properties, written in place",
    given: {
      paths: {
        "/products": {
          post: {
            operationId: "create",
            requestBody: {
              required: true,
              content: { "application/json": { schema: { type: "object" } } },
            },
            responses: ok,
          },
        },
      },
    },
    want: { warnings: [], types: ["Request of the `create` operation."] },
  },
  {
    name: "a query parameter that is an object without properties",
    given: {
      paths: {
        "/products": {
          get: {
            operationId: "list",
            parameters: [
              { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } },
            ],
            responses: ok,
          },
        },
      },
    },
    want: { warnings: [], types: ["The `filter` parameter of the `list` operation."] },
  },
  {
    name: "defaults and enum values of another type than their schema's",
    given: {
      paths: {
        "/accounts": {
          get: {
            operationId: "list",
            parameters: [
              { name: "page", in: "query", schema: { type: "integer", default: "1" } },
              {
                name: "frequency",
                in: "query",
                schema: { type: "string", enum: ["weekly", "monthly", null] },
              },
            ],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        `value-outside-type: the default a string does not fit the schema's type (integer): read past`,
        `value-outside-type: enum value null does not fit the schema's type (string): read past`,
      ],
    },
  },
  {
    name: "a content key that is not a media type",
    given: {
      paths: {
        "/transfers": {
          post: {
            operationId: "createTransfer",
            requestBody: {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { id: { type: "string" } } },
                },
                examples: { one: { value: { id: "1" } } },
              },
            },
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        `not-a-media-type: "examples" is not a media type (type/subtype, such as application/json): read past`,
      ],
    },
  },
  {
    name: "a GET operation with a JSON body",
    given: {
      paths: {
        "/reports": {
          get: {
            operationId: "listReports",
            requestBody: {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { from: { type: "string" } } },
                },
              },
            },
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        "get-body: a GET request cannot carry a body (fetch refuses one): the body is left out",
      ],
    },
  },
  {
    name: "query parameters whose names differ only in case",
    given: {
      paths: {
        "/snapshots": {
          get: {
            operationId: "listSnapshots",
            parameters: [
              { name: "maxResults", in: "query", schema: { type: "integer", format: "int32" } },
              { name: "MaxResults", in: "query", schema: { type: "integer", format: "int32" } },
            ],
            responses: ok,
          },
        },
      },
    },
    want: { warnings: [] },
  },
  {
    name: "a path parameter of several scalar types",
    given: {
      paths: {
        "/workflows/{workflow_id}": {
          get: {
            operationId: "getWorkflow",
            parameters: [
              {
                name: "workflow_id",
                in: "path",
                required: true,
                schema: { oneOf: [{ type: "integer" }, { type: "string" }] },
              },
            ],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        'parameter-as-text: parameter "workflow_id" holds an object or a union in a path parameter: typed as text, which the caller writes',
      ],
    },
  },
  {
    name: "parameters OpenAPI gives no text form: by content, an object in a header, a list of objects in the query",
    given: {
      paths: {
        "/search": {
          get: {
            operationId: "search",
            parameters: [
              {
                name: "filter",
                in: "query",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { status: { type: "string" } } },
                  },
                },
              },
              {
                name: "X-Context",
                in: "header",
                schema: { type: "object", properties: { id: { type: "string" } } },
              },
              {
                name: "time",
                in: "query",
                schema: {
                  oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
                },
              },
              {
                name: "tags",
                in: "query",
                schema: {
                  type: "array",
                  items: { type: "object", properties: { key: { type: "string" } } },
                },
              },
            ],
            responses: ok,
          },
        },
      },
    },
    want: {
      warnings: [
        'parameter-as-text: parameter "filter" is given by content (application/json): typed as text, which the caller writes',
        'parameter-as-text: parameter "X-Context" holds an object or a union in a header parameter: typed as text, which the caller writes',
        'parameter-as-text: parameter "time" holds an object or a union in a form query parameter: typed as text, which the caller writes',
        'parameter-as-text: parameter "tags" holds a list of objects in a form query parameter: typed as text, which the caller writes',
      ],
    },
  },
  {
    name: "a schema named like a scalar (date), a variant of a union told apart by its name",
    given: {
      paths: {
        "/documents": {
          post: {
            operationId: "createDocument",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { signed: { $ref: "#/components/schemas/date" } },
                  },
                },
              },
            },
            responses: ok,
          },
        },
      },
      components: {
        schemas: {
          date: {
            type: "object",
            properties: { kind: { type: "string" }, value: { type: "string" } },
          },
          string: {
            type: "object",
            properties: { kind: { type: "string" }, text: { type: "string" } },
          },
          Stamp: {
            oneOf: [{ $ref: "#/components/schemas/date" }, { $ref: "#/components/schemas/string" }],
            discriminator: { propertyName: "kind" },
          },
        },
      },
    },
    want: {
      warnings: [],
      types: [
        'export type Stamp = (Date$ & { readonly kind: "date" }) | (String$ & { readonly kind: "string" });',
      ],
    },
  },
  {
    name: "operation ids that differ only in spacing and case",
    given: {
      paths: {
        "/fax/rules": { get: { operationId: "List Rules", responses: ok } },
        "/sms/rules": { get: { operationId: "List rules", responses: ok } },
      },
    },
    want: {
      warnings: [
        'operation-name: the operation "List rules" is named listRules as an earlier operation is: it is named listRules2',
      ],
      client: ["export async function listRules<", "export async function listRules2<"],
    },
  },
];

async function generateDocument(
  document: Record<string, unknown>,
  options: { readonly server?: boolean } = {},
) {
  const { folder, file } = await writeContract(document, "Quirks");
  return generate({ schemasDir: "", from: [file], cwd: folder, ...options });
}

describe("constructs of published contracts", () => {
  it.each(CASES)("$name: generates", async ({ given, want }) => {
    const { files, warnings } = await generateDocument(given);
    expect(warnings.map((w) => `${w.kind}: ${w.message}`)).toEqual(want.warnings);
    const types = files.find((f) => f.path.endsWith("/types.ts"))!.content;
    for (const text of want.types ?? []) expect(types).toContain(text);
    const client = files.find((f) => f.path.endsWith("/client.ts"))?.content ?? "";
    for (const text of want.client ?? []) expect(client).toContain(text);
  });
});

describe("the answer validators", () => {
  it("hold no checker that nothing calls: a type callers also send is validated from validators.ts", async () => {
    const pet = { $ref: "#/components/schemas/Pet" };
    const { files } = await generateDocument(
      {
        paths: {
          "/pets": {
            put: {
              operationId: "replacePet",
              requestBody: { required: true, content: { "application/json": { schema: pet } } },
              responses: {
                "200": { description: "OK", content: { "application/json": { schema: pet } } },
              },
            },
          },
        },
        components: {
          schemas: { Pet: { type: "object", properties: { name: { type: "string" } } } },
        },
      },
      { server: true },
    );
    expect(files.map((f) => f.path)).toContain("quirks/server.ts");
    const answers = files.find((f) => f.path.endsWith("/answer-validators.ts"))?.content ?? "";
    expect(answers).not.toContain("function checkPet(");
    const validators = files.find((f) => f.path.endsWith("/validators.ts"))!.content;
    expect(validators).toContain("export function validatePet(");
  });
});
