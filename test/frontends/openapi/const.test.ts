import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { fn } from "../../helpers/generated.js";
import { writePackage } from "../../helpers/temp-package.js";

/**
 * `const` is the one value a property allows: a field constant the validator
 * checks, kept exact for decimals; so is an enum of one value that is not
 * text (`enum: [true]`: text makes an enum type).
 */
const SPEC = `openapi: 3.1.0
info: { title: Consts, version: "1" }
servers: [{ url: "https://consts.example.test" }]
paths:
  /prices:
    post:
      operationId: addPrice
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Price" }
      responses:
        "204": { description: Added. }
components:
  schemas:
    Price:
      type: object
      properties:
        currency: { type: string, const: USD }
        version: { type: integer, format: int32, const: 2 }
        fee: { type: number, const: 0.10 }
        deleted: { type: boolean, enum: [true] }
        tier: { type: integer, format: int32, enum: [1, 2] }
`;

describe("const", () => {
  it("becomes the field's constant, checked by the validator", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-const-"));
    await writeFile(path.join(dir, "consts.yaml"), SPEC);
    const { model, files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "consts.yaml")],
      cwd: PROJECT_ROOT,
    });
    const price = model.services[0]!.types.find((t) => t.name === "Price")!;
    expect(price.fields.map((f) => [f.name, f.const])).toEqual([
      ["currency", "USD"],
      ["version", 2],
      ["fee", "0.1"],
      ["deleted", true],
      ["tier", undefined],
    ]);
    const notes = (name: string) =>
      price.fields.find((f) => f.name === name)!.notes.map((n) => n.text);
    expect(notes("deleted")).toEqual([]);
    expect(notes("tier")).toEqual(["One of 1, 2 (not checked)."]);
    const validators = await (await writePackage(files)).load("consts", "validators");
    const validate = fn<(v: unknown) => { ok: boolean; issues?: { path: string; code: string }[] }>(
      validators,
      "validatePrice",
    );
    expect(validate({ currency: "USD", version: 2, fee: "0.10" }).ok).toBe(true);
    expect(
      validate({ currency: "EUR", version: 3, deleted: false }).issues?.map((i) => [
        i.path,
        i.code,
      ]),
    ).toEqual([
      ["currency", "const"],
      ["version", "const"],
      ["deleted", "const"],
    ]);
  });
});
