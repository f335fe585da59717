/**
 * A chain of schemas that only refer to the next one: read through when it
 * is short, refused by a positioned error that says why when it is longer
 * than paygen follows (never a stack overflow, never a vague refusal).
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SchemaErrors, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";

/** A contract whose answer is `R0`, `R0` refers to `R1`, ..., and `R<links>` is a string. */
function chain(links: number): string {
  const schemas = Array.from(
    { length: links },
    (_, i) => `    R${i}: { $ref: "#/components/schemas/R${i + 1}" }`,
  );
  return `openapi: 3.0.3
info: { title: Chains, version: "1" }
paths:
  /a:
    get:
      operationId: getA
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  value: { $ref: "#/components/schemas/R0" }
components:
  schemas:
${schemas.join("\n")}
    R${links}: { type: string }
`;
}

async function generateFrom(contract: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-chains-"));
  const file = path.join(dir, "chains.openapi.yaml");
  await writeFile(file, contract);
  return generate({ schemasDir: path.join(PROJECT_ROOT, "schemas"), from: [file], cwd: dir });
}

describe("chains of references", () => {
  it("a chain of 20 is read through to its end", async () => {
    const result = await generateFrom(chain(20));
    const type = result.model.services[0]!.types.find((t) =>
      t.fields.some((f) => f.name === "value"),
    );
    expect(type!.fields[0]!.type).toEqual({ kind: "scalar", name: "string" });
  });

  it("a chain of 200 is refused at the reference past the limit, saying why", async () => {
    const failure = await generateFrom(chain(200)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SchemaErrors);
    const messages = (failure as SchemaErrors).diagnostics.map(formatDiagnostic);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /chains\.openapi\.yaml:\d+:\d+: the schema "R\d+" is reached through more than 32 references and nested schemas; paygen reads 32 at most \(at #\/components\/schemas\/R\d+\)/,
    );
  });
});
