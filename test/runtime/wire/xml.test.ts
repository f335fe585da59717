import { describe, expect, it } from "vitest";
import {
  ParseError,
  ValidationError,
  type ParseFailure,
} from "../../../generator/runtime/errors.js";
import {
  asArray,
  buildXml,
  parseXml,
  readSoapBody,
  soapEnvelope,
  textOf,
  type XmlElement,
  type XmlInput,
  type XmlInputValue,
} from "../../../generator/runtime/xml.js";
import { expectNoBlowUp, leastCpuMillis } from "../../helpers/cost.js";
import { rng } from "../../helpers/model-values.js";

/** Runs `f` and returns the failure of the `ParseError` it throws. */
function failure(f: () => unknown): ParseFailure {
  try {
    f();
  } catch (e) {
    if (e instanceof ParseError) {
      expect(e.format).toBe("xml");
      expect(e.code).toBe(`parse.${e.failure}`);
      return e.failure;
    }
    throw e;
  }
  throw new Error("expected a ParseError");
}

/** Runs `f` and returns the `ValidationError` it throws. */
function validationError(f: () => unknown): ValidationError {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  throw new Error("expected a ValidationError");
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("buildXml", () => {
  it("writes elements in insertion order, arrays as repeated elements", () => {
    const xml = buildXml({
      createTransactionRequest: {
        merchantAuthentication: { name: "api", transactionKey: "key" },
        refId: "123",
        lineItems: {
          lineItem: [
            { itemId: "1", quantity: 2 },
            { itemId: "2", quantity: 1.5 },
          ],
        },
        zeta: "z",
        alpha: "a",
        taxExempt: false,
        skipped: undefined,
        empty: "",
        nothing: {},
      },
    });
    expect(xml).toBe(
      "<createTransactionRequest><merchantAuthentication><name>api</name><transactionKey>key</transactionKey></merchantAuthentication>" +
        "<refId>123</refId><lineItems><lineItem><itemId>1</itemId><quantity>2</quantity></lineItem>" +
        "<lineItem><itemId>2</itemId><quantity>1.5</quantity></lineItem></lineItems>" +
        "<zeta>z</zeta><alpha>a</alpha><taxExempt>false</taxExempt><empty></empty><nothing></nothing></createTransactionRequest>",
    );
  });

  it("escapes text and attribute values", () => {
    const xml = buildXml({
      r: { "@_note": `"<&'>`, t: `a & b < c > d " e ' f`, n: { "@_k": "v", "#text": "x&y" } },
    });
    expect(xml).toBe(
      '<r note="&quot;&lt;&amp;&apos;&gt;"><t>a &amp; b &lt; c &gt; d &quot; e &apos; f</t><n k="v">x&amp;y</n></r>',
    );
    expect(parseXml(xml)).toEqual({ r: { t: `a & b < c > d " e ' f`, n: "x&y" } });
  });

  it("writes an attribute whose value is 'true' as a real attribute", () => {
    expect(buildXml({ a: { "@_nil": "true" } })).toBe('<a nil="true"></a>');
    expect(buildXml({ a: { "@_nil": true } })).toBe('<a nil="true"></a>');
  });

  it("adds the declaration on request", () => {
    expect(buildXml({ a: "1" }, { declaration: true })).toBe(
      '<?xml version="1.0" encoding="utf-8"?><a>1</a>',
    );
  });

  it.each([
    ["NUL", "\u0000"],
    ["a C0 control", "ab\u001Fcd"],
    ["U+FFFE", "\uFFFE"],
    ["a lone high surrogate", "x\uD800y"],
    ["a lone low surrogate", "\uDC00"],
  ])("rejects %s with a typed error naming the path, not the value", (_, bad) => {
    const e = validationError(() =>
      buildXml({ r: { card: { number: `4111111111111111${bad}` } } }),
    );
    expect(e.issues).toEqual([
      {
        path: "r.card.number",
        code: "format",
        message: "contains a character not allowed in XML 1.0",
      },
    ]);
    expect(e.message).not.toContain("4111111111111111");
  });

  it("accepts characters XML allows, astral ones included", () => {
    const text = "tab\tnl\ncrlf\r\n\u00e9\u4e2d\u{1F600}";
    const xml = buildXml({ a: text });
    expect(xml).toBe("<a>tab\tnl\ncrlf&#13;\n\u00e9\u4e2d\u{1F600}</a>");
    expect(parseXml(xml)).toEqual({ a: text });
  });

  it("rejects invalid names, lists of lists and non-finite numbers", () => {
    expect(validationError(() => buildXml({ "a b": "x" })).issues).toEqual([
      { path: "a b", code: "format", message: "is not a valid XML element name" },
    ]);
    expect(validationError(() => buildXml({ r: { "1x": "x" } })).issues[0]?.path).toBe("r.1x");
    expect(validationError(() => buildXml({ r: { "x><y": "x" } })).issues[0]?.code).toBe("format");
    expect(validationError(() => buildXml({ r: { "@_a b": "x" } })).issues).toEqual([
      { path: "r@a b", code: "format", message: "is not a valid XML attribute name" },
    ]);
    expect(validationError(() => buildXml({ r: { l: [["x"]] } })).issues).toEqual([
      { path: "r.l[0]", code: "type", message: "must not be a list of lists" },
    ]);
    expect(validationError(() => buildXml({ r: { n: Number.NaN } })).issues).toEqual([
      { path: "r.n", code: "type", message: "must be a finite number" },
    ]);
  });

  it("round-trips an ordered tree through parseXml", () => {
    const tree = {
      root: {
        z: "1",
        a: { deep: { er: "x" } },
        m: ["3", "4"],
        code: "007",
        amount: "1.50",
        flag: "true",
      },
    };
    const back = parseXml(buildXml(tree));
    expect(back).toEqual(tree);
    const root = back["root"] as XmlElement;
    expect(Object.keys(root)).toEqual(["z", "a", "m", "code", "amount", "flag"]);
  });
});

describe("soapEnvelope", () => {
  it("wraps the operation element in a SOAP 1.1 envelope with the namespace", () => {
    const xml = soapEnvelope(
      "AnetApi/xml/v1/schema/AnetApiSchema.xsd",
      "ARBGetSubscriptionRequest",
      {
        merchantAuthentication: { name: "n", transactionKey: "k" },
        subscriptionId: "100",
      },
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?>' +
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
        '<ARBGetSubscriptionRequest xmlns="AnetApi/xml/v1/schema/AnetApiSchema.xsd">' +
        "<merchantAuthentication><name>n</name><transactionKey>k</transactionKey></merchantAuthentication>" +
        "<subscriptionId>100</subscriptionId></ARBGetSubscriptionRequest></soap:Body></soap:Envelope>",
    );
    expect(readSoapBody(xml)).toEqual({
      kind: "element",
      name: "ARBGetSubscriptionRequest",
      value: { merchantAuthentication: { name: "n", transactionKey: "k" }, subscriptionId: "100" },
    });
  });

  it("escapes the namespace", () => {
    expect(soapEnvelope('urn:a"b', "Op", {})).toContain('<Op xmlns="urn:a&quot;b"></Op>');
  });
});

describe("parseXml", () => {
  it("gives a plain tree: prefixes removed, repeats as arrays, text as strings, attributes dropped", () => {
    const tree = parseXml(
      '<?xml version="1.0" encoding="utf-8"?>\n<!-- note -->\n' +
        '<ns:root xmlns:ns="urn:x" ns:id="9"><ns:id>0012</ns:id><amount currency="USD">10.50</amount>' +
        "<item><n>1</n></item><item><n>2</n></item><empty/><spaced>  padded  </spaced>" +
        "<refs>&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;</refs><cdata><![CDATA[<b>&amp;</b>]]></cdata>" +
        "<mixed>t1<q>1</q>t2</mixed><?pi data?></ns:root>",
    );
    expect(tree).toEqual({
      root: {
        id: "0012",
        amount: "10.50",
        item: [{ n: "1" }, { n: "2" }],
        empty: "",
        // The text of an element is kept as written: xs:string preserves white space.
        spaced: "  padded  ",
        refs: `&<>"'A\u{1F600}`,
        cdata: "<b>&amp;</b>",
        mixed: { q: "1", "#text": "t1t2" },
      },
    });
  });

  it("asArray and textOf", () => {
    expect(asArray(undefined)).toEqual([]);
    expect(asArray("x")).toEqual(["x"]);
    expect(asArray(["x", "y"])).toEqual(["x", "y"]);
    expect(asArray({ a: "1" })).toEqual([{ a: "1" }]);
    expect(textOf("x")).toBe("x");
    expect(textOf(undefined)).toBeUndefined();
    expect(textOf({})).toBe("");
    expect(textOf({ a: "1" })).toBeUndefined();
    expect(textOf(["a", "b"])).toBeUndefined();
  });

  it("accepts bytes and tolerates a byte-order mark", () => {
    expect(parseXml("\uFEFF<a>1</a>")).toEqual({ a: "1" });
    expect(parseXml(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("<a>\u00e9</a>")]))).toEqual({
      a: "\u00e9",
    });
    expect(parseXml("\n  <a>1</a>\n")).toEqual({ a: "1" });
  });

  it("empty body", () => {
    expect(failure(() => parseXml(""))).toBe("empty");
    expect(failure(() => parseXml(" \r\n\t"))).toBe("empty");
    expect(failure(() => parseXml(new Uint8Array(0)))).toBe("empty");
    expect(failure(() => parseXml("\uFEFF"))).toBe("empty");
  });

  it.each([
    [
      "an HTML error page",
      "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1><br></body></html>",
    ],
    [
      "an HTML page without doctype",
      "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body></body></html>",
    ],
    ["an upper-case HTML page", "<!doctype HTML><HTML><BODY>Error</BODY></HTML>"],
    [
      "an XHTML page",
      '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
    ],
    ["plain text", "Service Unavailable"],
    ["JSON", '{"error":"x"}'],
  ])("%s is not-xml", (_, body) => {
    expect(failure(() => parseXml(body))).toBe("not-xml");
  });

  it.each([
    ["a truncated document", "<a><b>1</b>"],
    ["a truncated closing tag", "<a><b>1</b></a"],
    ["a truncated attribute", '<a><b x="1'],
    ["a declaration only", '<?xml version="1.0"?>'],
    ["a truncated declaration", '<?xml version="1.0"'],
    ["an unclosed comment", "<a><!-- x"],
    ["an unclosed CDATA section", "<a><![CDATA[x"],
    ["mismatched tags", "<a><b></c></a>"],
    ["two roots", "<a/><b/>"],
    ["text after the root", "<a>1</a>tail"],
    ["an undeclared entity", "<a>&nbsp;</a>"],
    ["a bare ampersand", "<a>fish & chips</a>"],
    ["a reference to NUL", "<a>&#0;</a>"],
    ["a reference to a surrogate", "<a>&#xD800;</a>"],
    ["a raw control character", "<a>\u0001</a>"],
    ["'<' inside an attribute value", '<a x="<"/>'],
    ["a tag name starting with a digit", "<a><1b/></a>"],
    ["invalid UTF-8 bytes", new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e])],
  ])("%s is malformed", (_, body) => {
    expect(failure(() => parseXml(body))).toBe("malformed");
  });

  it("never quotes the body in an error message", () => {
    try {
      parseXml("<a><secret>4111111111111111</secret></b>");
      throw new Error("expected a ParseError");
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as ParseError).message).not.toContain("4111");
      expect((e as ParseError).cause).toBeUndefined();
    }
  });
});

