import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonNode, JsonObjectNode } from "../../../generator/frontends/json/json-node.js";
import { toJsonValue } from "../../../generator/frontends/json/json-value.js";
import { readJson } from "../../../generator/frontends/json/read-json.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import { readSourceFile } from "../../../generator/frontends/json/read-source.js";
import {
  SourceProblem,
  SourceProblemsError,
  SourceProblems,
} from "../../../generator/frontends/source/source-problem.js";
import { expectNoBlowUp } from "../../helpers/cost.js";

const limits = sourceLimits("json");

function read(text: string): { root?: JsonNode; messages: string[] } {
  const parsed = readJson(text, "in.json", limits);
  return {
    ...(parsed.root ? { root: parsed.root } : {}),
    messages: parsed.problems.sorted().map((p) => p.message),
  };
}

function member(node: JsonNode | undefined, key: string): JsonNode {
  if (node?.kind !== "object") throw new Error("not an object");
  const found = node.members.get(key);
  if (!found) throw new Error(`no member ${key}`);
  return found.value;
}

describe("the JSON reader", () => {
  it("gives every value and key its line and column, 1-based", () => {
    const { root, messages } = read('{\n  "a": [1, true],\n  "b": {"c": null}\n}');
    expect(messages).toEqual([]);
    const object = root as JsonObjectNode;
    expect(object.at).toEqual({ file: "in.json", line: 1, col: 1 });
    expect(object.members.get("a")!.keyAt).toEqual({ file: "in.json", line: 2, col: 3 });
    const a = member(root, "a");
    expect(a.at).toMatchObject({ line: 2, col: 8 });
    expect(a.kind === "array" && a.items.map((i) => [i.at.line, i.at.col])).toEqual([
      [2, 9],
      [2, 12],
    ]);
    expect(member(member(root, "b"), "c").at).toMatchObject({ line: 3, col: 14 });
  });

  it("counts columns in characters: a character outside the BMP counts once", () => {
    const { root } = read('{"emoji": "😀😀", "after": 1}');
    const after = (root as JsonObjectNode).members.get("after")!;
    // The key starts at character 17 (UTF-16 unit 19), the value at character 26 (unit 28).
    expect(after.keyAt.col).toBe(17);
    expect(after.value.at.col).toBe(26);
  });

  it("keeps numbers as written, so decimals and 64-bit integers are exact", () => {
    const { root } = read(
      '{"amount": 12.30, "id": 18446744073709551615, "tiny": -1.5e-300, "zero": -0}',
    );
    expect(toJsonValue(root!)).toEqual(
      new Map([
        ["amount", { number: "12.30" }],
        ["id", { number: "18446744073709551615" }],
        ["tiny", { number: "-1.5e-300" }],
        ["zero", { number: "-0" }],
      ]),
    );
  });

  it("decodes escapes, including surrogate pairs", () => {
    const { root } = read('["a\\"b\\\\c\\/d\\b\\f\\n\\r\\t", "\\u00e9\\ud83d\\ude00"]');
    expect(toJsonValue(root!)).toEqual(['a"b\\c/d\b\f\n\r\t', "é😀"]);
  });

  it("keeps __proto__, constructor and prototype as plain keys", () => {
    const { root, messages } = read(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}',
    );
    expect(messages).toEqual([]);
    expect([...(root as JsonObjectNode).members.keys()]).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("reports every duplicate key at its position, naming the first, and keeps the first", () => {
    const { root, messages } = read('{\n"a": 1,\n"a": 2,\n"b": {"c": 1, "c": 2}\n}');
    expect(messages).toEqual([
      'in.json:3:1: duplicate key "a" (first at line 2, column 1)',
      'in.json:4:15: duplicate key "c" (first at line 4, column 7)',
    ]);
    expect(member(root, "a")).toMatchObject({ kind: "number", text: "1" });
  });

  it.each([
    ['{"a": 1,}', 'in.json:1:9: expected a key in double quotes, found "}"'],
    ["[1 2]", 'in.json:1:4: expected "," or "]" after an item, found "2"'],
    ['{"a" 1}', 'in.json:1:6: expected ":" after the key, found "1"'],
    ['"abc', "in.json:1:1: unterminated string"],
    ['"a\nb"', "in.json:1:1: unterminated string"],
    ['"a\tb"', "in.json:1:3: control character U+0009 in a string; write it escaped"],
    ['"\\x"', 'in.json:1:2: invalid escape "\\x" in a string'],
    ['"\\u12"', "in.json:1:2: expected four hexadecimal digits after \\u"],
    ["01", "in.json:1:1: a number may not start with 0 followed by digits"],
    ["1.", "in.json:1:3: expected digits after the decimal point"],
    ["-", 'in.json:1:2: expected digits after "-"'],
    ["1e", "in.json:1:3: expected digits in the exponent"],
    ["tru", 'in.json:1:1: expected a JSON value, found "t"'],
    ["{} {}", 'in.json:1:4: unexpected "{" after the JSON value'],
    ["// comment\n{}", 'in.json:1:1: expected a JSON value, found "/"'],
    ["", "in.json:1:1: the file holds no JSON value"],
    ["[1,", "in.json:1:4: unexpected end of file: expected a value"],
  ])("reports the syntax error of %j at its position", (text, message) => {
    const { root, messages } = read(text);
    expect(root).toBeUndefined();
    expect(messages).toEqual([message]);
  });

  it("accepts a leading byte order mark", () => {
    const { root, messages } = read('\uFEFF{"a": 1}');
    expect(messages).toEqual([]);
    expect(root!.at).toMatchObject({ line: 1, col: 1 });
  });

  it("refuses nesting deeper than the limit without recursing into it, and goes on", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const text = `{"deep": ${deep}, "a": 1, "a": 2}`;
    const parsed = readJson(text, "in.json", { ...limits, maxDepth: 64 });
    expect(parsed.root).toBeUndefined();
    expect(parsed.problems.sorted().map((p) => p.message)).toEqual([
      "in.json:1:73: nesting deeper than 64 levels; the reader stops at 64",
      'in.json:1:200020: duplicate key "a" (first at line 1, column 200012)',
    ]);
  });

  it("reads nesting up to the limit", () => {
    const text = "[".repeat(512) + "]".repeat(512);
    expect(read(text).messages).toEqual([]);
    expect(read("[".repeat(513) + "]".repeat(513)).messages).toEqual([
      "in.json:1:513: nesting deeper than 512 levels; the reader stops at 512",
    ]);
  });

  it("refuses text over the size limit before reading it", () => {
    const parsed = readJson(`"${"x".repeat(100)}"`, "in.json", { ...limits, maxBytes: 50 });
    expect(parsed.root).toBeUndefined();
    expect(parsed.problems.sorted().map((p) => p.message)).toEqual([
      "in.json:1:1: the file is 102 bytes; at most 50 are read (raise the size limit to read it)",
    ]);
  });

  it("reads in time linear in the size of the text", () => {
    const make = (n: number): string =>
      `[${Array.from({ length: n }, (_, i) => `{"id": ${i}, "name": "item ${i}", "tags": ["a", "b"], "price": 12.30}`).join(",\n")}]`;
    // Small enough that the trees stay in the young generation: beyond, garbage collection of a
    // growing heap costs more than linear time, for JSON.parse as much as for this reader.
    expectNoBlowUp(make, (text) => readJson(text, "in.json", limits), 500);
  });
});

