import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { PROJECT_ROOT } from "../../../generator/generate.js";
import { readSourceText } from "../../../generator/frontends/json/read-source.js";
import {
  DEFAULT_SOURCE_LIMITS,
  sourceLimits,
} from "../../../generator/frontends/source/source-limits.js";
import { SourceProblem } from "../../../generator/frontends/source/source-problem.js";
import { decodeXml } from "../../../generator/frontends/xml/decode-xml.js";
import { readXml } from "../../../generator/frontends/xml/read-xml.js";

/**
 * The layer every reader of positioned text shares (`frontends/source/`):
 * one limits policy, one problem type, one strict UTF-8 decoder.
 */

const FRONTENDS = path.join(PROJECT_ROOT, "generator", "frontends");
const MIB = 1024 * 1024;

/** A module that turns bytes into text itself: a `TextDecoder`, a buffer's `toString("utf8")`, or a file read as text. */
const DECODES_TEXT =
  /new TextDecoder\(|\.toString\(\s*["']utf-?8["']\s*\)|import\s*\{[^}]*\breadFile(Sync)?\b[^}]*\}\s*from\s*"node:fs/;

/** The problem `read` throws. */
function thrown(read: () => unknown): SourceProblem {
  try {
    read();
  } catch (error) {
    if (error instanceof SourceProblem) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

/** Every TypeScript module under `generator/frontends/`, relative to it with `/` separators, and its text. */
function frontEndModules(): { module: string; text: string }[] {
  const out: { module: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts"))
        out.push({
          module: path.relative(FRONTENDS, full).split(path.sep).join("/"),
          text: readFileSync(full, "utf8"),
        });
    }
  };
  walk(FRONTENDS);
  return out.sort((a, b) => (a.module < b.module ? -1 : 1));
}

describe("the limits of positioned text", () => {
  it("keeps each format's documented default in one policy", () => {
    expect(DEFAULT_SOURCE_LIMITS).toEqual({
      json: { maxBytes: 64 * MIB, maxDepth: 512 },
      yaml: { maxBytes: 64 * MIB, maxDepth: 512 },
      xml: { maxBytes: 32 * MIB, maxDepth: 512 },
    });
  });

  it("takes what the caller sets over the format's defaults", () => {
    expect(sourceLimits("xml", { maxDepth: 3 })).toEqual({ maxBytes: 32 * MIB, maxDepth: 3 });
    expect(sourceLimits("json", { maxBytes: 10 })).toEqual({ maxBytes: 10, maxDepth: 512 });
  });

  it("bounds JSON, YAML and XML nesting alike", () => {
    const json = readSourceText("[[[1]]]", "t.json", "json", { maxDepth: 2 });
    const yaml = readSourceText("a:\n  b:\n    c: 1\n", "t.yaml", "yaml", { maxDepth: 2 });
    expect([...json.problems.errors(), ...yaml.problems.errors()].map((p) => p.message)).toEqual([
      "t.json:1:3: nesting deeper than 2 levels; the reader stops at 2",
      "t.yaml:3:5: nesting deeper than 2 levels; the reader stops at 2",
    ]);
    expect(
      thrown(() => readXml("<a><b><c/></b></a>", { file: "t.xml", limits: { maxDepth: 2 } }))
        .message,
    ).toBe("t.xml:1:7: elements are nested more than 2 deep; at most 2 levels are read");
  });
});

describe("problems of positioned text", () => {
  it("are one type for XML as for JSON and YAML, printed as a diagnostic is", () => {
    const problem = thrown(() => readXml("<a>\n  <b></c>\n</a>", { file: "t.xml" }));
    expect(problem.toDiagnostic()).toEqual({
      at: { file: "t.xml", line: 2, col: 6 },
      message: problem.detail,
    });
    // The one format of a problem's line, control characters escaped for a terminal.
    expect(problem.message).toBe(formatDiagnostic(problem.toDiagnostic()));
    expect(problem.toString()).toBe(problem.message);
    expect(problem.message).toBe(
      "t.xml:2:6: the end tag </c> does not match the start tag <b> (line 2, column 3)",
    );
  });

  it("escape contract text in an XML problem as in a JSON one", () => {
    const problem = thrown(() =>
      readXml('<?xml version="1.0" encoding="a\u202Eb"?><a/>', { file: "t.xml" }),
    );
    expect(problem.detail).toBe('"a\u202Eb" is not an encoding name');
    expect(problem.message).toBe('t.xml:1:31: "a\\u202eb" is not an encoding name');
  });

  it("position invalid UTF-8 in XML through the one strict decoder", () => {
    const bytes = new TextEncoder().encode("<a>\n  é</a>");
    const invalid = Uint8Array.from([...bytes.subarray(0, 6), 0xff, ...bytes.subarray(8)]);
    expect(thrown(() => decodeXml(invalid, "t.xml")).message).toBe(
      "t.xml:2:3: the file is not UTF-8: byte 0xFF cannot start a character; save it as UTF-8",
    );
  });
});

describe("decoding of positioned text", () => {
  it("goes through the one strict UTF-8 decoder; only XML decodes the other encodings it declares", () => {
    const decoders = frontEndModules()
      .filter(({ text }) => DECODES_TEXT.test(text))
      .map(({ module }) => module);
    expect(decoders).toEqual(["source/decode-utf8.ts", "xml/decode-xml.ts"]);
    const xml = frontEndModules().find((m) => m.module === "xml/decode-xml.ts")!.text;
    expect(xml).toContain("decodeUtf8(");
    expect([...xml.matchAll(/new TextDecoder\(([^)]*)\)/g)].map((m) => m[1])).not.toContain(
      '"utf-8"',
    );
  });
});
