import { describe, expect, it, vi } from "vitest";
import type { ObjectDescription, TypeDescription } from "../../../generator/runtime/description.js";
import {
  dateTimeScalar,
  decimalScalar,
  intScalar,
  stringScalar,
} from "../../../generator/runtime/described-scalars.js";
import { parseJsonTree } from "../../../generator/runtime/json.js";

// The tree reading's parser, counted: a body the walk reads must not reach it.
vi.mock("../../../generator/runtime/json.js", async (importActual) => {
  const actual = await importActual<typeof import("../../../generator/runtime/json.js")>();
  return { ...actual, parseJsonTree: vi.fn(actual.parseJsonTree) };
});
import { readDescribed } from "../../../generator/runtime/read-description.js";
import { readDescribedJson } from "../../../generator/runtime/read-description-json.js";
import { type ReadOptions, unknownData } from "../../../generator/runtime/read-options.js";
import { readContext } from "../../../generator/runtime/read-values.js";

const link: ObjectDescription = {
  fields: [
    { name: "href", type: stringScalar, required: true },
    { name: "method", type: ["GET", "POST"] },
  ],
};

const answer: ObjectDescription = {
  fields: [
    { name: "id", type: stringScalar, required: true },
    { name: "self", type: () => link },
    { name: "links", type: () => link, list: [0] },
    { name: "at", type: dateTimeScalar },
    { name: "amount", type: decimalScalar },
    { name: "count", type: intScalar },
    { name: "note", type: stringScalar, nullable: true },
    { name: 'odd"name', type: stringScalar },
  ],
};

/** The same type, which keeps what the contract does not show beside the value. */
const kept: ObjectDescription = { ...answer, open: true, kept: true };

/** What reading gives: the value, or the error (its class and every property). */
function outcome(reading: () => unknown): { value?: unknown; error?: unknown } {
  try {
    return { value: reading() };
  } catch (error) {
    return { error };
  }
}

/** Reads `body` both ways and expects the same value (or error); returns `readDescribedJson`'s outcome. */
function same(
  body: string | Uint8Array,
  description: TypeDescription,
  options?: ReadOptions,
): { value?: unknown; error?: unknown } {
  const tree = outcome(() =>
    readDescribed(parseJsonTree(body, options), description, "", readContext(options)),
  );
  const text = outcome(() => readDescribedJson(body, description, options));
  expect(text).toStrictEqual(tree);
  expect(unknownData(text.value)).toStrictEqual(unknownData(tree.value));
  if (tree.error !== undefined) {
    expect(text.error).toBeInstanceOf((tree.error as object).constructor);
    expect(text.error).toMatchObject({ ...(tree.error as object) });
    expect((text.error as Error).message).toBe((tree.error as Error).message);
  }
  return text;
}

const valid =
  '{"id":"p1","self":{"href":"/p/1","method":"GET"},"links":[{"href":"/a"}],"at":"2024-06-03T17:00:52Z","amount":12.30,"count":3,"note":null}';

describe("readDescribedJson", () => {
  it("reads a body as the tree parser and the generic reader do, whatever the order of its members and its white space", () => {
    expect(same(valid, answer).value).toStrictEqual({
      id: "p1",
      self: { href: "/p/1", method: "GET" },
      links: [{ href: "/a" }],
      at: "2024-06-03T17:00:52Z",
      amount: "12.30",
      count: 3,
      note: null,
    });
    same(
      ' \n{ "note" : "n" , "self" : { "method" : "POST" , "href" : "x" } , "id" : "2" } \t',
      answer,
    );
    same(new TextEncoder().encode(`\ufeff${valid}`), answer);
    same('{"id":"1","\\u0069d":"2"}', answer);
    same('{"\\u0069d":"1","odd\\"name":"o"}', answer);
  });

  it("reads a valid body in the walk of its text, without the tree reading, and leaves a doubtful one to it", () => {
    const treeReadings = (read: () => unknown): number => {
      vi.mocked(parseJsonTree).mockClear();
      read();
      return vi.mocked(parseJsonTree).mock.calls.length;
    };
    expect(treeReadings(() => readDescribedJson(valid, answer))).toBe(0);
    expect(treeReadings(() => readDescribedJson('{"id":"1","extra":{"n":1}}', kept))).toBe(0);
    // A duplicate key: the walk doubts, and the tree reading throws the body's error.
    expect(
      treeReadings(() => outcome(() => readDescribedJson('{"id":"1","id":"2"}', answer))),
    ).toBe(1);
  });

  it("gives the tree reading's error for every body it refuses", () => {
    const bodies = [
      "",
      "  ",
      "<html>",
      "[]",
      '"text"',
      '{"id":"1"',
      '{"id":"1"} x',
      '{"id":"1",}',
      '{"id" "1"}',
      '{"id":1}',
      '{"self":{"href":"x"}}',
      '{"id":"1","id":"2"}',
      '{"id":"1","self":{"href":"a","href":"b"}}',
      '{"id":"1","extra":1,"extra":2}',
      '{"id":"1","self":{"href":"x","method":"PUT"}}',
      '{"id":"1","at":"yesterday"}',
      '{"id":"1","count":1.5}',
      '{"id":"1","self":[]}',
      '{"id":"1","note":"a\u0001b"}',
      '{"id\u0001":"1"}',
      '{"id":"1","links":[{"href":"a"},{}]}',
      '{"id":"1","extra":{"a":[1,{"b":tru}]}}',
      '{"id":"1","count":99999999999}',
    ];
    for (const body of bodies) expect(same(body, answer).error, body).toBeInstanceOf(Error);
  });

  it("drops __proto__ members and sets no prototype, as the parser does", () => {
    const { value } = same(
      '{"__proto__":{"polluted":true},"id":"1","__proto__":1,"self":{"__proto__":{"href":"x"},"href":"y"}}',
      answer,
    );
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    same('{"__proto__":{"polluted":true},"id":"1"}', kept);
  });

  it("keeps what a kept type does not show beside the value, and honours every onUnknown mode", () => {
    const body = '{"id":"1","extra":{"n":1},"self":{"href":"x","more":[2]}}';
    const { value } = same(body, kept);
    expect(unknownData(value)?.fields).toStrictEqual({ extra: { n: 1 } });
    same(body, answer);
    same('{"z":1,"id":"1","a":{"b":[1.50,"x"]},"\\u0061b":null,"2":2,"1":1}', kept);
    same('{"id":"1","n":1,"n":2}', kept);
    same(body, answer, { onUnknown: "keep" });
    same(body, answer, { onUnknown: "reject" });
    same(body, kept, { onUnknown: "reject" });
  });

  it("honours the depth and size limits, and checks the options as the tree reading does", () => {
    same(valid, answer, { maxDepth: 2 });
    same(valid, answer, { maxDepth: 3 });
    same('{"id":"1","extra":[[[[1]]]]}', answer, { maxDepth: 4 });
    same(valid, answer, { maxBytes: 10 });
    same("{", answer, { onUnknown: "sometimes" as "keep" });
    same(valid, answer, { onUnknown: "sometimes" as "keep" });
  });
});
