import { describe, expect, it } from "vitest";
import type { EmitContext } from "../../../generator/emit/emit-context.js";
import {
  describedTypes,
  emitDescription,
  emitDescriptions,
} from "../../../generator/emit/emit-descriptions.js";
import { emitAnswerValidators } from "../../../generator/emit/emit-validators.js";
import { TsFile } from "../../../generator/emit/ts-file.js";
import type { Service } from "../../../generator/model/ir.js";
import {
  declaration,
  emitWith,
  enumType,
  field,
  objectType,
  ref,
  restOperation,
  restService,
  scalar,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";

/** Every type's description, in a file of its own. */
function emitAll(ctx: EmitContext) {
  const file = new TsFile("svc/descriptions.ts", ctx.names.declared);
  for (const type of ctx.service.types) emitDescription(file, ctx.service, ctx.names, type);
  return file.finish();
}

/** emit-descriptions: one constant of plain data per type, which the runtime's generic functions walk. */
describe("emitDescription", () => {
  const send = (...types: ReturnType<typeof objectType>[]) =>
    restService({ types, operations: [restOperation("op", types[0]!.name, undefined)] });
  const table: { name: string; given: Service; decl: string; want: string }[] = [
    {
      name: "a required string with its facets, each the runtime's check the facet table names",
      given: send(
        objectType("Req", [
          field("code", scalar("string"), {
            required: true,
            facets: [
              { key: "minLength", value: 1 },
              { key: "maxLength", value: 8 },
            ],
          }),
          field("zip", scalar("string"), {
            facets: [{ key: "pattern", value: "^(?:[0-9]{5}(-[0-9]{4})?)$" }],
          }),
        ]),
      ),
      decl: "descriptionOfReq",
      want: `export const descriptionOfReq: ObjectDescription = {
  fields: [
    {
      name: "code",
      type: stringScalar,
      required: true,
      facets: [
        [checkMinLength, 1],
        [checkMaxLength, 8],
      ],
    },
    { name: "zip", type: stringScalar, facets: [[checkPattern, "^(?:[0-9]{5}(-[0-9]{4})?)$"]] },
  ],
};`,
    },
    {
      name: "a bounded decimal, an int, any JSON value and a constant",
      given: send(
        objectType("Req", [
          field("amount", scalar("decimal"), { facets: [{ key: "minimum", value: "0.01" }] }),
          field("count", scalar("int"), { facets: [{ key: "maximum", value: "10" }] }),
          field("extra", scalar("json")),
          field("version", scalar("string"), { const: "2" }),
        ]),
      ),
      decl: "descriptionOfReq",
      want: `export const descriptionOfReq: ObjectDescription = {
  fields: [
    { name: "amount", type: decimalScalar, facets: [[checkMinimum, "0.01"]], write: jsonNumber },
    { name: "count", type: intScalar, facets: [[checkMaximum, "10"]] },
    { name: "extra", type: jsonScalar },
    { name: "version", type: stringScalar, const: [checkConst, "2"] },
  ],
};`,
    },
    {
      name: "another type by a function, read when a value is walked (a cycle is fine)",
      given: send(
        objectType("Node", [
          field("next", ref("object", "Node")),
          field("children", ref("object", "Node"), { list: { min: 1, max: 5 } }),
        ]),
      ),
      decl: "descriptionOfNode",
      want: `export const descriptionOfNode: ObjectDescription = {
  fields: [
    { name: "next", type: () => descriptionOfNode },
    { name: "children", type: () => descriptionOfNode, list: [1, 5] },
  ],
};`,
    },
    {
      name: "an enum by its value list, a constant enum by its one value; a map, a nullable list",
      given: restService({
        types: [
          objectType("Req", [
            field("brand", ref("enum", "Brand")),
            field("kind", ref("enum", "Kind"), { required: true }),
            field("labels", scalar("string"), { map: true }),
            field("notes", scalar("string"), { list: { min: 0 }, nullable: true }),
          ]),
        ],
        enums: [enumType("Brand", ["visa", "amex"]), enumType("Kind", ["card"])],
        operations: [restOperation("op", "Req", undefined)],
      }),
      decl: "descriptionOfReq",
      want: `export const descriptionOfReq: ObjectDescription = {
  fields: [
    { name: "brand", type: brandValues },
    { name: "kind", type: ["card"] as const, required: true },
    { name: "labels", type: stringScalar, map: true },
    { name: "notes", type: stringScalar, list: [0], nullable: true },
  ],
};`,
    },
    {
      name: "an extension of a closed base: its own fields and groups, the base by a function",
      given: send(
        objectType(
          "Card",
          [
            field("id", scalar("string"), { required: true }),
            field("email", scalar("string")),
            field("phone", scalar("string")),
          ],
          {
            base: "Base",
            fields: [field("email", scalar("string")), field("phone", scalar("string"))],
            choices: [{ fields: ["email", "phone"], required: false }],
          },
        ),
        objectType("Base", [field("id", scalar("string"), { required: true })]),
      ),
      decl: "descriptionOfCard",
      want: `export const descriptionOfCard: ObjectDescription = {
  fields: [
    { name: "email", type: stringScalar },
    { name: "phone", type: stringScalar },
  ],
  base: () => descriptionOfBase,
  groups: [{ fields: ["email", "phone"], required: false }],
};`,
    },
    {
      name: "a choice: exactly one of the fields",
      given: send(
        objectType(
          "Pay",
          [field("card", ref("object", "Extra")), field("bank", scalar("string"))],
          {
            kind: "choice",
          },
        ),
        objectType("Extra", [field("note", scalar("string"))], { open: true }),
      ),
      decl: "descriptionOfPay",
      want: `export const descriptionOfPay: ObjectDescription = {
  fields: [
    { name: "card", type: () => descriptionOfExtra },
    { name: "bank", type: stringScalar },
  ],
  choice: true,
};`,
    },
    {
      name: "an open type says so",
      given: send(objectType("Extra", [field("note", scalar("string"))], { open: true })),
      decl: "descriptionOfExtra",
      want: `export const descriptionOfExtra: ObjectDescription = {
  fields: [{ name: "note", type: stringScalar }],
  open: true,
};`,
    },
    {
      name: "a tagged union: tag value → the variant's description",
      given: send(
        objectType("Method", [], {
          kind: "union",
          variants: ["Card", "Bank"],
          discriminator: {
            property: "type",
            mapping: [
              { value: "card", type: "Card" },
              { value: "bank", type: "Bank" },
            ],
          },
        }),
        objectType("Card", [field("type", scalar("string"))]),
        objectType("Bank", [field("type", scalar("string"))]),
      ),
      decl: "descriptionOfMethod",
      want: `export const descriptionOfMethod: TaggedUnionDescription = {
  tag: "type",
  cases: { card: () => descriptionOfCard, bank: () => descriptionOfBank },
  walks: taggedUnion,
};`,
    },
    {
      name: "a tag value that is not an identifier is a quoted key, __proto__ a computed one",
      given: send(
        objectType("Method", [], {
          kind: "union",
          variants: ["Card"],
          discriminator: {
            property: "type",
            mapping: [
              { value: "card-v2", type: "Card" },
              { value: "__proto__", type: "Card" },
            ],
          },
        }),
        objectType("Card", [field("type", scalar("string"))]),
      ),
      decl: "descriptionOfMethod",
      want: `export const descriptionOfMethod: TaggedUnionDescription = {
  tag: "type",
  cases: { "card-v2": () => descriptionOfCard, ["__proto__"]: () => descriptionOfCard },
  walks: taggedUnion,
};`,
    },
    {
      name: "an untagged union: each variant's name and description, in order",
      given: send(
        objectType("Method", [], { kind: "union", variants: ["Card", "Bank"] }),
        objectType("Card", [field("pan", scalar("string"))]),
        objectType("Bank", [field("iban", scalar("string"))]),
      ),
      decl: "descriptionOfMethod",
      want: `export const descriptionOfMethod: UntaggedUnionDescription = {
  variants: [
    ["Card", () => descriptionOfCard],
    ["Bank", () => descriptionOfBank],
  ],
  walks: untaggedUnion,
};`,
    },
    {
      name: "an opaque list body",
      given: send(objectType("Rows", [], { kind: "opaque", list: true })),
      decl: "descriptionOfRows",
      want: `export const descriptionOfRows: OpaqueDescription = {\n  opaque: "list",\n};`,
    },
  ];
  it.each(table)("$name", async ({ given, decl, want }) => {
    expect(declaration(await emitWith(emitAll, given), decl)).toBe(want);
  });

  it("marks a JSON body's double finite, not an XML one's", async () => {
    const measure = objectType("Measure", [
      field("weight", scalar("double"), {
        required: true,
        facets: [{ key: "minimum", value: "0" }],
      }),
    ]);
    const rest = restService({
      types: [measure],
      operations: [restOperation("weigh", "Measure", undefined)],
    });
    const soap = soapService({
      types: [measure, objectType("Done", [])],
      operations: [soapOperation("Weigh", "Measure", "Done")],
    });
    expect(declaration(await emitWith(emitAll, rest), "descriptionOfMeasure"))
      .toBe(`export const descriptionOfMeasure: ObjectDescription = {
  fields: [
    {
      name: "weight",
      type: doubleScalar,
      required: true,
      facets: [[checkMinimum, "0"]],
      finite: true,
    },
  ],
};`);
    expect(declaration(await emitWith(emitAll, soap), "descriptionOfMeasure"))
      .toBe(`export const descriptionOfMeasure: ObjectDescription = {
  fields: [{ name: "weight", type: doubleScalar, required: true, facets: [[checkMinimum, "0"]] }],
};`);
  });

  it("writes contract text only as string literals", async () => {
    const code = await emitWith(
      emitAll,
      send(objectType("Req", [field('a"b\u2028c', scalar("string"), { const: "x*/y" })])),
    );
    expect(declaration(code, "descriptionOfReq"))
      .toBe(`export const descriptionOfReq: ObjectDescription = {
  fields: [{ name: 'a"b\\u2028c', type: stringScalar, const: [checkConst, "x*/y"] }],
};`);
  });
});

/** descriptions.ts: each description once per service, for what validators, readers and answer validators walk. */
describe("emitDescriptions", () => {
  const described = (service: Service) => describedTypes(service).map((t) => t.name);
  const service = restService({
    types: [
      objectType("Req", [field("shared", ref("object", "Shared"))]),
      objectType("Res", [
        field("shared", ref("object", "Shared")),
        field("blob", ref("object", "Blob")),
      ]),
      objectType("Shared", [field("x", scalar("string"))]),
      objectType("Blob", [], { kind: "opaque" }),
      objectType("Raw", [], { kind: "opaque" }),
      objectType("Unused", [field("x", scalar("string"))]),
    ],
    operations: [restOperation("put", "Req", "Res"), restOperation("raw", undefined, "Raw")],
  });

  it("describes what is sent, what a REST client reads and what they refer to, in the service's order", () => {
    expect(described(service)).toEqual(["Req", "Res", "Shared", "Blob"]);
  });

  it("leaves what only a server answers to answer-validators.ts, which imports the others", async () => {
    const soap = soapService({
      types: [
        objectType("Ask", [field("x", scalar("string"))]),
        objectType("Answer", [field("echo", ref("object", "Ask"))]),
      ],
      operations: [soapOperation("Op", "Ask", "Answer")],
    });
    expect(described(soap)).toEqual(["Ask"]);
    const answers = await emitWith(emitAnswerValidators, soap);
    expect(declaration(answers, "descriptionOfAnswer"))
      .toBe(`export const descriptionOfAnswer: ObjectDescription = {
  fields: [{ name: "echo", type: () => descriptionOfAsk }],
};`);
    expect(answers).toContain(`import { descriptionOfAsk } from "./descriptions.js";`);
    expect(answers).toContain("return validateDescribed(value, descriptionOfAnswer);");
  });

  it("names in answer-validators.ts a description of the same structure written before, there or in descriptions.ts", async () => {
    const soap = soapService({
      types: [
        objectType("Ask", [field("x", scalar("string"))]),
        objectType("Answer", [
          field("echo", ref("object", "Echo")),
          field("again", ref("object", "Again")),
        ]),
        objectType("Echo", [field("x", scalar("string"))], { doc: "What was asked." }),
        objectType("Again", [field("x", scalar("string"))], { doc: "Asked once more." }),
        objectType("Other", [field("y", scalar("string"))]),
        objectType("Reply", [field("other", ref("object", "Other"))]),
        objectType("Copy", [field("other", ref("object", "Other"))]),
      ],
      operations: [
        soapOperation("Op", "Ask", "Answer"),
        soapOperation("Two", "Ask", "Reply"),
        soapOperation("Three", "Ask", "Copy"),
      ],
    });
    const answers = await emitWith(emitAnswerValidators, soap);
    expect(declaration(answers, "descriptionOfEcho")).toBe(
      "export const descriptionOfEcho: ObjectDescription = descriptionOfAsk;",
    );
    expect(declaration(answers, "descriptionOfAgain")).toBe(
      "export const descriptionOfAgain: ObjectDescription = descriptionOfAsk;",
    );
    expect(answers).toContain(`import { descriptionOfAsk } from "./descriptions.js";`);
    expect(declaration(answers, "descriptionOfReply")).toContain("fields: [");
    expect(declaration(answers, "descriptionOfCopy")).toBe(
      "export const descriptionOfCopy: ObjectDescription = descriptionOfReply;",
    );
  });

  it("keeps none of the imports of a description it does not write, naming another instead", async () => {
    const soap = soapService({
      types: [
        objectType("Ask", [field("brand", ref("enum", "Brand"))]),
        objectType("Answer", [field("echo", ref("object", "Echo"))]),
        objectType("Echo", [field("brand", ref("enum", "Brand"))], { doc: "Asked." }),
      ],
      enums: [enumType("Brand", ["visa", "amex"])],
      operations: [soapOperation("Op", "Ask", "Answer")],
    });
    const answers = await emitWith(emitAnswerValidators, soap);
    expect(declaration(answers, "descriptionOfEcho")).toBe(
      "export const descriptionOfEcho: ObjectDescription = descriptionOfAsk;",
    );
    expect(answers).not.toContain("brandValues");
  });

  it("declares each description once, exported", async () => {
    const code = await emitWith(emitDescriptions, service);
    expect(code.match(/^export const descriptionOfShared\b/gm)).toHaveLength(1);
    expect(code).not.toMatch(/descriptionOfRaw|descriptionOfUnused|^const /m);
  });

  it("writes one description for types of one structure: the later ones name the first", async () => {
    const bank = (name: string, doc: string) =>
      objectType(
        name,
        [field("bic", scalar("string"), { facets: [{ key: "maxLength", value: 11 }] })],
        {
          doc,
        },
      );
    const code = await emitWith(
      emitDescriptions,
      restService({
        types: [
          objectType("Pay", [
            field("eps", ref("object", "Eps")),
            field("giropay", ref("object", "Giropay")),
            field("other", ref("object", "Other")),
          ]),
          bank("Eps", "Pays with eps."),
          bank("Giropay", "Pays with giropay."),
          objectType("Other", [field("bic", scalar("string"))]),
        ],
        operations: [restOperation("pay", "Pay", undefined)],
      }),
    );
    expect(declaration(code, "descriptionOfEps"))
      .toBe(`export const descriptionOfEps: ObjectDescription = {
  fields: [{ name: "bic", type: stringScalar, facets: [[checkMaxLength, 11]] }],
};`);
    expect(declaration(code, "descriptionOfGiropay")).toBe(
      "export const descriptionOfGiropay: ObjectDescription = descriptionOfEps;",
    );
    expect(declaration(code, "descriptionOfOther")).toContain("fields: [");
  });

  it("imports the runtime's constant of each scalar its fields hold, and no other", async () => {
    const typed = restService({
      types: [
        objectType("Req", [
          field("amount", scalar("decimal")),
          field("at", scalar("dateTime"), { list: { min: 0 } }),
          field("note", scalar("string")),
          field("again", scalar("decimal")),
        ]),
      ],
      operations: [restOperation("put", "Req", undefined)],
    });
    const code = await emitWith(emitDescriptions, typed);
    expect(code).toContain(
      `import { dateTimeScalar, decimalScalar, stringScalar } from "../runtime/described-scalars.js";`,
    );
    expect(declaration(code, "descriptionOfReq")).toContain(
      `{ name: "amount", type: decimalScalar, write: jsonNumber }`,
    );
  });

  it("imports the walks of each kind of union it describes, and none without a union", async () => {
    const unions = restService({
      types: [
        objectType("Req", [
          field("method", ref("object", "Method")),
          field("tagged", ref("object", "Tagged")),
        ]),
        objectType("Method", [], { kind: "union", variants: ["Card"] }),
        objectType("Tagged", [], {
          kind: "union",
          variants: ["Card"],
          discriminator: { property: "type", mapping: [{ value: "card", type: "Card" }] },
        }),
        objectType("Card", [field("type", scalar("string"))]),
      ],
      operations: [restOperation("put", "Req", undefined)],
    });
    expect(await emitWith(emitDescriptions, unions)).toContain(
      `import { taggedUnion, untaggedUnion } from "../runtime/union-walks.js";`,
    );
    const plain = restService({
      types: [objectType("Req", [field("note", scalar("string"))])],
      operations: [restOperation("put", "Req", undefined)],
    });
    expect(await emitWith(emitDescriptions, plain)).not.toContain("union-walks");
  });

  it("names checkConst with a field's constant, imported only by a description that has one", async () => {
    const fixed = restService({
      types: [
        objectType("Req", [
          field("rate", scalar("decimal"), { const: "0.1" }),
          field("note", scalar("string")),
        ]),
      ],
      operations: [restOperation("put", "Req", undefined)],
    });
    const code = await emitWith(emitDescriptions, fixed);
    expect(code).toContain(`import { checkConst } from "../runtime/validate.js";`);
    expect(declaration(code, "descriptionOfReq")).toContain(
      `{ name: "rate", type: decimalScalar, const: [checkConst, "0.1"], write: jsonNumber }`,
    );
    const free = restService({
      types: [objectType("Req", [field("rate", scalar("decimal"))])],
      operations: [restOperation("put", "Req", undefined)],
    });
    expect(await emitWith(emitDescriptions, free)).not.toContain("checkConst");
  });

  it("imports the runtime's check of each facet its fields hold, and no other", async () => {
    const bounded = restService({
      types: [
        objectType("Req", [
          field("code", scalar("string"), { facets: [{ key: "maxLength", value: 8 }] }),
          field("amount", scalar("decimal"), { facets: [{ key: "minimum", value: "0.01" }] }),
          field("name", scalar("string"), { facets: [{ key: "maxLength", value: 60 }] }),
        ]),
      ],
      operations: [restOperation("put", "Req", undefined)],
    });
    const code = await emitWith(emitDescriptions, bounded);
    expect(code).toContain(
      `import { checkMaxLength, checkMinimum } from "../runtime/validate.js";`,
    );
  });

  it("names jsonNumber as the write of a long or decimal in its number form, and of no other field", async () => {
    const typed = restService({
      types: [
        objectType("Req", [
          field("amount", scalar("decimal"), { jsonString: true }),
          field("id", scalar("long"), { list: { min: 0 } }),
          field("total", scalar("decimal"), { nullable: true }),
          field("count", scalar("int")),
        ]),
      ],
      operations: [restOperation("put", "Req", undefined)],
    });
    const code = await emitWith(emitDescriptions, typed);
    expect(declaration(code, "descriptionOfReq"))
      .toBe(`export const descriptionOfReq: ObjectDescription = {
  fields: [
    { name: "amount", type: decimalScalar },
    { name: "id", type: longScalar, list: [0], write: jsonNumber },
    { name: "total", type: decimalScalar, nullable: true, write: jsonNumber },
    { name: "count", type: intScalar },
  ],
};`);
    expect(code).toContain(`import { jsonNumber } from "../runtime/json.js";`);
  });
});
