import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { respond, startRecordingServer, type RecordingServer } from "../../helpers/http-server.js";
import { writePackage } from "../../helpers/temp-package.js";

/** Cookie parameters: members of the call's params object, sent together in one `cookie` header. */
const SPEC = `openapi: 3.0.3
info: { title: Sessions, version: "1" }
servers: [{ url: "https://sessions.example.test" }]
paths:
  /me:
    get:
      operationId: whoAmI
      parameters:
        - { name: session, in: cookie, required: true, schema: { type: string } }
        - { name: theme, in: cookie, schema: { type: string, enum: [light, dark] } }
        - { name: verbose, in: query, schema: { type: boolean } }
      responses:
        "200": { description: You. }
`;

describe("cookie parameters", () => {
  let server: RecordingServer;
  let client: { whoAmI(params: object): Promise<unknown> };

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-cookies-"));
    await writeFile(path.join(dir, "sessions.yaml"), SPEC);
    const { files } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.join(dir, "sessions.yaml")],
      cwd: PROJECT_ROOT,
    });
    const pkg = await writePackage(files);
    const index = await pkg.load("sessions", "index");
    server = await startRecordingServer(() => respond.empty(200));
    client = (index["createSessionsClient"] as (o: object) => typeof client)({
      baseUrl: server.origin,
      retry: { maxAttempts: 1 },
    });
  });

  it("sends them in one cookie header, values URL-encoded, absent ones left out", async () => {
    await client.whoAmI({ session: "a b;c", theme: "dark", verbose: true });
    await client.whoAmI({ session: "s2" });
    expect(server.requests.map((r) => [r.path, r.headers.cookie])).toEqual([
      ["/me?verbose=true", "session=a%20b%3Bc; theme=dark"],
      ["/me", "session=s2"],
    ]);
  });

  it("keeps both parameters of one name in two places: the later one under a name of its own, with a positioned warning", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-cookies-"));
    const file = path.join(dir, "clash.yaml");
    await writeFile(file, SPEC.replace("{ name: verbose, in: query", "{ name: theme, in: query"));
    const { files, warnings } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [file],
      cwd: dir,
      // The test reads what the generated server hands its handler too.
      server: true,
    });
    expect(warnings.map(formatDiagnostic)).toEqual([
      'clash.yaml:10:11: warning: the cookie parameter "theme" is also a query parameter: both are sent, and the call\'s params object holds this one as "cookie:theme" (at #/paths/~1me/get/parameters/1)',
    ]);
    const pkg = await writePackage(files);
    const index = await pkg.load("sessions", "index");
    const clashing = (index["createSessionsClient"] as (o: object) => typeof client)({
      baseUrl: server.origin,
      retry: { maxAttempts: 1 },
    });
    const before = server.requests.length;
    await clashing.whoAmI({ session: "s", theme: true, "cookie:theme": "dark" });
    expect(server.requests.slice(before).map((r) => [r.path, r.headers.cookie])).toEqual([
      ["/me?theme=true", "session=s; theme=dark"],
    ]);
    // The generated server hands its handler both, under the same names.
    const seen: unknown[] = [];
    const server$ = await pkg.load("sessions", "server");
    const handle = (
      server$["createSessionsServer"] as (
        handlers: object,
      ) => (request: Request) => Promise<Response>
    )({
      whoAmI: ({ params }: { params: unknown }) => {
        seen.push(params);
        return { status: 200 };
      },
    });
    const answer = await handle(
      new Request("https://sessions.example.test/me?theme=true", {
        headers: { cookie: "session=s; theme=dark" },
      }),
    );
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ theme: true, session: "s", "cookie:theme": "dark" }]);
  });
});