describe("parseXml: DTDs and entities", () => {
  const billionLaughs =
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
    Array.from(
      { length: 9 },
      (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? "" : k};`.repeat(10)}">\n`,
    ).join("") +
    "]>\n<lolz>&lol9;</lolz>";

  it.each([
    ["billion laughs", billionLaughs],
    [
      "an external entity",
      '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>',
    ],
    ["an external DTD", '<!DOCTYPE foo SYSTEM "http://example.com/evil.dtd"><foo/>'],
    ["a parameter entity", '<!DOCTYPE foo [<!ENTITY % p SYSTEM "http://example.com/p">%p;]><foo/>'],
    ["an internal subset without entities", "<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]><a>1</a>"],
    ["a stray ENTITY declaration", "<a><!ENTITY x 'y'></a>"],
  ])("%s is dtd-forbidden", (_, body) => {
    expect(failure(() => parseXml(body))).toBe("dtd-forbidden");
  });

  it("refuses billion laughs before expanding any entity", () => {
    // 10^40 "lol"s: no machine could expand this, so only a refusal ends the call.
    const unexpandable =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
      Array.from(
        { length: 40 },
        (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? "" : k};`.repeat(10)}">\n`,
      ).join("") +
      "]>\n<lolz>&lol40;</lolz>";
    for (const body of [billionLaughs, unexpandable]) {
      let error: unknown;
      try {
        parseXml(body);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).failure).toBe("dtd-forbidden");
      expect((error as ParseError).code).toBe("parse.dtd-forbidden");
      expect((error as ParseError).message).not.toContain("lol");
    }
  });

  it("keeps DOCTYPE-like text inside CDATA as text", () => {
    expect(parseXml("<a><![CDATA[<!DOCTYPE x [<!ENTITY y 'z'>]>]]></a>")).toEqual({
      a: "<!DOCTYPE x [<!ENTITY y 'z'>]>",
    });
  });
});

