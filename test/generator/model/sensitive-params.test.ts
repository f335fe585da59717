/**
 * A REST operation's path, query, header and cookie parameters are recognised
 * as sensitive by their names (or `format: password`) exactly like fields:
 * the model marks them with a kind and a reason, the README lists them, the
 * run's summary counts them, and an overlay adds or removes a mark.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../../generator/cli.js";
import { SchemaErrors, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import { inferSensitive } from "../../../generator/model/infer-sensitive.js";
import type { RestOperation } from "../../../generator/model/ir.js";

const FIXTURE = path.join(
  PROJECT_ROOT,
  "test",
  "clients",
  "fixtures",
  "sensitive-params.openapi.yaml",
);

async function generateFrom(from: string) {
  return generate({
    schemasDir: path.join(PROJECT_ROOT, "schemas"),
    from: [from],
    cwd: PROJECT_ROOT,
  });
}

function checkCard(result: Awaited<ReturnType<typeof generateFrom>>): RestOperation {
  const op = result.model.services[0]!.operations.find((o) => o.name === "checkCard")!;
  if (op.protocol !== "rest") throw new Error("checkCard is a REST operation");
  return op;
}

/** Each parameter's mark: `location name` → `kind (reason)`, unmarked ones left out. */
function marks(op: RestOperation): Record<string, string> {
  return Object.fromEntries(
    [
      ...op.params.map((p) => ["path", p] as const),
      ...(op.query ?? []).map((p) => ["query", p] as const),
      ...(op.headers ?? []).map((p) => ["header", p] as const),
      ...(op.cookies ?? []).map((p) => ["cookie", p] as const),
    ].flatMap(([where, p]) =>
      p.sensitive === undefined
        ? []
        : [[`${where} ${p.name}`, `${p.sensitive} (${p.sensitiveReason ?? "written"})`]],
    ),
  );
}

/** An overlay of the fixture, written next to a copy of nothing: its contract path points at the fixture. */
async function overlayOf(body: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-param-marks-"));
  const file = path.join(dir, "checks.overlay.yaml");
  const contract = path.relative(dir, FIXTURE).split(path.sep).join("/");
  await writeFile(file, `overlay:\n  contract: ${JSON.stringify(contract)}\n${body}`);
  return file;
}

describe("inferSensitive: parameters", () => {
  it.each([
    { name: "card_number", location: "query", want: "card-number" },
    { name: "cvv", location: "query", want: "card-code" },
    { name: "X-Card-Number", location: "header", want: "card-number" },
    { name: "X-Api-Secret", location: "header", want: "secret" },
    { name: "X-Api-Key", location: "header", want: "secret" },
    { name: "Authorization", location: "header", want: "secret" },
    { name: "Proxy-Authorization", location: "header", want: "secret" },
    { name: "session_token", location: "cookie", want: "token" },
    { name: "pan", location: "path", want: "card-number" },
    // A session id in a cookie is the session's credential.
    { name: "JSESSIONID", location: "cookie", want: "token" },
    { name: "session_id", location: "cookie", want: "token" },
    { name: "sid", location: "cookie", want: "token" },
    { name: "tokens", location: "query", want: "token" },
    // Not secrets: a plain number has no card to hold it, an idempotency key is no credential.
    { name: "number", location: "query", want: undefined },
    { name: "Idempotency-Key", location: "header", want: undefined },
    { name: "X-Request-Tag", location: "header", want: undefined },
    // Nor a session id outside a cookie (a correlation id), nor a cookie of preferences.
    { name: "session_id", location: "query", want: undefined },
    { name: "locale", location: "cookie", want: undefined },
    // Credentials by that name only in a header: a body field `authorization` is not one.
    { name: "authorization", location: undefined, want: undefined },
  ] as const)("$location $name → $want", ({ name, location, want }) => {
    expect(
      inferSensitive({ name, type: "string", ...(location ? { location } : {}) }, [])?.kind,
    ).toBe(want);
  });
});

