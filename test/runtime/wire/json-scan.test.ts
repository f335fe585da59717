import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { JsonScan, readJsonBody, scanJson } from "../../../generator/runtime/json-scan.js";
import { parseJsonTree } from "../../../generator/runtime/json.js";
import type { ParseLimits } from "../../../generator/runtime/body.js";
import type { ParsedObject, ReadContext } from "../../../generator/runtime/read-values.js";

/** Scanners of `{ id?: string, ok?: boolean, link?: { href: string } }` with the cursor alone: what the generated ones read before they build the typed value. */
function scanLink(c: JsonScan): ParsedObject {
  const obj: { [key: string]: unknown } = {};
  for (let more = c.open(); more; more = c.next()) {
    const key = c.key;
    if (key === "href") obj.href = c.scalar(obj.href);
    else c.giveUp();
  }
  return obj;
}

function scanAnswer(c: JsonScan): ParsedObject {
  const obj: { [key: string]: unknown } = {};
  for (let more = c.open(); more; more = c.next()) {
    const key = c.key;
    if (key === "id") obj.id = c.scalar(obj.id);
    else if (key === "ok") obj.ok = c.scalar(obj.ok);
    else if (key === "link") obj.link = scanLink(c.once(obj.link));
    else c.giveUp();
  }
  return obj;
}

/** Both parsers on one body: the scanner's object must be the tree parser's, key order included. */
function scanned(body: string | Uint8Array, limits?: ParseLimits): ParsedObject | undefined {
  const value = scanJson(body, limits, scanAnswer);
  if (value !== undefined) {
    const tree = parseJsonTree(body, limits);
    expect(isDeepStrictEqual(value, tree)).toBe(true);
    expect(JSON.stringify(value)).toBe(JSON.stringify(tree));
  }
  return value;
}

describe("a scanner builds the tree parser's object, or gives up", () => {
  const taken: readonly [string, string][] = [
    ["a flat object", '{"id":"1","ok":true}'],
    ["keys in any order, false", '{"ok":false,"id":"x y"}'],
    ["a nested object", '{"link":{"href":"/a/b"},"id":"2"}'],
    ["empty objects", '{"link":{}}'],
    ["an empty body object", "{}"],
    ["white space of every JSON kind", ' \r\n\t{ "id" : "1" ,\n  "link" : { "href" : "" } }\n'],
    ["a byte-order mark", '\uFEFF{"id":"1"}'],
    ["text beyond ASCII and a lone surrogate", '{"id":"ünï €\uD800"}'],
  ];
  it.each(taken)("takes %s", (_name, body) => {
    expect(scanned(body)).toBeDefined();
    expect(scanned(new TextEncoder().encode(body))).toBeDefined();
  });

  const refused: readonly [string, string, ParseLimits?][] = [
    ["a number", '{"id":1}'],
    ["null", '{"id":null}'],
    ["an array", '{"id":["1"]}'],
    ["an unknown key", '{"id":"1","other":"2"}'],
    ["a __proto__ key", '{"__proto__":{"x":"1"}}'],
    ["a key seen twice", '{"id":"1","id":"2"}'],
    ["a nested key seen twice", '{"link":{"href":"a","href":"b"}}'],
    ["an object where a scalar belongs", '{"id":{}}'],
    ["a scalar where an object belongs", '{"link":"x"}'],
    ["an escape anywhere", '{"id":"a\\"b"}'],
    ["an escaped key", '{"\\u0069d":"1"}'],
    ["a raw control character in a string", '{"id":"a\u0001b"}'],
    ["a raw line break in a string", '{"id":"a\nb"}'],
    ["a control character between tokens", '{"id":"1"\u0001}'],
    ["text after the object", '{"id":"1"}x'],
    ["a second value", '{"id":"1"} {}'],
    ["a truncated body", '{"id":"1","ok":tr'],
    ["a literal running on", '{"ok":truex}'],
    ["a missing colon", '{"id" "1"}'],
    ["a trailing comma", '{"id":"1",}'],
    ["a top-level array", '[{"id":"1"}]'],
    ["an empty body", ""],
    ["an HTML page", "<html></html>"],
    ["nesting deeper than the limit", '{"link":{"href":"a"}}', { maxDepth: 1 }],
    ["a body over the size limit", '{"id":"123456"}', { maxBytes: 10 }],
  ];
  it.each(refused)("gives up on %s", (_name, body, limits) => {
    expect(scanJson(body, limits, scanAnswer)).toBeUndefined();
  });

  it("takes nesting exactly at the limit, as the tree parser does", () => {
    expect(scanned('{"link":{"href":"a"}}', { maxDepth: 2 })).toBeDefined();
  });

  it("reads a body with the scanner when it takes it, else with the reader on the tree parser's object", () => {
    const read = (value: unknown) => ({ readFromTree: value });
    expect(readJsonBody('{"id":"1"}', undefined, scanAnswer, read)).toEqual({ id: "1" });
    expect(readJsonBody('{"id":"1","more":"2"}', undefined, scanAnswer, read)).toEqual({
      readFromTree: { id: "1", more: "2" },
    });
    // The scanner gets the call's context; an invalid one gives up, and the tree side reports it after the body.
    const contexts: ReadContext[] = [];
    readJsonBody(
      '{"id":"1"}',
      { onUnknown: "keep" },
      (c, o) => (contexts.push(o), scanAnswer(c)),
      read,
    );
    expect(contexts.map((o) => o.unknown)).toEqual(["keep"]);
    expect(() =>
      readJsonBody('{"id":"1"}', { onUnknown: "bogus" as never }, scanAnswer, read),
    ).toThrow(TypeError);
    expect(() => readJsonBody("{", { onUnknown: "bogus" as never }, scanAnswer, read)).toThrow(
      /malformed/,
    );
  });

  it("lets the tree parser report what the scanner gave up on", () => {
    const read = (value: unknown) => value;
    expect(() => readJsonBody('{"id":"1","id":"2"}', undefined, scanAnswer, read)).toThrow(
      /duplicate key id/,
    );
    expect(() => readJsonBody("", undefined, scanAnswer, read)).toThrow(/empty/);
    expect(readJsonBody('{"id":1}', undefined, scanAnswer, read)).toEqual({
      id: expect.objectContaining({ text: "1" }),
    });
  });
});