describe("reading files", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "paygen-json-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reports bytes that are not UTF-8 at their line and column", async () => {
    const file = path.join(dir, "latin1.json");
    await writeFile(
      file,
      Buffer.concat([Buffer.from('{\n  "name": "Caf'), Buffer.from([0xe9]), Buffer.from('"\n}')]),
    );
    const parsed = await readSourceFile(file, "latin1.json");
    expect(parsed.root).toBeUndefined();
    expect(parsed.problems.sorted().map((p) => p.message)).toEqual([
      "latin1.json:2:15: the file is not UTF-8: the character starting with byte 0xE9 is incomplete; save it as UTF-8",
    ]);
  });

  it("refuses a file over the size limit without reading it", async () => {
    const file = path.join(dir, "big.json");
    await writeFile(file, `[${"1,".repeat(1000)}1]`);
    const parsed = await readSourceFile(file, "big.json", { maxBytes: 1000 });
    expect(parsed.problems.sorted().map((p) => p.message)).toEqual([
      "big.json:1:1: the file is 2003 bytes; at most 1000 are read (raise the size limit to read it)",
    ]);
  });

  it("reads only .json, .yaml and .yml files", async () => {
    const parsed = await readSourceFile(path.join(dir, "spec.txt"), "spec.txt");
    expect(parsed.problems.sorted().map((p) => p.message)).toEqual([
      "spec.txt:1:1: only .json, .yaml and .yml files can be read",
    ]);
  });
});

