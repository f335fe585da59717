import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParseError, type ParseFailure } from "../../../generator/runtime/errors.js";
import { parseJson, stringifyJson, type JsonObject } from "../../../generator/runtime/json.js";
import { expectNoBlowUp, leastCpuMillis } from "../../helpers/cost.js";

/** Runs `f` and returns the failure of the `ParseError` it throws. */
function failure(f: () => unknown): ParseFailure {
  try {
    f();
  } catch (e) {
    if (e instanceof ParseError) {
      expect(e.format).toBe("json");
      expect(e.code).toBe(`parse.${e.failure}`);
      return e.failure;
    }
    throw e;
  }
  throw new Error("expected a ParseError");
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("parseJson: values", () => {
  it("parses ordinary documents", () => {
    expect(parseJson('{"a":[1,2.5,-3,true,false,null,"x\\"y\\u00e9"],"b":{}}')).toEqual({
      a: [1, 2.5, -3, true, false, null, 'x"y\u00e9'],
      b: {},
    });
    expect(parseJson("  42 ")).toBe(42);
    expect(parseJson('"s"')).toBe("s");
    expect(parseJson("null")).toBeNull();
    expect(parseJson("[]")).toEqual([]);
  });

  it("keeps every digit of numbers a JS number cannot hold", () => {
    const doc = parseJson(
      '{"id":9223372036854775807,"neg":-9223372036854775808,"amount":12345678901234567.89,' +
        '"sixteen":0.1234567890123456,"safe":9007199254740991,"unsafe":9007199254740992,' +
        '"huge":1e400,"tiny":1e-400,"subnormal":4.9e-324,"many":[18446744073709551615,1.5,"12345678901234567890"],' +
        '"fifteen":123456789012.345,"exp":1.5e3,"zero":0.000000000000000000000,"negzero":-0,"one":1.0,"trailing":1.50000000000000000000}',
    );
    expect(doc).toEqual({
      id: "9223372036854775807",
      neg: "-9223372036854775808",
      amount: "12345678901234567.89",
      sixteen: "0.1234567890123456",
      safe: 9007199254740991,
      unsafe: "9007199254740992",
      huge: "1e400",
      tiny: "1e-400",
      subnormal: "4.9e-324",
      many: ["18446744073709551615", 1.5, "12345678901234567890"],
      fifteen: 123456789012.345,
      exp: 1500,
      zero: 0,
      negzero: -0,
      one: 1,
      trailing: 1.5,
    });
    expect(parseJson("12345678901234567890")).toBe("12345678901234567890");
    expect(parseJson("[1e21, 100000000000000000000]")).toEqual([1e21, "100000000000000000000"]);
  });

  it("does not turn invalid number positions or forms into valid JSON", () => {
    expect(failure(() => parseJson("{12345678901234567890:1}"))).toBe("malformed");
    expect(failure(() => parseJson('{"a":1,12345678901234567890:2}'))).toBe("malformed");
    expect(failure(() => parseJson('{"a" 12345678901234567890}'))).toBe("malformed");
    expect(failure(() => parseJson("[1 12345678901234567890]"))).toBe("malformed");
    for (const bad of [
      "[0123]",
      "[1.]",
      "[-]",
      "[1e]",
      "[.5]",
      "[+1]",
      "[012345678901234567]",
      "[1.2.3]",
      "[--1]",
      "[NaN]",
      "[Infinity]",
    ]) {
      expect(failure(() => parseJson(bad))).toBe("malformed");
    }
  });

  it("accepts bytes and tolerates a byte-order mark", () => {
    expect(parseJson('\uFEFF{"a":1}')).toEqual({ a: 1 });
    expect(parseJson(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"a":"\u00e9"}')]))).toEqual({
      a: "\u00e9",
    });
  });
});

describe("parseJson: against JSON.parse", () => {
  const text = fc.string({ unit: "binary", maxLength: 90 });
  const value = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(
        text.filter((key) => key !== "__proto__"),
        tie("value"),
        { maxKeys: 4 },
      ),
    ),
  })).value;

  it("reads what JSON.parse reads, escapes and white space included", () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, spaced) => {
        const body = JSON.stringify(v, null, spaced ? 1 : undefined);
        expect(parseJson(body)).toEqual(JSON.parse(body));
      }),
      { numRuns: 300, seed: 25 },
    );
  });

  it("refuses a raw control character wherever it stands in a string", () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 0x1f }), (a, b, code) => {
        const body = `{"k":${JSON.stringify(a).slice(0, -1)}${String.fromCharCode(code)}${JSON.stringify(b).slice(1)}}`;
        expect(failure(() => parseJson(body))).toBe("malformed");
      }),
      { numRuns: 200, seed: 25 },
    );
  });
});

