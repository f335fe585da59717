/**
 * What the package README says about secrets is true of the package: the
 * kinds of sensitive field it has, the fields paygen recognised by their
 * names with the reason, and, where there is none, what is masked instead.
 */
import { describe, expect, it } from "vitest";
import { field, objectType, restOperation, restService, scalar } from "../../helpers/ir.js";
import { readme } from "../../helpers/readme.js";

describe("the README's secrets", () => {
  it("lists each field recognised by its name, with its kind and reason, and names the kinds the package has", async () => {
    const card = objectType("Card", [
      field("number", scalar("string"), {
        sensitive: "card-number",
        sensitiveReason: "a number inside a card",
      }),
      field("cvc", scalar("string"), {
        sensitive: "card-code",
        sensitiveReason: "its name says *card* code",
      }),
      field("holder", scalar("string")),
    ]);
    const text = await readme({
      services: [
        restService({ types: [card], operations: [restOperation("pay", "Card", undefined)] }),
      ],
    });
    expect(text).toContain(
      "- Sensitive fields (card numbers and card codes), marked in the contract or recognised\n  by their names",
    );
    expect(text).toContain("| `Card.number` | `card-number` | a number inside a card |");
    // The reason reaches the table through the escaping helpers: a star cannot open emphasis.
    expect(text).toContain("| `Card.cvc` | `card-code` | its name says \\*card\\* code |");
    expect(text).not.toContain("Card.holder");
  });

  it("claims no mark where the contract has none, and says what is masked", async () => {
    const text = await readme({
      services: [
        restService({
          types: [objectType("Order", [field("amount", scalar("string"))])],
          operations: [restOperation("order", "Order", undefined)],
        }),
      ],
    });
    expect(text).toContain("- No field of the contract is marked or recognised as sensitive");
    expect(text).toContain(
      "the credentials the client sends, and numbers\n  in the server's text shaped like card numbers",
    );
    expect(text).not.toContain("Sensitive fields (");
    expect(text).not.toContain("paygen marked these fields");
  });

  it("says the marks are the schemas' own when none is recognised by name", async () => {
    const card = objectType("Card", [
      field("number", scalar("string"), { sensitive: "card-number" }),
    ]);
    const text = await readme({
      services: [
        restService({ types: [card], operations: [restOperation("pay", "Card", undefined)] }),
      ],
    });
    expect(text).toContain(
      "- Sensitive fields (card numbers), marked in the schemas, never appear",
    );
    expect(text).not.toContain("paygen marked these fields");
  });
});
