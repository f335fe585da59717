/**
 * The README's contradictions: each text the documents contradict themselves
 * with is listed once, with every place it is noted, in the model's order.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emitTemplates } from "../../../generator/emit/emit-templates.js";
import { PROJECT_ROOT } from "../../../generator/generate.js";
import type { Model, Note } from "../../../generator/model/ir.js";
import { field, objectType, restOperation, restService, scalar } from "../../helpers/ir.js";

const info = {
  packageName: "pkg",
  version: "1.0.0",
  fastXmlParserVersion: "5",
  buildDependencies: {},
};

async function readme(model: Model): Promise<string> {
  const files = await emitTemplates(path.join(PROJECT_ROOT, "templates"), model, info, []);
  return files.find((f) => f.path === "README.md")!.content;
}

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
