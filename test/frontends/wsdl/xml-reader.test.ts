import { describe, expect, it } from "vitest";
import { decodeXml } from "../../../generator/frontends/xml/decode-xml.js";
import { readXml } from "../../../generator/frontends/xml/read-xml.js";
import { SourceProblem } from "../../../generator/frontends/source/source-problem.js";
import { childElements, textContent } from "../../../generator/frontends/xml/xml-tree.js";
import { positions } from "./helpers.js";

const at = positions("t.xml");

function read(text: string) {
  return readXml(text, { file: "t.xml" });
}

/** The error the reader throws for `text`, as `file:line:col: message`. */
function failure(text: string): string {
  try {
    read(text);
  } catch (error) {
    if (error instanceof SourceProblem) return error.toString();
    throw error;
  }
  throw new Error("the text was read without error");
}

describe("the XML reader", () => {
  it("keeps the line and column of every element and attribute, columns in characters", () => {
    const doc = read(
      '<?xml version="1.0"?>\n<root a="1">\r\n\t<child\n    b=\'2\'  c="3"/>\n  <é x="y"/><𝒳 z="w"/>\r<last/></root>',
    );
    const root = doc.root;
    expect(root.at).toEqual(at(2, 1));
    expect(root.attributes.get("a")).toMatchObject({
      value: "1",
      at: at(2, 7),
      valueAt: at(2, 10),
    });
    const [child, accented, astral, last] = childElements(root);
    expect(child!.at).toEqual(at(3, 2));
    expect(child!.attributes.get("b")).toMatchObject({ at: at(4, 5), valueAt: at(4, 8) });
    expect(child!.attributes.get("c")).toMatchObject({ at: at(4, 12), valueAt: at(4, 15) });
    expect(accented!.at).toEqual(at(5, 3));
    expect(accented!.attributes.get("x")?.at).toEqual(at(5, 6));
    // A character outside the BMP is one column, though two UTF-16 code units.
    expect(astral!.at).toEqual(at(5, 13));
    expect(astral!.attributes.get("z")?.at).toEqual(at(5, 16));
    // A lone CR ends a line too.
    expect(last!.at).toEqual(at(6, 1));
    expect(doc.declaration).toEqual({ version: "1.0" });
  });

  it("resolves namespaces: prefixes, the default namespace, scoping, undeclaring, and unprefixed attributes in no namespace", () => {
    const doc = read(
      [
        '<a xmlns="urn:default" xmlns:p="urn:p" p:x="1" y="2">',
        '  <p:b xmlns:p="urn:inner"><c/></p:b>',
        '  <d xmlns=""><e/></d>',
        '  <p:f xml:lang="en"/>',
        "</a>",
      ].join("\n"),
    );
    const root = doc.root;
    expect(root.name).toEqual({ namespace: "urn:default", local: "a" });
    expect([...root.attributes.keys()]).toEqual(["{urn:p}x", "y"]);
    expect(root.attributes.get("{urn:p}x")).toMatchObject({
      name: { namespace: "urn:p", local: "x" },
      qname: "p:x",
      value: "1",
    });
    expect(root.attributes.get("y")?.name).toEqual({ namespace: "", local: "y" });
    const [b, d, f] = childElements(root);
    expect(b!.name).toEqual({ namespace: "urn:inner", local: "b" });
    expect(childElements(b!)[0]!.name).toEqual({ namespace: "urn:default", local: "c" });
    expect(d!.name).toEqual({ namespace: "", local: "d" });
    expect(childElements(d!)[0]!.name).toEqual({ namespace: "", local: "e" });
    expect(f!.name).toEqual({ namespace: "urn:p", local: "f" });
    expect(f!.attributes.get("{http://www.w3.org/XML/1998/namespace}lang")?.value).toBe("en");
    // QName values resolve with the declarations in scope at their element.
    expect(b!.namespaces.resolveQName("p:T")).toEqual({ namespace: "urn:inner", local: "T" });
    expect(f!.namespaces.resolveQName("p:T")).toEqual({ namespace: "urn:p", local: "T" });
    expect(f!.namespaces.resolveQName("T")).toEqual({ namespace: "urn:default", local: "T" });
    expect(f!.namespaces.resolveQName("q:T")).toBeUndefined();
  });

  it("reads text, CDATA, references and comments; normalises line ends and attribute white space", () => {
    const doc = read(
      '<a t="x\ty\r\nz&#10;&amp;&#x41;">one &lt;two&gt; &apos;&quot;<!-- skipped --><![CDATA[<raw> & ]]>\r\nend&#x1F600;</a>',
    );
    expect(doc.root.attributes.get("t")?.value).toBe("x y z\n&A");
    expect(doc.root.children.map((c) => (c.kind === "text" ? [c.text, c.cdata] : c.kind))).toEqual([
      ["one <two> '\"", false],
      ["<raw> & ", true],
      ["\nend😀", false],
    ]);
    expect(textContent(doc.root)).toBe("one <two> '\"<raw> & \nend😀");
  });

  it("keeps attributes in a Map: __proto__ and constructor are names like others", () => {
    const doc = read(
      '<a __proto__="polluted" constructor="c" xmlns:__proto__="urn:x" __proto__:toString="t"/>',
    );
    expect(doc.root.attributes.get("__proto__")?.value).toBe("polluted");
    expect(doc.root.attributes.get("{urn:x}toString")?.value).toBe("t");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype.toString.call({})).toBe("[object Object]");
  });

  it("does not count a byte order mark as a column", () => {
    expect(read('\uFEFF<a b="1"/>').root.attributes.get("b")?.at).toEqual(at(1, 4));
  });

  it("stops after the root start tag when asked to", () => {
    const doc = readXml(
      '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"><unclosed>',
      { file: "t.xml", rootOnly: true },
    );
    expect(doc.root.name).toEqual({
      namespace: "http://schemas.xmlsoap.org/wsdl/",
      local: "definitions",
    });
    expect(doc.root.children).toEqual([]);
  });

  it("reports errors as a typed error with file, line, column and message", () => {
    let caught: unknown;
    try {
      read("<a>\n  <b></c>\n</a>");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SourceProblem);
    const error = caught as SourceProblem;
    expect([error.file, error.line, error.col, error.detail]).toEqual([
      "t.xml",
      2,
      6,
      "the end tag </c> does not match the start tag <b> (line 2, column 3)",
    ]);
    expect(error.toString()).toBe(
      "t.xml:2:6: the end tag </c> does not match the start tag <b> (line 2, column 3)",
    );
    expect(error.toDiagnostic()).toEqual({ at: at(2, 6), message: error.detail });
  });

  it.each([
    ["", "t.xml:1:1: the document has no root element"],
    ["hello", "t.xml:1:1: text is not allowed before the root element"],
    ["<a>", "t.xml:1:4: the document ends before <a> (line 1, column 1) is closed"],
    ["<a><b>text", "t.xml:1:11: the document ends before <b> (line 1, column 4) is closed"],
    ["<a b='1", "t.xml:1:6: the attribute value is not closed"],
    ["<a b=1/>", "t.xml:1:6: the value of attribute b must be quoted"],
    ["<a b/>", 't.xml:1:5: expected "=" after the attribute name b'],
    ['<a b="1"c="2"/>', 't.xml:1:9: expected white space, ">" or "/>" in the start tag <a>'],
    ['<a b="1" b="2"/>', "t.xml:1:10: attribute b is repeated"],
    [
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>',
      "t.xml:1:44: attribute q:b is the same attribute as p:b (both are {urn:x}b)",
    ],
    ["<p:a/>", 't.xml:1:1: the prefix "p" of p:a is not declared'],
    ['<a p:b="1"/>', 't.xml:1:4: the prefix "p" of p:b is not declared'],
    [
      '<a xmlns:p=""/>',
      't.xml:1:4: xmlns:p="" is not allowed: XML 1.0 namespaces cannot undeclare a prefix',
    ],
    [
      "<a:b:c xmlns:a='urn:a'/>",
      "t.xml:1:1: the element name a:b:c is not a valid prefixed name (prefix:local)",
    ],
    ['<a b="<"/>', 't.xml:1:7: "<" is not allowed in an attribute value; write "&lt;"'],
    ["<a>x ]]> y</a>", 't.xml:1:6: "]]>" is not allowed in text; write "]]&gt;"'],
    [
      "<a>fish & chips</a>",
      't.xml:1:9: "&" must start a reference; write "&amp;" for a literal "&"',
    ],
    ["<a>&amp</a>", 't.xml:1:4: the reference &amp is not closed by ";"'],
    [
      "<a>&#xD800;</a>",
      "t.xml:1:4: the character reference &#xD800; names a character XML does not allow",
    ],
    [
      "<a>&#99999999999999999999;</a>",
      "t.xml:1:4: the character reference &#99999999999999999999; names a character XML does not allow",
    ],
    [
      "<a>&#;</a>",
      't.xml:1:4: a character reference is written &#NNN; or &#xHHH; (write "&amp;" for a literal "&")',
    ],
    ["<a>\u0001</a>", "t.xml:1:4: character U+0001 is not allowed in XML"],
    ["<a/><b/>", "t.xml:1:5: only comments and white space may follow the root element"],
    ["<a><!-- a -- b --></a>", 't.xml:1:11: "--" is not allowed inside a comment'],
    ["<a><!-- open", 't.xml:1:4: the comment is not closed by "-->"'],
    ["<a><![CDATA[ open", 't.xml:1:4: the CDATA section is not closed by "]]>"'],
    [
      "<a><!ELEMENT x ANY></a>",
      't.xml:1:4: "<!" starts no markup allowed here (a comment is <!-- -->, a CDATA section <![CDATA[ ]]>)',
    ],
    [
      " <?xml version='1.0'?><a/>",
      "t.xml:1:2: the XML declaration is only allowed at the very start of the document",
    ],
    ["<?xml version='1.1'?><a/>", 't.xml:1:16: XML version "1.1" is not read; only 1.0 is'],
    [
      "<?xml encoding='UTF-8'?><a/>",
      't.xml:1:7: "encoding" is not expected here in the XML declaration (version, encoding, standalone, in that order)',
    ],
    ["<a></a >x", "t.xml:1:9: only comments and white space may follow the root element"],
  ])("refuses %j", (text, expected) => {
    expect(failure(text)).toBe(expected);
  });
});

