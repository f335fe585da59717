/**
 * Contract text printed to a terminal is escaped: a name holding an escape
 * sequence or a line break cannot colour the terminal or forge a diagnostic.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../generator/cli.js";
import { formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";
import { terminalText } from "../../generator/diagnostics/terminal-text.js";
import { SourceProblem } from "../../generator/frontends/source/source-problem.js";
import { writeSchemas, SOAP_SERVICE } from "../helpers/temp-schemas.js";

const HOSTILE = "Evil\u001b[31m\u001b]0;title\u0007\nschemas/forged.yaml:1:1: forged\r\u009b\u202e";
const ESCAPED =
  "Evil\\u001b[31m\\u001b]0;title\\u0007\\nschemas/forged.yaml:1:1: forged\\r\\u009b\\u202e";
/** Anything a terminal acts on rather than shows. */
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("terminalText", () => {
  it("writes control characters, line breaks and bidirectional overrides visibly, and leaves other text as it is", () => {
    expect(terminalText(HOSTILE)).toBe(ESCAPED);
    expect(terminalText("café \\n 日本 tab\there")).toBe("café \\n 日本 tab\\there");
    // The bidirectional marks too (Arabic letter mark, left-to-right and right-to-left marks).
    expect(terminalText("a\u061cb\u200ec\u200fd")).toBe("a\\u061cb\\u200ec\\u200fd");
  });

  it("is what formatDiagnostic and a SourceProblem's message print", () => {
    const at = { file: "schemas/x\u001b.yaml", line: 3, col: 4 };
    expect(formatDiagnostic({ at, message: `unknown type "${HOSTILE}"` })).toBe(
      `schemas/x\\u001b.yaml:3:4: unknown type "${ESCAPED}"`,
    );
    const problem = new SourceProblem(at, `unknown "${HOSTILE}"`, "#/a\nb");
    expect(problem.message).toBe(`schemas/x\\u001b.yaml:3:4: unknown "${ESCAPED}" (at #/a\\nb)`);
    expect(problem.detail).toBe(`unknown "${HOSTILE}"`);
  });
});

describe("the generate command prints hostile contract names escaped", () => {
  it("an unknown type named with an escape sequence and a line break reaches stderr on one escaped line", async () => {
    const root = await writeSchemas({
      "svc/service.yaml": `${SOAP_SERVICE}  Pay:\n    extends: Req\n    fields:\n      - { name: amount, type: ${JSON.stringify(HOSTILE)} }\n`,
    });
    const err: string[] = [];
    const out = path.join(await mkdtemp(path.join(tmpdir(), "paygen-terminal-")), "out");
    const code = await main(
      ["--schemas", path.join(root, "schemas"), "--out", out, "--no-cache"],
      () => {},
      (m) => err.push(m),
    );
    expect(code).toBe(1);
    const problem = err.find((line) => line.includes("Evil"));
    expect(problem, err.join("\n")).toContain(ESCAPED);
    for (const line of err) expect(line).not.toMatch(RAW_CONTROL);
  });
});
