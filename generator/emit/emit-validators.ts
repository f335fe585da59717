import type { Project } from "ts-morph";
import { VariableDeclarationKind } from "ts-morph";
import type { Field, ObjectType, Service } from "../model/ir.js";
import { requestSideTypes } from "../model/reachable.js";
import { enumValuesName } from "./emit-enums.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { propertyAccess } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";
import { delegatedBase } from "./wire-types.js";

const VALIDATE = paths.runtime("validate.ts");

/** Name of the public validator of a type. */
export const validatorName = (type: string) => `validate${type}`;
const checkerName = (type: string) => `check${type}`;
const fieldSetName = (type: string) => `fieldsOf${type}`;

/**
 * `<service>/validators.ts`: a validator for every type a caller sends.
 * Each reports every problem with a path, a code and a message that names
 * the field and never its value.
 */
export function emitValidators(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.validators(service.name));
  const types = requestSideTypes(service);
  // Bases that an extension's checker calls: they skip the unknown-field check, which the extension does with its full field set.
  const delegated = new Set(types.flatMap((t) => delegatedBase(service, t)?.name ?? []));
  for (const type of types) emitChecker(file, service, type, delegated.has(type.name));
  return file.finish();
}

function emitChecker(file: TsFile, service: Service, type: ObjectType, isBase: boolean): void {
  const typeName = file.type(type.name, paths.types(service.name));
  const issueType = file.type("ValidationIssue", paths.runtime("errors.ts"));
  const resultType = file.type("ValidationResult", VALIDATE);
  file.addFunction({
    isExported: true,
    name: validatorName(type.name),
    docs: [`Checks {@link ${type.name}} values before they are sent: every problem, each with a path, a code and a message that never contains the value.`],
    parameters: [{ name: "value", type: "unknown" }],
    returnType: `${resultType}<${typeName}>`,
    statements: [
      `const issues: ${issueType}[] = [];`,
      `${checkerName(type.name)}(value, "", issues);`,
      `return ${file.value("result", VALIDATE)}(value as ${typeName}, issues);`,
    ],
  });
  const body: string[] = [];
  if (type.kind === "opaque") {
    body.push(`${file.value("checkObject", VALIDATE)}(value, path, issues);`);
  } else {
    body.push(`if (!${file.value("checkObject", VALIDATE)}(value, path, issues)) return;`);
    if (!type.open) {
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: fieldSetName(type.name), initializer: `new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])` }],
      });
      const check = `${file.value("checkUnknownKeys", VALIDATE)}(value, ${fieldSetName(type.name)}, path, issues);`;
      body.push(isBase ? `if (!extended) ${check}` : check);
    }
    if (type.kind === "choice") {
      body.push(`${file.value("checkChoice", VALIDATE)}(value, [${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}], path, issues);`);
    }
    // An extension checks its base's fields through the base's checker.
    const base = delegatedBase(service, type);
    if (base) body.push(`${checkerName(base.name)}(value, path, issues, true);`);
    for (const f of base ? type.fields : type.allFields) body.push(...fieldCheck(file, service, f));
  }
  file.addFunction({
    name: checkerName(type.name),
    parameters: [
      { name: "value", type: "unknown" },
      { name: "path", type: "string" },
      { name: "issues", type: `${file.type("ValidationIssue", paths.runtime("errors.ts"))}[]` },
      ...(isBase ? [{ name: "extended", type: "boolean", initializer: "false" }] : []),
    ],
    returnType: "void",
    statements: body,
  });
}

