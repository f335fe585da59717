/**
 * The README's contradictions: each text the documents contradict themselves
 * with is listed once, with every place it is noted, in the model's order.
 */
import { describe, expect, it } from "vitest";
import type { Note } from "../../../generator/model/ir.js";
import { field, objectType, restOperation, restService, scalar } from "../../helpers/ir.js";
import { readme } from "../../helpers/readme.js";

const note = (text: string): Note[] => [{ kind: "contradiction", text }];

describe("the README's contradictions", () => {
  it("lists a text noted in several places once, with each place", async () => {
    const pattern = "The contract gives pattern [a-z+; it is not checked.";
    const text = await readme({
      services: [
        restService({
          types: [
            objectType("Payer", [
              field("email", scalar("string"), { notes: note(pattern) }),
              field("zip", scalar("string"), { notes: note("Two lengths.") }),
            ]),
            objectType("Payee", [field("email", scalar("string"), { notes: note(pattern) })]),
          ],
          operations: [restOperation("pay", "Payer", "Payee")],
        }),
      ],
    });
    const section = text.slice(text.indexOf("### Contradictions in the documents"));
    expect(section.split("\n").filter((line) => line.startsWith("- "))).toEqual([
      "- field Payer.email, field Payee.email: The contract gives pattern \\[a-z+; it is not checked.",
      "- field Payer.zip: Two lengths.",
    ]);
  });
});
