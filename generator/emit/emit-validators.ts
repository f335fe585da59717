import { enumValuesOf } from "./enum-values.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import { facetOf } from "../facets/registry.js";
import type { Field, ObjectType, ScalarName, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { propertyAccess } from "./safe-names.js";
import { constLiteral, stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";
import { choiceGroupsOf } from "./choice-groups.js";
import { tagCases, variantShapes } from "./union-variants.js";

const VALIDATE = paths.runtime("validate.ts");
const UNION = paths.runtime("union.ts");

/** One facet of a field: its key in the registry and its value. */
type FacetUse = Field["facets"][number];

/**
 * `<service>/validators.ts`: a validator for every type a caller sends.
 * Each reports every problem with a path, a code and a message that names
 * the field and never its value.
 */
export function emitValidators(ctx: EmitContext): GeneratedFile {
  return emitValidatorsOf(ctx, paths.validators(ctx.service.name), "sent");
}

/**
 * `<service>/answer-validators.ts`, for the server entry only: a validator
 * for every type a caller receives, so a server never sends an answer that
 * breaks the contract.
 */
export function emitAnswerValidators(ctx: EmitContext): GeneratedFile {
  return emitValidatorsOf(ctx, paths.answerValidators(ctx.service.name), "received");
}

function emitValidatorsOf(
  ctx: EmitContext,
  path: string,
  side: "sent" | "received",
): GeneratedFile {
  const { service, names } = ctx;
  const file = serviceFile(ctx, path);
  const types =
    side === "received" ? answerCheckedTypes(service) : service.types.filter((t) => t.facts.sent);
  // Bases that an extension's checker calls: they skip the unknown-field check, which the extension does with its full field set.
  const delegated = new Set(types.flatMap((t) => t.facts.delegatedBase ?? []));
  for (const type of types) emitChecker(file, service, names, type, delegated.has(type.name), side);
  return file.finish();
}

/** The types `answer-validators.ts` holds a checker of (none: the file is not written). */
export function answerCheckedTypes(service: Service): readonly ObjectType[] {
  return withoutSentRoots(service.types.filter((t) => t.facts.received));
}

/**
 * The answer validators' types: a type callers also send has its validator
 * in validators.ts, so its checker is here only when another checker here
 * calls it (as a field's type, a variant or a base).
 */
function withoutSentRoots(types: readonly ObjectType[]): readonly ObjectType[] {
  let kept = types;
  for (;;) {
    const called = new Set<string>();
    for (const t of kept) {
      for (const f of t.allFields) if (f.type.kind === "object") called.add(f.type.name);
      for (const v of t.variants ?? []) called.add(v);
      if (t.facts.delegatedBase !== undefined) called.add(t.facts.delegatedBase);
    }
    const next = kept.filter((t) => !t.facts.sent || called.has(t.name));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** The exported `validate<Type>`: every problem of a value, through the type's checker. */
function emitValidator(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  type: ObjectType,
  side: "sent" | "received",
): void {
  const typeName = file.type(names.get("type", type.name), paths.types(service.name));
  const issueType = file.type("ValidationIssue", paths.runtime("errors.ts"));
  const resultType = file.type("ValidationResult", VALIDATE);
  file.addFunction({
    isExported: true,
    name: names.get("validator", type.name),
    docs: [
      `Checks {@link ${typeName}} values before they are ${side === "sent" ? "sent" : "answered"}: every problem, each with a path, a code and a message that never contains the value.`,
    ],
    parameters: [{ name: "value", type: "unknown" }],
    returnType: `${resultType}<${typeName}>`,
    statements: [
      `const issues: ${issueType}[] = [];`,
      `${names.get("checker", type.name)}(value, "", issues);`,
      `return ${file.value("result", VALIDATE)}(value as ${typeName}, issues);`,
    ],
  });
}

function emitChecker(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  type: ObjectType,
  isBase: boolean,
  side: "sent" | "received",
): void {
  const checkerName = (t: string) => names.get("checker", t);
  // A server imports the validator of a type callers also send from validators.ts (see
  // `validatorModule`): the answer validators keep only its checker, which other checkers call.
  if (side === "sent" || !type.facts.sent) emitValidator(file, service, names, type, side);
  const body: string[] = [];
  if (type.kind === "union") {
    const checker = (v: string) => checkerName(v);
    body.push(
      type.discriminator
        ? `${file.value("checkTagged", UNION)}(value, path, issues, ${stringLiteral(type.discriminator.property)}, ${tagCases(type, checker)});`
        : `${file.value("checkUntagged", UNION)}(value, path, issues, ${variantShapes(service, type)}, [${(type.variants ?? []).map(checker).join(", ")}]);`,
    );
  } else if (type.kind === "opaque") {
    body.push(
      `${file.value(type.list ? "checkArray" : "checkObject", VALIDATE)}(value, path, issues);`,
    );
  } else {
    body.push(`if (!${file.value("checkObject", VALIDATE)}(value, path, issues)) return;`);
    if (!type.open) {
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: names.get("fieldSet", type.name),
            initializer: `new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])`,
          },
        ],
      });
      const check = `${file.value("checkUnknownKeys", VALIDATE)}(value, ${names.get("fieldSet", type.name)}, path, issues);`;
      body.push(isBase ? `if (!extended) ${check}` : check);
    }
    if (type.kind === "choice") {
      body.push(
        `${file.value("checkChoice", VALIDATE)}(value, [${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}], path, issues);`,
      );
    }
    // An extension checks its base's fields through the base's checker.
    const base = type.facts.delegatedBase;
    if (base !== undefined) body.push(`${checkerName(base)}(value, path, issues, true);`);
    for (const f of base !== undefined ? type.fields : type.allFields)
      body.push(...fieldCheck(file, service, names, f));
    for (const group of choiceGroupsOf(service, type, base !== undefined ? "own" : "all")) {
      body.push(
        `${file.value("checkChoiceGroup", VALIDATE)}(value, [${group.fields.map(stringLiteral).join(", ")}], ${group.required}, path, issues);`,
      );
    }
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

function fieldCheck(file: TsFile, service: Service, names: ServiceNames, f: Field): string[] {
  const member = memberCheck(file, f);
  if (member !== undefined) return [member];
  const access = propertyAccess("value", f.name);
  const pathExpr = `${file.value("joinPath", VALIDATE)}(path, ${stringLiteral(f.name)})`;
  // A nullable value (or list item) that is null is valid as it is.
  const check = (v: string, p: string) =>
    f.nullable
      ? `if (${v} !== null) { ${valueCheck(file, service, names, f, v, p)} }`
      : valueCheck(file, service, names, f, v, p);
  // The common case costs one typeof: the path is built only when the value is wrong.
  const fast = fastPath(f, access);
  const values = (v: string, p: string): string[] =>
    f.list
      ? [
          `if (${file.value("checkList", VALIDATE)}(${v}, ${p}, issues, ${f.list.min}, ${f.list.max ?? "undefined"})) {`,
          `  const itemsPath = ${p};`,
          `  ${v}.forEach((item, index) => { ${check("item", `${file.value("joinPath", VALIDATE)}(itemsPath, index)`)} });`,
          `}`,
        ]
      : [fast ? `if (!(${fast})) ${check(v, p)}` : check(v, p)];
  // A map: each member is checked under its key.
  const inner = f.map
    ? [
        `if (${file.value("checkMap", VALIDATE)}(${access}, ${pathExpr}, issues)) {`,
        `  const mapPath = ${pathExpr};`,
        `  for (const [key, entry] of Object.entries(${access})) {`,
        ...values("entry", `${file.value("joinPath", VALIDATE)}(mapPath, key)`),
        `  }`,
        `}`,
      ]
    : values(access, pathExpr);
  if (f.required) {
    return [
      `if (${file.value("requireField", VALIDATE)}(value, ${stringLiteral(f.name)}, path, issues)) {`,
      ...inner,
      `}`,
    ];
  }
  return [`if (${access} !== undefined) {`, ...inner, `}`];
}

/**
 * A plain optional scalar member (one value, at most one facet, no constant,
 * not nullable) as one `checkMember` call: no statement of its own, its
 * path built once. A string or boolean without facets keeps its inline `typeof`
 * test, which builds no path; a member of an object type keeps its direct
 * call of the type's checker, which the engine can inline.
 */
function memberCheck(file: TsFile, f: Field): string | undefined {
  if (f.required || f.list || f.map || f.nullable || f.const !== undefined) return undefined;
  const t = f.type;
  if (t.kind !== "scalar" || fastPath(f, "value") !== undefined || f.facets.length > 1)
    return undefined;
  const head = `${file.value("checkMember", VALIDATE)}(${propertyAccess("value", f.name)}, path, ${stringLiteral(f.name)}, issues`;
  const check = scalarCheck(file, t.name);
  if (check === undefined) return undefined;
  const [use] = check.takesFacets ? f.facets : [];
  if (use === undefined) return `${head}, ${check.name});`;
  const facet = facetOfUse(file, use);
  return `${head}, ${check.name}, ${facet.check}, ${facet.argument});`;
}

/**
 * Each scalar type's check when it takes only the value, the path and the
 * issues (`checkDouble` takes more, so it has none here), the module it is
 * in (the validation runtime unless named), and whether the field's constant
 * and facets are checked after it (a date, a URI or a JSON value has neither).
 */
const SCALAR_CHECKS: Readonly<
  Record<ScalarName, { name: string; module?: string; takesFacets: boolean } | undefined>
> = {
  string: { name: "checkString", takesFacets: true },
  decimal: { name: "checkDecimal", takesFacets: true },
  boolean: { name: "checkBoolean", takesFacets: true },
  short: { name: "checkShort", takesFacets: true },
  int: { name: "checkInt", takesFacets: true },
  long: { name: "checkLong", takesFacets: true },
  base64: { name: "checkBase64", takesFacets: true },
  date: { name: "checkDate", takesFacets: false },
  dateTime: { name: "checkDateTime", takesFacets: false },
  gYearMonth: { name: "checkGYearMonth", takesFacets: false },
  uri: { name: "checkUri", takesFacets: false },
  json: { name: "checkJsonValue", module: paths.runtime("json-value.ts"), takesFacets: false },
  double: undefined,
};

/** A scalar type's check (see `SCALAR_CHECKS`), imported into `file`. */
function scalarCheck(
  file: TsFile,
  scalarName: ScalarName,
): { readonly name: string; readonly takesFacets: boolean } | undefined {
  const check = SCALAR_CHECKS[scalarName];
  if (check === undefined) return undefined;
  return { name: file.value(check.name, check.module ?? VALIDATE), takesFacets: check.takesFacets };
}

/** The statement that checks one value of a field's type, then each of its facets. */
function valueCheck(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  f: Field,
  v: string,
  p: string,
): string {
  const fn = (name: string) => file.value(name, VALIDATE);
  const t = f.type;
  if (t.kind === "object") return `${names.get("checker", t.name)}(${v}, ${p}, issues);`;
  if (t.kind === "enum") {
    const values = enumValuesOf(file, service, names, t.name);
    const constCheck =
      f.const !== undefined
        ? ` && ${fn("checkConst")}(${v}, ${constLiteral(f.const)}, ${p}, issues)`
        : "";
    return `${fn("checkEnum")}(${v}, ${values}, ${p}, issues)${constCheck};`;
  }
  const constCheck =
    f.const !== undefined && t.name !== "string"
      ? ` && ${fn("checkConst")}(${v}, ${constLiteral(f.const)}, ${p}, issues)`
      : "";
  if (t.name === "string") {
    const c = [f.const !== undefined ? `const: ${stringLiteral(String(f.const))}` : ""].filter(
      Boolean,
    );
    return `${fn("checkString")}(${v}, ${p}, issues${c.length ? `, { ${c.join(", ")} }` : ""})${facetChecks(file, f, v, p)};`;
  }
  const check = scalarCheck(file, t.name);
  if (check === undefined)
    // A double; a JSON body (a REST service's) has no form for NaN and the infinities.
    return `${fn("checkDouble")}(${v}, ${p}, issues${service.protocol === "rest" ? ", true" : ""})${constCheck}${facetChecks(file, f, v, p)};`;
  return `${check.name}(${v}, ${p}, issues)${check.takesFacets ? `${constCheck}${facetChecks(file, f, v, p)}` : ""};`;
}

/**
 * The checks of a field's facets, each ` && check(value, argument, path, issues)`,
 * run once the value has the field's type.
 */
export function facetChecks(file: TsFile, f: Pick<Field, "facets">, v: string, p: string): string {
  return f.facets.map((use) => ` && ${facetCall(file, use, v, p)}`).join("");
}

/** One facet's check of `v` at path `p`: `check(v, argument, p, issues)`. */
function facetCall(file: TsFile, use: FacetUse, v: string, p: string): string {
  const { check, argument } = facetOfUse(file, use);
  return `${check}(${v}, ${argument}, ${p}, issues)`;
}

/** A facet's runtime check (imported) and its argument as a literal. */
function facetOfUse(
  file: TsFile,
  use: FacetUse,
): { readonly check: string; readonly argument: string } {
  const facet = facetOf(use.key);
  if (!facet) throw new Error(`unknown facet ${use.key}`);
  return {
    check: file.value(facet.runtimeCheck, VALIDATE),
    argument: typeof use.value === "number" ? String(use.value) : stringLiteral(use.value),
  };
}

/** A cheap test that a value certainly passes its field's check, when there is one. */
function fastPath(f: Field, access: string): string | undefined {
  if (
    f.list ||
    f.map ||
    f.nullable ||
    f.type.kind !== "scalar" ||
    f.const !== undefined ||
    f.facets.length > 0
  )
    return undefined;
  if (f.type.name === "string") return `typeof ${access} === "string"`;
  if (f.type.name === "boolean") return `typeof ${access} === "boolean"`;
  return undefined;
}
