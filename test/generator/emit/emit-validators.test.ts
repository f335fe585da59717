import { describe, expect, it } from "vitest";
import { emitValidators } from "../../../generator/emit/emit-validators.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  ref,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** emit-validators: a validator per type a caller sends; each field's type check, then its facets. */
describe("emitValidators", () => {
  const send = (...types: ReturnType<typeof objectType>[]) =>
    restService({ types, operations: [restOperation("op", types[0]!.name, undefined)] });
  const table: {
    name: string;
    given: ReturnType<typeof restService>;
    decl: string;
    want: string;
  }[] = [
    {
      name: "a required string with length facets",
      given: send(
        objectType("Req", [
          field("code", scalar("string"), {
            required: true,
            facets: [
              { key: "minLength", value: 1 },
              { key: "maxLength", value: 8 },
            ],
          }),
        ]),
      ),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  if (requireField(value, "code", path, issues)) {
    checkString(value.code, joinPath(path, "code"), issues) &&
      checkMinLength(value.code, 1, joinPath(path, "code"), issues) &&
      checkMaxLength(value.code, 8, joinPath(path, "code"), issues);
  }
}`,
    },
    {
      name: "any JSON value (JsonValue), checked to be one",
      given: send(objectType("Req", [field("extra", scalar("json"))])),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  checkMember(value.extra, path, "extra", issues, checkJsonValue);
}`,
    },
    {
      name: "a bounded decimal and an int with a minimum",
      given: send(
        objectType("Req", [
          field("amount", scalar("decimal"), { facets: [{ key: "minimum", value: "0.01" }] }),
          field("count", scalar("int"), { facets: [{ key: "maximum", value: "10" }] }),
        ]),
      ),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  checkMember(value.amount, path, "amount", issues, checkDecimal, checkMinimum, "0.01");
  checkMember(value.count, path, "count", issues, checkInt, checkMaximum, "10");
}`,
    },
    {
      name: "a pattern, checked as the front end wrote it (here anchored) after the type",
      given: send(
        objectType("Req", [
          field("zip", scalar("string"), {
            facets: [{ key: "pattern", value: "^(?:[0-9]{5}(-[0-9]{4})?)$" }],
          }),
        ]),
      ),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  checkMember(
    value.zip,
    path,
    "zip",
    issues,
    checkString,
    checkPattern,
    "^(?:[0-9]{5}(-[0-9]{4})?)$",
  );
}`,
    },
    {
      name: "an optional string with two facets keeps one check after the other",
      given: send(
        objectType("Req", [
          field("code", scalar("string"), {
            facets: [
              { key: "minLength", value: 1 },
              { key: "maxLength", value: 8 },
            ],
          }),
        ]),
      ),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  if (value.code !== undefined) {
    checkString(value.code, joinPath(path, "code"), issues) &&
      checkMinLength(value.code, 1, joinPath(path, "code"), issues) &&
      checkMaxLength(value.code, 8, joinPath(path, "code"), issues);
  }
}`,
    },
    {
      name: "an object member calls its type's checker, a plain string keeps its typeof test",
      given: send(
        objectType("Req", [
          field("address", ref("object", "Address")),
          field("note", scalar("string")),
        ]),
        objectType("Address", [field("city", scalar("string"))]),
      ),
      decl: "checkReq",
      want: `function checkReq(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!checkObject(value, path, issues)) return;
  checkUnknownKeys(value, fieldsOfReq, path, issues);
  if (value.address !== undefined) {
    checkAddress(value.address, joinPath(path, "address"), issues);
  }

  if (value.note !== undefined) {
    if (!(typeof value.note === "string")) checkString(value.note, joinPath(path, "note"), issues);
  }
}`,
    },
    {
      name: "a type named like a runtime check gets its own name",
      given: send(
        objectType("Req", [field("o", ref("object", "Object"))]),
        objectType("Object", [field("x", scalar("string"))]),
      ),
      decl: "validateObject",
      want: `/** Checks {@link Object$} values before they are sent: every problem, each with a path, a code and a message that never contains the value. */
export function validateObject(value: unknown): ValidationResult<Object$> {
  const issues: ValidationIssue[] = [];
  checkObject$(value, "", issues);
  return result(value as Object$, issues);
}`,
    },
  ];
  it.each(table)("$name", async ({ given, decl, want }) => {
    expect(declaration(await emitWith(emitValidators, given, ["checkObject"]), decl)).toBe(want);
  });

  it("emits no validator for a type only received", async () => {
    const code = await emitWith(
      emitValidators,
      restService({
        types: [objectType("Res", [])],
        operations: [restOperation("op", undefined, "Res")],
      }),
    );
    expect(code).not.toContain("validateRes");
  });
});
