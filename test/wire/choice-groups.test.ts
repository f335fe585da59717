import { beforeAll, describe, expect, it } from "vitest";
import { fn } from "../helpers/generated.js";
import { generateSchemas, problemsOf, SOAP_SERVICE } from "../helpers/temp-schemas.js";
import { writePackage } from "../helpers/temp-package.js";

/**
 * A choice among some fields of a type (XML Schema's xs:choice inside a
 * sequence), from a hand-written schema: the validator and the typed reader
 * enforce exactly one (or at most one); a server's draft reader leaves it to
 * the validator.
 */
const TYPES = `
  Contact:
    choices:
      - { fields: [email, phone] }
      - { fields: [fax, pager], required: false }
    fields:
      - { name: name, type: string, required: true }
      - { name: email, type: string }
      - { name: phone, type: string }
      - { name: fax, type: string }
      - { name: pager, type: string }
`;
const OPERATIONS = `operations:
  Register:
    auth: false
    request:
      fields:
        - { name: contact, type: Contact, required: true }
    response:
      fields:
        - { name: contact, type: Contact, required: true }
`;

describe("choice groups", () => {
  let xml: Record<string, unknown>;
  let server: Record<string, unknown>;
  let validators: Record<string, unknown>;

  beforeAll(async () => {
    const { files } = await generateSchemas(
      {
        "svc/service.yaml": `${SOAP_SERVICE}${TYPES}`,
        "svc/operations.yaml": OPERATIONS,
      },
      { server: true },
    );
    const pkg = await writePackage(files);
    [xml, server, validators] = await Promise.all([
      pkg.load("svc", "xml"),
      pkg.load("svc", "server"),
      pkg.load("svc", "validators"),
    ]);
  });

  it("the validator wants exactly one of a required group and at most one of the other", () => {
    const validate = fn<
      (v: unknown) => { ok: boolean; issues?: { path: string; code: string; message: string }[] }
    >(validators, "validateRegisterRequest");
    expect(validate({ contact: { name: "Ada", email: "a@example.test" } }).ok).toBe(true);
    expect(validate({ contact: { name: "Ada", phone: "1", pager: "2" } }).ok).toBe(true);
    expect(validate({ contact: { name: "Ada" } }).issues).toEqual([
      { path: "contact", code: "choice", message: "must have exactly one of: email, phone" },
    ]);
    expect(
      validate({
        contact: { name: "Ada", email: "a", phone: "1", fax: "2", pager: "3" },
      }).issues?.map((i) => i.message),
    ).toEqual(["must have exactly one of: email, phone", "must have at most one of: fax, pager"]);
  });

  it("the typed reader refuses a response with two members, or none of a required group", () => {
    const parse = fn<(x: string) => unknown>(xml, "parseRegisterResponse");
    const answer = (inner: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><RegisterResponse><RegisterResult><contact><name>Ada</name>${inner}</contact></RegisterResult></RegisterResponse></s:Body></s:Envelope>`;
    expect(parse(answer("<phone>1</phone>"))).toEqual({ contact: { name: "Ada", phone: "1" } });
    const failure = (inner: string) => {
      try {
        parse(answer(inner));
        return "no error";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(failure("")).toBe(
      'RegisterResult.contact: holds none of "email", "phone", and its type exactly one',
    );
    expect(failure("<email>a</email><phone>1</phone>")).toBe(
      'RegisterResult.contact: holds both "email" and "phone", and its type at most one of "email", "phone"',
    );
    expect(failure("<phone>1</phone><fax>2</fax><pager>3</pager>")).toBe(
      'RegisterResult.contact: holds both "fax" and "pager", and its type at most one of "fax", "pager"',
    );
  });

  it("a server's draft reader leaves the choice to the validator", () => {
    const build = fn<(r: object, ns: string) => string>(xml, "buildRegisterEnvelope");
    const read = fn<(x: string) => unknown>(server, "readRegisterEnvelope");
    const twoMembers = { contact: { name: "Ada", email: "a", phone: "1" } };
    // The client validates before it builds; a builder alone writes what it is given.
    expect(read(build(twoMembers, "urn:x"))).toEqual(twoMembers);
  });

  it("refuses a group that names no field, one field, a required field, or a field twice", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": `${SOAP_SERVICE}
  Bad:
    choices:
      - { fields: [a, nope] }
      - { fields: [b] }
      - { fields: [a, c] }
    fields:
      - { name: a, type: string }
      - { name: b, type: string }
      - { name: c, type: string, required: true }
`,
    });
    expect(problems).toEqual([
      'schemas/svc/service.yaml:19:23: "Bad" has no field "nope"',
      "schemas/svc/service.yaml:20:9: a choice group names at least two fields",
      'schemas/svc/service.yaml:21:20: "a" is already in a choice group of "Bad"',
      'schemas/svc/service.yaml:21:23: "c" is in a choice group and so cannot be required: the group says which field is present',
    ]);
  });
});
