/**
 * An overlay's `rename` reaches every reference to the type: a union's
 * variants and its discriminator's cases, the parts an allOf includes, and
 * an operation's error bodies by status. A reference left with the old name
 * would make the contract fail as naming an unknown type.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";

const SPEC = `openapi: 3.0.3
info: { title: Pets, version: "1" }
servers: [{ url: "https://pets.example.test" }]
paths:
  /pets:
    post:
      operationId: addPet
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Pet" }
      responses:
        "200":
          description: Added.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Animal" }
        "400":
          description: Bad.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Problem" }
        "404":
          description: Missing.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Missing" }
components:
  schemas:
    Stamp:
      type: object
      properties:
        created: { type: string }
    Pet:
      allOf:
        - $ref: "#/components/schemas/Stamp"
        - type: object
          properties:
            name: { type: string }
    Cat:
      type: object
      properties:
        kind: { type: string }
        meow: { type: string }
    Dog:
      type: object
      properties:
        kind: { type: string }
        bark: { type: string }
    Animal:
      oneOf:
        - $ref: "#/components/schemas/Cat"
        - $ref: "#/components/schemas/Dog"
      discriminator:
        propertyName: kind
        mapping:
          cat: "#/components/schemas/Cat"
          dog: "#/components/schemas/Dog"
    Problem:
      type: object
      properties:
        message: { type: string }
    Missing:
      type: object
      properties:
        id: { type: string }
`;

const OVERLAY = `overlay:
  contract: pets.yaml
types:
  Stamp: { rename: Timestamps }
  Cat: { rename: Kitty }
  Problem: { rename: BadRequest }
`;

describe("an overlay's rename", () => {
  it("follows every reference to the type", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-renames-"));
    await writeFile(path.join(dir, "pets.yaml"), SPEC);
    await writeFile(path.join(dir, "pets.overlay.yaml"), OVERLAY);
    const { model, files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "pets.overlay.yaml")],
      cwd: PROJECT_ROOT,
    });
    const service = model.services[0]!;
    const type = (name: string) => service.types.find((t) => t.name === name);
    expect(type("Animal")?.variants).toEqual(["Kitty", "Dog"]);
    expect(type("Animal")?.discriminator?.mapping.map((m) => m.type)).toEqual(["Kitty", "Dog"]);
    expect(type("Pet")?.includes).toEqual(["Timestamps"]);
    const op = service.operations[0]!;
    expect(op.protocol === "rest" && op.errorTypes?.map((e) => e.type)).toEqual([
      "BadRequest",
      "Missing",
    ]);
    const types = files.find((f) => f.path.endsWith("/types.ts"))!.content;
    expect(types).toContain("export interface Pet extends Timestamps {");
  });
});
