/**
 * What the XML parser keeps for the readers: text as written (XML Schema's
 * `xs:string` preserves white space), and the document order of an element's
 * children, which the grouped tree loses.
 */
import { describe, expect, it } from "vitest";
import { CHILD_ORDER } from "../../../generator/runtime/read-values.js";
import { parseXml, readSoapBody, type XmlElement } from "../../../generator/runtime/xml.js";

const orderOf = (element: unknown): unknown =>
  (element as { [CHILD_ORDER]?: unknown })[CHILD_ORDER];

describe("parseXml: text", () => {
  it("keeps the text of an element as written, white space included", () => {
    const root = parseXml(
      "<r><name>  Ada  </name><line>\n a\tb \n</line><blank>   </blank><empty/><cdata><![CDATA[ x ]]> y</cdata></r>",
    )["r"] as XmlElement;
    expect(root).toEqual({
      name: "  Ada  ",
      line: "\n a\tb \n",
      blank: "   ",
      empty: "",
      cdata: " x  y",
    });
  });

  it("drops the white space between elements, and keeps text mixed with elements trimmed as before", () => {
    expect(parseXml("<r>\n  <a>1</a>\n  <b>2</b>\n</r>")).toEqual({ r: { a: "1", b: "2" } });
    expect(parseXml("<r> t1 <a>1</a> t2 </r>")).toEqual({ r: { a: "1", "#text": "t1t2" } });
  });

  it("reports a fault's code and string without the white space around them", () => {
    const fault = readSoapBody(
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>\n <faultcode> soap:Client </faultcode>\n <faultstring>\n  bad\n </faultstring>\n</soap:Fault></soap:Body></soap:Envelope>',
    );
    expect(fault).toMatchObject({ kind: "fault", faultCode: "soap:Client", faultString: "bad" });
  });
});

describe("parseXml: document order", () => {
  it("gives each element with children the names of its children in document order, one per occurrence", () => {
    const tree = parseXml("<r><a>1</a><b/><a>2</a><c><d/><e/></c></r>");
    const root = tree["r"] as XmlElement;
    expect(root).toEqual({ a: ["1", "2"], b: "", c: { d: "", e: "" } });
    expect(orderOf(tree)).toEqual(["r"]);
    expect(orderOf(root)).toEqual(["a", "b", "a", "c"]);
    expect(orderOf(root["c"])).toEqual(["d", "e"]);
  });

  it("keeps the order out of sight: not enumerable, not in JSON", () => {
    const root = parseXml("<r><b/><a/></r>")["r"] as XmlElement;
    expect(Object.keys(root)).toEqual(["b", "a"]);
    expect(JSON.stringify(root)).toBe('{"b":"","a":""}');
    expect(Object.getOwnPropertyDescriptor(root, CHILD_ORDER)?.enumerable).toBe(false);
  });

  it("leaves a dropped __proto__ element out of the order too", () => {
    const root = parseXml("<r><a/><__proto__><x/></__proto__><constructor>1</constructor></r>")[
      "r"
    ] as XmlElement;
    expect(orderOf(root)).toEqual(["a", "constructor"]);
    expect(Object.keys(root)).toEqual(["a", "constructor"]);
  });
});
