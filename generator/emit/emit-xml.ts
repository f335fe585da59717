import type { Project } from "ts-morph";
import type { Field, ObjectType, Service, SoapOperation } from "../model/ir.js";
import { delegatedBase, requestBodies, responseBodies, wireTypes } from "./wire-types.js";
import { emitReaders, readerName } from "./emit-readers.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { propertyAccess, propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";

const XML = paths.runtime("xml.ts");
const READ = paths.runtime("read-values.ts");
const OPTIONS = paths.runtime("read-options.ts");
const writerName = (type: string) => `xmlOf${type}`;

/**
 * `<service>/xml.ts` for a SOAP service, the client's side: per operation, a
 * builder of the request envelope (elements in schema order, values escaped,
 * decimals and longs written as given) and a parser of the response envelope
 * (lists always arrays, numbers typed, SOAP faults raised as `SoapFaultError`).
 * Only writers of request types and readers of result types are here.
 */
export function emitXml(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.xml(service.name));
  for (const type of wireTypes(service, requestBodies(service))) emitWriter(file, service, type);
  emitReaders(file, service, responseBodies(service), "xml", "typed");
  for (const op of soapOperations(service)) emitClientOperation(file, service, op);
  return file.finish();
}

/**
 * `<service>/server.ts` for a SOAP service, the server's side (the sandbox, a
 * test double): per operation, a reader of the request envelope and a builder
 * of the response envelope. Its own entry point: the client entry never
 * imports it, so no client carries request readers or result writers.
 */
export function emitSoapServer(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.server(service.name));
  for (const type of wireTypes(service, responseBodies(service))) emitWriter(file, service, type);
  emitReaders(file, service, requestBodies(service), "xml", "draft");
  for (const op of soapOperations(service)) emitServerOperation(file, service, op);
  return file.finish();
}

function soapOperations(service: Service): SoapOperation[] {
  return service.operations.filter((op): op is SoapOperation => op.protocol === "soap");
}

function emitWriter(file: TsFile, service: Service, type: ObjectType): void {
  // An extension writes its base's elements first, through the base's writer.
  const base = delegatedBase(service, type);
  const own = base ? type.fields : type.allFields;
  const typeName = file.type(type.name, paths.types(service.name));
  const input = file.type("XmlInput", XML);
  const statements =
    type.kind === "opaque"
      ? [`return value as unknown as ${input};`]
      : [
          `return {\n${base ? `...${writerName(base.name)}(value),\n` : ""}${own.map((f) => `${propertyName(f.name)}: ${fieldWrite(f)},`).join("\n")}\n${
            type.open ? `...${file.value("extraProperties", paths.runtime("read-values.ts"))}(value, new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])) as ${input},\n` : ""
          }};`,
        ];
  file.addFunction({
    name: writerName(type.name),
    parameters: [{ name: type.kind !== "opaque" && type.allFields.length === 0 && !type.open ? "_value" : "value", type: typeName }],
    returnType: input,
    statements,
  });
}

/** The XML content of one field: undefined (omitted), text, an element, repeated elements or a wrapper. */
function fieldWrite(f: Field): string {
  const access = propertyAccess("value", f.name);
  const one = (v: string) => (f.type.kind === "object" ? `${writerName(f.type.name)}(${v})` : v);
  if (f.list) {
    const items = f.type.kind === "object" ? `${access}.map((item) => ${one("item")})` : access;
    const content = f.list.item !== undefined ? `{ ${propertyName(f.list.item)}: ${items} }` : items;
    return `${access} === undefined ? undefined : ${content}`;
  }
  if (f.type.kind === "object") return `${access} === undefined ? undefined : ${one(access)}`;
  return access;
}

function emitClientOperation(file: TsFile, service: Service, op: SoapOperation): void {
  const requestType = file.type(op.requestType, paths.types(service.name));
  const resultType = file.type(op.resultType, paths.types(service.name));
  file.addFunction({
    isExported: true,
    name: `build${op.name}Envelope`,
    docs: [`The SOAP envelope of a \`${op.name}\` request: the \`${op.name}\` element in the given namespace, its elements in schema order.`],
    parameters: [
      { name: "request", type: requestType },
      { name: "namespace", type: "string" },
    ],
    returnType: "string",
    statements: `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(op.name)}, ${writerName(op.requestType)}(request));`,
  });
  const opaque = service.types.find((t) => t.name === op.resultType)?.kind === "opaque";
  const element = stringLiteral(op.resultElement);
  const read = (reader: string) => `${reader}(value, ${element}, o)`;
  file.addFunction({
    isExported: true,
    name: `parse${op.name}Response`,
    docs: [
      `The typed \`${op.resultElement}\` of a \`${op.responseElement}\` envelope. Throws \`SoapFaultError\` for a SOAP Fault and \`ParseError\` for anything that is not the expected envelope or does not fit its type (unknown data: see \`ReadOptions.onUnknown\`).${
        opaque ? "" : " A result whose `resultCode` is Error holds only the fields the service sent: the client hands it over as `Partial` (or an `ApiError`)."
      }`,
    ],
    parameters: [
      { name: "xml", type: "string | Uint8Array" },
      { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
    ],
    returnType: resultType,
    statements: [
      `const o = ${file.value("readContext", READ)}("xml", options);`,
      `const value = ${file.value("soapResult", paths.runtime("soap-result.ts"))}(xml, ${stringLiteral(op.responseElement)}, ${element}, options);`,
      ...(opaque
        ? []
        : [
            `// An Error result usually lacks what a success carries: it is read for what it holds, and the client hands it over as Partial.`,
            `if (${file.value("isErrorResult", READ)}(value)) return ${file.value("errorResult", READ)}(${readerName(op.resultType)}(value, ${element}, ${file.value("errorResultContext", READ)}(o)));`,
          ]),
      `return ${read(readerName(op.resultType))};`,
    ],
  });
}

function emitServerOperation(file: TsFile, service: Service, op: SoapOperation): void {
  const requestType = file.type(op.requestType, paths.types(service.name));
  const resultType = file.type(op.resultType, paths.types(service.name));
  file.addFunction({
    isExported: true,
    name: `read${op.name}Envelope`,
    docs: [
      `Server side: the request of a \`${op.name}\` envelope, each value of its wire type and its elements in schema order. Throws \`ParseError\` for anything else. Required fields, enum values and choices are not checked here: run \`validate${op.requestType}\` before using the request.`,
    ],
    parameters: [
      { name: "xml", type: "string | Uint8Array" },
      { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
    ],
    returnType: requestType,
    statements: `return ${file.value("unvalidated", READ)}<${requestType}>(${readerName(op.requestType)}(${file.value("soapRequest", paths.runtime("soap-result.ts"))}(xml, ${stringLiteral(op.name)}, options), ${stringLiteral(op.name)}, ${file.value("readContext", READ)}("xml", options)));`,
  });
  file.addFunction({
    isExported: true,
    name: `build${op.name}ResponseEnvelope`,
    docs: [`Server side: the \`${op.responseElement}\` envelope wrapping a \`${op.resultElement}\`, elements in schema order.`],
    parameters: [
      { name: "result", type: resultType },
      { name: "namespace", type: "string" },
    ],
    returnType: "string",
    statements: `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(op.responseElement)}, { ${propertyName(op.resultElement)}: ${writerName(op.resultType)}(result) });`,
  });
}
