import { describe, expect, it } from "vitest";
import type {
  FieldDescription,
  OperationDescription,
  TypeDescription,
} from "../../../generator/description/description.js";
import { splitReadWrite } from "../../../generator/frontends/openapi/split-read-write.js";

const at = { file: "spec.yaml", line: 1, col: 1 };
const field = (name: string, type = "string"): FieldDescription => ({
  name,
  at,
  type: { name: type, at },
  required: false,
  facets: [],
  examples: [],
  notes: [],
});
const type = (name: string, fields: FieldDescription[]): TypeDescription => ({
  name,
  at,
  kind: "object",
  fields,
  open: false,
  origin: { kind: "declared" },
  notes: [],
});
const operation = (name: string, request: string, response: string): OperationDescription => ({
  protocol: "rest",
  name,
  at,
  httpMethod: "POST",
  path: `/${name}`,
  pathAt: at,
  baseUrl: { name: "base_url", at },
  params: [],
  requestType: { name: request, at },
  responseType: { name: response, at },
  statuses: [],
  idempotent: false,
  links: [],
  notes: [],
});

describe("splitReadWrite", () => {
  const types = [
    type("Account", [field("id"), field("password"), field("profile", "Profile")]),
    type("Profile", [field("createdAt"), field("name")]),
    type("Plain", [field("x")]),
  ];
  const access = new Map([
    [
      "Account",
      new Map([
        ["id", "readOnly" as const],
        ["password", "writeOnly" as const],
      ]),
    ],
    ["Profile", new Map([["createdAt", "readOnly" as const]])],
  ]);
  const taken = new Set(types.map((t) => t.name));
  const unique = (name: string) => (taken.has(name) ? `${name}2` : (taken.add(name), name));

  it("gives what a caller sends its own shape, nested shapes included, and leaves writeOnly properties out of what the service sends", () => {
    const { types: out, operations } = splitReadWrite(
      types,
      [operation("createAccount", "Account", "Account")],
      access,
      unique,
    );
    const shape = (name: string) => {
      const t = out.find((x) => x.name === name)!;
      return t.fields.map((f) => `${f.name}: ${f.type.name}`);
    };
    expect(out.map((t) => t.name)).toEqual([
      "Account",
      "AccountWritable",
      "Profile",
      "ProfileWritable",
      "Plain",
    ]);
    expect(shape("Account")).toEqual(["id: string", "profile: Profile"]);
    expect(shape("AccountWritable")).toEqual(["password: string", "profile: ProfileWritable"]);
    expect(shape("Profile")).toEqual(["createdAt: string", "name: string"]);
    expect(shape("ProfileWritable")).toEqual(["name: string"]);
    expect(operations[0]).toMatchObject({
      requestType: { name: "AccountWritable" },
      responseType: { name: "Account" },
    });
  });

  it("makes no writable shape for a type no request reaches, and changes nothing without marks", () => {
    expect(
      splitReadWrite(types, [operation("read", "Plain", "Account")], access, unique).types.map(
        (t) => t.name,
      ),
    ).toEqual(["Account", "Profile", "Plain"]);
    expect(
      splitReadWrite(types, [operation("read", "Account", "Account")], new Map(), unique).types,
    ).toEqual(types);
  });
});
