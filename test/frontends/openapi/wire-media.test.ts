import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import {
  respond,
  startRecordingServer,
  type RecordingServer,
  type ScriptedResponse,
} from "../../helpers/http-server.js";
import { writePackage } from "../../helpers/temp-package.js";

/** The media types of an OpenAPI 3 contract on the wire: what a generated client sends and reads, against a real server on 127.0.0.1. */
const SPEC = `openapi: 3.0.3
info: { title: Media, version: "1" }
servers: [{ url: "https://media.example.test/v1" }]
paths:
  /charges:
    post:
      operationId: createCharge
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [amount]
              properties:
                amount: { type: integer, format: int32 }
                expand: { type: array, items: { type: string } }
                metadata: { type: object, additionalProperties: { type: string } }
            encoding:
              expand: { style: deepObject, explode: true }
              metadata: { style: deepObject, explode: true }
      responses:
        "200": { description: The charge., content: { application/hal+json: { schema: { $ref: "#/components/schemas/Charge" } } } }
        "400": { description: Refused., content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
        "402": { description: Declined., content: { application/json: { schema: { $ref: "#/components/schemas/Decline" } } } }
    get:
      operationId: listCharges
      parameters:
        - { name: created, in: query, style: deepObject, explode: true, schema: { type: object, properties: { gte: { type: integer, format: int32 }, lt: { type: integer, format: int32 } } } }
        - { name: ids, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } } }
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, properties: {} }
      responses:
        "200": { description: Charges as CSV., content: { text/csv: { schema: { type: string } } } }
  /files:
    post:
      operationId: uploadFile
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file, purpose]
              properties:
                file: { type: string, format: binary }
                purpose: { type: string }
            encoding:
              file: { contentType: image/png }
      responses:
        "200": { description: Stored., content: { application/json: { schema: { $ref: "#/components/schemas/Stored" } } } }
  /files/{id}/contents:
    get:
      operationId: downloadFile
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        "200": { description: The file., content: { application/pdf: { schema: { type: string, format: binary } } } }
    put:
      operationId: replaceFile
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      requestBody:
        required: true
        content:
          application/octet-stream: { schema: { type: string, format: binary } }
      responses:
        "204": { description: Replaced. }
  /notes:
    post:
      operationId: addNote
      requestBody:
        content:
          text/plain: { schema: { type: string } }
      responses:
        "200": { description: The note as stored., content: { text/plain: { schema: { type: string } } } }
components:
  schemas:
    Charge: { type: object, required: [id], properties: { id: { type: string }, amount: { type: integer, format: int32 } } }
    Problem: { type: object, properties: { message: { type: string } } }
    Decline: { type: object, properties: { code: { type: string } } }
    Stored: { type: object, properties: { id: { type: string } } }
`;

type Method = (...args: unknown[]) => Promise<unknown>;

