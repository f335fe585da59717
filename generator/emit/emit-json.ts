import type { Project } from "ts-morph";
import type { Field, ObjectType, Service } from "../model/ir.js";
import { delegatedBase, requestBodies, responseBodies, wireTypes } from "./wire-types.js";
import { emitReaders, readerName } from "./emit-readers.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import { propertyAccess, propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import { TsFile } from "./ts-file.js";

const writerName = (type: string) => `jsonOf${type}`;

/** Names of the public functions of a body type. */
export const serializerName = (type: string) => `serialize${type}`;
export const parserName = (type: string) => `parse${type}`;

/**
 * `<service>/json.ts` for a REST service, the client's side: a serializer per
 * request body (documented fields only, in schema order; decimals and longs
 * stay strings) and a parser per response body (hostile input rejected with
 * `ParseError`, numbers exact, opaque bodies kept as parsed).
 */
export function emitJson(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.json(service.name));
  emitBodies(file, service, requestBodies(service), responseBodies(service), "response");
  return file.finish();
}

/**
 * `<service>/server.ts` for a REST service, the server's side (the sandbox, a
 * test double): a parser per request body and a serializer per response body.
 * Its own entry point: the client entry never imports it.
 */
export function emitRestServer(project: Project, service: Service): GeneratedFile {
  const file = new TsFile(project, paths.server(service.name));
  emitBodies(file, service, responseBodies(service), requestBodies(service), "request");
  return file.finish();
}

/** Serializers of the bodies `written`, parsers of the bodies `read`, and the wire functions they use. */
function emitBodies(file: TsFile, service: Service, written: readonly string[], read: readonly string[], readSide: "request" | "response"): void {
  const writtenBodies = [...new Set(written)].sort();
  const readBodies = [...new Set(read)].sort();
  for (const type of wireTypes(service, writtenBodies)) emitWriter(file, service, type);
  emitReaders(file, service, readBodies, "json", readSide === "request" ? "draft" : "typed");
  for (const name of writtenBodies) {
    file.addFunction({
      isExported: true,
      name: serializerName(name),
      docs: [`The JSON body of a {@link ${name}}: documented fields only, in schema order; decimals and longs are written as the strings they are.`],
      parameters: [{ name: "value", type: file.type(name, paths.types(service.name)) }],
      returnType: "string",
      statements: `return JSON.stringify(${writerName(name)}(value));`,
    });
  }
  for (const name of readBodies) {
    file.addFunction({
      isExported: true,
      name: parserName(name),
      docs: [
        readSide === "response"
          ? `Reads a {@link ${name}} from a response body. Throws \`ParseError\` for anything else: HTML, empty or truncated bodies, oversized or too deep input, duplicate keys, wrong value types, missing required fields, enum values outside the list (unknown data: see \`ReadOptions.onUnknown\`).`
          : `Server side: reads a {@link ${name}} from a request body, each value of its wire type. Throws \`ParseError\` for HTML, empty or truncated bodies, oversized or too deep input, duplicate keys, wrong value types. Required fields, enum values and choices are not checked here: run the validator of the type before using it.`,
      ],
      parameters: [
        { name: "body", type: "string | Uint8Array" },
        { name: "options", type: file.type("ReadOptions", paths.runtime("read-options.ts")), hasQuestionToken: true },
      ],
      returnType: file.type(name, paths.types(service.name)),
      statements: (() => {
        const read = `${readerName(name)}(${file.value("parseJsonTree", paths.runtime("json.ts"))}(body, options), "", ${file.value("readContext", paths.runtime("read-values.ts"))}("json", options))`;
        return `return ${readSide === "response" ? read : `${file.value("unvalidated", paths.runtime("read-values.ts"))}<${file.type(name, paths.types(service.name))}>(${read})`};`;
      })(),
    });
  }
}

function emitWriter(file: TsFile, service: Service, type: ObjectType): void {
  // An extension writes its base's properties through the base's writer.
  const base = delegatedBase(service, type);
  const own = base ? type.fields : type.allFields;
  const typeName = file.type(type.name, paths.types(service.name));
  // JSON.stringify leaves out undefined properties, so absent fields vanish.
  const statements =
    type.kind === "opaque"
      ? [`return value as Record<string, unknown>;`]
      : [
          `return {\n${type.open ? `...${file.value("extraProperties", paths.runtime("read-values.ts"))}(value, new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])),\n` : ""}${base ? `...${writerName(base.name)}(value),\n` : ""}${own.map((f) => `${propertyName(f.name)}: ${fieldWrite(f)},`).join("\n")}\n};`,
        ];
  file.addFunction({
    name: writerName(type.name),
    parameters: [{ name: type.kind !== "opaque" && type.allFields.length === 0 && !type.open ? "_value" : "value", type: typeName }],
    returnType: "Record<string, unknown>",
    statements,
  });
}

function fieldWrite(f: Field): string {
  const access = propertyAccess("value", f.name);
  if (f.type.kind !== "object") return access;
  const one = (v: string) => `${writerName(f.type.name)}(${v})`;
  if (f.list) return `${access} === undefined ? undefined : ${access}.map((item) => ${one("item")})`;
  return `${access} === undefined ? undefined : ${one(access)}`;
}
