import { beforeAll, describe, expect, it } from "vitest";
import { fn } from "../helpers/generated.js";
import { writePackage } from "../helpers/temp-package.js";
import {
  generateSchemas,
  problemsOf,
  REST_SERVICE,
  SOAP_SERVICE,
} from "../helpers/temp-schemas.js";

/**
 * Numbers as the contract writes them, from hand-written YAML schemas: a long
 * or decimal is a JSON string unless the field says `json: number`, then a
 * JSON number written from its exact text and read back without a float; a
 * double is a JSON number, and XSD lexical text in XML (`INF`, `-INF`, `NaN`).
 */
const REST_TYPES = `types:
  Page:
    fields:
      - { name: offset, type: long, json: number, required: true }
      - { name: limit, type: int }
      - { name: amount, type: decimal }
      - { name: price, type: decimal, json: number }
      - { name: ids, type: long, json: number, list: true }
      - { name: ratio, type: double, minimum: "0", maximum: "1" }
operations:
  search:
    http: { method: POST, path: /search, baseUrl: base_url }
    request: { type: Page }
    response: { type: Page }
    statuses:
      - { code: 200, meaning: OK. }
    idempotent: false
`;

const SOAP_TYPES = `
  Reading:
    fields:
      - { name: value, type: double, required: true }
      - { name: samples, type: double, list: { item: sample } }
operations:
  Record:
    auth: false
    doc: Records a reading.
    request:
      fields:
        - { name: reading, type: Reading, required: true }
    response:
      fields:
        - { name: reading, type: Reading }
`;

describe("numbers on the JSON wire", () => {
  let json: Record<string, unknown>;
  let server: Record<string, unknown>;
  let validators: Record<string, unknown>;

  beforeAll(async () => {
    const { files } = await generateSchemas(
      {
        "svc/service.yaml": REST_SERVICE,
        "svc/types.yaml": REST_TYPES,
      },
      { server: true },
    );
    const pkg = await writePackage(files);
    [json, server, validators] = await Promise.all([
      pkg.load("svc", "json"),
      pkg.load("svc", "server"),
      pkg.load("svc", "validators"),
    ]);
  });

  const page = {
    offset: "9223372036854775807",
    limit: 100,
    amount: "12.50",
    price: "0.10",
    ids: ["007", "-1"],
    ratio: 0.25,
  };

  it("writes longs and decimals as exact numbers, or as strings where the schema keeps them so", () => {
    const body = fn<(v: object) => string>(json, "serializePage")(page);
    expect(body).toBe(
      '{"offset":9223372036854775807,"limit":100,"amount":"12.50","price":0.10,"ids":[7,-1],"ratio":0.25}',
    );
  });

  it("reads them back exactly, numbers and strings alike", () => {
    const read = fn<(b: string) => unknown>(server, "parsePage");
    expect(
      read(
        '{"offset":9223372036854775807,"limit":100,"amount":"12.50","price":0.10,"ids":[7,-1],"ratio":2.5e-1}',
      ),
    ).toEqual({
      offset: "9223372036854775807",
      limit: 100,
      amount: "12.50",
      price: "0.10",
      ids: ["7", "-1"],
      ratio: 0.25,
    });
  });

  it("validates what the types hold: text for longs and decimals, a finite number within bounds for a double", () => {
    const validate = fn<(v: unknown) => { ok: boolean; issues?: { path: string; code: string }[] }>(
      validators,
      "validatePage",
    );
    expect(validate(page).ok).toBe(true);
    const wrong = validate({ ...page, offset: 0, ratio: 1.5 });
    expect(wrong.issues?.map((i) => `${i.path} ${i.code}`)).toEqual(["offset type", "ratio range"]);
    expect(
      validate({ ...page, ratio: Number.NaN }).issues?.map((i) => `${i.path} ${i.code}`),
    ).toEqual(["ratio range"]);
  });

  it("refuses `json` on a type with one JSON form, and a value other than string or number", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/types.yaml": `types:
  T:
    fields:
      - { name: a, type: int, json: string }
      - { name: b, type: long, json: text }
`,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^schemas\/svc\/types\.yaml:4:31: json applies to long and decimal fields only/,
      ),
      expect.stringMatching(/^schemas\/svc\/types\.yaml:5:38: json must be "string" or "number"/),
    ]);
  });
});

describe("doubles on the XML wire", () => {
  let xml: Record<string, unknown>;
  let server: Record<string, unknown>;

  beforeAll(async () => {
    const { files } = await generateSchemas(
      {
        "svc/service.yaml": `${SOAP_SERVICE}${SOAP_TYPES}`,
      },
      { server: true },
    );
    const pkg = await writePackage(files);
    [xml, server] = await Promise.all([pkg.load("svc", "xml"), pkg.load("svc", "server")]);
  });

  it("writes XSD lexical forms, the specials included, and reads them back", () => {
    const reading = {
      value: -0.1,
      samples: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 1e21, 5e-324],
    };
    const envelope = fn<(r: object, ns: string) => string>(xml, "buildRecordEnvelope")(
      { reading },
      "urn:x",
    );
    expect(envelope).toContain(
      "<reading><value>-0.1</value><samples><sample>INF</sample><sample>-INF</sample><sample>NaN</sample><sample>1e+21</sample><sample>5e-324</sample></samples></reading>",
    );
    expect(fn<(x: string) => unknown>(server, "readRecordEnvelope")(envelope)).toEqual({ reading });
  });

  it("reads the lexical forms XSD allows and refuses others", () => {
    const parse = fn<(x: string) => unknown>(xml, "parseRecordResponse");
    const answer = (value: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><RecordResponse xmlns="urn:x"><RecordResult><reading><value>${value}</value></reading></RecordResult></RecordResponse></s:Body></s:Envelope>`;
    expect(parse(answer("1E4"))).toMatchObject({ reading: { value: 10000 } });
    expect(parse(answer(" .5 "))).toMatchObject({ reading: { value: 0.5 } });
    expect(parse(answer("-INF"))).toMatchObject({
      reading: { value: Number.NEGATIVE_INFINITY },
    });
    expect(() => parse(answer("Infinity"))).toThrow(/expected a floating-point number/);
    expect(() => parse(answer("0x10"))).toThrow(/expected a floating-point number/);
  });
});
