import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { writePackage } from "../helpers/temp-package.js";

const PETS = path.join(
  PROJECT_ROOT,
  "test",
  "frontends",
  "openapi",
  "fixtures",
  "description",
  "pets-3.0.yaml",
);

type Handler = (request: Request) => Promise<Response>;
type Factory = (handlers?: object, options?: object) => Handler;

const BASE = "http://mock.test/v1";
const PET = { name: "Rex", kind: "cat" };

/** A request to the fetch handler, with a JSON body when one is given. */
function call(handler: Handler, method: string, url: string, body?: unknown, headers = {}) {
  return handler(
    new Request(`${BASE}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { body: typeof body === "string" ? body : JSON.stringify(body) }
        : {}),
    }),
  );
}

describe("the generated REST server, called as a fetch handler", () => {
  let createServer: Factory;
  let createMock: Factory;

  beforeAll(async () => {
    const { files } = await generate({
      schemasDir: "",
      from: [PETS],
      cwd: PROJECT_ROOT,
      mock: { seed: 1 },
    });
    const server = await (await writePackage(files)).load("pet-store", "server");
    createServer = server["createPetStoreServer"] as Factory;
    createMock = server["createPetStoreMock"] as Factory;
  }, 60_000);

  it("routes by method and path, and hands the handler its parameters of their types", async () => {
    const seen: unknown[] = [];
    const handler = createServer({
      getPet: ({ params }: { params: unknown }) => {
        seen.push(params);
        return { status: 200, body: { id: "7", name: "Rex" } };
      },
    });
    const response = await call(handler, "GET", "/pets/a%2Fb?limit=5&fields=x,y", undefined, {
      "x-request-id": "r1",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"id":7,"name":"Rex"}');
    expect(seen).toEqual([{ petId: "a/b", limit: 5, fields: ["x", "y"], "X-Request-Id": "r1" }]);
  });

  it("answers 400 with a problem listing every problem with its path, never quoting a value", async () => {
    const handler = createServer({});
    const response = await call(handler, "POST", "/pets", {
      name: "4111111111111111",
      kind: "horse",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await response.json()) as { problems: { path: string }[] };
    expect(problem.problems.map((p) => p.path)).toEqual(["body.name", "body.kind"]);
    expect(JSON.stringify(problem)).not.toContain("4111111111111111");
    const missing = await call(handler, "GET", "/pets/1");
    expect(((await missing.json()) as { problems: unknown }).problems).toEqual([
      { path: "query.limit", message: "is required" },
    ]);
    const notInt = await call(handler, "GET", "/pets/1?limit=many");
    expect(((await notInt.json()) as { problems: unknown }).problems).toEqual([
      { path: "query.limit", message: "must be an integer" },
    ]);
  });

  it("says 404, 405, 415 and 413 where routing or reading fails", async () => {
    const handler = createServer({});
    expect((await call(handler, "GET", "/owners")).status).toBe(404);
    const wrongMethod = await call(handler, "DELETE", "/pets");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const xml = await call(handler, "POST", "/pets", "<pet/>", { "content-type": "text/plain" });
    expect(xml.status).toBe(415);
    const huge = await call(handler, "POST", "/pets", `"${"x".repeat(1024 * 1024 + 1)}"`);
    expect(huge.status).toBe(413);
  });

  it("answers 501 for an operation without a handler, and the mock its synthesized answer", async () => {
    expect((await call(createServer({}), "POST", "/pets", PET)).status).toBe(501);
    const response = await call(createMock(), "GET", "/pets/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv");
  });

  it("answers the documented status a Prefer header asks for, and 422 for an undocumented one", async () => {
    const mock = createMock();
    expect(
      (await call(mock, "GET", "/pets/1?limit=1", undefined, { prefer: "code=404" })).status,
    ).toBe(404);
    const undocumented = await call(mock, "GET", "/pets/1?limit=1", undefined, {
      prefer: "code=418",
    });
    expect(undocumented.status).toBe(422);
  });

  it("never sends an answer that breaks the contract, nor one it does not document", async () => {
    const handler = createServer({
      getPet: () => ({ status: 200, body: { id: "7", name: "R2-D2!" } }),
      exportPets: () => ({ status: 201, body: "x" }),
    });
    const invalid = await call(handler, "GET", "/pets/1?limit=1");
    expect(invalid.status).toBe(500);
    expect(((await invalid.json()) as { problems: unknown }).problems).toEqual([
      { path: "body.name", message: expect.any(String) },
    ]);
    expect((await call(handler, "GET", "/pets/export")).status).toBe(500);
  });

  it("answers 500 without the handler's message when a handler throws", async () => {
    const handler = createServer({
      getPet: () => {
        throw new Error("secret 4111111111111111");
      },
    });
    const response = await call(handler, "GET", "/pets/1?limit=1");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("4111");
  });
});
