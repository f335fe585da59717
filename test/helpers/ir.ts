import type { EmitContext } from "../../generator/emit/emit-context.js";
import type { GeneratedFile } from "../../generator/emit/generated-file.js";
import type {
  EnumType,
  Field,
  ObjectType,
  Operation,
  Service,
  TypeRef,
} from "../../generator/model/ir.js";
import { deriveFacts } from "../../generator/model/derive-facts.js";
import { formatFiles } from "../../generator/format/format-files.js";
import { serviceNames } from "../../generator/naming/names.js";

/**
 * Small IR fragments for emitter tests: a field, a type, a service, built
 * with the model's own defaults, so a test states only what it is about.
 */

export function scalar(name: Extract<TypeRef, { kind: "scalar" }>["name"]): TypeRef {
  return { kind: "scalar", name };
}

export function ref(kind: "object" | "enum", name: string): TypeRef {
  return { kind, name };
}

export function field(name: string, type: TypeRef, extra: Partial<Field> = {}): Field {
  return { name, type, required: false, facets: [], examples: [], notes: [], ...extra };
}

export function objectType(
  name: string,
  fields: readonly Field[],
  extra: Partial<Omit<ObjectType, "facts">> = {},
): Omit<ObjectType, "facts"> {
  return {
    name,
    kind: "object",
    fields,
    allFields: fields,
    open: false,
    origin: { kind: "declared" },
    notes: [],
    ...extra,
  };
}

export function enumType(
  name: string,
  values: readonly string[],
  extra: Partial<EnumType> = {},
): EnumType {
  return { name, values: values.map((value) => ({ value, notes: [] })), notes: [], ...extra };
}

/** A REST operation `name` sending `request` and receiving `response`. */
export function restOperation(
  name: string,
  request: string | undefined,
  response: string | undefined,
  extra: Partial<Operation> = {},
): Operation {
  return {
    protocol: "rest",
    name,
    method: name,
    httpMethod: "POST",
    path: `/${name}`,
    baseUrl: "base_url",
    params: [],
    ...(request ? { requestType: request } : {}),
    ...(response ? { responseType: response } : {}),
    statuses: [{ code: 200, meaning: "OK." }],
    idempotent: false,
    links: [],
    notes: [],
    ...extra,
  } as Operation;
}

/** A REST service holding the given types, enums and operations, with the facts the model derives. */
export function restService(parts: {
  types?: readonly Omit<ObjectType, "facts">[];
  enums?: readonly EnumType[];
  operations?: readonly Operation[];
}): Service {
  const types = parts.types ?? [];
  const operations = parts.operations ?? [];
  const facts = deriveFacts(types, operations);
  return {
    name: "svc",
    title: "Test Service",
    protocol: "rest",
    rest: { baseUrls: [{ name: "base_url" }], outcome: [] },
    types: types.map((t) => ({ ...t, facts: facts.get(t.name)! })),
    enums: parts.enums ?? [],
    operations,
    flows: [],
    events: [],
    gaps: [],
    notes: [],
  };
}

/** A SOAP operation `name` sending `request` and answering `result`. */
export function soapOperation(
  name: string,
  request: string,
  result: string,
  extra: Partial<Extract<Operation, { protocol: "soap" }>> = {},
): Operation {
  return {
    protocol: "soap",
    name,
    method: name.charAt(0).toLowerCase() + name.slice(1),
    auth: false,
    requestType: request,
    resultType: result,
    responseElement: `${name}Response`,
    resultElement: `${name}Result`,
    notes: [],
    ...extra,
  };
}

/** A SOAP service in namespace `urn:svc` holding the given types, enums and operations, with the facts the model derives. */
export function soapService(parts: {
  types?: readonly Omit<ObjectType, "facts">[];
  enums?: readonly EnumType[];
  operations?: readonly Operation[];
}): Service {
  const types = parts.types ?? [];
  const operations = parts.operations ?? [];
  const facts = deriveFacts(types, operations);
  return {
    name: "svc",
    title: "Test Service",
    protocol: "soap",
    soap: { namespacePlaceholder: "ns", version: "", namespace: "urn:svc" },
    types: types.map((t) => ({ ...t, facts: facts.get(t.name)! })),
    enums: parts.enums ?? [],
    operations,
    flows: [],
    events: [],
    gaps: [],
    notes: [],
  };
}

/** Runs one emitter on a service with the naming table the package would use, and formats its file as the package's would be. */
export async function emitWith(
  emit: (ctx: EmitContext) => GeneratedFile,
  service: Service,
  runtimeNames: readonly string[] = [],
): Promise<string> {
  const file = emit({ service, names: serviceNames(service, runtimeNames) });
  const formatted = await formatFiles([file]);
  return formatted.find((f) => f.path === file.path)!.content;
}

/** The text of the top-level declaration of `name` in emitted code (with its doc comment), for exact comparison. */
export function declaration(code: string, name: string): string {
  const lines = code.split("\n");
  const start = lines.findIndex((l) =>
    new RegExp(
      `^(export )?(async )?(function|const|interface|type) ${name.replace(/\$/g, "\\$")}\\b`,
    ).test(l),
  );
  if (start < 0) throw new Error(`no declaration of ${name} in:\n${code}`);
  let from = start;
  while (from > 0 && /^(\/\*\*| \*)/.test(lines[from - 1]!)) from--;
  let to = start;
  // A declaration ends at its closing line at the top level; a type alias laid out on the lines after its `=`, at its last line (a `;` before a blank line).
  const ended = (i: number) =>
    lines[i] === "}" ||
    lines[i] === "};" ||
    (lines[i]!.endsWith(";") &&
      (lines[i + 1] ?? "") === "" &&
      /^(export )?type /.test(lines[start]!));
  if (!lines[start]!.trimEnd().endsWith(";")) while (to < lines.length && !ended(to)) to++;
  return lines.slice(from, to + 1).join("\n");
}
