import { describe, expect, it } from "vitest";
import { emitTypes } from "../../../generator/emit/emit-types.js";
import {
  declaration,
  emitWith,
  enumType,
  field,
  objectType,
  ref,
  restService,
  scalar,
  soapService,
} from "../../helpers/ir.js";
import { serviceNames } from "../../../generator/naming/names.js";

/** emit-types: one interface (or union, or opaque alias) per object type. */
describe("emitTypes", () => {
  const table: {
    name: string;
    given: Parameters<typeof restService>[0];
    type: string;
    want: string;
  }[] = [
    {
      name: "optional and required fields, a list, exact scalars",
      given: {
        types: [
          objectType("Order", [
            field("amount", scalar("decimal"), { required: true }),
            field("id", scalar("long")),
            field("tags", scalar("string"), { list: { min: 0 } }),
            field("lines", scalar("string"), { list: { min: 1, max: 5 } }),
          ]),
        ],
      },
      type: "Order",
      // A list of any length is its type alone; bounds are written.
      want: `export interface Order {
  amount: Decimal;
  id?: Long;
  tags?: string[];
  /** List of 1..5. */
  lines?: string[];
}`,
    },
    {
      name: "any JSON value: a JsonValue",
      given: {
        types: [
          objectType("Patch", [
            field("value", scalar("json")),
            field("values", scalar("json"), { list: { min: 0 } }),
          ]),
        ],
      },
      type: "Patch",
      want: `export interface Patch {
  value?: JsonValue;
  values?: JsonValue[];
}`,
    },
    {
      name: "facets and a sensitive field read in the doc comment",
      given: {
        types: [
          objectType("Card", [
            field("number", scalar("string"), {
              sensitive: "card-number",
              facets: [
                { key: "minLength", value: 12 },
                { key: "maxLength", value: 19 },
              ],
            }),
          ]),
        ],
      },
      type: "Card",
      want: `export interface Card {
  /**
   * 12 to 19 characters long.
   *
   * Sensitive (card-number): never shown in messages, logs or inspect output.
   */
  number?: string;
}`,
    },
    {
      name: "a pattern of the whole value reads in the doc comment as the contract wrote it",
      given: {
        types: [
          objectType("Address", [
            field("zip", scalar("string"), {
              facets: [{ key: "pattern", value: "^(?:[0-9]{5})$" }],
            }),
          ]),
        ],
      },
      type: "Address",
      want: `export interface Address {
  /** Matches the pattern \`[0-9]{5}\` as a whole. */
  zip?: string;
}`,
    },
    {
      name: "a pattern matched anywhere (ECMA-262's reading) says so in the doc comment",
      given: {
        types: [
          objectType("Address", [
            field("zip", scalar("string"), { facets: [{ key: "pattern", value: "[0-9]{5}" }] }),
          ]),
        ],
      },
      type: "Address",
      want: `export interface Address {
  /** Holds a match of the pattern \`[0-9]{5}\`. */
  zip?: string;
}`,
    },
    {
      name: "a constant that documents nothing is its literal in place; a documented one keeps its name",
      given: {
        types: [
          objectType("Issue", [
            field("issue", ref("enum", "IssueCode")),
            field("reason", ref("enum", "IssueReason")),
            field("status", ref("enum", "IssueStatus")),
          ]),
        ],
        enums: [
          enumType("IssueCode", ["NOT_FOUND"]),
          enumType("IssueReason", ["GONE"], { doc: "Why it failed." }),
          enumType("IssueStatus", ["OPEN", "CLOSED"]),
        ],
      },
      type: "Issue",
      want: `export interface Issue {
  issue?: "NOT_FOUND";
  reason?: IssueReason;
  status?: IssueStatus;
}`,
    },
    {
      name: "a union says how its variants are told apart, not which they are: its type lists them",
      given: {
        types: [
          objectType("Card", [field("kind", scalar("string"))]),
          objectType("Wallet", [field("kind", scalar("string"))]),
          objectType("Payment", [], {
            kind: "union",
            variants: ["Card", "Wallet"],
            discriminator: {
              property: "kind",
              mapping: [
                { value: "card", type: "Card" },
                { value: "wallet", type: "Wallet" },
              ],
            },
          }),
        ],
      },
      type: "Payment",
      want: `/** Its variants are told apart by \`kind\`. */
export type Payment = (Card & { readonly kind: "card" }) | (Wallet & { readonly kind: "wallet" });`,
    },
    {
      name: "a type named like a global is renamed, its wire name kept",
      given: {
        types: [
          objectType("Error", [field("constructor", scalar("string"))]),
          objectType("Holder", [field("error", ref("object", "Error"))]),
        ],
      },
      type: "Holder",
      want: `export interface Holder {
  error?: Error$;
}`,
    },
    {
      name: "an extension names its base by the renamed name",
      given: {
        types: [
          objectType("Promise", [field("a", scalar("string"))]),
          objectType("Sub", [field("b", scalar("int"))], { base: "Promise" }),
        ],
      },
      type: "Sub",
      want: `export interface Sub extends Promise$ {
  b?: number;
}`,
    },
    {
      name: "a nullable field of a JSON service: its type says it, no doc line repeats it",
      given: {
        types: [
          objectType("Page", [
            field("next", scalar("string"), { nullable: true }),
            field("ids", scalar("string"), { nullable: true, list: { min: 0 } }),
          ]),
        ],
      },
      type: "Page",
      want: `export interface Page {
  next?: string | null;
  ids?: (string | null)[];
}`,
    },
    {
      name: "a type that includes another's properties unchanged extends it, declaring only its own",
      given: {
        types: [
          objectType("Stamp", [field("created", scalar("dateTime"))]),
          objectType(
            "Capture",
            [field("created", scalar("dateTime")), field("id", scalar("string"))],
            {
              includes: ["Stamp"],
            },
          ),
        ],
      },
      type: "Capture",
      want: `export interface Capture extends Stamp {
  id?: string;
}`,
    },
    {
      name: "an included type whose field the contract narrows is named, and its fields declared",
      given: {
        types: [
          objectType("Stamp", [field("created", scalar("dateTime"))]),
          objectType(
            "Capture",
            [
              field("created", scalar("dateTime"), { required: true }),
              field("id", scalar("string")),
            ],
            { includes: ["Stamp"] },
          ),
        ],
      },
      type: "Capture",
      want: `/** Includes the properties of {@link Stamp}. */
export interface Capture {
  created: IsoDateTime;
  id?: string;
}`,
    },
  ];
  it.each(table)("$name", async ({ given, type, want }) => {
    expect(declaration(await emitWith(emitTypes, restService(given)), type)).toBe(want);
  });

  it("writes a choice's documented member with its doc comment on its own lines, in prettier's layout", async () => {
    const service = soapService({
      types: [
        objectType(
          "Payment",
          [
            field("card", ref("object", "Card"), { doc: "Card payment." }),
            field("bank", ref("object", "Bank")),
          ],
          { kind: "choice" },
        ),
        objectType("Card", []),
        objectType("Bank", []),
      ],
    });
    const file = emitTypes({ service, names: serviceNames(service, []) });
    expect(file.layout).toBe("final");
    expect(declaration(file.content, "Payment")).toBe(`/** Exactly one of: \`card\`, \`bank\`. */
export type Payment =
  | {
      /** Card payment. */
      card: Card;
      bank?: undefined;
    }
  | { bank: Bank; card?: undefined };`);
  });

  it("says how a nullable field of an XML service is written", async () => {
    const service = soapService({
      types: [
        objectType("Page", [
          field("next", scalar("string"), { nullable: true }),
          field("ids", scalar("string"), { nullable: true, list: { min: 0 } }),
        ]),
      ],
    });
    expect(declaration(await emitWith(emitTypes, service), "Page")).toBe(`export interface Page {
  /** May be null: sent and read as \`xsi:nil\` in XML, \`null\` in JSON. */
  next?: string | null;
  /** An item may be null: sent and read as \`xsi:nil\` in XML, \`null\` in JSON. */
  ids?: (string | null)[];
}`);
  });
});
