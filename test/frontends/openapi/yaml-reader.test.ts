import { describe, expect, it } from "vitest";
import type { JsonNode, JsonObjectNode } from "../../../generator/frontends/json/json-node.js";
import { toJsonValue } from "../../../generator/frontends/json/json-value.js";
import { readJson } from "../../../generator/frontends/json/read-json.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import { readYamlNodes } from "../../../generator/frontends/json/read-yaml-nodes.js";

function read(
  text: string,
  limits = sourceLimits("yaml"),
): { root?: JsonNode; messages: string[] } {
  const parsed = readYamlNodes(text, "in.yaml", limits);
  return {
    ...(parsed.root ? { root: parsed.root } : {}),
    messages: parsed.problems.sorted().map((p) => p.message),
  };
}

/** Every node's kind and position, depth first, keys included. */
function positions(node: JsonNode): string[] {
  const here = `${node.kind}@${node.at.line}:${node.at.col}`;
  if (node.kind === "object")
    return [
      here,
      ...[...node.members.values()].flatMap((m) => [
        `key ${m.key}@${m.keyAt.line}:${m.keyAt.col}`,
        ...positions(m.value),
      ]),
    ];
  if (node.kind === "array") return [here, ...node.items.flatMap(positions)];
  return [here];
}

describe("the YAML reader", () => {
  it("gives the same nodes as the JSON reader, positions included, for JSON-compatible YAML", () => {
    const text = '{"a": [1, true, null],\n "b": {"c": "d"}}';
    const fromYaml = read(text).root!;
    const fromJson = readJson(text, "in.yaml", sourceLimits("json")).root!;
    expect(toJsonValue(fromYaml)).toEqual(toJsonValue(fromJson));
    expect(positions(fromYaml)).toEqual(positions(fromJson));
  });

  it("positions block YAML values and keys, columns in characters", () => {
    const { root, messages } = read(
      'info:\n  title: "😀 shop"\n  version: 1\nlist:\n  - one\n  - two\n',
    );
    expect(messages).toEqual([]);
    expect(positions(root!)).toEqual([
      "object@1:1",
      "key info@1:1",
      "object@2:3",
      "key title@2:3",
      "string@2:10",
      "key version@3:3",
      "number@3:12",
      "key list@4:1",
      "array@5:3",
      "string@5:5",
      "string@6:5",
    ]);
    const emoji = read('a: "😀😀"\nb: [ "😀", x ]').root as JsonObjectNode;
    const items = emoji.members.get("b")!.value;
    expect(items.kind === "array" && items.items[1]!.at.col).toBe(11);
  });

  it("does not count a leading byte order mark as a column", () => {
    const { root } = read("\uFEFFa: 1\nb: 2\n");
    expect(positions(root!)).toEqual([
      "object@1:1",
      "key a@1:1",
      "number@1:4",
      "key b@2:1",
      "number@2:4",
    ]);
  });

  it('reads keys as their source text: 200: is the key "200"', () => {
    const { root } = read("responses:\n  200: ok\n  4XX: client\n  default: other\n  true: yes\n");
    const responses = (root as JsonObjectNode).members.get("responses")!.value as JsonObjectNode;
    expect([...responses.members.keys()]).toEqual(["200", "4XX", "default", "true"]);
  });

  it("keeps numbers exact, and writes YAML-only forms as JSON numbers", () => {
    const { root, messages } = read(
      "a: 12.30\nb: 18446744073709551615\nc: 0x1F\nd: 0o17\ne: +5\nf: .5\ng: 1e3\n",
    );
    expect(messages).toEqual([]);
    expect(toJsonValue(root!)).toEqual(
      new Map([
        ["a", { number: "12.30" }],
        ["b", { number: "18446744073709551615" }],
        ["c", { number: "31" }],
        ["d", { number: "15" }],
        ["e", { number: "5" }],
        ["f", { number: "0.5" }],
        ["g", { number: "1e3" }],
      ]),
    );
  });

  it("refuses what JSON cannot say, at its position", () => {
    expect(read("a: .inf\n").messages).toEqual([
      "in.yaml:1:4: the number .inf cannot be written in JSON",
    ]);
    expect(read("? [a, b]\n: c\n").messages).toEqual([
      "in.yaml:1:3: YAML: a key must be a string, not a map, a list or an alias",
    ]);
  });

  it("reports duplicate keys like the JSON reader", () => {
    expect(read("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n").messages).toEqual([
      'in.yaml:4:3: duplicate key "c" (first at line 3, column 3)',
      'in.yaml:5:1: duplicate key "a" (first at line 1, column 1)',
    ]);
  });

  it("keeps __proto__ as a plain key", () => {
    const { root } = read("__proto__:\n  polluted: true\nconstructor: 1\n");
    expect([...(root as JsonObjectNode).members.keys()]).toEqual(["__proto__", "constructor"]);
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("shares an alias's node instead of copying it", () => {
    const { root } = read("base: &b {x: 1}\ncopy: *b\n");
    const members = (root as JsonObjectNode).members;
    expect(members.get("copy")!.value).toBe(members.get("base")!.value);
  });

  it("refuses aliases that multiply the document (billion laughs)", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${"abcdefghij"[i]}: &${"abcdefghij"[i]} [${Array(10)
          .fill(`*${"abcdefghij"[i - 1]}`)
          .join(", ")}]`,
      );
    const { root, messages } = read(`${levels.join("\n")}\n`);
    expect(root).toBeUndefined();
    expect(messages[0]).toMatch(
      /^in\.yaml:\d+:\d+: YAML: aliases expand the document beyond 1000000 nodes$/,
    );
  });

  it("refuses an alias to the node that contains it", () => {
    const { root, messages } = read("a: &a\n  b: *a\n");
    expect(root).toBeUndefined();
    expect(messages).toEqual(["in.yaml:2:6: YAML: alias *a refers to a node that contains it"]);
  });

  it("reports YAML syntax errors at their position", () => {
    const { root, messages } = read("a: [1, 2\nb: 3\n");
    expect(root).toBeUndefined();
    expect(messages).toEqual([
      "in.yaml:2:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
    expect(read("a: 1\n---\nb: 2\n").messages).toEqual([
      "in.yaml:2:1: YAML: Source contains multiple documents; please use YAML.parseAllDocuments()",
    ]);
  });

  it("reports tags it does not know", () => {
    expect(read("a: !custom 1\n").messages).toEqual(["in.yaml:1:4: YAML: Unresolved tag: !custom"]);
  });

  it("refuses nesting deeper than the limit", () => {
    const text = `${"[".repeat(40)}${"]".repeat(40)}`;
    const { root, messages } = read(text, { ...sourceLimits("yaml"), maxDepth: 16 });
    expect(root).toBeUndefined();
    expect(messages).toEqual([
      "in.yaml:1:17: nesting deeper than 16 levels; the reader stops at 16",
    ]);
  });

  it("keeps a number's YAML text beside its JSON text when the two differ", () => {
    const { root } = read("a: 012\nb: 0x1F\nc: 12.30\n");
    const numbers = [...(root as JsonObjectNode).members.values()].map((m) =>
      m.value.kind === "number" ? [m.value.text, m.value.written] : m.value.kind,
    );
    expect(numbers).toEqual([
      ["12", "012"],
      ["31", "0x1F"],
      ["12.30", undefined],
    ]);
  });

  it("reads a file without a value as no root, and no problem, when it may be empty", () => {
    for (const text of ["", "# only a comment\n"]) {
      const parsed = readYamlNodes(text, "in.yaml", sourceLimits("yaml"), { mayBeEmpty: true });
      expect([parsed.root, parsed.problems.sorted()]).toEqual([undefined, []]);
      expect(read(text).messages).toEqual(["in.yaml:1:1: the file holds no YAML value"]);
    }
  });

  it("refuses text over the size limit before parsing it", () => {
    expect(read("a: 1234567890\n", { ...sourceLimits("yaml"), maxBytes: 5 }).messages).toEqual([
      "in.yaml:1:1: the file is 14 bytes; at most 5 are read (raise the size limit to read it)",
    ]);
  });
});
