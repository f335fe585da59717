import type { Field, ObjectType, Service } from "../model/ir.js";
import { writesNumberText } from "../model/scalar-forms.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import { emitReaders } from "./emit-readers.js";
import { emitRestRoutes } from "./emit-rest-routes.js";
import type { GeneratedFile } from "./generated-file.js";
import { fieldShape } from "./field-shape.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import { unionDispatch } from "./union-variants.js";
import type { TsFile } from "./ts-file.js";

/**
 * `<service>/json.ts` for a REST service, the client's side: a serializer per
 * request body (documented fields only, in schema order; longs and decimals
 * written as exact JSON numbers, or as strings where the contract says so),
 * which hands the value and its type's description to the runtime's generic
 * writer (`write-description.ts`), and a parser per response body (hostile
 * input rejected with `ParseError`, numbers exact, opaque bodies kept as
 * parsed), which hands the body and the type's description to the runtime's
 * generic reader (`read-description-json.ts`, which reads what
 * `read-description.ts` reads from the parsed tree).
 */
export function emitJson(ctx: EmitContext): GeneratedFile {
  const file = serviceFile(ctx, paths.json(ctx.service.name));
  emitBodies(file, ctx, requestBodies(ctx.service), responseBodies(ctx.service), "response");
  return file.finish();
}

/**
 * `<service>/server.ts` for a REST service, the server's side (the sandbox, a
 * test double): a parser per request body and a serializer per response body.
 * Its own entry point: the client entry never imports it.
 */
export function emitRestServer(ctx: EmitContext): GeneratedFile {
  const file = serviceFile(ctx, paths.server(ctx.service.name));
  emitBodies(file, ctx, responseBodies(ctx.service), requestBodies(ctx.service), "request");
  emitRestRoutes(file, ctx);
  return file.finish();
}

/** Serializers of the bodies `written`, parsers of the bodies `read`, and the wire functions they use. */
function emitBodies(
  file: TsFile,
  ctx: EmitContext,
  written: readonly string[],
  read: readonly string[],
  readSide: "request" | "response",
): void {
  const { service, names } = ctx;
  const writtenBodies = [...new Set(written)].sort();
  const readBodies = [...new Set(read)].sort();
  const typeRef = (name: string) => file.type(names.get("type", name), paths.types(service.name));
  // A client writes each request body through its type's description (the runtime's generic
  // writer, the description imported from descriptions.ts); a server writes an answer with writers
  // of its own.
  if (readSide === "request")
    for (const type of service.types.filter((t) => t.facts.wireReceived))
      emitWriter(file, ctx, type);
  // A client reads each response body through its type's description (the runtime's generic
  // reader, the description imported from descriptions.ts); a server reads a request as a draft,
  // with readers of its own.
  if (readSide === "request") emitReaders(file, ctx, "sent", "json", "draft");
  for (const name of writtenBodies) {
    file.addFunction({
      isExported: true,
      name: names.get("serializer", name),
      docs: [
        readSide === "response"
          ? `The JSON body of a {@link ${typeRef(name)}}, written as the package README's "Writing requests" says.`
          : `The JSON body of a {@link ${typeRef(name)}}: documented fields only, in schema order; longs and decimals are written as the exact numbers their text holds (as strings where the contract carries them so).`,
      ],
      parameters: [{ name: "value", type: typeRef(name) }],
      returnType: "string",
      statements: `return ${readSide === "request" ? `${file.value("stringifyJson", paths.runtime("json.ts"))}(${names.get("jsonWriter", name)}(value))` : describedWrite(file, ctx, name)};`,
    });
  }
  for (const name of readBodies) {
    file.addFunction({
      isExported: true,
      name: names.get("parser", name),
      docs: [
        readSide === "response"
          ? `Reads a {@link ${typeRef(name)}} from a response body, or throws \`ParseError\`, as the package README's "Reading responses" says.`
          : `Server side: reads a {@link ${typeRef(name)}} from a request body, each value of its wire type. Throws \`ParseError\` for HTML, empty or truncated bodies, oversized or too deep input, duplicate keys, wrong value types. Required fields, enum values and choices are not checked here: run the validator of the type before using it.`,
      ],
      parameters: [
        { name: "body", type: "string | Uint8Array" },
        {
          name: "options",
          type: file.type("ReadOptions", paths.runtime("read-options.ts")),
          hasQuestionToken: true,
        },
      ],
      // A response body is returned as received: a flow that copies from an answer can tell it from a request.
      returnType:
        readSide === "response"
          ? `${file.type("Received", paths.runtime("received.ts"))}<${typeRef(name)}>`
          : typeRef(name),
      // A server: the tree parser (number text kept), then the type's reader; a client: the
      // runtime's generic reader of the text (`responseRead`).
      statements: (() => {
        const tree = (): string =>
          `${file.value("parseJsonTree", paths.runtime("json.ts"))}(body, options)`;
        const o = (): string =>
          `${file.value("readContext", paths.runtime("read-values.ts"))}(options)`;
        const read =
          readSide === "response"
            ? responseRead(file, ctx, name, tree, o)
            : `${names.get("reader", name)}(${tree()}, "", ${o()})`;
        return `return ${readSide === "response" ? `${file.value("received", paths.runtime("received.ts"))}(${read})` : `${file.value("unvalidated", paths.runtime("read-values.ts"))}<${typeRef(name)}>(${read})`};`;
      })(),
    });
  }
}

