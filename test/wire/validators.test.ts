import { describe, expect, it } from "vitest";
import type { Field, ObjectType, Service } from "../../generator/model/ir.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { rng, valueOf } from "../helpers/model-values.js";

type Validate = (v: unknown) => {
  ok: boolean;
  issues?: readonly { path: string; code: string; message: string }[];
};

const model = await projectModel();

/** Request-side object types with at least one field, per service. */
function requestTypes(service: Service): ObjectType[] {
  const roots = service.operations.flatMap((o) =>
    o.protocol === "soap" ? [o.requestType] : o.requestType ? [o.requestType] : [],
  );
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const visit = (n: string) => {
    const t = byName.get(n);
    if (!t || seen.has(n)) return;
    seen.add(n);
    for (const f of t.allFields) if (f.type.kind === "object") visit(f.type.name);
  };
  roots.forEach(visit);
  return [...seen].map((n) => byName.get(n)!).filter((t) => t.kind !== "opaque");
}

const cases = model.services.flatMap((s) => requestTypes(s).map((t) => [s.name, t.name] as const));

describe.each(cases)("validator of %s %s", (serviceName, typeName) => {
  const service = model.services.find((s) => s.name === serviceName)!;
  const type = service.types.find((t) => t.name === typeName)!;
  const xml = service.protocol === "soap";

  it("accepts generated valid values and rejects each kind of mutation with its code and path", async () => {
    const validators = await generatedModule(serviceName, "validators");
    const validate = fn<Validate>(validators, `validate${typeName}`);
    const random = rng(typeName.length * 31 + 7);
    for (let i = 0; i < 10; i++) {
      const value = valueOf(service, typeName, {
        mode: i === 0 ? "full" : "random",
        random,
        xml,
      }) as Record<string, unknown>;
      expect(validate(value).issues).toBeUndefined();

      const expectIssue = (mutated: unknown, path: string, code: string) => {
        const result = validate(mutated);
        expect(result.ok, `${typeName}: ${code} at ${path}`).toBe(false);
        expect(
          result.issues!.some((issue) => issue.path === path && issue.code === code),
          JSON.stringify(result.issues),
        ).toBe(true);
      };
      if (type.open) expect(validate({ ...value, notDocumented: 1 }).ok).toBe(true);
      // An undocumented key is reported by its position among the object's keys, never by its name.
      else
        expectIssue(
          { ...value, notDocumented: 1 },
          `<unknown key #${Object.keys(value).length + 1}>`,
          "unknown-field",
        );
      const fields = type.allFields;
      const required = fields.filter((f) => f.required);
      for (const f of required) {
        const { [f.name]: _dropped, ...rest } = value;
        expectIssue(rest, f.name, "required");
      }
      for (const f of fields.filter((x) => !x.list)) {
        const bad = badValue(service, f);
        if (bad && type.kind !== "choice")
          expectIssue({ ...value, [f.name]: bad.value }, f.name, bad.code);
      }
      if (type.kind === "choice") {
        const [a, b] = fields;
        expectIssue({ [a!.name]: {}, [b!.name]: {} }, "", "choice");
        expectIssue({}, "", "choice");
      }
    }
    expect(validate("not an object").issues).toEqual([
      { path: "", code: "type", message: "must be an object" },
    ]);
  });
});

/** A value of the wrong kind for a field, and the issue code it must produce. */
function badValue(service: Service, f: Field): { value: unknown; code: string } | undefined {
  if (f.type.kind === "object") return { value: "text", code: "type" };
  if (f.type.kind === "enum") {
    // A field fixed to one value of its enum: another documented value is valid
    // for the enum, so what it breaks is the constant.
    const enumName = f.type.name;
    const other =
      f.const === undefined
        ? undefined
        : service.enums
            .find((e) => e.name === enumName)
            ?.values.find((v) => v.value !== String(f.const));
    return other
      ? { value: other.value, code: "const" }
      : { value: "not-a-documented-value", code: "enum" };
  }
  switch (f.type.name) {
    case "decimal":
      return { value: "1e5", code: "format" };
    case "long":
      return { value: "9223372036854775808", code: "range" };
    case "short":
      return { value: 40000, code: "range" };
    case "int":
      return { value: 1.5, code: "type" };
    case "boolean":
      return { value: "true", code: "type" };
    case "date":
      return { value: "2023-02-29", code: "format" };
    case "gYearMonth":
      return { value: "2027-13", code: "format" };
    case "string":
      return f.const !== undefined
        ? { value: `${String(f.const)}x`, code: "const" }
        : { value: 42, code: "type" };
    default:
      return undefined;
  }
}
