import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { respond, startRecordingServer } from "../../helpers/http-server.js";
import { writePackage } from "../../helpers/temp-package.js";

/**
 * A `default` response's schema types the error body: a failed call rejects
 * with an HttpStatusError whose `data` is the body read with that schema,
 * scrubbed of the call's secrets, and the service's guard narrows to it by
 * operation name (`isCardsError(error, "addCard")`). A
 * real server on 127.0.0.1 answers.
 */
const SPEC = `openapi: 3.0.3
info: { title: Cards, version: "1" }
servers: [{ url: "https://cards.example.test" }]
paths:
  /cards:
    post:
      operationId: addCard
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Card" }
      responses:
        "201":
          description: Added.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Card" }
        default:
          description: Any error.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Problem" }
components:
  schemas:
    Card:
      type: object
      properties:
        number: { type: string }
    Problem:
      type: object
      required: [reason]
      properties:
        reason: { type: string, enum: [INVALID_CARD, DECLINED] }
        message: { type: string }
`;
const OVERLAY = (contract: string) => `overlay:
  contract: ${contract}
types:
  Card:
    fields:
      number: { sensitive: card-number }
`;

describe("typed error bodies", () => {
  let client: Record<string, (request: object) => Promise<unknown>>;
  let isCardsError: (error: unknown, operation: string) => boolean;
  let origin: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-errors-"));
    await writeFile(path.join(dir, "cards.yaml"), SPEC);
    await writeFile(path.join(dir, "cards.overlay.yaml"), OVERLAY("cards.yaml"));
    const { files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "cards.overlay.yaml")],
      cwd: PROJECT_ROOT,
    });
    const pkg = await writePackage(files);
    const index = await pkg.load("cards", "index");
    const server = await startRecordingServer((request) =>
      request.body.includes("4111111111111111")
        ? respond.json(400, {
            reason: "INVALID_CARD",
            message: "card 4111111111111111 is not valid",
          })
        : respond.json(502, { unexpected: true }),
    );
    origin = server.origin;
    client = (index["createCardsClient"] as (o: object) => typeof client)({
      baseUrl: origin,
      retry: { maxAttempts: 1 },
    });
    isCardsError = index["isCardsError"] as typeof isCardsError;
  });

  it("reads the body with the default response's schema into data, scrubbed of the card number", async () => {
    const error = (await client["addCard"]!({ number: "4111111111111111" }).catch(
      (e: unknown) => e,
    )) as { status: number; operation: string; data: unknown };
    expect(isCardsError(error, "addCard")).toBe(true);
    expect(isCardsError(error, "listCards")).toBe(false);
    expect(error.status).toBe(400);
    expect(error.operation).toBe("addCard");
    expect(error.data).toMatchObject({ reason: "INVALID_CARD" });
    expect(JSON.stringify(error.data)).not.toContain("4111111111111111");
  });

  it("leaves data undefined for a body that does not fit, and the guard tells other errors apart", async () => {
    const error = (await client["addCard"]!({ number: "5500000000000004" }).catch(
      (e: unknown) => e,
    )) as { status: number; data: unknown; body: unknown };
    expect(error.status).toBe(502);
    expect(error.data).toBeUndefined();
    expect(error.body).toEqual({ unexpected: true });
    expect(isCardsError(new Error("x"), "addCard")).toBe(false);
  });
});