function fieldCheck(file: TsFile, service: Service, f: Field): string[] {
  const access = propertyAccess("value", f.name);
  const pathExpr = `${file.value("joinPath", VALIDATE)}(path, ${stringLiteral(f.name)})`;
  const check = (v: string, p: string) => valueCheck(file, service, f, v, p);
  // The common case costs one typeof: the path is built only when the value is wrong.
  const fast = fastPath(f, access);
  const inner = f.list
    ? [
        `if (${file.value("checkList", VALIDATE)}(${access}, ${pathExpr}, issues, ${f.list.min}, ${f.list.max ?? "undefined"})) {`,
        `  const itemsPath = ${pathExpr};`,
        `  ${access}.forEach((item, index) => { ${check("item", `${file.value("joinPath", VALIDATE)}(itemsPath, index)`)} });`,
        `}`,
      ]
    : [fast ? `if (!(${fast})) ${check(access, pathExpr)}` : check(access, pathExpr)];
  if (f.required) {
    return [`if (${file.value("requireField", VALIDATE)}(value, ${stringLiteral(f.name)}, path, issues)) {`, ...inner, `}`];
  }
  return [`if (${access} !== undefined) {`, ...inner, `}`];
}

/** The statement that checks one value of a field's type. */
function valueCheck(file: TsFile, service: Service, f: Field, v: string, p: string): string {
  const fn = (name: string) => file.value(name, VALIDATE);
  const t = f.type;
  if (t.kind === "object") return `${checkerName(t.name)}(${v}, ${p}, issues);`;
  if (t.kind === "enum") {
    const values = file.value(enumValuesName(t.name), paths.enums(service.name));
    const constCheck = f.const !== undefined ? ` && ${fn("checkConst")}(${v}, ${JSON.stringify(f.const)}, ${p}, issues)` : "";
    return `${fn("checkEnum")}(${v}, ${values}, ${p}, issues)${constCheck};`;
  }
  const constCheck = f.const !== undefined && t.name !== "string" ? ` && ${fn("checkConst")}(${v}, ${JSON.stringify(f.const)}, ${p}, issues)` : "";
  switch (t.name) {
    case "string": {
      const c = [
        f.minLength !== undefined ? `minLength: ${f.minLength}` : "",
        f.maxLength !== undefined ? `maxLength: ${f.maxLength}` : "",
        f.const !== undefined ? `const: ${JSON.stringify(String(f.const))}` : "",
      ].filter(Boolean);
      return `${fn("checkString")}(${v}, ${p}, issues${c.length ? `, { ${c.join(", ")} }` : ""});`;
    }
    case "decimal": {
      const c = [f.minimum !== undefined ? `minimum: ${stringLiteral(f.minimum)}` : "", f.maximum !== undefined ? `maximum: ${stringLiteral(f.maximum)}` : ""].filter(Boolean);
      return `${fn("checkDecimal")}(${v}, ${p}, issues${c.length ? `, { ${c.join(", ")} }` : ""})${constCheck};`;
    }
    case "boolean":
      return `${fn("checkBoolean")}(${v}, ${p}, issues)${constCheck};`;
    case "short":
      return `${fn("checkShort")}(${v}, ${p}, issues)${constCheck};`;
    case "int":
      return `${fn("checkInt")}(${v}, ${p}, issues)${constCheck};`;
    case "long":
      return `${fn("checkLong")}(${v}, ${p}, issues)${constCheck};`;
    case "date":
      return `${fn("checkDate")}(${v}, ${p}, issues);`;
    case "dateTime":
      return `${fn("checkDateTime")}(${v}, ${p}, issues);`;
    case "gYearMonth":
      return `${fn("checkGYearMonth")}(${v}, ${p}, issues);`;
    case "base64":
      return `${fn("checkBase64")}(${v}, ${p}, issues)${constCheck};`;
    case "uri":
      return `${fn("checkUri")}(${v}, ${p}, issues);`;
  }
}

/** A cheap test that a value certainly passes its field's check, when there is one. */
function fastPath(f: Field, access: string): string | undefined {
  if (f.list || f.type.kind !== "scalar" || f.const !== undefined) return undefined;
  if (f.type.name === "string" && f.minLength === undefined && f.maxLength === undefined) return `typeof ${access} === "string"`;
  if (f.type.name === "boolean") return `typeof ${access} === "boolean"`;
  return undefined;
}