describe("parseJson: hostile bodies", () => {
  it("empty body", () => {
    expect(failure(() => parseJson(""))).toBe("empty");
    expect(failure(() => parseJson(" \n\t\r"))).toBe("empty");
    expect(failure(() => parseJson(new Uint8Array(0)))).toBe("empty");
    expect(failure(() => parseJson("\uFEFF"))).toBe("empty");
  });

  it.each([
    ["an HTML error page", "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"],
    ["an HTML page with leading space", "\n  <html><body>Error</body></html>"],
    ["XML", '<?xml version="1.0"?><a/>'],
    ["plain text", "Service Unavailable"],
    ["a near literal", "nope"],
  ])("%s is not-json", (_, body) => {
    expect(failure(() => parseJson(body))).toBe("not-json");
  });

  it.each([
    ["a truncated object", '{"a":1'],
    ["a truncated string", '{"a":"x'],
    ["a truncated escape", '["\\'],
    ["a truncated array", "[1,2"],
    ["a truncated literal", "tru"],
    ["a trailing comma", "[1,]"],
    ["single quotes", "{'a':1}"],
    ["two documents", "{} {}"],
    ["a comment", '{"a":1 /* x */}'],
    ["invalid UTF-8 bytes", new Uint8Array([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d])],
  ])("%s is malformed", (_, body) => {
    expect(failure(() => parseJson(body))).toBe("malformed");
  });

  it("never quotes the body in an error message", () => {
    try {
      parseJson('{"cardNumber":"4111111111111111",');
      throw new Error("expected a ParseError");
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as ParseError).message).not.toContain("4111");
      expect((e as ParseError).cause).toBeUndefined();
    }
  });

  it("rejects a 50 MB body before reading it", () => {
    const size = 50 * 1024 * 1024;
    const text = `"${"x".repeat(size)}"`;
    const bytes = new Uint8Array(size).fill(0x20);
    for (const body of [text, bytes]) {
      expect(failure(() => parseJson(body))).toBe("too-large");
    }
    // Before reading: bytes that are not UTF-8 are too large, not malformed,
    // and refusing either body costs a small part of one scan over it.
    expect(failure(() => parseJson(new Uint8Array(size).fill(0xff)))).toBe("too-large");
    const refuse = leastCpuMillis(() => parseJson(text)) + leastCpuMillis(() => parseJson(bytes));
    const scan =
      leastCpuMillis(() => text.indexOf("\u0000")) + leastCpuMillis(() => bytes.indexOf(0));
    expect(refuse, `refusing cost ${refuse} ms, one scan ${scan} ms`).toBeLessThan(scan / 10);
    expect(failure(() => parseJson(`"${"\u20ac".repeat(400)}"`, { maxBytes: 1000 }))).toBe(
      "too-large",
    );
    expect(parseJson(`"${"\u20ac".repeat(400)}"`, { maxBytes: 1202 })).toBe("\u20ac".repeat(400));
    // Surrogate pairs are 4 bytes: 300 emoji are 600 code units and 1200 bytes.
    expect(parseJson(`"${"\u{1F600}".repeat(300)}"`, { maxBytes: 1202 })).toBe(
      "\u{1F600}".repeat(300),
    );
    expect(failure(() => parseJson(`"${"\u{1F600}".repeat(300)}"`, { maxBytes: 1201 }))).toBe(
      "too-large",
    );
  });

  it("rejects 10,000-deep nesting, at a cost that does not blow up with the depth", () => {
    const shapes = [
      (n: number) => "[".repeat(n) + "]".repeat(n),
      (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n),
      (n: number) => "[".repeat(n),
    ];
    for (const make of shapes) {
      expect(failure(() => parseJson(make(10_000)))).toBe("too-deep");
      expectNoBlowUp(make, (deep) => parseJson(deep), 10_000);
    }
  });

  it("accepts exactly maxDepth levels and ignores brackets inside strings", () => {
    expect(() => parseJson("[".repeat(100) + "]".repeat(100))).not.toThrow();
    expect(failure(() => parseJson("[".repeat(101) + "]".repeat(101)))).toBe("too-deep");
    expect(parseJson('[[["[[[[{{{{"]]]', { maxDepth: 3 })).toEqual([[["[[[[{{{{"]]]);
    expect(failure(() => parseJson('{"a":{"b":{"c":[]}}}', { maxDepth: 3 }))).toBe("too-deep");
  });

  // n is an eighth of the size that used to be tested alone; 8n is that size.
  it.each([
    ["many escaped quotes", (n: number) => '"' + '\\"'.repeat(n) + '"', 125_000],
    ["an unterminated string of escapes", (n: number) => '["' + "\\\\".repeat(n), 125_000],
    [
      "many long numbers",
      (n: number) =>
        "[" + Array.from({ length: n }, () => "12345678901234567890.5").join(",") + "]",
      6_250,
    ],
    ["many __proto__ keys", (n: number) => "[" + '{"__proto__":{"x":1}},'.repeat(n) + "1]", 6_250],
    ["many unterminated strings", (n: number) => '"'.repeat(n + 1), 125_000],
  ])("hostile input (%s) runs in linear time", (_, make, n) => {
    expectNoBlowUp(make, (body) => parseJson(body), n);
  });
});