describe("sensitive parameters in the model", () => {
  it("marks the path, query, header and cookie parameters the names (or format: password) say are secrets", async () => {
    const op = checkCard(await generateFrom(FIXTURE));
    expect(marks(op)).toEqual({
      "path pan": "card-number (its name says PAN)",
      "query card_number": "card-number (its name says card number)",
      "query cvv": "card-code (its name says card verification code)",
      "query login_hint": "secret (format: password)",
      "header X-Card-Number": "card-number (its name says card number)",
      "header X-Api-Secret": "secret (its name says secret)",
      "cookie session_token": "token (its name says token)",
    });
  });

  it("lists each in the README with where it is sent and why, and names their kinds", async () => {
    const result = await generateFrom(FIXTURE);
    // Table cells as written, without the padding that aligns the columns.
    const readme = result.files.find((f) => f.path === "README.md")!.content.replace(/ {2,}/g, " ");
    for (const row of [
      "| `pan` (path parameter of `checkCard`) | `card-number` | its name says PAN |",
      "| `card_number` (query parameter of `checkCard`) | `card-number` | its name says card number |",
      "| `cvv` (query parameter of `checkCard`) | `card-code` | its name says card verification code |",
      "| `login_hint` (query parameter of `checkCard`) | `secret` | format: password |",
      "| `X-Card-Number` (header parameter of `checkCard`) | `card-number` | its name says card number |",
      "| `X-Api-Secret` (header parameter of `checkCard`) | `secret` | its name says secret |",
      "| `session_token` (cookie parameter of `checkCard`) | `token` | its name says token |",
    ])
      expect(readme).toContain(row);
    expect(readme).not.toContain("`limit` (query");
    expect(readme).toContain("card numbers, card codes, tokens and passwords, secrets and keys");
  });

  it("counts them in the run's summary", async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), "paygen-param-summary-")), "out");
    const logs: string[] = [];
    const errors: string[] = [];
    const code = await main(
      ["generate", "--from", path.relative(process.cwd(), FIXTURE), "--out", out, "--no-cache"],
      (t) => logs.push(t),
      (t) => errors.push(t),
    );
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(logs.at(-1)).toMatch(
      /^paygen: 1 services, \d+ types, 1 operations, 7 sensitive parameters recognised by name, /,
    );
  }, 120_000);

  it("an overlay adds a mark to a parameter and removes one paygen would infer", async () => {
    const overlay = await overlayOf(
      `operations:\n  checkCard:\n    parameters:\n      X-Request-Tag: { sensitive: secret }\n      cvv: { sensitive: none }\n      pan: { sensitive: account-number }\n`,
    );
    const op = checkCard(await generateFrom(overlay));
    const got = marks(op);
    expect(got["header X-Request-Tag"]).toBe("secret (written)");
    expect(got["path pan"]).toBe("account-number (written)");
    expect(got["query cvv"]).toBeUndefined();
    expect(got["query card_number"]).toBe("card-number (its name says card number)");
  });

  it("an overlay mark on a parameter that holds no text or number is an error", async () => {
    const overlay = await overlayOf(
      `operations:\n  checkCard:\n    parameters:\n      scheme: { sensitive: secret }\n`,
    );
    const failure = await generateFrom(overlay).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SchemaErrors);
    expect((failure as SchemaErrors).diagnostics.map(formatDiagnostic).join("\n")).toMatch(
      /sensitive-params\.openapi\.yaml:\d+:\d+: .*only scalar parameters can be sensitive; "scheme" is /,
    );
  });

  it("an overlay naming a parameter the operation lacks, or the query kind, is an error at its place", async () => {
    const overlay = await overlayOf(
      `operations:\n  checkCard:\n    parameters:\n      card_numbr: { sensitive: none }\n      limit: { sensitive: query }\n`,
    );
    const failure = await generateFrom(overlay).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SchemaErrors);
    const messages = (failure as SchemaErrors).diagnostics.map(formatDiagnostic).join("\n");
    expect(messages).toMatch(
      /checks\.overlay\.yaml:6:7: .*operation "checkCard" has no parameter "card_numbr"; did you mean "card_number"\?/,
    );
    expect(messages).toMatch(
      /checks\.overlay\.yaml:7:\d+: .*sensitive must be one of card-number, /,
    );
  });
});
