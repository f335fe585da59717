import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { FORMAT_OPTIONS } from "../../../generator/format/format-files.js";
import { layOutStatements } from "../../../generator/format/statement-layout.js";

/** What prettier prints for the text, with the generator's options: the reference. */
function prettierAlone(text: string): Promise<string> {
  return prettier.format(text, { ...FORMAT_OPTIONS, parser: "babel-ts" });
}

/** The statement layout, and what of the text prettier formatted. */
async function laidOut(text: string) {
  const formatted: string[] = [];
  const layout = await layOutStatements(text, (pieces) => {
    formatted.push(pieces);
    return prettierAlone(pieces);
  });
  return { text: layout?.text, formattedBytes: layout?.formattedBytes, formatted };
}

const name = (letter: string, length: number) => letter.repeat(length);
const long = name("l", 40);

/** Forms broken here without prettier: `given` (as emitters write it) and `want` (prettier's layout). */
const broken: readonly {
  readonly name: string;
  readonly given: string;
  readonly want: string;
  /** Left to prettier. */
  readonly prettier?: true;
}[] = [
  {
    name: "an interface declaring no member of its own, its body {}",
    given: "export interface Payee extends PayeeBase {\n}\n",
    want: "export interface Payee extends PayeeBase {}\n",
  },
  {
    name: "a call statement too wide, one argument a line",
    given: `function f(): void {\ncheckMember(value.${long}, path, "${long}", issues, checkString, 60);\n}\n`,
    want: `function f(): void {\n  checkMember(\n    value.${long},\n    path,\n    "${long}",\n    issues,\n    checkString,\n    60,\n  );\n}\n`,
  },
  {
    name: "a returned call too wide, with a call among its arguments",
    given: `function f() {\n  return received(readJsonBody(body, options), ${long}, ${name("m", 30)});\n}\n`,
    want: `function f() {\n  return received(\n    readJsonBody(body, options),\n    ${long},\n    ${name("m", 30)},\n  );\n}\n`,
  },
  {
    name: "a declaration of a name too wide, the name after its =",
    given: `export const descriptionOf${long}: ObjectDescription = descriptionOf${name("m", 30)};\n`,
    want: `export const descriptionOf${long}: ObjectDescription =\n  descriptionOf${name("m", 30)};\n`,
  },
  {
    name: "a declaration of a name too wide on both lines, broken after its = all the same",
    given: `export const descriptionOf${name("l", 80)}: ObjectDescription = descriptionOf${name("m", 80)};\n`,
    want: `export const descriptionOf${name("l", 80)}: ObjectDescription =\n  descriptionOf${name("m", 80)};\n`,
  },
  {
    name: "a declaration of a call too wide",
    given: `function f() {\n  const u = checkFields(obj, fieldsOf${long}, ${long}, path);\n}\n`,
    want: `function f() {\n  const u = checkFields(\n    obj,\n    fieldsOf${long},\n    ${long},\n    path,\n  );\n}\n`,
  },
  {
    name: "a pure call of an array of strings, the array hugged",
    given: `const fieldsOf${long} = /* @__PURE__ */ fieldSet(["resultCode", "messages", "${long}"]);\n`,
    want: `const fieldsOf${long} = /* @__PURE__ */ fieldSet([\n  "resultCode",\n  "messages",\n  "${long}",\n]);\n`,
  },
  {
    name: "a pure call of an array and another argument, the array flat where it fits",
    given: `const fieldsOf${long} = /* @__PURE__ */ fieldSet(["code", "${name("k", 30)}"], "kept");\n`,
    want: `const fieldsOf${long} = /* @__PURE__ */ fieldSet(\n  ["code", "${name("k", 30)}"],\n  "kept",\n);\n`,
  },
  {
    name: "an if returning a call whose argument is a call of calls",
    given: `function f() {\n  if (isErrorResult(value)) return errorResult(read${long}(value, "${name("k", 10)}", errorResultContext(o)));\n}\n`,
    want: `function f() {\n  if (isErrorResult(value))\n    return errorResult(\n      read${long}(value, "${name("k", 10)}", errorResultContext(o)),\n    );\n}\n`,
  },
  {
    name: "a pure call of an array and another argument, the array broken where it does not fit",
    given: `const fieldsOf${long} = /* @__PURE__ */ fieldSet(["code", "${long}", "${long}", "x"], "kept");\n`,
    want: `const fieldsOf${long} = /* @__PURE__ */ fieldSet(\n  [\n    "code",\n    "${long}",\n    "${long}",\n    "x",\n  ],\n  "kept",\n);\n`,
  },
  {
    name: "a frozen array of strings, written on several lines, the array hugged",
    given: `export const ${name("v", 20)}: readonly Name[] = /* @__PURE__ */ Object.freeze([\n  "a",\n  "${long}",\n]);\n`,
    want: `export const ${name("v", 20)}: readonly Name[] = /* @__PURE__ */ Object.freeze([\n  "a",\n  "${long}",\n]);\n`,
  },
  {
    name: "a frozen array of strings written on one line, broken",
    given: `export const valuesOf${name("v", 20)}: readonly Name[] = /* @__PURE__ */ Object.freeze(["a", "${long}"]);\n`,
    want: `export const valuesOf${name("v", 20)}: readonly Name[] = /* @__PURE__ */ Object.freeze([\n  "a",\n  "${long}",\n]);\n`,
  },
  {
    name: "an if and its else written on one line",
    given: `function f() {\n  if (key === "tags") value0 = c.scalar(value0); else c.giveUp();\n}\n`,
    want: `function f() {\n  if (key === "tags") value0 = c.scalar(value0);\n  else c.giveUp();\n}\n`,
    prettier: true,
  },
  {
    name: "a call written on several lines that fits on one",
    given: `function f() {\n  check(\n    a,\n    "b",\n  );\n}\n`,
    want: `function f() {\n  check(a, "b");\n}\n`,
  },
  {
    name: "a type alias of a union of strings",
    given: `export type ${long} = "${long}" | "${long}" | "${long}";\n`,
    want: `export type ${long} =\n  | "${long}"\n  | "${long}"\n  | "${long}";\n`,
  },
  {
    name: "an if returning a call of a call too wide, both broken",
    given: `function f() {\n  if (isErrorResult(value)) return errorResult(read${long}(value, "${long}", errorResultContext(o)));\n}\n`,
    want: `function f() {\n  if (isErrorResult(value))\n    return errorResult(\n      read${long}(\n        value,\n        "${long}",\n        errorResultContext(o),\n      ),\n    );\n}\n`,
  },
  {
    name: "a new set of strings, hugged",
    given: `const fieldsOf${long} = new Set(["merchantAuthentication", "clientId", "subscriptionId"]);\n`,
    want: `const fieldsOf${long} = new Set([\n  "merchantAuthentication",\n  "clientId",\n  "subscriptionId",\n]);\n`,
  },
  {
    name: "an if whose test fits, its statement broken on the next lines",
    given: `function f() {\nif (!(typeof value.action === "string")) checkString(value.${long}, joinPath(path, "${long}"), issues);\n}\n`,
    want: `function f() {\n  if (!(typeof value.action === "string"))\n    checkString(\n      value.${long},\n      joinPath(path, "${long}"),\n      issues,\n    );\n}\n`,
  },
  {
    name: "an if assigning a call in its test, the test fitting on its line",
    given: `function f() {\n  if ((v = readChild(obj.${long}, o, path, "${name("k", 7)}")) !== undefined) out.${long} = v;\n}\n`,
    want: `function f() {\n  if (\n    (v = readChild(obj.${long}, o, path, "${name("k", 7)}")) !== undefined\n  )\n    out.${long} = v;\n}\n`,
  },
  {
    name: "an if assigning a call in its test, broken before the right operand",
    given: `function f() {\n  if ((v = readChild(obj.${long}, o, path, "${name("k", 15)}")) !== undefined) out.x = v;\n}\n`,
    want: `function f() {\n  if (\n    (v = readChild(obj.${long}, o, path, "${name("k", 15)}")) !==\n    undefined\n  )\n    out.x = v;\n}\n`,
  },
  {
    name: "an if assigning a call in its test, the call's arguments one a line",
    given: `function f() {\n  if ((v = readChild(obj.${long}, o, path, "${long}", read${long})) !== undefined) out.x = v;\n}\n`,
    want: `function f() {\n  if (\n    (v = readChild(\n      obj.${long},\n      o,\n      path,\n      "${long}",\n      read${long},\n    )) !== undefined\n  )\n    out.x = v;\n}\n`,
  },
  {
    name: "a function's head too wide, one parameter a line",
    given: `export function validate${long}(value: unknown, path: string): ValidationResult<${long}> {\n  return x;\n}\n`,
    want: `export function validate${long}(\n  value: unknown,\n  path: string,\n): ValidationResult<${long}> {\n  return x;\n}\n`,
  },
  {
    name: "a function's head with type parameters, too wide",
    given: `export async function create${name("c", 20)}<C extends CallOptions = DataOnly>(config: Config, call?: C): Promise<Answer<${long}, C>> {\n  return x;\n}\n`,
    want: `export async function create${name("c", 20)}<C extends CallOptions = DataOnly>(\n  config: Config,\n  call?: C,\n): Promise<Answer<${long}, C>> {\n  return x;\n}\n`,
  },
  {
    name: "an import list too wide, one name a line, even one wider than the line",
    given: `import { type ${long}, ${long}A, ${name("b", 100)} } from "./types.js";\n`,
    want: `import {\n  type ${long},\n  ${long}A,\n  ${name("b", 100)},\n} from "./types.js";\n`,
  },
  {
    name: "a property whose conditional fits on the next line, and one broken in three",
    given: `function f(value) {\n  return {\n  ${long}: value.${long} === undefined ? undefined : g(value.x),\n  a: value.${long} === undefined ? undefined : jsonOf${long}(value.a),\n  ...keptProperties(value),\n  };\n}\n`,
    want: `function f(value) {\n  return {\n    ${long}:\n      value.${long} === undefined ? undefined : g(value.x),\n    a:\n      value.${long} === undefined\n        ? undefined\n        : jsonOf${long}(value.a),\n    ...keptProperties(value),\n  };\n}\n`,
  },
  {
    name: "a property holding objects of two members each, one a line even where they fit",
    given: `const d = {\n  fields: [{ name: "a", type: "string" }, { name: "b", type: () => d }],\n};\n`,
    want: `const d = {\n  fields: [\n    { name: "a", type: "string" },\n    { name: "b", type: () => d },\n  ],\n};\n`,
  },
  {
    name: "a property holding objects whose arrow to a long name is too wide, broken after the arrow only where it does not fit",
    given: `const d = {\n  fields: [{ name: "a", type: () => descriptionOf${long}${long} }, { name: "b", type: () => descriptionOf${long}${name("m", 20)}, list: [0] }],\n};\n`,
    want: `const d = {\n  fields: [\n    {\n      name: "a",\n      type: () =>\n        descriptionOf${long}${long},\n    },\n    {\n      name: "b",\n      type: () => descriptionOf${long}${name("m", 20)},\n      list: [0],\n    },\n  ],\n};\n`,
  },
  {
    name: "a call whose argument is a parenthesized nullish default, which prettier unwraps",
    given: `function f() {\n  return g(op, (options.baseUrl ?? "https://api.example.com"));\n}\n`,
    want: `function f() {\n  return g(op, options.baseUrl ?? "https://api.example.com");\n}\n`,
  },
  {
    name: "a returned call too wide, a call among its arguments broken with its nullish default unwrapped",
    given: `function f() {\n  return callRest(op${long}, joinUrl((options.baseUrl ?? "https://api.example.com"), fillPath(op${long}.path, { id })), request, options, call);\n}\n`,
    want: `function f() {\n  return callRest(\n    op${long},\n    joinUrl(\n      options.baseUrl ?? "https://api.example.com",\n      fillPath(op${long}.path, { id }),\n    ),\n    request,\n    options,\n    call,\n  );\n}\n`,
  },
  {
    name: "a call whose last argument is an object not hugged, the line up to its brace too wide",
    given: `function f() {\n  return callRest(op${long}, withQuery(joinUrl((options.baseUrl ?? "https://api.example.com"), op${long}.path), { start: params?.start, end: params?.end }), undefined, options, call);\n}\n`,
    want: `function f() {\n  return callRest(\n    op${long},\n    withQuery(\n      joinUrl(\n        options.baseUrl ?? "https://api.example.com",\n        op${long}.path,\n      ),\n      { start: params?.start, end: params?.end },\n    ),\n    undefined,\n    options,\n    call,\n  );\n}\n`,
  },
  {
    name: "a property holding an arrow to a conditional too wide, broken after the arrow",
    given: `const d = {\n  parseError: (body, status) => status === 400 ? parse${long}(body) : undefined,\n};\n`,
    want: `const d = {\n  parseError: (body, status) =>\n    status === 400 ? parse${long}(body) : undefined,\n};\n`,
  },
  {
    name: "a property holding an arrow to a chain of conditionals, each nested one deeper",
    given: `const d = {\n  parseError: (body, status) => status === 400 ? parse${long}(body) : status === 401 ? parseB(body) : status === 500 ? parseC(body, status) : undefined,\n};\n`,
    want: `const d = {\n  parseError: (body, status) =>\n    status === 400\n      ? parse${long}(body)\n      : status === 401\n        ? parseB(body)\n        : status === 500\n          ? parseC(body, status)\n          : undefined,\n};\n`,
  },
  {
    name: "a type alias of a generic of one union too wide, the union between the brackets",
    given: `export type CreatePaymentError = HttpStatusError<${name("p", 30)}400Response | ${name("p", 30)}502Response>;\n`,
    want: `export type CreatePaymentError = HttpStatusError<\n  ${name("p", 30)}400Response | ${name("p", 30)}502Response\n>;\n`,
  },
  {
    name: "a type alias of a generic of one union too wide even on its own line",
    given: `export type CreatePaymentError = HttpStatusError<${long}400Response | ${long}502Response>;\n`,
    want: `export type CreatePaymentError = HttpStatusError<\n  | ${long}400Response\n  | ${long}502Response\n>;\n`,
    prettier: true,
  },
  {
    name: "a type alias of a generic of a union of three names too wide",
    given: `export type E = HttpStatusError<${name("a", 30)} | ${name("b", 30)} | ${name("c", 30)}>;\n`,
    want: `export type E = HttpStatusError<\n  ${name("a", 30)} | ${name("b", 30)} | ${name("c", 30)}\n>;\n`,
  },
  {
    name: "a property holding one object, flat where it fits",
    given: `const d = {\n  fields: [{ name: "a", type: "string", facets: { maxLength: 60 } }],\n};\n`,
    want: `const d = {\n  fields: [{ name: "a", type: "string", facets: { maxLength: 60 } }],\n};\n`,
  },
  {
    name: "a property holding arrays of two members each, one a line",
    given: `const d = {\n  variants: [["A", () => a], ["B", () => b]],\n};\n`,
    want: `const d = {\n  variants: [\n    ["A", () => a],\n    ["B", () => b],\n  ],\n};\n`,
  },
  {
    name: "a property holding an object too wide, one member a line",
    given: `const d = {\n  tag: "type",\n  cases: { ${long}: () => a${long}, b: () => b${long} },\n};\n`,
    want: `const d = {\n  tag: "type",\n  cases: {\n    ${long}: () => a${long},\n    b: () => b${long},\n  },\n};\n`,
  },
  {
    name: "a property holding names too wide, one a line",
    given: `const d = {\n  list: [${long}, ${long}A, ${long}B],\n};\n`,
    want: `const d = {\n  list: [\n    ${long},\n    ${long}A,\n    ${long}B,\n  ],\n};\n`,
  },
  {
    name: "an object whose head is too wide, broken after its = and one level deeper",
    given: `const descriptionOf${long}${name("m", 19)}: ObjectDescription = {\n  fields: [{ name: "a", type: "string" }],\n};\n`,
    want: `const descriptionOf${long}${name("m", 19)}: ObjectDescription =\n  {\n    fields: [{ name: "a", type: "string" }],\n  };\n`,
  },
  {
    name: "an element too wide for its line, one member a line",
    given: `const d = {\n  fields: [{ name: "a", type: "string" }, { name: "${long}${name("k", 20)}", type: "string", facets: { maxLength: 60 } }],\n};\n`,
    want: `const d = {\n  fields: [\n    { name: "a", type: "string" },\n    {\n      name: "${long}${name("k", 20)}",\n      type: "string",\n      facets: { maxLength: 60 },\n    },\n  ],\n};\n`,
  },
  {
    name: "a call whose last argument is an array of arrays, the array hugged",
    given: `function f(value) {\n  return writeFields(value, [["a", f], ["b", g]]);\n}\n`,
    want: `function f(value) {\n  return writeFields(value, [\n    ["a", f],\n    ["b", g],\n  ]);\n}\n`,
  },
  {
    name: "declarations whose head is too wide, broken after the =",
    given: `const fieldsOf${long}${long} = /* @__PURE__ */ fieldSet(["giftWrap", "shippingMethod"]);\nconst fieldsOf${long}${long}A = /* @__PURE__ */ fieldSet(["giftWrap", "shippingMethod", "${long}"]);\n`,
    want: `const fieldsOf${long}${long} =\n  /* @__PURE__ */ fieldSet(["giftWrap", "shippingMethod"]);\nconst fieldsOf${long}${long}A =\n  /* @__PURE__ */ fieldSet([\n    "giftWrap",\n    "shippingMethod",\n    "${long}",\n  ]);\n`,
  },
  {
    name: "an object declared with a generic type of two arguments, the type broken when the head is too wide",
    given: `const ${name("o", 30)}: RestOperation<${name("A", 30)}, Received<${name("B", 20)}>> = {\n  name: "a",\n  meanings: {},\n};\n`,
    want: `const ${name("o", 30)}: RestOperation<\n  ${name("A", 30)},\n  Received<${name("B", 20)}>\n> = {\n  name: "a",\n  meanings: {},\n};\n`,
  },
  {
    name: "an object declared with a generic type whose head fits but for its brace, the type broken",
    given: `const ${name("o", 30)}: RestOperation<${name("A", 30)}, Received<${name("B", 14)}>> = {\n  name: "a",\n};\n`,
    want: `const ${name("o", 30)}: RestOperation<\n  ${name("A", 30)},\n  Received<${name("B", 14)}>\n> = {\n  name: "a",\n};\n`,
  },
  {
    name: "an interface's method signature too wide, one parameter a line; a property kept; a union after its colon",
    given: `export interface Client {\n  /** Doc. */\n  authorize<C extends CallOptions = DataOnly>(request?: ${long}, call?: C): Promise<Answer<${long}, C>>;\n  readonly baseUrl: string;\n  kind?: "${long}" | "${long}" | "b";\n}\n`,
    want: `export interface Client {\n  /** Doc. */\n  authorize<C extends CallOptions = DataOnly>(\n    request?: ${long},\n    call?: C,\n  ): Promise<Answer<${long}, C>>;\n  readonly baseUrl: string;\n  kind?:\n    "${long}" | "${long}" | "b";\n}\n`,
  },
  {
    name: "an interface's properties of one string literal too wide, kept on their lines",
    given: `export interface Issue {\n  description?: "It can't be ${long}.  Please try again.";\n  readonly name: "${long} ${long}";\n}\n`,
    want: `export interface Issue {\n  description?: "It can't be ${long}.  Please try again.";\n  readonly name: "${long} ${long}";\n}\n`,
  },
  {
    name: "an interface's property of a string literal holding escaped quotes, in the quotes prettier prefers",
    given: `export interface Issue {\n  description?: "If it has \\"${long}\\" then it's ${long}";\n}\n`,
    // Prettier changes the quotes: more double quotes than single ones inside.
    want: `export interface Issue {\n  description?: 'If it has "${long}" then it\\'s ${long}';\n}\n`,
  },
  {
    name: "an interface's property of an object type too wide, one member a line",
    given: `export interface Input {\n  code: string;\n  info: { ${long}: string; ${long}B?: string };\n}\n`,
    want: `export interface Input {\n  code: string;\n  info: {\n    ${long}: string;\n    ${long}B?: string;\n  };\n}\n`,
  },
  {
    name: "an object type written with a last semicolon, left to prettier (it drops it)",
    given: `export interface Input {\n  info: { a: string; };\n}\n`,
    want: `export interface Input {\n  info: { a: string };\n}\n`,
    prettier: true,
  },
  {
    name: "a call of an array of arrays among other arguments that fits, kept flat",
    given: `function f(value) {\n  return writeFields(value, [["self", jsonOfLink]], extraProperties(value, new Set(["self"])));\n}\n`,
    want: `function f(value) {\n  return writeFields(value, [["self", jsonOfLink]], extraProperties(value, new Set(["self"])));\n}\n`,
  },
  {
    name: "a call of an array of arrays among other arguments too wide, one argument a line",
    given: `function f(value) {\n  return writeFields(value, [["${long}", jsonOf${long}]], extraProperties(value, new Set(["${long}"])));\n}\n`,
    want: `function f(value) {\n  return writeFields(\n    value,\n    [["${long}", jsonOf${long}]],\n    extraProperties(value, new Set(["${long}"])),\n  );\n}\n`,
  },
  {
    name: "a call with type arguments too wide, its argument a call broken",
    given: `function f() {\n  return unvalidated<${long}>(read${long}(soapRequest(xml, "IsAlive", options), "IsAlive", xmlReadContext(options)));\n}\n`,
    want: `function f() {\n  return unvalidated<${long}>(\n    read${long}(\n      soapRequest(xml, "IsAlive", options),\n      "IsAlive",\n      xmlReadContext(options),\n    ),\n  );\n}\n`,
  },
  {
    name: "a function's head with default values, too wide",
    given: `export function build${long}(result: ${long}, namespace: string, version: SoapVersion = "1.1", o: O = {}): string {\n  return x;\n}\n`,
    want: `export function build${long}(\n  result: ${long},\n  namespace: string,\n  version: SoapVersion = "1.1",\n  o: O = {},\n): string {\n  return x;\n}\n`,
  },
  {
    name: "a function's head whose type parameters do not fit, one a line",
    given: `export async function ${name("i", 30)}<M extends ApiErrorMode = "throw", C extends SoapCallOptions = DataOnly>(config: Config<M>, request: Request = {}, call?: C): Promise<Answer<R, C>> {\n  return x;\n}\n`,
    want: `export async function ${name("i", 30)}<\n  M extends ApiErrorMode = "throw",\n  C extends SoapCallOptions = DataOnly,\n>(config: Config<M>, request: Request = {}, call?: C): Promise<Answer<R, C>> {\n  return x;\n}\n`,
  },
  {
    name: "a function's head whose type parameters do not fit, nor its parameters after them",
    given: `export async function ${name("i", 30)}<M extends ApiErrorMode = "throw", C extends SoapCallOptions = DataOnly>(config: Config<M>, request: Request = {}, call?: C): Promise<Answer<${long}, C>> {\n  return x;\n}\n`,
    want: `export async function ${name("i", 30)}<\n  M extends ApiErrorMode = "throw",\n  C extends SoapCallOptions = DataOnly,\n>(\n  config: Config<M>,\n  request: Request = {},\n  call?: C,\n): Promise<Answer<${long}, C>> {\n  return x;\n}\n`,
  },
  {
    name: "properties holding arrow functions returning calls, flat with an array of arrays, or broken after the arrow",
    given: `const op = {\n  constants: (request) => withConstants(request, [["processingInformation.capture", true]], "sale"),\n  build: (request, namespace, _headers, version) => buildEnvelope${long}(request, namespace, version),\n  more: (request) => withConstants(request, [["${long}", true], ["${long}", false]], "sale"),\n};\n`,
    want: `const op = {\n  constants: (request) => withConstants(request, [["processingInformation.capture", true]], "sale"),\n  build: (request, namespace, _headers, version) =>\n    buildEnvelope${long}(request, namespace, version),\n  more: (request) =>\n    withConstants(\n      request,\n      [\n        ["${long}", true],\n        ["${long}", false],\n      ],\n      "sale",\n    ),\n};\n`,
  },
  {
    name: "a property holding a call too wide, and one holding a conditional with an object",
    given: `function f(value) {\n  return {\n    ${long}: readLong(obj.${long}, o, path, "x", REQUIRED),\n    ids: value.${long} === undefined ? undefined : { subscriptionId: value.${long} },\n  };\n}\n`,
    want: `function f(value) {\n  return {\n    ${long}: readLong(\n      obj.${long},\n      o,\n      path,\n      "x",\n      REQUIRED,\n    ),\n    ids:\n      value.${long} === undefined\n        ? undefined\n        : { subscriptionId: value.${long} },\n  };\n}\n`,
  },
  {
    name: "an interface's properties of object types too wide, one member a line, nested",
    given: `export interface Input {\n  paymentInformation: { fluidData: { value: string; descriptor?: string; encoding?: string }; card?: ${long} };\n  orderInformation: { amountDetails: { totalAmount: Decimal; currency: string }; billTo: { firstName: string; lastName: string; address1: string; locality: string; administrativeArea: string } };\n}\n`,
    want: `export interface Input {\n  paymentInformation: {\n    fluidData: { value: string; descriptor?: string; encoding?: string };\n    card?: ${long};\n  };\n  orderInformation: {\n    amountDetails: { totalAmount: Decimal; currency: string };\n    billTo: {\n      firstName: string;\n      lastName: string;\n      address1: string;\n      locality: string;\n      administrativeArea: string;\n    };\n  };\n}\n`,
  },
  {
    name: "a function's head and a method signature with a parameter of several type arguments",
    given: `export async function ${name("a", 20)}(config: Config<M>, request: Omit<${long}, "merchantAuthentication"> = {}, call?: C): Promise<R> {\n  return x;\n}\nexport interface Client {\n  ${name("a", 20)}<C extends O = D>(request?: Omit<${long}, "merchantAuthentication">, call?: C): Promise<R>;\n}\n`,
    want: `export async function ${name("a", 20)}(\n  config: Config<M>,\n  request: Omit<${long}, "merchantAuthentication"> = {},\n  call?: C,\n): Promise<R> {\n  return x;\n}\nexport interface Client {\n  ${name("a", 20)}<C extends O = D>(\n    request?: Omit<${long}, "merchantAuthentication">,\n    call?: C,\n  ): Promise<R>;\n}\n`,
  },
  {
    name: "a declaration of an array of objects, one element a line, those too wide broken",
    given: `export const routes: readonly Route[] = [{ name: "a", method: "POST", params: [], request: { mediaType: "application/json", required: false, read: parse${long} }, success: 200 },\n  { name: "b", answers: { 200: { mediaType: "application/json" } } }];\n`,
    want: `export const routes: readonly Route[] = [\n  {\n    name: "a",\n    method: "POST",\n    params: [],\n    request: {\n      mediaType: "application/json",\n      required: false,\n      read: parse${long},\n    },\n    success: 200,\n  },\n  { name: "b", answers: { 200: { mediaType: "application/json" } } },\n];\n`,
  },
  {
    name: "a returned call with an object among its arguments, too wide",
    given: `function f() {\n  return soapEnvelope(namespace, "${long}", { IsAliveResult: xmlOfIsAliveResult(result) }, version);\n}\n`,
    want: `function f() {\n  return soapEnvelope(\n    namespace,\n    "${long}",\n    { IsAliveResult: xmlOfIsAliveResult(result) },\n    version,\n  );\n}\n`,
  },
  {
    name: "an if assigning a call with an arrow function among its arguments, broken one argument a line",
    given: `function f() {\n  if ((v = readWrappedList(obj.paymentProfiles, "${name("C", 26)}", o, at(path, "paymentProfiles"), (item, itemPath) => readCustomerPaymentProfile(item, itemPath, o), u, "paymentProfiles")) !== undefined) out.paymentProfiles = v;\n}\n`,
    want: `function f() {\n  if (\n    (v = readWrappedList(\n      obj.paymentProfiles,\n      "${name("C", 26)}",\n      o,\n      at(path, "paymentProfiles"),\n      (item, itemPath) => readCustomerPaymentProfile(item, itemPath, o),\n      u,\n      "paymentProfiles",\n    )) !== undefined\n  )\n    out.paymentProfiles = v;\n}\n`,
  },
  {
    name: "ifs assigning a call whose last argument is an arrow function: hugged, or the arguments one a line",
    given: `function f() {\nif ((v = readList(obj.personalIdentification, o, at(path, "personalIdentification"), (item, itemPath) => readPersonalIdentification(item, itemPath, o))) !== undefined) out.personalIdentification = v;\nif ((v = readList(obj.${long}, o, at(path, "${name("k", 30)}"), (item, itemPath) => read${long}${name("y", 20)}X(item, itemPath, o))) !== undefined) out.x = v;\nif ((v = readList(obj.p, o, at(path, "p"), (item, itemPath) => readPersonalIdentification(item, itemPath, o))) !== undefined) out.personalIdentification = v;\nif ((v = readList(obj.p, o, at(path, "p"), (item, itemPath) => read${long}${name("x", 30)}(item, itemPath, o))) !== undefined) out.p = v;\nif ((v = readList(obj.${name("p", 12)}, o, (item, itemPath) => readPersonal(item, itemPath, o))) !== undefined) out.personalIdentification = v;\n}\n`,
    want: `function f() {\n  if (\n    (v = readList(\n      obj.personalIdentification,\n      o,\n      at(path, "personalIdentification"),\n      (item, itemPath) => readPersonalIdentification(item, itemPath, o),\n    )) !== undefined\n  )\n    out.personalIdentification = v;\n  if (\n    (v = readList(\n      obj.${long},\n      o,\n      at(path, "${name("k", 30)}"),\n      (item, itemPath) =>\n        read${long}${name("y", 20)}X(item, itemPath, o),\n    )) !== undefined\n  )\n    out.x = v;\n  if (\n    (v = readList(obj.p, o, at(path, "p"), (item, itemPath) =>\n      readPersonalIdentification(item, itemPath, o),\n    )) !== undefined\n  )\n    out.personalIdentification = v;\n  if (\n    (v = readList(obj.p, o, at(path, "p"), (item, itemPath) =>\n      read${long}${name("x", 30)}(item, itemPath, o),\n    )) !== undefined\n  )\n    out.p = v;\n  if (\n    (v = readList(obj.${name("p", 12)}, o, (item, itemPath) => readPersonal(item, itemPath, o))) !==\n    undefined\n  )\n    out.personalIdentification = v;\n}\n`,
  },
  {
    name: "a returned call of a call with type arguments, both broken",
    given: `function f() {\n  return received(readDescribed<CaptureResponse>(parseJsonTree(body, options), descriptionOf${long}, "", readContext(options)));\n}\n`,
    want: `function f() {\n  return received(\n    readDescribed<CaptureResponse>(\n      parseJsonTree(body, options),\n      descriptionOf${long},\n      "",\n      readContext(options),\n    ),\n  );\n}\n`,
  },
  {
    name: "a returned call with a mixed array and a call of a new Set of strings, all broken",
    given: `function f() {\n  return writeFields(value, [["_links", jsonOf${long}], "id", ["consumerAuthenticationResponse", jsonOf${long}${name("k", 30)}]], extraProperties(value, new Set(["_links", "id", "${long}", "${long}"])));\n}\n`,
    want: `function f() {\n  return writeFields(\n    value,\n    [\n      ["_links", jsonOf${long}],\n      "id",\n      [\n        "consumerAuthenticationResponse",\n        jsonOf${long}${name("k", 30)},\n      ],\n    ],\n    extraProperties(\n      value,\n      new Set([\n        "_links",\n        "id",\n        "${long}",\n        "${long}",\n      ]),\n    ),\n  );\n}\n`,
  },
  {
    name: "a declaration of a call of one name longer than a quarter of the line, the name broken out",
    given: `export const is${long} = /* @__PURE__ */ oneOf(${name("v", 40)}Values);\n`,
    want: `export const is${long} = /* @__PURE__ */ oneOf(\n  ${name("v", 40)}Values,\n);\n`,
  },
  {
    name: "a returned call whose last object is written one property a line, hugged, its async arrow functions broken after =>",
    given:
      'function f() {\n  return attachLinks(response, {\n  capture: async (request, call) => callRest(captureOperation, linkUrl(options.baseUrl, "capture", response._links?.capture?.href), request, options, call, undefined, (data) => attachCaptureLinks(options, data)),\n  reverse: async (input = {}, call) => callRest(reverseOperation, linkUrl(options.baseUrl, "authReversal", response._links?.authReversal?.href), buildReversalRequest(response, input), options, call),\n  refresh: async (call) => callRest(getPaymentOperation, undefined, options, call),\n  } satisfies AuthorizeLinks);\n}\n',
    want: 'function f() {\n  return attachLinks(response, {\n    capture: async (request, call) =>\n      callRest(\n        captureOperation,\n        linkUrl(options.baseUrl, "capture", response._links?.capture?.href),\n        request,\n        options,\n        call,\n        undefined,\n        (data) => attachCaptureLinks(options, data),\n      ),\n    reverse: async (input = {}, call) =>\n      callRest(\n        reverseOperation,\n        linkUrl(options.baseUrl, "authReversal", response._links?.authReversal?.href),\n        buildReversalRequest(response, input),\n        options,\n        call,\n      ),\n    refresh: async (call) => callRest(getPaymentOperation, undefined, options, call),\n  } satisfies AuthorizeLinks);\n}\n',
  },
  {
    name: "a returned call whose last arrow function cannot be hugged, the arguments one a line",
    given:
      "function f() {\n  return callRest(captureOperation, joinUrl(options.baseUrl, fillPath(captureOperation.path, { id })), request, options, call, undefined, (data) => attachCaptureLinks(options, data));\n}\n",
    want: "function f() {\n  return callRest(\n    captureOperation,\n    joinUrl(options.baseUrl, fillPath(captureOperation.path, { id })),\n    request,\n    options,\n    call,\n    undefined,\n    (data) => attachCaptureLinks(options, data),\n  );\n}\n",
  },
  {
    name: "a returned call whose last arrow function is hugged, left to prettier",
    given:
      "function f() {\n  return callRest(captureOperation, request, options, call, undefined, (data) => attachCaptureLinks(options, data));\n}\n",
    want: "function f() {\n  return callRest(captureOperation, request, options, call, undefined, (data) =>\n    attachCaptureLinks(options, data),\n  );\n}\n",
    prettier: true,
  },
  {
    name: "a returned call whose last object on one line is too wide, hugged, its quoted keys kept",
    given:
      'function f() {\n  return redactQuery(query, searchQueryLanguage, { "paymentInformation.bank.account.number": "account-number", "paymentInformation.card.number": "card-number" });\n}\n',
    want: 'function f() {\n  return redactQuery(query, searchQueryLanguage, {\n    "paymentInformation.bank.account.number": "account-number",\n    "paymentInformation.card.number": "card-number",\n  });\n}\n',
  },
  {
    name: "a property whose arrow function spreads its arguments, broken after =>",
    given:
      'const o = {\n  createCustomerProfileFromTransaction: (...args) => createCustomerProfileFromTransaction(config, ...args),\n  "a-b": 1,\n};\n',
    want: 'const o = {\n  createCustomerProfileFromTransaction: (...args) =>\n    createCustomerProfileFromTransaction(config, ...args),\n  "a-b": 1,\n};\n',
  },
  {
    name: "frozen arrays of strings with doc comments: after the = when the line fits up to [, else on the next line",
    given:
      'export const merchantInitiatedTransactionValues: readonly MerchantInitiatedTransaction[] = /* @__PURE__ */ Object.freeze([\n  /**\n   * Delayed one.\n   */\n  "delayed authorization",\n  /** Incremental. */\n  "incremental transaction",\n  "reauthorization",\n]);\nexport const transactionStatusValues: readonly TransactionStatus[] = /* @__PURE__ */ Object.freeze([\n  /** A. */\n  "AUTHORIZED",\n  /** R. */\n  "REVERSED",\n  "PENDING",\n]);\nexport const arbGetSubscriptionListOrderFieldEnumValues: readonly ARBGetSubscriptionListOrderFieldEnum[] = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n  "status",\n]);\nexport const arbGetSubscriptionListOrderFieldEnumValue: readonly ARBGetSubscriptionListOrderFieldEnu[] = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n  "status",\n  "createTimeStampUTC",\n  "lastName",\n  "firstName",\n  "accountNumber",\n]);\nexport const aValues: readonly A[] = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n]);\nexport const bValues: readonly A[] = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n  "status",\n  "createTimeStampUTC",\n  "lastName",\n  "firstName",\n  "accountNumber",\n  "amount",\n]);\n',
    want: 'export const merchantInitiatedTransactionValues: readonly MerchantInitiatedTransaction[] =\n  /* @__PURE__ */ Object.freeze([\n    /**\n     * Delayed one.\n     */\n    "delayed authorization",\n    /** Incremental. */\n    "incremental transaction",\n    "reauthorization",\n  ]);\nexport const transactionStatusValues: readonly TransactionStatus[] = /* @__PURE__ */ Object.freeze([\n  /** A. */\n  "AUTHORIZED",\n  /** R. */\n  "REVERSED",\n  "PENDING",\n]);\nexport const arbGetSubscriptionListOrderFieldEnumValues: readonly ARBGetSubscriptionListOrderFieldEnum[] =\n  /* @__PURE__ */ Object.freeze(["id", "name", "status"]);\nexport const arbGetSubscriptionListOrderFieldEnumValue: readonly ARBGetSubscriptionListOrderFieldEnu[] =\n  /* @__PURE__ */ Object.freeze([\n    "id",\n    "name",\n    "status",\n    "createTimeStampUTC",\n    "lastName",\n    "firstName",\n    "accountNumber",\n  ]);\nexport const aValues: readonly A[] = /* @__PURE__ */ Object.freeze(["id", "name"]);\nexport const bValues: readonly A[] = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n  "status",\n  "createTimeStampUTC",\n  "lastName",\n  "firstName",\n  "accountNumber",\n  "amount",\n]);\n',
  },
  {
    name: "type aliases of the members of a list, the type query's parentheses kept, after the = when too wide",
    given: `export type A = (typeof aValues)[number];\nexport type B =\n  (typeof bValues)[number];\nexport type ${long} = (typeof ${long}Values)[number];\n`,
    want: `export type A = (typeof aValues)[number];\nexport type B = (typeof bValues)[number];\nexport type ${long} =\n  (typeof ${long}Values)[number];\n`,
  },
  {
    name: "frozen arrays of strings asserted as const: flat when they fit, else hugged, else on the next line",
    given: `export const aValues = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n] as const);\nexport const bValues = /* @__PURE__ */ Object.freeze([\n  /** A. */\n  "AUTHORIZED",\n  "${long}",\n] as const);\nexport const ${name("v", 70)}Values = /* @__PURE__ */ Object.freeze([\n  "id",\n  "name",\n] as const);\n`,
    want: `export const aValues = /* @__PURE__ */ Object.freeze(["id", "name"] as const);\nexport const bValues = /* @__PURE__ */ Object.freeze([\n  /** A. */\n  "AUTHORIZED",\n  "${long}",\n] as const);\nexport const ${name("v", 70)}Values =\n  /* @__PURE__ */ Object.freeze(["id", "name"] as const);\n`,
  },
  {
    name: "properties holding arrays written one element a line, with doc comments broken, else as on one line",
    given:
      'const searchQueryLanguage = {\n  name: "x",\n  fields: [\n    /** A. */\n    { name: "applicationInformation.applications.name", kind: "text" },\n    /** B. */\n    { name: "applicationInformation.applications.reconciliationId", alias: "reconciliationId", kind: "text" },\n    { name: "id", kind: "text" },\n    /** C. */\n    { name: "submitTimeUtc", kind: "time" },\n  ],\n  presets: [\n    { name: "lastHour", title: "last hour", range: "[NOW/HOUR-1HOUR TO NOW/HOUR}" },\n    { name: "today", title: "today", range: "[NOW/DAY TO NOW/DAY+1DAY}" },\n    { name: "past13Months", title: "past 13 months", range: "[NOW/DAY-13MONTHS TO NOW/DAY+1DAY}" },\n  ],\n  short: [\n    "a",\n    "b",\n  ],\n};\n',
    want: 'const searchQueryLanguage = {\n  name: "x",\n  fields: [\n    /** A. */\n    { name: "applicationInformation.applications.name", kind: "text" },\n    /** B. */\n    {\n      name: "applicationInformation.applications.reconciliationId",\n      alias: "reconciliationId",\n      kind: "text",\n    },\n    { name: "id", kind: "text" },\n    /** C. */\n    { name: "submitTimeUtc", kind: "time" },\n  ],\n  presets: [\n    { name: "lastHour", title: "last hour", range: "[NOW/HOUR-1HOUR TO NOW/HOUR}" },\n    { name: "today", title: "today", range: "[NOW/DAY TO NOW/DAY+1DAY}" },\n    { name: "past13Months", title: "past 13 months", range: "[NOW/DAY-13MONTHS TO NOW/DAY+1DAY}" },\n  ],\n  short: ["a", "b"],\n};\n',
  },
  {
    name: "an export list too wide, an object after a declaration too wide, an object declared on one line too wide",
    given:
      'export { presets, now, epochMillis, evaluateRange, evaluateDateMath } from "../runtime/search-query/index.js";\nexport const descriptionOfPaymentResponseProcessorInformationConsumerAuthenticationResponse: ObjectDescription = {\n  fields: [{ name: "code", type: "string" }, { name: "codeRaw", type: "string" }],\n  open: true,\n  kept: true,\n};\nconst saleBases = { wallet012: wallet012Flow, wallet001ServiceDecryption: wallet001ServiceDecryptionFlow, wallet001MerchantDecryptionCard002: wallet001MerchantDecryptionCard002Flow };\nexport const merchantInitiatedTransactionValues: readonly MerchantInitiatedTransaction[] = /* @__PURE__ */ Object.freeze([\n  /** A. */\n  "delayed authorization",\n]);\n',
    want: 'export {\n  presets,\n  now,\n  epochMillis,\n  evaluateRange,\n  evaluateDateMath,\n} from "../runtime/search-query/index.js";\nexport const descriptionOfPaymentResponseProcessorInformationConsumerAuthenticationResponse: ObjectDescription =\n  {\n    fields: [\n      { name: "code", type: "string" },\n      { name: "codeRaw", type: "string" },\n    ],\n    open: true,\n    kept: true,\n  };\nconst saleBases = {\n  wallet012: wallet012Flow,\n  wallet001ServiceDecryption: wallet001ServiceDecryptionFlow,\n  wallet001MerchantDecryptionCard002: wallet001MerchantDecryptionCard002Flow,\n};\nexport const merchantInitiatedTransactionValues: readonly MerchantInitiatedTransaction[] =\n  /* @__PURE__ */ Object.freeze([\n    /** A. */\n    "delayed authorization",\n  ]);\n',
  },
  {
    name: "an empty object written on several lines; spread calls too wide, one with a type assertion parenthesized",
    given:
      'function f(value) {\n  return {\n\n  };\n}\nfunction g(value) {\n  return {\n    ...extraProperties(value, new Set(["customerProfileId", "customerPaymentProfileId", "customerShippingAddressId"])) as XmlInput,\n    ...f(a) as T,\n    ...opt("paymentSchedule", readChild(obj.paymentSchedule, o, path, "paymentSchedule", readPaymentSchedule)),\n    ...opt("customerType", readEnum(obj.customerType, customerTypeEnumValues, o, path, "customerType", u, "customerType")),\n    ...opt("paymentProfiles", readWrappedList(obj.paymentProfiles, "paymentProfile", o, at(path, "paymentProfiles"), (item, itemPath) => readCustomerPaymentProfileListItem(item, itemPath, o), u, "paymentProfiles")),\n  };\n}\n',
    want: 'function f(value) {\n  return {};\n}\nfunction g(value) {\n  return {\n    ...(extraProperties(\n      value,\n      new Set(["customerProfileId", "customerPaymentProfileId", "customerShippingAddressId"]),\n    ) as XmlInput),\n    ...(f(a) as T),\n    ...opt(\n      "paymentSchedule",\n      readChild(obj.paymentSchedule, o, path, "paymentSchedule", readPaymentSchedule),\n    ),\n    ...opt(\n      "customerType",\n      readEnum(\n        obj.customerType,\n        customerTypeEnumValues,\n        o,\n        path,\n        "customerType",\n        u,\n        "customerType",\n      ),\n    ),\n    ...opt(\n      "paymentProfiles",\n      readWrappedList(\n        obj.paymentProfiles,\n        "paymentProfile",\n        o,\n        at(path, "paymentProfiles"),\n        (item, itemPath) => readCustomerPaymentProfileListItem(item, itemPath, o),\n        u,\n        "paymentProfiles",\n      ),\n    ),\n  };\n}\n',
  },
  {
    name: "a switch, each label on its line and its statements deeper, an object argument's property broken",
    given:
      'function f(obj, o, path, u) {\n  switch (choiceOf(obj, membersOfPaymentMasked, o, path)) {\n    case "bankAccount": return finish({ bankAccount: readChild(obj.bankAccount, o, path, "bankAccount", readBankAccountMasked, REQUIRED) }, u);\n    case "creditCard": return finish({ creditCard: readChild(obj.creditCard, o, path, "creditCard", readCreditCardMasked, REQUIRED) }, u);\n    case "a":\n    case "b": return x;\n    default:\n      y();\n      return z;\n  }\n}\n',
    want: 'function f(obj, o, path, u) {\n  switch (choiceOf(obj, membersOfPaymentMasked, o, path)) {\n    case "bankAccount":\n      return finish(\n        {\n          bankAccount: readChild(\n            obj.bankAccount,\n            o,\n            path,\n            "bankAccount",\n            readBankAccountMasked,\n            REQUIRED,\n          ),\n        },\n        u,\n      );\n    case "creditCard":\n      return finish(\n        {\n          creditCard: readChild(\n            obj.creditCard,\n            o,\n            path,\n            "creditCard",\n            readCreditCardMasked,\n            REQUIRED,\n          ),\n        },\n        u,\n      );\n    case "a":\n    case "b":\n      return x;\n    default:\n      y();\n      return z;\n  }\n}\n',
  },
  {
    name: "a switch holding a comment, left to prettier",
    given: 'function f(x) {\n  switch (x) {\n    // first\n    case "a": return 1;\n  }\n}\n',
    want: 'function f(x) {\n  switch (x) {\n    // first\n    case "a":\n      return 1;\n  }\n}\n',
    prettier: true,
  },
  {
    name: "conditional properties whose alternate is broken, an object or a call; a mapping arrow function hugged",
    given:
      "function f(value) {\n  return {\n    paymentProfiles: value.paymentProfiles === undefined ? undefined : { CustomerPaymentProfileMaskedType: value.paymentProfiles.map((item) => xmlOfCustomerPaymentProfileMasked(item)) },\n    getCustomerPaymentProfileListRequestType: value.getCustomerPaymentProfileListRequestType === undefined ? undefined : xmlOfGetCustomerPaymentProfileListCriteria(value.getCustomerPaymentProfileListRequestType),\n    subscriptionDetails: value.subscriptionDetails === undefined ? undefined : { subscriptionDetail: value.subscriptionDetails.map((item) => xmlOfSubscriptionDetail(item)) },\n  };\n}\nconst o = {\n  subscriptionDetailsOfTheCustomerProfile: value.subscriptionDetails.map((item) => xmlOfSubscriptionDetail(item)),\n};\n",
    want: "function f(value) {\n  return {\n    paymentProfiles:\n      value.paymentProfiles === undefined\n        ? undefined\n        : {\n            CustomerPaymentProfileMaskedType: value.paymentProfiles.map((item) =>\n              xmlOfCustomerPaymentProfileMasked(item),\n            ),\n          },\n    getCustomerPaymentProfileListRequestType:\n      value.getCustomerPaymentProfileListRequestType === undefined\n        ? undefined\n        : xmlOfGetCustomerPaymentProfileListCriteria(\n            value.getCustomerPaymentProfileListRequestType,\n          ),\n    subscriptionDetails:\n      value.subscriptionDetails === undefined\n        ? undefined\n        : {\n            subscriptionDetail: value.subscriptionDetails.map((item) =>\n              xmlOfSubscriptionDetail(item),\n            ),\n          },\n  };\n}\nconst o = {\n  subscriptionDetailsOfTheCustomerProfile: value.subscriptionDetails.map((item) =>\n    xmlOfSubscriptionDetail(item),\n  ),\n};\n",
  },
  {
    name: "properties whose call of one short name is moved after the colon",
    given:
      'function f() {\n  return soapEnvelope(namespace, "CreateCustomerProfileFromTransactionResponse", { CreateCustomerProfileFromTransactionResult: xmlOfCreateCustomerProfileFromTransactionResult(result) }, version);\n}\nconst o = {\n  createCustomerProfileFromTransactionResult: xmlOfCreateCustomerProfileFromTransactionResult(result),\n};\n',
    want: 'function f() {\n  return soapEnvelope(\n    namespace,\n    "CreateCustomerProfileFromTransactionResponse",\n    {\n      CreateCustomerProfileFromTransactionResult:\n        xmlOfCreateCustomerProfileFromTransactionResult(result),\n    },\n    version,\n  );\n}\nconst o = {\n  createCustomerProfileFromTransactionResult:\n    xmlOfCreateCustomerProfileFromTransactionResult(result),\n};\n',
  },
  {
    name: "type aliases of generic types too wide, their type arguments one a line",
    given:
      'export type SubscriptionsClientOptions<M extends ApiErrorMode = "throw"> = Omit<SoapClientOptions<M, MerchantAuthenticationType>, "soapVersion">;\nexport type SubscriptionsConfig<M extends ApiErrorMode = "throw"> = ClientConfig<SoapClientOptions<M, object>>;\n',
    want: 'export type SubscriptionsClientOptions<M extends ApiErrorMode = "throw"> = Omit<\n  SoapClientOptions<M, MerchantAuthenticationType>,\n  "soapVersion"\n>;\nexport type SubscriptionsConfig<M extends ApiErrorMode = "throw"> = ClientConfig<\n  SoapClientOptions<M, object>\n>;\n',
  },
  {
    name: "a type alias of a generic type of one simple argument, left to prettier (it moves it after the =)",
    given:
      'export type SubscriptionsConfigurationOfTheClient<M extends ApiErrorMode = "throw"> = ClientConfig<Options>;\n',
    want: 'export type SubscriptionsConfigurationOfTheClient<M extends ApiErrorMode = "throw"> =\n  ClientConfig<Options>;\n',
    prettier: true,
  },
  {
    name: "an object annotated with a mapped type too wide, the type broken; quoted names unquoted, other keys kept quoted",
    given:
      'export const paymentMethodCodeByPaymentType: { readonly [group in PaymentType]?: readonly PaymentMethodCode[] } = {\n  "bank transfer": ["mch", "rbt", "br", "blf", "co", "ct", "cw", "eps", "vks", "gpy", "ion", "idl", "wpb", "kbc", "pzw", "sof", "dbb"],\n  "cash payments": ["oxo", "mlb"],\n  "check": ["c", "x", "u", "s"],\n  "ewallet": ["abr", "adm", "apd", "apy", "aym", "aqr", "acc", "ctp", "rbt", "mbp", "vme"],\n  "switch card": ["so", "sw"],\n};\n',
    want: 'export const paymentMethodCodeByPaymentType: {\n  readonly [group in PaymentType]?: readonly PaymentMethodCode[];\n} = {\n  "bank transfer": [\n    "mch",\n    "rbt",\n    "br",\n    "blf",\n    "co",\n    "ct",\n    "cw",\n    "eps",\n    "vks",\n    "gpy",\n    "ion",\n    "idl",\n    "wpb",\n    "kbc",\n    "pzw",\n    "sof",\n    "dbb",\n  ],\n  "cash payments": ["oxo", "mlb"],\n  check: ["c", "x", "u", "s"],\n  ewallet: ["abr", "adm", "apd", "apy", "aym", "aqr", "acc", "ctp", "rbt", "mbp", "vme"],\n  "switch card": ["so", "sw"],\n};\n',
  },
  {
    name: "a filter by an arrow function returning a comparison, the function broken out rather than hugged",
    given:
      "export function paymentTypeOf(value: PaymentMethodCode): PaymentType[] {\n  return (Object.keys(paymentMethodCodeByPaymentType) as PaymentType[]).filter((group) => paymentMethodCodeByPaymentType[group]?.includes(value) === true);\n}\nexport function f(value: PaymentMethodCode): PaymentType[] {\n  return (Object.keys(a) as PaymentType[]).filter((group) => paymentMethodCodeByPaymentTypeAndMoreText[group]?.includes(value) === true);\n}\n",
    want: "export function paymentTypeOf(value: PaymentMethodCode): PaymentType[] {\n  return (Object.keys(paymentMethodCodeByPaymentType) as PaymentType[]).filter(\n    (group) => paymentMethodCodeByPaymentType[group]?.includes(value) === true,\n  );\n}\nexport function f(value: PaymentMethodCode): PaymentType[] {\n  return (Object.keys(a) as PaymentType[]).filter(\n    (group) => paymentMethodCodeByPaymentTypeAndMoreText[group]?.includes(value) === true,\n  );\n}\n",
  },
  {
    name: "strings holding quotes, brackets and spaces that are not code, kept as written",
    given:
      'const d = {\n  fields: [{ name: "reportName", type: stringScalar, facets: [[checkMinLength, 1], [checkMaxLength, 128], [checkPattern, "[a-zA-Z0-9-_ ]+"]] }, { name: "code", type: stringScalar, facets: [[checkPattern, "^[a-z\'`]+  (x)"]] }],\n};\n',
    want: 'const d = {\n  fields: [\n    {\n      name: "reportName",\n      type: stringScalar,\n      facets: [\n        [checkMinLength, 1],\n        [checkMaxLength, 128],\n        [checkPattern, "[a-zA-Z0-9-_ ]+"],\n      ],\n    },\n    { name: "code", type: stringScalar, facets: [[checkPattern, "^[a-z\'`]+  (x)"]] },\n  ],\n};\n',
  },
  {
    name: "a string too wide in an array, on its line however wide",
    given:
      'const d = {\n  fields: [{ name: "reportInterval", type: stringScalar, facets: [[checkPattern, "^PT((([1-9]|1[0-9]|2[0-3])H(([1-9]|[1-4][0-9]|5[0-9])M)?)|((([1-9]|1[0-9]|2[0-3])H)?([1-9]|[1-4][0-9]|5[0-9])M))$"]] }, { name: "email", type: stringScalar, facets: [[checkPattern, "^(?:[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\\\\.[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+)*|\\"(?:[\\\\x01-\\\\x08])*\\")@xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$"]] }],\n};\n',
    want: 'const d = {\n  fields: [\n    {\n      name: "reportInterval",\n      type: stringScalar,\n      facets: [\n        [\n          checkPattern,\n          "^PT((([1-9]|1[0-9]|2[0-3])H(([1-9]|[1-4][0-9]|5[0-9])M)?)|((([1-9]|1[0-9]|2[0-3])H)?([1-9]|[1-4][0-9]|5[0-9])M))$",\n        ],\n      ],\n    },\n    {\n      name: "email",\n      type: stringScalar,\n      facets: [\n        [\n          checkPattern,\n          "^(?:[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+(?:\\\\.[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+)*|\\"(?:[\\\\x01-\\\\x08])*\\")@xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$",\n        ],\n      ],\n    },\n  ],\n};\n',
  },
  {
    name: "strings too wide as values of short keys, on the key's line; of a longer key, on the next line",
    given:
      'const d = {\n  meanings: { 400: "Bad Request. A required header value could be missing.", 424: "Failed Dependency: e.g. The profile represented by the profile-id may not exist or the profile-id was entered incorrectly.", 500: "Unexpected error." },\n  description: "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",\n};\n',
    want: 'const d = {\n  meanings: {\n    400: "Bad Request. A required header value could be missing.",\n    424: "Failed Dependency: e.g. The profile represented by the profile-id may not exist or the profile-id was entered incorrectly.",\n    500: "Unexpected error.",\n  },\n  description:\n    "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",\n};\n',
  },
  {
    name: "an array of a string too wide asserted as const, broken one string a line",
    given:
      'const d = {\n  fields: [{ name: "name", type: ["AUTHENTICATION_FAILURE"] as const }, { name: "message", type: ["Authentication failed due to missing authorization header, or invalid authentication credentials."] as const }],\n};\n',
    want: 'const d = {\n  fields: [\n    { name: "name", type: ["AUTHENTICATION_FAILURE"] as const },\n    {\n      name: "message",\n      type: [\n        "Authentication failed due to missing authorization header, or invalid authentication credentials.",\n      ] as const,\n    },\n  ],\n};\n',
  },
  {
    name: "a call whose last object cannot be hugged, one argument a line, the object's quoted names kept",
    given:
      'async function f() {\n  return callRest(createInstrumentIdentifierOperation, atBaseUrl(options, createInstrumentIdentifierOperation.path), request, options, call, { ...headerParams({ "profile-id": params?.["profile-id"] }) });\n}\n',
    want: 'async function f() {\n  return callRest(\n    createInstrumentIdentifierOperation,\n    atBaseUrl(options, createInstrumentIdentifierOperation.path),\n    request,\n    options,\n    call,\n    { ...headerParams({ "profile-id": params?.["profile-id"] }) },\n  );\n}\n',
  },
  {
    name: "a call whose last object is too wide for its line, broken, a spread call in it hugging its object",
    given:
      'async function f() {\n  return callRest(ordersCreateOperation, atBaseUrl(options, ordersCreateOperation.path), request, options, call, { ...headerParams({ "PayPal-Request-Id": params?.["PayPal-Request-Id"], "PayPal-Partner-Attribution-Id": params?.["PayPal-Partner-Attribution-Id"], Prefer: params?.Prefer }), ...(await oauth2Credentials(options)) });\n}\n',
    want: 'async function f() {\n  return callRest(\n    ordersCreateOperation,\n    atBaseUrl(options, ordersCreateOperation.path),\n    request,\n    options,\n    call,\n    {\n      ...headerParams({\n        "PayPal-Request-Id": params?.["PayPal-Request-Id"],\n        "PayPal-Partner-Attribution-Id": params?.["PayPal-Partner-Attribution-Id"],\n        Prefer: params?.Prefer,\n      }),\n      ...(await oauth2Credentials(options)),\n    },\n  );\n}\n',
  },
  {
    name: "a call among arguments too wide, hugging its last object, or broken when the line up to it is too wide",
    given:
      "async function f() {\n  return callRest(getAllPaymentInstrumentsOperation, withQuery(atBaseUrl(options, fillPath(getAllPaymentInstrumentsOperation.path, { tokenId })), { offset: params?.offset, limit: params?.limit }), undefined, options, call);\n  return callRest(getResourceInfoByReportDefinitionOperation, withQuery(atBaseUrl(options, fillPath(getResourceInfoByReportDefinitionOperation.path, { reportDefinitionName })), { subscriptionType: params?.subscriptionType, reportMimeType: params?.reportMimeType }), undefined, options, call);\n}\n",
    want: "async function f() {\n  return callRest(\n    getAllPaymentInstrumentsOperation,\n    withQuery(atBaseUrl(options, fillPath(getAllPaymentInstrumentsOperation.path, { tokenId })), {\n      offset: params?.offset,\n      limit: params?.limit,\n    }),\n    undefined,\n    options,\n    call,\n  );\n  return callRest(\n    getResourceInfoByReportDefinitionOperation,\n    withQuery(\n      atBaseUrl(\n        options,\n        fillPath(getResourceInfoByReportDefinitionOperation.path, { reportDefinitionName }),\n      ),\n      { subscriptionType: params?.subscriptionType, reportMimeType: params?.reportMimeType },\n    ),\n    undefined,\n    options,\n    call,\n  );\n}\n",
  },
  {
    name: "a function whose name and return type are too wide, and a call of a name too wide: each on its line",
    given:
      "export function validateNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN(value: unknown): ValidationResult<NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN> {\n  return validateDescribed(value, descriptionOfNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN);\n}\n",
    want: "export function validateNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN(\n  value: unknown,\n): ValidationResult<NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN> {\n  return validateDescribed(\n    value,\n    descriptionOfNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN,\n  );\n}\n",
  },
  {
    name: "a type alias of a generic too wide up to its <, broken after its =",
    given:
      "export type CybersourceMergedSpecError<N extends keyof CybersourceMergedSpecErrors> = HttpStatusError<CybersourceMergedSpecErrors[N]>;\n",
    want: "export type CybersourceMergedSpecError<N extends keyof CybersourceMergedSpecErrors> =\n  HttpStatusError<CybersourceMergedSpecErrors[N]>;\n",
  },
  {
    name: "a member whose type is a string too wide, in the quotes prettier prefers",
    given:
      'export interface E {\n  description?: "If \'purchase_unit\' has \\"DONATION\\" as the \'items.category\' then the Order can at most have one purchase_unit. Multiple purchase_units are not supported.";\n  message: "For a given \'purchase_unit\' the \\"category\\" could be \\"PHYSICAL_GOODS\\" and/or \\"DIGITAL_GOODS\\", but not `both`.";\n  readonly note: "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn";\n}\n',
    want: 'export interface E {\n  description?: "If \'purchase_unit\' has \\"DONATION\\" as the \'items.category\' then the Order can at most have one purchase_unit. Multiple purchase_units are not supported.";\n  message: \'For a given \\\'purchase_unit\\\' the "category" could be "PHYSICAL_GOODS" and/or "DIGITAL_GOODS", but not `both`.\';\n  readonly note: "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn";\n}\n',
  },
  {
    name: "an arrow function returning a chain of conditionals that fits on the next line, without parentheses",
    given:
      "const op = {\n  parseError: (body, status) => status === 401 ? parseerror_401(body) : status === 404 ? parseerror_404(body) : undefined,\n};\n",
    want: "const op = {\n  parseError: (body, status) =>\n    status === 401 ? parseerror_401(body) : status === 404 ? parseerror_404(body) : undefined,\n};\n",
  },
  {
    name: "a string too wide whose quotes prettier changes, in an array (left to prettier)",
    given:
      'const d = {\n  facets: [checkPattern, "^(?:[A-Za-z0-9!#$%&\'*+/=?^_`{|}~-]+|\\"(?:[\\\\x01-\\\\x08])*\\")@xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$"],\n};\n',
    want: "const d = {\n  facets: [\n    checkPattern,\n    '^(?:[A-Za-z0-9!#$%&\\'*+/=?^_`{|}~-]+|\"(?:[\\\\x01-\\\\x08])*\")@xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$',\n  ],\n};\n",
    prettier: true,
  },
  {
    name: "an interface's property whose type is a name too wide, on its line however wide",
    given:
      "export interface P {\n  readonly subscription_billing_cycle_anchor?: GetInvoicesUpcomingSubscriptionBillingCycleAnchorParameter;\n  cancel_at: CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC;\n}\n",
    want: "export interface P {\n  readonly subscription_billing_cycle_anchor?: GetInvoicesUpcomingSubscriptionBillingCycleAnchorParameter;\n  cancel_at: CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC;\n}\n",
  },
  {
    name: "a function head too wide with one constrained type parameter, broken in it first",
    given:
      "export async function postBillingPortalConfigurationsConfiguration<C extends CallOptions = DataOnly>(config: StripeApiConfig, configuration: string, request?: PostBillingPortalConfigurationsConfigurationRequest, call?: C): Promise<Answer<Received<BillingPortalConfiguration>, C>> {\n  return x;\n}\nexport async function getCustomersCustomerBalanceTransactions<C extends CallOptions = DataOnly>(config: StripeApiConfig, customer: string, call?: C): Promise<Answer<Received<X>, C>> {\n  return x;\n}\n",
    want: "export async function postBillingPortalConfigurationsConfiguration<\n  C extends CallOptions = DataOnly,\n>(\n  config: StripeApiConfig,\n  configuration: string,\n  request?: PostBillingPortalConfigurationsConfigurationRequest,\n  call?: C,\n): Promise<Answer<Received<BillingPortalConfiguration>, C>> {\n  return x;\n}\nexport async function getCustomersCustomerBalanceTransactions<C extends CallOptions = DataOnly>(\n  config: StripeApiConfig,\n  customer: string,\n  call?: C,\n): Promise<Answer<Received<X>, C>> {\n  return x;\n}\n",
  },
  {
    name: "a function head too wide with one type parameter without constraint",
    given:
      "export function ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff<T>(config: StripeApiConfig, configuration: string, call?: T): Promise<T> {\n  return x;\n}\n",
    want: "export function ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff<T>(\n  config: StripeApiConfig,\n  configuration: string,\n  call?: T,\n): Promise<T> {\n  return x;\n}\n",
  },
  {
    name: "a method signature too wide with one constrained type parameter",
    given:
      "export interface Client {\n  deleteCustomersCustomerSubscriptionsSubscriptionExposedIdDiscount<C extends CallOptions = DataOnly>(customer: string, subscription_exposed_id: string, call?: C): Promise<Answer<Received<deleted_discount>, C>>;\n}\n",
    want: "export interface Client {\n  deleteCustomersCustomerSubscriptionsSubscriptionExposedIdDiscount<\n    C extends CallOptions = DataOnly,\n  >(\n    customer: string,\n    subscription_exposed_id: string,\n    call?: C,\n  ): Promise<Answer<Received<deleted_discount>, C>>;\n}\n",
  },
  {
    name: "a property whose value is a call of an array of objects, the array hugged, one object a line",
    given:
      'const op = {\n  encode: multipartEncoder([{ name: "expand", style: "deepObject", explode: true }, { name: "file", style: "form", explode: true }, { name: "purpose", style: "form", explode: true }]),\n  sensitiveParams: /* @__PURE__ */ paramRedaction([{ in: "query", name: "client_secret", kind: "secret" }]),\n  other: /* @__PURE__ */ paramRedaction([{ in: "path", name: "token", kind: "token" }]),\n};\n',
    want: 'const op = {\n  encode: multipartEncoder([\n    { name: "expand", style: "deepObject", explode: true },\n    { name: "file", style: "form", explode: true },\n    { name: "purpose", style: "form", explode: true },\n  ]),\n  sensitiveParams: /* @__PURE__ */ paramRedaction([\n    { in: "query", name: "client_secret", kind: "secret" },\n  ]),\n  other: /* @__PURE__ */ paramRedaction([{ in: "path", name: "token", kind: "token" }]),\n};\n',
  },
  {
    name: "names too wide as values of properties: on the line of a short key, else on the next line",
    given:
      'const d = {\n  fields: [{ name: "billing_cycle_anchor", type: postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues }],\n  description: descriptionOfPostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestAndMore.fields,\n};\n',
    want: 'const d = {\n  fields: [\n    {\n      name: "billing_cycle_anchor",\n      type: postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues,\n    },\n  ],\n  description:\n    descriptionOfPostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestAndMore.fields,\n};\n',
  },
  {
    name: "a type alias of a list's members too wide on both lines, broken after its =",
    given:
      "export type PostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchor = (typeof postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues)[number];\n",
    want: "export type PostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchor =\n  (typeof postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues)[number];\n",
  },
  {
    name: "a declaration of a pure call of a long name too wide, broken after its =, the name out",
    given:
      "export const isPostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchor = /* @__PURE__ */ oneOf(postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues);\n",
    want: "export const isPostCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchor =\n  /* @__PURE__ */ oneOf(\n    postCustomersCustomerSubscriptionsSubscriptionExposedIdRequestBillingCycleAnchorValues,\n  );\n",
  },
  {
    name: "a frozen array of strings whose line fits up to the call's ( but not its [, the array broken out flat",
    given:
      'export const payment_pages_checkout_session_consentPromotionsValues = /* @__PURE__ */ Object.freeze([\n  "opt_in",\n  "opt_out",\n] as const);\nexport const payment_pages_checkout_session_consentPromotionsValueX = /* @__PURE__ */ Object.freeze([\n  "opt_in",\n  "opt_out",\n]);\n',
    want: 'export const payment_pages_checkout_session_consentPromotionsValues = /* @__PURE__ */ Object.freeze(\n  ["opt_in", "opt_out"] as const,\n);\nexport const payment_pages_checkout_session_consentPromotionsValueX = /* @__PURE__ */ Object.freeze(\n  ["opt_in", "opt_out"],\n);\n',
  },
  {
    name: "a conditional property that fits, holding a quoted key prettier keeps",
    given:
      'function xmlOfReq(value: Req): XmlInput {\n  return {\n    "ns1:id": value.id,\n    tags: value.tags === undefined ? undefined : { "ns1:tag": value.tags },\n  };\n}\n',
    want: 'function xmlOfReq(value: Req): XmlInput {\n  return {\n    "ns1:id": value.id,\n    tags: value.tags === undefined ? undefined : { "ns1:tag": value.tags },\n  };\n}\n',
  },
  {
    name: "a property holding numbers too wide, left to prettier (it fills lines)",
    given: `const d = {\n  list: [${Array.from({ length: 30 }, (_, i) => 1000 + i).join(", ")}],\n};\n`,
    want: `const d = {\n  list: [\n    ${Array.from({ length: 16 }, (_, i) => 1000 + i).join(", ")},\n    ${Array.from({ length: 14 }, (_, i) => 1016 + i).join(", ")},\n  ],\n};\n`,
    prettier: true,
  },
];