describe("parseXml: limits", () => {
  it("rejects a 50 MB body before reading it", () => {
    const size = 50 * 1024 * 1024;
    const text = `<a>${"x".repeat(size)}</a>`;
    const bytes = new Uint8Array(size);
    bytes.set(utf8("<a>"));
    for (const body of [text, bytes]) {
      expect(failure(() => parseXml(body))).toBe("too-large");
    }
    // Before reading: bytes that are not UTF-8 are too large, not malformed,
    // and refusing either body costs a small part of one scan over it.
    expect(failure(() => parseXml(new Uint8Array(size).fill(0xff)))).toBe("too-large");
    const refuse = leastCpuMillis(() => parseXml(text)) + leastCpuMillis(() => parseXml(bytes));
    const scan =
      leastCpuMillis(() => text.indexOf("\u0000")) + leastCpuMillis(() => bytes.indexOf(1));
    expect(refuse, `refusing cost ${refuse} ms, one scan ${scan} ms`).toBeLessThan(scan / 10);
  });

  it("counts UTF-8 bytes, not characters", () => {
    const body = `<a>${"\u20ac".repeat(400)}</a>`; // 1207 bytes, 407 characters
    expect(failure(() => parseXml(body, { maxBytes: 1000 }))).toBe("too-large");
    expect(parseXml(body, { maxBytes: 1207 })).toEqual({ a: "\u20ac".repeat(400) });
    expect(failure(() => parseXml(body, { maxBytes: 1206 }))).toBe("too-large");
  });

  it("rejects 10,000-deep nesting before the parser recurses, at a cost that does not blow up", () => {
    const nest = (n: number): string => "<a>".repeat(n) + "x" + "</a>".repeat(n);
    // 1,000,000 levels would overflow the stack of a parser that recursed first.
    expect(failure(() => parseXml(nest(10_000)))).toBe("too-deep");
    expect(failure(() => parseXml(nest(1_000_000)))).toBe("too-deep");
    expect(failure(() => parseXml("<a>".repeat(10_000)))).toBe("too-deep");
    expectNoBlowUp(nest, (deep) => parseXml(deep), 10_000);
  });

  it("accepts exactly maxDepth levels", () => {
    const nest = (n: number): string => "<a>".repeat(n) + "x" + "</a>".repeat(n);
    expect(() => parseXml(nest(100))).not.toThrow();
    expect(failure(() => parseXml(nest(101)))).toBe("too-deep");
    expect(parseXml(nest(3), { maxDepth: 3 })).toEqual({ a: { a: { a: "x" } } });
    expect(failure(() => parseXml(nest(4), { maxDepth: 3 }))).toBe("too-deep");
    expect(failure(() => parseXml("<a><a><a><a/></a></a></a>", { maxDepth: 3 }))).toBe("too-deep");
  });

  // n is an eighth of the size that used to be tested alone; 8n is that size.
  it.each([
    ["many '<'", (n: number) => "<a>" + "<".repeat(n), 125_000],
    ["many unclosed quotes", (n: number) => "<a " + "b='".repeat(n), 37_500],
    ["many '&'", (n: number) => "<a>" + "&".repeat(n) + "</a>", 125_000],
    ["many unterminated references", (n: number) => "<a>" + "&#".repeat(n), 62_500],
    ["many comment openers", (n: number) => "<a>" + "<!--".repeat(n), 31_250],
    ["many CDATA openers", (n: number) => "<a>" + "<![CDATA[".repeat(n), 12_500],
    ["many PI openers", (n: number) => "<a>" + "<?".repeat(n), 62_500],
    ["many closing tags", (n: number) => "<a>" + "</".repeat(n), 62_500],
  ])("hostile input (%s) fails in linear time", (_, make, n) => {
    expect(() => parseXml(make(8 * n))).toThrow(ParseError);
    expectNoBlowUp(make, (body) => parseXml(body), n);
  });
});

