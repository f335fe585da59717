import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** The media types of REST operations in the client: arguments, results and the table entries that write and read bodies. */
describe("emitClient (REST media types)", () => {
  const base = restService({
    types: [
      objectType("Upload", [
        field("file", scalar("string"), { required: true }),
        field("note", scalar("string")),
      ]),
      objectType("Problem", [field("message", scalar("string"))]),
    ],
    operations: [
      restOperation("upload", "Upload", undefined, {
        statuses: [
          { code: 200, meaning: "OK." },
          { code: 400, meaning: "Bad." },
        ],
        errorTypes: [{ status: 400, type: "Problem" }],
        wire: {
          accept: "application/hal+json",
          request: {
            mediaType: "multipart/form-data",
            encoding: "multipart",
            required: true,
            fields: [{ name: "file", style: "form", explode: true, file: true }],
          },
        },
      }),
      restOperation("report", undefined, undefined, {
        httpMethod: "GET",
        idempotent: true,
        wire: { accept: "text/csv", response: "text" },
      }),
      restOperation("note", undefined, undefined, {
        wire: {
          request: {
            mediaType: "text/plain",
            encoding: "text",
            required: true,
          },
          response: "bytes",
          accept: "application/pdf",
        },
      }),
    ],
  });
  const service = {
    ...base,
    rest: {
      baseUrls: [
        {
          name: "base_url",
          doc: "https://api.example.test",
          url: "https://api.example.test",
        },
      ],
      outcome: [],
    },
  };

  it("takes files, text and bytes, returns text and bytes, and makes a required body a required argument", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcClient")).toContain(
      'upload<C extends CallOptions = DataOnly>(\n    request: WithFiles<Upload, "file">,\n    call?: C,\n  ): Promise<Answer<void, C>>;',
    );
    expect(declaration(code, "SvcClient")).toContain(
      "report<C extends CallOptions = DataOnly>(call?: C): Promise<Answer<string, C>>;",
    );
    expect(declaration(code, "SvcClient")).toContain(
      "note<C extends CallOptions = DataOnly>(request: string, call?: C): Promise<Answer<Uint8Array, C>>;",
    );
  });

  it("writes the operation's media types into its description", async () => {
    const code = await emitWith(emitClient, service);
    const table = ["uploadOperation", "reportOperation", "noteOperation"]
      .map((name) => declaration(code, name))
      .join("\n");
    expect(table).toContain(`validate: validateWithFiles(validateUpload, ["file"]),`);
    expect(table).toContain(`accept: "application/hal+json",`);
    expect(table).toContain(
      `encode: multipartEncoder([{ name: "file", style: "form", explode: true, file: true }]),`,
    );
    expect(table).toContain(
      `parseError: (body, status) => (status === 400 ? parseProblem(body) : undefined),`,
    );
    expect(table).toContain(`accept: "text/csv",\n  readAs: "text",`);
    expect(table).toContain(`encode: textEncoder("text/plain"),\n  readAs: "bytes",`);
    expect(table).not.toContain("serializeUpload");
  });

  it("defaults the base URL to the contract's server, the option still overriding it", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcClientOptions")).toContain("readonly baseUrl?: string;");
    expect(code).toContain(
      "export function createSvcClient(options: SvcClientOptions = {}): SvcClient {",
    );
    expect(declaration(code, "atBaseUrl")).toBe(
      [
        "/** An address under the document's `{base_url}`: the `baseUrl` option, else the contract's \"https://api.example.test\". */",
        "function atBaseUrl(options: SvcClientOptions, path: string): string {",
        '  return joinUrl(options.baseUrl ?? "https://api.example.test", path);',
        "}",
      ].join("\n"),
    );
    expect(declaration(code, "note")).toContain("atBaseUrl(options, noteOperation.path)");
  });

  it("sends a path without parameters as it is, without fillPath", async () => {
    expect(await emitWith(emitClient, service)).not.toContain("fillPath");
  });

  it("types the errors of each status an operation documents", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "SvcErrors")).toContain(
      "/** Read with the schema of the status received: 400: {@link Problem}. */\n  readonly upload: Problem;",
    );
    expect(declaration(code, "isSvcError")).toContain(
      "return error instanceof HttpStatusError && error.operation === operation;",
    );
  });

  it("lists in a form body's encoder only the fields not written as form, exploded (the runtime's default)", async () => {
    const form = restService({
      types: [
        objectType("Charge", [
          field("amount", scalar("string")),
          field("metadata", scalar("string")),
        ]),
      ],
      operations: [
        restOperation("charge", "Charge", undefined, {
          wire: {
            request: {
              mediaType: "application/x-www-form-urlencoded",
              encoding: "form",
              required: true,
              fields: [
                { name: "amount", style: "form", explode: true },
                { name: "metadata", style: "deepObject", explode: true },
              ],
            },
          },
        }),
      ],
    });
    expect(declaration(await emitWith(emitClient, form), "chargeOperation")).toContain(
      `encode: formEncoder("application/x-www-form-urlencoded", deepObjectFields("metadata")),`,
    );
  });

  it("names the exploded deepObject fields in one call, and lists the other styles beside it", async () => {
    const form = restService({
      types: [
        objectType("Charge", [
          field("expand", scalar("string"), { list: { min: 0 } }),
          field("metadata", scalar("string")),
          field("tags", scalar("string"), { list: { min: 0 } }),
        ]),
      ],
      operations: [
        restOperation("charge", "Charge", undefined, {
          wire: {
            request: {
              mediaType: "application/x-www-form-urlencoded",
              encoding: "form",
              required: true,
              fields: [
                { name: "expand", style: "deepObject", explode: true },
                { name: "metadata", style: "deepObject", explode: true },
                { name: "tags", style: "pipeDelimited", explode: false },
              ],
            },
          },
        }),
      ],
    });
    const code = await emitWith(emitClient, form);
    expect(declaration(code, "chargeOperation")).toContain(
      [
        '  encode: formEncoder("application/x-www-form-urlencoded", [',
        '    ...deepObjectFields("expand", "metadata"),',
        '    { name: "tags", style: "pipeDelimited", explode: false },',
        "  ]),",
      ].join("\n"),
    );
    expect(code).toContain('import { deepObjectFields } from "../runtime/form-body.js";');
  });
});