describe("statements laid out without prettier", () => {
  it.each(broken)("$name", async ({ given, want, prettier: left }) => {
    expect(await prettierAlone(given)).toBe(want);
    const layout = await laidOut(given);
    expect(layout.text).toBe(want);
    expect(layout.formatted).toHaveLength(left ? 1 : 0);
  });

  it("keeps statements that fit, indents them, and keeps comments and one blank line between statements", async () => {
    const given =
      '// header\n\n\nimport { a } from "./a.js";\n/** Doc\n   * more. */\nexport function f(x: number): number {\n\n\n// note\nif (x > 1) {\nreturn 1;\n} else if (x < 0) {\n\nreturn -1;\n\n}\n\nconst y = x + 1; // why\nreturn y;\n\n}\n';
    const want = await prettierAlone(given);
    const layout = await laidOut(given);
    expect(layout.text).toBe(want);
    expect(layout.formatted).toEqual([]);
  });
});

describe("statements left to prettier", () => {
  it("formats only the statements that need it, each at its depth, and splices them back", async () => {
    const given = `export function f(items: string[]): void {\nconst a = 1;\nif (a > 0) {\nitems.forEach((item) => { use(item); });\n}\nconst b = {\n${long}: 1,\n  c: [${long}, ${long}].map((x) => x),\n};\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted).toHaveLength(1);
    expect(layout.formatted[0]).not.toContain("const a = 1;");
    expect(layout.formattedBytes).toBeLessThan(given.length);
  });

  it("formats the heads of a statement whose bodies it lays out, when it cannot break them", async () => {
    const given = `function f() {\nif (${long} && ${long} && ${long}) {\nreturn 1;\n} else {\nreturn 2;\n}\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted[0]).not.toContain("return 1;");
  });

  it("leaves a statement to prettier when a comment is where it cannot tell what prettier does", async () => {
    const given = "if (a) { // on the brace's line\n  b();\n}\nc();\n";
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted[0]).not.toContain("c();");
  });

  it("leaves to prettier a statement holding parentheses it may drop", async () => {
    const given = `function f() {\n  return callRest(op, joinUrl((options.baseUrl || "${long}"), op.path), request, options);\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted).toHaveLength(1);
  });

  it("leaves to prettier a statement on several lines it cannot read on one", async () => {
    const given = `type T =\n  | "a"\n  | "b";\nconst x = items\n  .map(f);\ncheck(\n  a,\n\n  b,\n);\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted).toHaveLength(1);
    expect(layout.formatted[0]).toContain("check(");
  });

  it("leaves to prettier a property whose conditional holds another in a branch", async () => {
    const given = `function f(value) {\n  return {\n    lines: value.lines === undefined ? undefined : { string: value.lines.map((item) => item === null ? XML_NIL : xmlOf${long}(item)) },\n  };\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted).toHaveLength(1);
  });

  it("leaves to prettier an arrow function argument returning a conditional, which it may parenthesize", async () => {
    const given = `function f() {\n  if ((v = readList(obj.${long}, o, at(path, "x"), (item, itemPath) => isNil(item, o) ? null : read${long}(item, itemPath, o), u)) !== undefined) out.x = v;\n  if ((v = readList(obj.${long}, o, at(path, "x"), (item, itemPath) => isNil(item, o) ? null : read${long}(item, itemPath, o))) !== undefined) out.x = v;\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.formatted).toHaveLength(1);
  });

  it("leaves to prettier a list written without a space after a comma, never dropping a character", async () => {
    const given = `function f() {\n  return soapEnvelope(namespace, "${long}", { "@_xmlns:ns1": "urn:example:bookings:types",CreateBookingResult: xmlOfConfirmation(result) }, version);\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.text).toContain(", CreateBookingResult: xmlOfConfirmation(result) },");
  });

  it("leaves to prettier a property whose arrow function returns a conditional, which it parenthesizes", async () => {
    const given = `const op = {\n  name: "a",\n  parseError: (body, status) => status === 400 ? parseProblem(body) : undefined,\n};\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.text).toContain("=> (status === 400 ? parseProblem(body) : undefined),");
  });

  it("leaves to prettier a wide statement holding characters whose width it cannot tell", async () => {
    const line = `  check(value.${name("l", 25)}, "${name("Ա", 20)}", issues, checkString, 60);`;
    const given = `function f() {\n${line}\n}\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.text).toContain(line);
    expect(layout.formatted).toHaveLength(1);
  });

  it("leaves to prettier a quoted key in letters outside ASCII, which prettier unquotes", async () => {
    // Its width is known, but whether it is a name prettier writes bare is not (`"café"` is).
    const given = `const o = {\n  "café": "${name("x", 100)}",\n};\n`;
    const layout = await laidOut(given);
    expect(layout.text).toBe(await prettierAlone(given));
    expect(layout.text).toContain("  café: ");
    expect(layout.formatted).toHaveLength(1);
  });

  it("answers undefined for text it cannot read, which the caller formats whole", async () => {
    expect((await laidOut('const a = "unterminated;\n')).text).toBeUndefined();
    expect((await laidOut("const a = (1;\n")).text).toBeUndefined();
  });
});