describe("problems", () => {
  it("are errors with a file, a line, a column and a message, formatted file:line:col: message (at pointer)", () => {
    const problem = new SourceProblem(
      { file: "api.yaml", line: 3, col: 7 },
      "unknown key",
      "#/paths/~1pets/get",
    );
    expect(problem).toBeInstanceOf(Error);
    expect([problem.file, problem.line, problem.col, problem.detail]).toEqual([
      "api.yaml",
      3,
      7,
      "unknown key",
    ]);
    expect(problem.message).toBe("api.yaml:3:7: unknown key (at #/paths/~1pets/get)");
    expect(problem.toDiagnostic()).toEqual({
      at: { file: "api.yaml", line: 3, col: 7 },
      message: "unknown key",
      pointer: "#/paths/~1pets/get",
    });
  });

  it.each([
    {
      given: { severity: "error" as const, kind: undefined },
      want: {
        message: "api.yaml:3:7: unknown key (at #/a)",
        diagnostic: { message: "unknown key", pointer: "#/a" },
      },
    },
    {
      given: { severity: "warning" as const, kind: "ref-sibling" },
      want: {
        message: "api.yaml:3:7: warning: unknown key (at #/a)",
        diagnostic: {
          message: "unknown key",
          pointer: "#/a",
          severity: "warning",
          kind: "ref-sibling",
        },
      },
    },
  ])(
    "a $given.severity reads file:line:col: [warning: ]detail (at pointer), and keeps its kind",
    ({ given, want }) => {
      const problem = new SourceProblem(
        { file: "api.yaml", line: 3, col: 7 },
        "unknown key",
        "#/a",
        given.severity,
        given.kind,
      );
      expect(problem.message).toBe(want.message);
      expect(problem.toDiagnostic()).toEqual({
        at: { file: "api.yaml", line: 3, col: 7 },
        ...want.diagnostic,
      });
    },
  );

  it("are collected with warnings apart: only errors count and stop a read", () => {
    const problems = new SourceProblems();
    problems.warning({ file: "a.yaml", line: 2, col: 1 }, "ref-sibling", "ignored", "#/x");
    problems.error({ file: "a.yaml", line: 1, col: 1 }, "broken");
    expect(problems.count).toBe(1);
    expect(problems.errors().map((p) => p.message)).toEqual(["a.yaml:1:1: broken"]);
    expect(problems.warnings().map((p) => p.message)).toEqual([
      "a.yaml:2:1: warning: ignored (at #/x)",
    ]);
    expect(() => problems.throwIfAny()).toThrow("a.yaml:1:1: broken");
  });

  it("are collected and thrown together, sorted", () => {
    const problems = new SourceProblems();
    problems.error({ file: "b.yaml", line: 1, col: 1 }, "second");
    problems.error({ file: "a.yaml", line: 9, col: 2 }, "first");
    expect(() => problems.throwIfAny()).toThrow(SourceProblemsError);
    try {
      problems.throwIfAny();
    } catch (error) {
      expect((error as SourceProblemsError).problems.map((p) => p.message)).toEqual([
        "a.yaml:9:2: first",
        "b.yaml:1:1: second",
      ]);
      expect((error as Error).message).toBe("a.yaml:9:2: first\nb.yaml:1:1: second");
    }
  });
});
