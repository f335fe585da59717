import { describe, expect, it } from "vitest";
import { ParseError } from "../../../generator/runtime/errors.js";
import { parseJson } from "../../../generator/runtime/json.js";
import { readSoapBody } from "../../../generator/runtime/xml.js";

const soap =
  '<?xml version="1.0" encoding="utf-8"?>\n<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
  '<soap:Body><!-- c --><R xmlns="urn:x" a="1>2"><id>0012</id><t>a &amp; b &#65; <![CDATA[x<y]]></t>' +
  "<l><i>1</i><i>2</i></l><e/><__proto__><polluted>1</polluted></__proto__><constructor>c</constructor><?pi x?></R>" +
  "</soap:Body></soap:Envelope>";
const json =
  '{"a":[1,2.5,-3e2,true,false,null,"x\\"y\\u00e9"],"__proto__":{"polluted":1},' +
  '"b":{"c":12345678901234567890,"d":-0.1234567890123456789,"e":[[],{}]}}';
const alphabet = "<>&;\"'/!?[]-=#x0 \n{}:,.e\\u";

/** A small deterministic generator, so failures can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function mutate(doc: string, next: () => number): string {
  let s = doc;
  const edits = 1 + Math.floor(next() * 3);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(next() * s.length);
    const op = next();
    if (op < 0.4) s = s.slice(0, at) + s.slice(at + 1);
    else if (op < 0.8)
      s = s.slice(0, at) + alphabet.charAt(Math.floor(next() * alphabet.length)) + s.slice(at);
    else s = s.slice(0, at);
  }
  return s;
}

describe("mutated documents", () => {
  it.each([
    ["SOAP", soap, (s: string) => readSoapBody(s)],
    ["JSON", json, (s: string) => parseJson(s)],
  ] as const)(
    "a mutated %s document parses or fails with a ParseError, never pollutes",
    (_, doc, parse) => {
      const next = random(20240229);
      const unexpected: string[] = [];
      for (let k = 0; k < 3000; k++) {
        const s = mutate(doc, next);
        try {
          parse(s);
        } catch (e) {
          if (!(e instanceof ParseError)) unexpected.push(`${String(e)} for ${JSON.stringify(s)}`);
        }
      }
      expect(unexpected).toEqual([]);
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    },
  );
});