describe("parseXml: prototype pollution", () => {
  it("ignores __proto__ elements and keeps constructor / prototype as own data", () => {
    const tree = parseXml(
      "<r><__proto__><polluted>yes</polluted></__proto__>" +
        "<constructor><prototype><polluted>yes</polluted></prototype></constructor>" +
        '<p:__proto__ xmlns:p="urn:p"><polluted>yes</polluted></p:__proto__>' +
        "<__proto__>again</__proto__><toString>t</toString><hasOwnProperty>h</hasOwnProperty><ok>1</ok></r>",
    );
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    const r = tree["r"] as XmlElement;
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(Object.keys(r)).toEqual(["constructor", "toString", "hasOwnProperty", "ok"]);
    expect(Object.prototype.hasOwnProperty.call(r, "__proto__")).toBe(false);
    expect(r["constructor"]).toEqual({ prototype: { polluted: "yes" } });
    expect(r["toString"]).toBe("t");
    expect(r["ok"]).toBe("1");
    expect(Object.getPrototypeOf(r["constructor"])).toBe(Object.prototype);
  });

  it("drops a root element named __proto__", () => {
    const tree = parseXml("<__proto__><polluted>yes</polluted></__proto__>");
    expect(tree).toEqual({});
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("keeps repeated constructor elements as an own array", () => {
    const r = parseXml("<r><constructor>1</constructor><constructor>2</constructor></r>")[
      "r"
    ] as XmlElement;
    expect(r["constructor"]).toEqual(["1", "2"]);
  });
});

describe("readSoapBody", () => {
  it("returns the first element of Body", () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      '<soap:Header><h>1</h></soap:Header><soap:Body><ARBCreateSubscriptionResponse xmlns="urn:x">' +
      "<ARBCreateSubscriptionResult><resultCode>Ok</resultCode><subscriptionId>9223372036854775807</subscriptionId>" +
      "</ARBCreateSubscriptionResult></ARBCreateSubscriptionResponse></soap:Body></soap:Envelope>";
    expect(readSoapBody(xml)).toEqual({
      kind: "element",
      name: "ARBCreateSubscriptionResponse",
      value: {
        ARBCreateSubscriptionResult: { resultCode: "Ok", subscriptionId: "9223372036854775807" },
      },
    });
  });

  it("returns an empty result element as an empty string", () => {
    expect(
      readSoapBody("<s:Envelope xmlns:s='urn:s'><s:Body><IsAliveResponse/></s:Body></s:Envelope>"),
    ).toEqual({
      kind: "element",
      name: "IsAliveResponse",
      value: "",
    });
  });

  it("reads a SOAP 1.1 fault", () => {
    const xml =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
      "<faultcode>soap:Client</faultcode><faultstring>Server was unable to read request. &lt;x&gt;</faultstring>" +
      "<detail><code>E00001</code></detail></soap:Fault></soap:Body></soap:Envelope>";
    expect(readSoapBody(xml)).toEqual({
      kind: "fault",
      faultCode: "soap:Client",
      faultString: "Server was unable to read request. <x>",
      detail: { code: "E00001" },
    });
  });

  it("reads a SOAP 1.2 fault", () => {
    const xml =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault>' +
      "<env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>m:MessageTimeout</env:Value></env:Subcode></env:Code>" +
      '<env:Reason><env:Text xml:lang="en">Sender Timeout</env:Text><env:Text xml:lang="de">Zeit\u00fcberschreitung</env:Text></env:Reason>' +
      "<env:Detail><m:MaxTime xmlns:m='urn:m'>P5M</m:MaxTime></env:Detail></env:Fault></env:Body></env:Envelope>";
    expect(readSoapBody(xml)).toEqual({
      kind: "fault",
      faultCode: "env:Sender",
      faultString: "Sender Timeout",
      detail: { MaxTime: "P5M" },
    });
  });

  it("reads a fault without detail", () => {
    expect(
      readSoapBody(
        "<Envelope><Body><Fault><faultcode>Server</faultcode><faultstring>x</faultstring></Fault></Body></Envelope>",
      ),
    ).toEqual({ kind: "fault", faultCode: "Server", faultString: "x", detail: undefined });
  });

  it.each([
    ["no Envelope", "<root><Body><x/></Body></root>"],
    ["no Body", "<s:Envelope xmlns:s='urn:s'><s:Header/></s:Envelope>"],
    ["an empty Envelope", "<s:Envelope xmlns:s='urn:s'/>"],
    ["an empty Body", "<s:Envelope xmlns:s='urn:s'><s:Body/></s:Envelope>"],
    ["a Body with text only", "<s:Envelope xmlns:s='urn:s'><s:Body>text</s:Body></s:Envelope>"],
  ])("%s is unexpected-shape", (_, xml) => {
    expect(failure(() => readSoapBody(xml))).toBe("unexpected-shape");
  });

  it("passes parse failures on", () => {
    expect(failure(() => readSoapBody("<html><body>Error</body></html>"))).toBe("not-xml");
    expect(failure(() => readSoapBody(""))).toBe("empty");
    expect(failure(() => readSoapBody("<s:Envelope><s:Body>"))).toBe("malformed");
    expect(failure(() => readSoapBody("<a/>", { maxBytes: 2 }))).toBe("too-large");
  });
});

describe("parseXml: the pre-scan is the one well-formedness check", () => {
  it.each([
    ['<a b="x & y"/>', "unterminated entity reference"],
    ['<a b="&bogus;"/>', "undeclared entity or invalid character reference"],
    ["<a b=1/>", "an attribute value is not quoted"],
    ['<a b="1" b="2"/>', "an attribute is repeated"],
    ['<a b="1"c="2"/>', "attributes must be separated by white space"],
    ["<a b/>", "an attribute has no value"],
    ["<a><b></a></b>", "a closing tag does not match the element it closes"],
    ["<a></A>", "a closing tag does not match the element it closes"],
    ["<1a/>", "'<' not followed by a name"],
  ])("refuses %s: %s", (xml, reason) => {
    expect(() => parseXml(xml, { attributes: true })).toThrow(
      new ParseError("xml", "malformed", `malformed XML: ${reason}`),
    );
  });

  it("accepts white space around = and before the end of a tag, and a closing tag with white space", () => {
    expect(parseXml("<a  b = \"1\" c='&lt;2&gt;' ><d></d ></a >", { attributes: true })).toEqual({
      a: { "@b": "1", "@c": "<2>", d: "" },
    });
  });
});

describe("buildXml against fast-xml-parser's XMLBuilder", () => {
  it("writes byte for byte what the builder writes, for 500 random trees with attributes, lists, text and every character to escape", async () => {
    const { XMLBuilder } = await import("fast-xml-parser");
    const oracle = new XMLBuilder({
      ignoreAttributes: false,
      attributeNamePrefix: "@_",
      textNodeName: "#text",
      suppressBooleanAttributes: false,
      suppressEmptyNode: false,
      processEntities: true,
      format: false,
    });
    const random = rng(20261126);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const TEXTS = [
      "",
      "plain",
      "a & b",
      "<tag>",
      `quote " and ' apostrophe`,
      "ünïcödé €",
      "tab\there",
      "x > y",
    ];
    const NAMES = ["a", "b", "item", "ns1:c", "d-e", "f.g"];
    const element = (depth: number): XmlInput => {
      const out: Record<string, XmlInputValue> = {};
      if (random() < 0.4) out[`@_${pick(["id", "x:y", "currency"])}`] = pick(TEXTS);
      if (depth > 3 || random() < 0.3) {
        if (random() < 0.7) out["#text"] = pick(TEXTS);
        return out;
      }
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) {
        const name = pick(NAMES);
        if (Object.prototype.hasOwnProperty.call(out, name)) continue;
        out[name] =
          random() < 0.2
            ? [element(depth + 1), pick(TEXTS)]
            : random() < 0.5
              ? pick(TEXTS)
              : element(depth + 1);
      }
      return out;
    };
    for (let i = 0; i < 500; i++) {
      const tree = { root: element(0) };
      expect(buildXml(tree), JSON.stringify(tree)).toBe(
        String(oracle.build(tree)).replace(/\r/g, "&#13;"),
      );
    }
  });
});