describe("decoding the bytes of an XML file", () => {
  const encode16 = (text: string, littleEndian: boolean): Uint8Array => {
    const bytes = new Uint8Array(2 + text.length * 2);
    const view = new DataView(bytes.buffer);
    view.setUint16(0, 0xfeff, littleEndian);
    for (let i = 0; i < text.length; i++)
      view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
    return bytes;
  };

  it("reads UTF-8 with or without a byte order mark, and UTF-16 of either order by its byte order mark", () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><a>é</a>';
    expect(decodeXml(new TextEncoder().encode("\uFEFF<a>é</a>"), "t.xml")).toBe("<a>é</a>");
    expect(decodeXml(encode16(text, true), "t.xml")).toBe(text);
    expect(decodeXml(encode16(text, false), "t.xml")).toBe(text);
  });

  it("reads a declared ISO-8859-1 file", () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
      0xe9,
      ...new TextEncoder().encode("</a>"),
    ]);
    expect(decodeXml(bytes, "t.xml")).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>');
  });

  it("reports an invalid UTF-8 byte at its line and column, and an encoding it does not read at the declaration", () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode("<a>\n  x"),
      0xff,
      ...new TextEncoder().encode("</a>"),
    ]);
    expect(() => decodeXml(bytes, "t.xml")).toThrow(SourceProblem);
    try {
      decodeXml(bytes, "t.xml");
    } catch (error) {
      expect(String(error)).toBe(
        "t.xml:2:4: the file is not UTF-8: byte 0xFF cannot start a character; save it as UTF-8",
      );
    }
    try {
      decodeXml(
        new TextEncoder().encode('<?xml version="1.0" encoding="Shift_JIS"?><a/>'),
        "t.xml",
      );
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toBe(
        't.xml:1:31: encoding "Shift_JIS" is not read; save the file as UTF-8',
      );
    }
  });
});
