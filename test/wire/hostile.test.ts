import { describe, expect, it } from "vitest";
import { ParseError, SoapFaultError } from "../../generated/subscriptions/index.js";
import { leastCpuMillis } from "../helpers/cost.js";
import { fn, generatedModule } from "../helpers/generated.js";

const xml = await generatedModule("subscriptions", "xml");
const json = await generatedModule("payments", "json");
const parseSoap = fn<(x: string | Uint8Array) => unknown>(
  xml,
  "parseARBGetSubscriptionListResponse",
);
const parseRest = fn<(x: string | Uint8Array) => unknown>(json, "parsePaymentResponse");

/** Runs `f`, expecting a ParseError with the given failure; anything else (a TypeError, a hang) fails. */
function failure(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof ParseError) return error.failure;
    throw error;
  }
  throw new Error("expected a ParseError");
}

const ok = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ARBGetSubscriptionListResponse><ARBGetSubscriptionListResult><resultCode>Ok</resultCode><totalNumInResultSet>0</totalNumInResultSet></ARBGetSubscriptionListResult></ARBGetSubscriptionListResponse></soap:Body></soap:Envelope>`;

describe("generated SOAP parsers on broken and hostile input", () => {
  it("an HTML error page", () =>
    expect(
      failure(() => parseSoap("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>")),
    ).toMatch(/not-xml|dtd-forbidden/));
  it("an empty body", () => expect(failure(() => parseSoap(""))).toBe("empty"));
  it("a leading byte-order mark is fine", () =>
    expect(parseSoap(`\uFEFF${ok}`)).toEqual({ resultCode: "Ok", totalNumInResultSet: 0 }));
  it("truncated XML", () =>
    expect(failure(() => parseSoap(ok.slice(0, ok.length - 30)))).toBe("malformed"));
  it("a SOAP Fault is a typed SoapFaultError", () => {
    const fault = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Bad request</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
    expect(() => parseSoap(fault)).toThrow(SoapFaultError);
    try {
      parseSoap(fault);
    } catch (e) {
      expect((e as SoapFaultError).faultString).toBe("Bad request");
    }
  });
  it("a 50 MB body is refused before parsing", () => {
    const big = `<a>${"x".repeat(50 * 1024 * 1024)}</a>`;
    expect(failure(() => parseSoap(big))).toBe("too-large");
    // Before parsing: a body the parser would refuse for its DTD is refused for its size,
    expect(failure(() => parseSoap(`<!DOCTYPE a [<!ENTITY x "y">]>${big}`))).toBe("too-large");
    // and refusing it costs a small part of one scan over it.
    const refuse = leastCpuMillis(() => parseSoap(big));
    const scan = leastCpuMillis(() => big.indexOf("\u0000"));
    expect(refuse, `refusing cost ${refuse} ms, one scan ${scan} ms`).toBeLessThan(scan / 10);
  });
  it("DTDs and entities are refused (no expansion, no external fetch)", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><soap:Envelope xmlns:soap="x"><soap:Body>&lol2;</soap:Body></soap:Envelope>`;
    const external = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><a>&xxe;</a>`;
    expect(failure(() => parseSoap(laughs))).toBe("dtd-forbidden");
    expect(failure(() => parseSoap(external))).toBe("dtd-forbidden");
  });
  it("deep nesting is refused without a stack overflow", () => {
    expect(failure(() => parseSoap(`${"<a>".repeat(20000)}${"</a>".repeat(20000)}`))).toBe(
      "too-deep",
    );
  });
  it("a wrong value type is a typed error naming the path, never the value", () => {
    const bad = ok.replace(
      "<totalNumInResultSet>0</totalNumInResultSet>",
      "<totalNumInResultSet>4111111111111111</totalNumInResultSet>",
    );
    try {
      parseSoap(bad);
      throw new Error("expected a failure");
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as Error).message).toContain("totalNumInResultSet");
      expect((e as Error).message).not.toContain("4111111111111111");
    }
  });
  it("__proto__ elements pollute nothing", () => {
    const evil = ok.replace(
      "<resultCode>Ok</resultCode>",
      "<resultCode>Ok</resultCode><__proto__><polluted>yes</polluted></__proto__><constructor>x</constructor>",
    );
    parseSoap(evil);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("generated JSON parsers on broken and hostile input", () => {
  it("an HTML error page", () =>
    expect(failure(() => parseRest("<html><body>Service Unavailable</body></html>"))).toBe(
      "not-json",
    ));
  it("an empty body", () => expect(failure(() => parseRest(""))).toBe("empty"));
  it("a byte-order mark is fine", () => expect(parseRest('\uFEFF{"id":"1"}')).toEqual({ id: "1" }));
  it("truncated JSON", () =>
    expect(failure(() => parseRest('{"id":"1","status":"AUTH'))).toBe("malformed"));
  it("a 50 MB body is refused", () =>
    expect(failure(() => parseRest(`{"id":"${"9".repeat(50 * 1024 * 1024)}"}`))).toBe("too-large"));
  it("deep nesting is refused", () =>
    expect(failure(() => parseRest(`${"[".repeat(100000)}${"]".repeat(100000)}`))).toBe(
      "too-deep",
    ));
  it("__proto__ and constructor keys never reach a prototype", () => {
    const parsed = parseRest(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"id":"1","orderInformation":{"__proto__":{"x":1}}}',
    ) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed.id).toBe("1");
  });
  it("a body that is not an object is a typed error", () => {
    expect(failure(() => parseRest("[1,2,3]"))).toBe("unexpected-shape");
    expect(failure(() => parseRest("null"))).toBe("unexpected-shape");
  });
});
