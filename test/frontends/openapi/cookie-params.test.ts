import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { formatDiagnostic, SchemaErrors } from "../../../generator/diagnostics/diagnostic.js";
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

  it("refuses a name used by two kinds of parameter, at its position", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-cookies-"));
    const file = path.join(dir, "clash.yaml");
    await writeFile(file, SPEC.replace("{ name: verbose, in: query", "{ name: theme, in: query"));
    const problems = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [file],
      cwd: dir,
    }).then(
      () => [],
      (error: unknown) =>
        error instanceof SchemaErrors ? error.diagnostics.map(formatDiagnostic) : [String(error)],
    );
    expect(problems).toEqual([
      'clash.yaml:10:11: cookie parameter "theme" is also a query parameter: the call\'s params object holds one value per name',
    ]);
  });
});