describe("parseJson: prototype pollution", () => {
  it("drops __proto__ keys at every depth", () => {
    const doc = parseJson(
      '{"__proto__":{"polluted":1},"a":{"__proto__":{"polluted":2},"b":[{"__proto__":{"polluted":3}}]},"ok":1}',
    ) as JsonObject;
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.keys(doc)).toEqual(["a", "ok"]);
    expect(Object.prototype.hasOwnProperty.call(doc, "__proto__")).toBe(false);
    const a = doc["a"] as JsonObject;
    expect(Object.keys(a)).toEqual(["b"]);
    expect(a["b"]).toEqual([{}]);
    expect(Object.getPrototypeOf((a["b"] as JsonObject[])[0])).toBe(Object.prototype);
    // Copying the result with Object.assign cannot change a prototype either.
    const copy = Object.assign({}, doc) as Record<string, unknown>;
    expect(copy["polluted"]).toBeUndefined();
  });

  it("drops a __proto__ key spelled with escapes or spaces", () => {
    const doc = parseJson(
      '{"\\u005f_proto__":{"polluted":1}, "__proto__" \n : {"polluted":2}, "x":"__proto__"}',
    );
    expect(doc).toEqual({ x: "__proto__" });
    expect(Object.keys(doc as JsonObject)).toEqual(["x"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("keeps constructor and prototype keys as harmless own data", () => {
    const doc = parseJson(
      '{"constructor":{"prototype":{"polluted":1}},"prototype":"p"}',
    ) as JsonObject;
    expect(Object.keys(doc)).toEqual(["constructor", "prototype"]);
    expect(doc["constructor"]).toEqual({ prototype: { polluted: 1 } });
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect({}.constructor).toBe(Object);
  });
});

describe("stringifyJson", () => {
  it("writes Decimal and Long strings as given and omits undefined", () => {
    expect(
      stringifyJson({
        amount: "12.50",
        id: "9223372036854775807",
        count: 3,
        skip: undefined,
        list: ["0.10"],
        nested: { ok: true },
      }),
    ).toBe(
      '{"amount":"12.50","id":"9223372036854775807","count":3,"list":["0.10"],"nested":{"ok":true}}',
    );
  });

  it("round-trips through parseJson", () => {
    const value = { a: [1, "x", null, { b: false }], c: '\u2028"\\' };
    expect(parseJson(stringifyJson(value))).toEqual(value);
  });

  it("writes what JSON.stringify writes for any JSON value, escapes and lone surrogates included", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ unit: "grapheme-ascii", minLength: 60, maxLength: 200 }),
      fc.string({ unit: "binary", minLength: 60, maxLength: 200 }),
    );
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(text, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(value, (v) => {
        expect(stringifyJson(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: 500, seed: 25 },
    );
  });

  it("writes every kind of text as JSON.stringify does: printable ASCII with and without quotes or backslashes, DEL, controls, non-ASCII, surrogates", () => {
    const texts = [
      "",
      "plain ~ text",
      'a "quote"',
      "a \\ backslash",
      "del \u007f",
      "tab\there",
      "\u0000",
      "caf\u00e9",
      "\u2028",
      "pair \ud83d\ude00",
      "lone \ud800",
      "lone \udfff end",
    ];
    for (const text of texts) expect(stringifyJson({ text })).toBe(JSON.stringify({ text }));
  });

  it("writes boxed primitives, toJSON results and holes of a sparse list as JSON.stringify does", () => {
    const holes: unknown[] = [1];
    holes[3] = 2;
    const value = {
      holes,
      n: Object(3) as unknown,
      s: Object('a"b') as unknown,
      b: Object(false) as unknown,
      d: new Date(0),
      t: { toJSON: () => ({ x: [1] }) },
    };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it("refuses a value that refers to itself, however deep its cycle starts", () => {
    const shallow: Record<string, unknown> = {};
    shallow.self = [shallow];
    expect(() => stringifyJson(shallow)).toThrow(/refers to itself/);
    const deep: Record<string, unknown> = {};
    let node = deep;
    for (let i = 0; i < 100; i++) node = (node.next = {}) as Record<string, unknown>;
    node.back = deep;
    expect(() => stringifyJson(deep)).toThrow(/refers to itself/);
  });

  it("writes an object shared by two deep branches twice: sharing is not a cycle", () => {
    const shared = { leaf: true };
    let value: unknown = [shared, shared];
    for (let i = 0; i < 60; i++) value = { inner: value };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it("throws for values without JSON form", () => {
    expect(() => stringifyJson(undefined)).toThrow(TypeError);
    expect(() => stringifyJson(() => 1)).toThrow(TypeError);
    expect(() => stringifyJson(1n)).toThrow(TypeError);
  });
});