describe("media types on the wire", () => {
  let server: RecordingServer;
  let index: Record<string, unknown>;
  let client: Record<string, Method>;
  const answers: ScriptedResponse[] = [];

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-media-"));
    await writeFile(path.join(dir, "media.yaml"), SPEC);
    const { files } = await generate({
      schemasDir: "",
      from: [path.join(dir, "media.yaml")],
      cwd: PROJECT_ROOT,
    });
    index = await (await writePackage(files)).load("media", "index");
    server = await startRecordingServer(() => answers.shift() ?? respond.empty(500));
    client = (index["createMediaClient"] as (o: object) => Record<string, Method>)({
      baseUrl: `${server.origin}/v1`,
      retry: { maxAttempts: 1 },
    });
  }, 120_000);

  const last = () => server.requests[server.requests.length - 1]!;

  it("sends a form body with deepObject encoding, accepts the operation's media types and reads hal+json", async () => {
    answers.push(
      respond.raw(200, '{"id":"ch_1","amount":2000}', "application/hal+json;charset=utf-8"),
    );
    const charge = await client["createCharge"]!({
      amount: 2000,
      expand: ["customer", "invoice"],
      metadata: { order: "a b" },
    });
    expect(charge).toEqual({ id: "ch_1", amount: 2000 });
    expect([last().headers["content-type"], last().headers.accept]).toEqual([
      "application/x-www-form-urlencoded",
      "application/hal+json, application/json",
    ]);
    expect(last().body).toBe(
      "amount=2000&expand%5B0%5D=customer&expand%5B1%5D=invoice&metadata%5Border%5D=a%20b",
    );
  });

  it("reads each documented error status with its own schema", async () => {
    const isMediaError = index["isMediaError"] as (e: unknown, operation: string) => boolean;
    const isError = (e: unknown) => isMediaError(e, "createCharge");
    answers.push(
      respond.json(402, { code: "card_declined" }),
      respond.json(400, { message: "amount" }),
    );
    const declined = await client["createCharge"]!({ amount: 1 }).catch((e: unknown) => e);
    const refused = await client["createCharge"]!({ amount: 1 }).catch((e: unknown) => e);
    expect([isError(declined), (declined as { data: unknown }).data]).toEqual([
      true,
      { code: "card_declined" },
    ]);
    expect([isError(refused), (refused as { data: unknown }).data]).toEqual([
      true,
      { message: "amount" },
    ]);
  });

  it("writes an object query parameter as deepObject and a list as pipeDelimited; a GET's empty form body is not sent; CSV is read as text", async () => {
    answers.push(respond.raw(200, "id,amount\nch_1,2000\n", "text/csv"));
    const csv = await client["listCharges"]!({
      created: { gte: 1, lt: 9 },
      ids: ["a", "b"],
    });
    expect(csv).toBe("id,amount\nch_1,2000\n");
    expect([
      last().method,
      last().path,
      last().headers.accept,
      last().headers["content-type"],
      last().body,
    ]).toEqual([
      "GET",
      "/v1/charges?created%5Bgte%5D=1&created%5Blt%5D=9&ids=a%7Cb",
      "text/csv",
      undefined,
      "",
    ]);
  });

  it("sends a multipart body with a file part and a text part", async () => {
    answers.push(respond.json(200, { id: "file_1" }));
    expect(
      await client["uploadFile"]!({
        file: new Uint8Array([104, 105]),
        purpose: "evidence",
      }),
    ).toEqual({ id: "file_1" });
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(
      String(last().headers["content-type"]),
    )![1]!;
    expect(last().body).toBe(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="file"\r\ncontent-type: image/png\r\n\r\nhi\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="purpose"\r\ncontent-type: text/plain; charset=utf-8\r\n\r\nevidence\r\n--${boundary}--\r\n`,
    );
    await expect(client["uploadFile"]!({ file: "hi", purpose: "evidence" })).rejects.toThrow(
      "must be a Blob or a Uint8Array",
    );
  });

  it("reads a PDF as bytes and sends bytes as application/octet-stream", async () => {
    answers.push(respond.raw(200, "%PDF-1.4", "application/pdf"), respond.empty(204));
    const pdf = await client["downloadFile"]!("f1");
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(pdf as Uint8Array)).toBe("%PDF-1.4");
    expect(last().headers.accept).toBe("application/pdf");
    await client["replaceFile"]!("f1", new Uint8Array([37, 80]));
    expect([last().method, last().headers["content-type"], last().body]).toEqual([
      "PUT",
      "application/octet-stream",
      "%P",
    ]);
  });

  it("sends and reads text/plain as a string", async () => {
    answers.push(respond.raw(200, "stored: hello", "text/plain"));
    expect(await client["addNote"]!("hello")).toBe("stored: hello");
    expect([last().headers["content-type"], last().headers.accept, last().body]).toEqual([
      "text/plain",
      "text/plain",
      "hello",
    ]);
  });

  it("calls the contract's server when no base URL is given", async () => {
    const seen: string[] = [];
    const fetch = async (url: string) => {
      seen.push(url);
      return new Response("a,b\n", {
        status: 200,
        headers: { "content-type": "text/csv" },
      });
    };
    const defaulted = (index["createMediaClient"] as (o: object) => Record<string, Method>)({
      fetch,
    });
    expect(await defaulted["listCharges"]!()).toBe("a,b\n");
    expect(seen).toEqual(["https://media.example.test/v1/charges"]);
  });
});