/**
 * The read of a response body: its text and its type's description handed to
 * the runtime's generic reader (`readDescribedJson`, which reads what
 * `readDescribed` reads from the parsed tree); a body the contract does not
 * show is taken as parsed (`readOpaque`), which needs no description, so a
 * caller of such an operation bundles none of the reader.
 */
function responseRead(
  file: TsFile,
  { service, names }: EmitContext,
  name: string,
  tree: () => string,
  o: () => string,
): string {
  const type = service.types.find((t) => t.name === name);
  const READ = paths.runtime("read-values.ts");
  if (type?.kind === "opaque")
    return `${file.value(type.list ? "readOpaqueList" : "readOpaque", READ)}(${tree()}, ${o()}, "")`;
  const typeName = file.type(names.get("type", name), paths.types(service.name));
  const description = file.value(names.get("description", name), paths.descriptions(service.name));
  return `${file.value("readDescribedJson", paths.runtime("read-description-json.ts"))}<${typeName}>(body, ${description}, options)`;
}

/** The text of a request body: through its type's description, by the runtime's generic writer. */
function describedWrite(file: TsFile, { service, names }: EmitContext, name: string): string {
  const description = file.value(names.get("description", name), paths.descriptions(service.name));
  return `${file.value("writeDescribedJson", paths.runtime("write-description.ts"))}(value, ${description})`;
}

function emitWriter(file: TsFile, { service, names }: EmitContext, type: ObjectType): void {
  const writerName = (t: string) => names.get("jsonWriter", t);
  const typeName = file.type(names.get("type", type.name), paths.types(service.name));
  const statements =
    type.kind === "union"
      ? unionDispatch(
          file,
          service,
          type,
          (variant) =>
            `${writerName(variant)}(value as ${file.type(names.get("type", variant), paths.types(service.name))})`,
        )
      : type.kind === "opaque"
        ? [type.list ? "return value;" : `return value as Record<string, unknown>;`]
        : [objectWrite(file, type, writerName)];
  file.addFunction({
    name: writerName(type.name),
    parameters: [{ name: "value", type: typeName }],
    returnType: type.list ? "readonly unknown[]" : "Record<string, unknown>",
    statements,
  });
}

/**
 * An object type's writer: its documented fields described for the runtime's
 * `writeFields`, after what the type writes first (an open type's extra
 * properties, an extension's base through the base's writer). A closed type
 * with neither writes, after its fields, what a reader kept beside the value
 * (an open type's `extraProperties` holds it already; a base's writer writes it).
 */
function objectWrite(file: TsFile, type: ObjectType, writerName: (type: string) => string): string {
  const base = type.facts.delegatedBase;
  const own = base !== undefined ? type.fields : type.allFields;
  const extra = type.open
    ? `${file.value("extraProperties", paths.runtime("read-values.ts"))}(value, new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}]))`
    : undefined;
  const baseWrite = base !== undefined ? `${writerName(base)}(value)` : undefined;
  const start =
    extra !== undefined && baseWrite !== undefined
      ? `{ ...${extra}, ...${baseWrite} }`
      : (extra ?? baseWrite);
  const fields = `[${own.map((f) => fieldWrite(file, f, writerName)).join(", ")}]`;
  return `return ${file.value("writeFields", paths.runtime("server/write-fields.ts"))}(value, ${fields}${start !== undefined ? `, ${start}` : ""});`;
}

/**
 * A field as `writeFields` takes it: its name, or its name, the write of its
 * values and its shape. A long or decimal in its number form is written as the
 * number its text is (model/scalar-forms.ts), a nested object through its type's writer.
 */
function fieldWrite(file: TsFile, f: Field, writerName: (type: string) => string): string {
  const name = stringLiteral(f.name);
  const write = writesNumberText(f)
    ? file.value("jsonNumber", paths.runtime("json.ts"))
    : f.type.kind === "object"
      ? writerName(f.type.name)
      : undefined;
  if (write === undefined) return name;
  const shape = fieldShape(f);
  return `[${name}, ${write}${shape !== undefined ? `, ${stringLiteral(shape)}` : ""}]`;
}

/** The body types a client sends: REST request bodies. */
function requestBodies(service: Service): string[] {
  return service.operations.flatMap((op) =>
    op.protocol === "rest" && op.requestType !== undefined ? [op.requestType] : [],
  );
}

/** The body types a client receives: REST response bodies, and the JSON payloads of the service's events (a webhook handler parses them). */
function responseBodies(service: Service): string[] {
  return [
    ...service.operations.flatMap((op) =>
      op.protocol === "rest"
        ? [
            ...(op.responseType !== undefined ? [op.responseType] : []),
            ...(op.errorType !== undefined ? [op.errorType] : []),
            ...(op.errorTypes ?? []).map((e) => e.type),
          ]
        : [],
    ),
    ...service.events.flatMap((e) => e.payloadTypes ?? []),
  ];
}
