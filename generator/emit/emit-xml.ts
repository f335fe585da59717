import type { Field, ObjectType, Service, SoapOperation, XmlDocument } from "../model/ir.js";
import { xmlTextWriter } from "../model/scalar-forms.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import { emitReaders } from "./emit-readers.js";
import { emitSoapRoutes } from "./emit-soap-routes.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";
import {
  optionalAccess,
  propertyAccess,
  propertyName,
  propertySet,
  whenPresent,
} from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import {
  prefixDeclarations,
  readsXmlAttributes,
  xmlItemKey,
  xmlPrefixes,
  xmlWriteKey,
  type XmlPrefixes,
} from "./xml-keys.js";
import { headersType } from "./soap-headers.js";
import type { TsFile } from "./ts-file.js";

const XML = paths.runtime("xml.ts");
const READ = paths.runtime("read-values.ts");
const OPTIONS = paths.runtime("read-options.ts");

/**
 * `<service>/xml.ts` for a SOAP service, the client's side: per operation, a
 * builder of the request envelope (elements in schema order, values escaped,
 * decimals and longs written as given) and a parser of the response envelope
 * (lists always arrays, numbers typed, SOAP faults raised as `SoapFaultError`).
 * Only writers of request types and readers of result types are here.
 */
export function emitXml(ctx: EmitContext): GeneratedFile {
  const { service } = ctx;
  const file = serviceFile(ctx, paths.xml(service.name));
  const prefixes = xmlPrefixes(service);
  for (const type of service.types.filter((t) => t.facts.wireSent))
    emitWriter(file, ctx, type, prefixes);
  emitReaders(file, ctx, "received", "xml", "typed");
  for (const op of soapOperations(service)) emitClientOperation(file, ctx, op, prefixes);
  for (const doc of service.documents ?? []) emitDocument(file, ctx, doc, prefixes);
  return file.finish();
}

/**
 * `<service>/server.ts` for a SOAP service, the server's side (the sandbox, a
 * test double): per operation, a reader of the request envelope and a builder
 * of the response envelope. Its own entry point: the client entry never
 * imports it, so no client carries request readers or result writers.
 */
export function emitSoapServer(ctx: EmitContext): GeneratedFile {
  const { service } = ctx;
  const file = serviceFile(ctx, paths.server(service.name));
  const prefixes = xmlPrefixes(service);
  // Documents are read and written by the one xml module: a server of no operation has nothing of its own.
  if (soapOperations(service).length === 0) return file.finish();
  for (const type of service.types.filter((t) => t.facts.wireReceived))
    emitWriter(file, ctx, type, prefixes);
  emitReaders(file, ctx, "sent", "xml", "draft");
  for (const op of soapOperations(service)) emitServerOperation(file, ctx, op, prefixes);
  emitSoapRoutes(file, ctx, soapOperations(service));
  return file.finish();
}

function soapOperations(service: Service): SoapOperation[] {
  return service.operations.filter((op): op is SoapOperation => op.protocol === "soap");
}

/** The envelope's version argument: none for SOAP 1.1, the default. */
function versionArgument(service: Service): string {
  return service.soap?.soapVersion === "1.2" ? `, "1.2"` : "";
}

/** An element's content with the service's namespace prefixes declared on it (the content itself when there are none). */
function declared(content: string, prefixes: XmlPrefixes): string {
  return prefixes.size === 0
    ? content
    : `{ ${prefixDeclarations(prefixes).join(" ")} ...${content} }`;
}

/** The parser's options: the caller's, and attributes kept when the body's types have any (or may be nil). */
function parseOptions(service: Service, root: string): string {
  return readsXmlAttributes(service, root) ? "{ ...options, attributes: true }" : "options";
}

/** The element a request is sent in: the operation's own name unless the contract names it apart. */
function requestElement(op: SoapOperation): string {
  return op.requestElement ?? op.name;
}

function emitWriter(
  file: TsFile,
  { service, names }: EmitContext,
  type: ObjectType,
  prefixes: XmlPrefixes,
): void {
  const writerName = (t: string) => names.get("xmlWriter", t);
  // An extension writes its base's elements first, through the base's writer.
  const base = type.facts.delegatedBase;
  const own = base !== undefined ? type.fields : type.allFields;
  const typeName = file.type(names.get("type", type.name), paths.types(service.name));
  const input = file.type("XmlInput", XML);
  const statements =
    type.kind === "opaque"
      ? [`return value as unknown as ${input};`]
      : [
          `return {\n${base !== undefined ? `...${writerName(base)}(value),\n` : ""}${own.map((f) => `${propertyName(xmlWriteKey(f, prefixes))}: ${fieldWrite(file, f, writerName, prefixes)},`).join("\n")}\n${
            type.open
              ? `...${file.value("extraProperties", paths.runtime("read-values.ts"))}(value, new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])) as ${input},\n`
              : ""
          }};`,
        ];
  file.addFunction({
    name: writerName(type.name),
    parameters: [
      {
        name:
          type.kind !== "opaque" && type.allFields.length === 0 && !type.open ? "_value" : "value",
        type: typeName,
      },
    ],
    returnType: input,
    statements,
  });
}

/** The XML content of one field: undefined (omitted), text, an element, repeated elements or a wrapper; `xsi:nil` for null. */
function fieldWrite(
  file: TsFile,
  f: Field,
  writerName: (type: string) => string,
  prefixes: XmlPrefixes,
): string {
  const access = propertyAccess("value", f.name);
  // A scalar not written as it is held (a double: `INF`, `-INF`, `NaN`) goes through its writer (model/scalar-forms.ts).
  const textWriter = xmlTextWriter(f);
  const converted = textWriter !== undefined;
  const write = (v: string) =>
    f.type.kind === "object"
      ? `${writerName(f.type.name)}(${v})`
      : textWriter !== undefined
        ? `${file.value(textWriter, paths.runtime("scalars.ts"))}(${v})`
        : v;
  const one = (v: string) =>
    f.nullable ? `${v} === null ? ${file.value("XML_NIL", XML)} : ${write(v)}` : write(v);
  const list = f.list;
  if (list) {
    return whenPresent("value", f.name, (v) => {
      const items =
        f.type.kind === "object" || f.nullable || converted
          ? `${v}.map((item) => ${one("item")})`
          : v;
      const item = xmlItemKey(f, prefixes);
      return item !== undefined ? `{ ${propertyName(item)}: ${items} }` : items;
    });
  }
  if (f.type.kind === "object" || f.nullable || converted) return whenPresent("value", f.name, one);
  return access;
}

/**
 * A whole XML document of the service (an XML schema's global element): a
 * builder that writes it with its declaration, and a typed parser.
 */
function emitDocument(
  file: TsFile,
  { service, names }: EmitContext,
  doc: XmlDocument,
  prefixes: XmlPrefixes,
): void {
  const typeName = file.type(names.get("type", doc.type), paths.types(service.name));
  const home = service.soap?.namespace;
  // A root in another namespace than the service's is prefixed, so the service's namespace stays the default for its children.
  const rootPrefix = doc.namespace !== undefined ? prefixes.get(doc.namespace) : undefined;
  const root = rootPrefix !== undefined ? `${rootPrefix}:${doc.element}` : doc.element;
  // A schema without a target namespace writes elements in no namespace: no parameter, no declaration.
  const namespaceParameters =
    home !== undefined
      ? [{ name: "namespace", type: "string", initializer: stringLiteral(home) }]
      : [];
  const xmlns = home !== undefined ? `"@_xmlns": namespace, ` : "";
  file.addFunction({
    isExported: true,
    name: names.get("documentBuilder", doc.element),
    docs: [
      `The XML document of a \`${doc.element}\` element${home !== undefined ? ` (in \`${home}\` unless \`namespace\` says otherwise)` : ""}: its declaration, then the element with its content in schema order.`,
    ],
    parameters: [{ name: "value", type: typeName }, ...namespaceParameters],
    returnType: "string",
    statements: `return ${file.value("buildXml", XML)}({ ${propertyName(root)}: { ${xmlns}${prefixDeclarations(prefixes).join(" ")}...${names.get("xmlWriter", doc.type)}(value) } }, { declaration: true });`,
  });
  file.addFunction({
    isExported: true,
    name: names.get("documentParser", doc.element),
    docs: [
      `Reads a \`${doc.element}\` document: the typed value of its root element. Throws \`ParseError\` for anything that is not that document or does not fit its type (unknown data: see \`ReadOptions.onUnknown\`).`,
    ],
    parameters: [
      { name: "xml", type: "string | Uint8Array" },
      { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
    ],
    returnType: typeName,
    statements: `return ${names.get("reader", doc.type)}(${file.value("readXmlDocument", XML)}(xml, ${stringLiteral(doc.element)}, ${parseOptions(service, doc.type)}), ${stringLiteral(doc.element)}, ${file.value("xmlReadContext", READ)}(options));`,
  });
}

function emitClientOperation(
  file: TsFile,
  { service, names }: EmitContext,
  op: SoapOperation,
  prefixes: XmlPrefixes,
): void {
  const requestType = file.type(names.get("type", op.requestType), paths.types(service.name));
  const resultType = file.type(names.get("type", op.resultType), paths.types(service.name));
  const readerName = (t: string) => names.get("reader", t);
  const headers = op.headers ?? [];
  // Each header element in its own namespace (or the interface's), its content written like a body.
  const headerContent = headers
    .map((h) => {
      const value = optionalAccess("headers", h.name);
      const xmlns = h.namespace !== undefined ? stringLiteral(h.namespace) : "namespace";
      // The header is outside the operation element: it declares the service's prefixes itself.
      return `...(${value} === undefined ? {} : { ${propertyName(h.name)}: { "@_xmlns": ${xmlns}, ${prefixDeclarations(prefixes).join(" ")}...${names.get("xmlWriter", h.type)}(${value}) } }),`;
    })
    .join("\n");
  // A contract with ports of both SOAP versions: the builder writes the version it is given.
  const chooses = (service.soap?.versions?.length ?? 0) > 1;
  const version = chooses ? "version" : service.soap?.soapVersion === "1.2" ? `"1.2"` : `"1.1"`;
  const versionParameter = chooses
    ? [
        {
          name: "version",
          type: file.type("SoapVersion", XML),
          initializer: service.soap?.soapVersion === "1.2" ? `"1.2"` : `"1.1"`,
        },
      ]
    : [];
  file.addFunction({
    isExported: true,
    name: names.get("envelopeBuilder", op.name),
    docs: [
      `The SOAP envelope of a \`${op.name}\` request: the \`${requestElement(op)}\` element in the given namespace, its elements in schema order.${
        headers.length > 0
          ? ` The SOAP header carries ${headers.map((h) => `\`${h.name}\``).join(", ")} from \`headers\`.`
          : ""
      }`,
    ],
    parameters: [
      { name: "request", type: requestType },
      { name: "namespace", type: "string" },
      ...(headers.length > 0
        ? [
            {
              name: "headers",
              type: headersType(file, { service, names }, headers),
              hasQuestionToken: true,
            },
          ]
        : []),
      ...versionParameter,
    ],
    returnType: "string",
    statements:
      headers.length > 0
        ? `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(requestElement(op))}, ${declared(`${names.get("xmlWriter", op.requestType)}(request)`, prefixes)}, ${version}, {\n${headerContent}\n});`
        : `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(requestElement(op))}, ${declared(`${names.get("xmlWriter", op.requestType)}(request)`, prefixes)}${chooses ? ", version" : versionArgument(service)});`,
  });
  const opaque = service.types.find((t) => t.name === op.resultType)?.kind === "opaque";
  const element = stringLiteral(op.resultElement);
  const read = (reader: string) => `${reader}(value, ${element}, o)`;
  file.addFunction({
    isExported: true,
    name: names.get("responseParser", op.name),
    docs: [
      `The typed \`${op.resultElement}\` ${op.bare ? "(the result itself: document/literal bare) " : `of a \`${op.responseElement}\` `}envelope. Throws \`SoapFaultError\` for a SOAP Fault and \`ParseError\` for anything that is not the expected envelope or does not fit its type (unknown data: see \`ReadOptions.onUnknown\`).${
        opaque
          ? ""
          : " A result whose `resultCode` is Error holds only the fields the service sent: the client hands it over as `Partial` (or an `ApiError`)."
      }${op.resultOptional ? ` The contract lets the response leave the \`${op.resultElement}\` out: it is \`undefined\` then.` : ""}`,
    ],
    parameters: [
      { name: "xml", type: "string | Uint8Array" },
      { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
    ],
    returnType: op.resultOptional ? `${resultType} | undefined` : resultType,
    statements: [
      `const o = ${file.value("xmlReadContext", READ)}(options);`,
      op.bare
        ? `const value = ${file.value("soapBareResult", paths.runtime("soap-result.ts"))}(xml, ${stringLiteral(op.responseElement)}, ${parseOptions(service, op.resultType)});`
        : `const value = ${file.value("soapResult", paths.runtime("soap-result.ts"))}(xml, ${stringLiteral(op.responseElement)}, ${element}, ${parseOptions(service, op.resultType)}${op.resultOptional ? ", true" : ""});`,
      ...(op.resultOptional ? ["if (value === undefined) return undefined;"] : []),
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

function emitServerOperation(
  file: TsFile,
  { service, names }: EmitContext,
  op: SoapOperation,
  prefixes: XmlPrefixes,
): void {
  if (op.headers && op.headers.length > 0) {
    const fn = (name: string) => file.value(name, READ);
    const headers = headersType(file, { service, names }, op.headers);
    file.addFunction({
      isExported: true,
      name: names.get("envelopeHeaderReader", op.name),
      docs: [
        `Server side: the SOAP header elements of a \`${op.name}\` envelope (${op.headers.map((h) => `\`${h.name}\``).join(", ")}), each of its wire type, absent when not sent. Throws \`ParseError\` for anything else. Run each value's validator before trusting it.`,
      ],
      parameters: [
        { name: "xml", type: "string | Uint8Array" },
        { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
      ],
      returnType: headers,
      statements: [
        `const header = ${file.value("readSoapHeader", XML)}(xml, ${parseOptions(service, op.requestType)});`,
        `const o = ${fn("xmlReadContext")}(options);`,
        `const out: ${file.type("Draft", READ)} = {};`,
        `let v: unknown;`,
        ...op.headers.map(
          (h) =>
            `if ((v = ${fn("readChild")}(${fn("own")}(header, ${stringLiteral(h.name)}), o, "Header", ${stringLiteral(h.name)}, ${names.get("reader", h.type)})) !== undefined) ${propertySet("out", h.name, "v")}`,
        ),
        `return ${fn("unvalidated")}<${headers}>(out);`,
      ],
    });
  }
  const requestType = file.type(names.get("type", op.requestType), paths.types(service.name));
  const resultType = file.type(names.get("type", op.resultType), paths.types(service.name));
  file.addFunction({
    isExported: true,
    name: names.get("envelopeReader", op.name),
    docs: [
      `Server side: the request of a \`${op.name}\` envelope, each value of its wire type and its elements in schema order. Throws \`ParseError\` for anything else. Required fields, enum values and choices are not checked here: run \`${names.get("validator", op.requestType)}\` before using the request.`,
    ],
    parameters: [
      { name: "xml", type: "string | Uint8Array" },
      { name: "options", type: file.type("ReadOptions", OPTIONS), hasQuestionToken: true },
    ],
    returnType: requestType,
    statements: `return ${file.value("unvalidated", READ)}<${requestType}>(${names.get("reader", op.requestType)}(${file.value("soapRequest", paths.runtime("soap-result.ts"))}(xml, ${stringLiteral(requestElement(op))}, ${parseOptions(service, op.requestType)}), ${stringLiteral(requestElement(op))}, ${file.value("xmlReadContext", READ)}(options)));`,
  });
  file.addFunction({
    isExported: true,
    name: names.get("responseEnvelopeBuilder", op.name),
    docs: [
      `Server side: the \`${op.responseElement}\` envelope ${op.bare ? "holding the result itself" : `wrapping a \`${op.resultElement}\``}, elements in schema order.`,
    ],
    parameters: [
      { name: "result", type: op.resultOptional ? `${resultType} | undefined` : resultType },
      { name: "namespace", type: "string" },
      {
        name: "version",
        type: file.type("SoapVersion", XML),
        initializer: stringLiteral(service.soap?.soapVersion ?? "1.1"),
      },
    ],
    returnType: "string",
    statements: op.bare
      ? `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(op.responseElement)}, ${declared(`${names.get("xmlWriter", op.resultType)}(result)`, prefixes)}, version);`
      : `return ${file.value("soapEnvelope", XML)}(namespace, ${stringLiteral(op.responseElement)}, { ${prefixDeclarations(prefixes).join(" ")}${propertyName(op.resultElement)}: ${
          op.resultOptional
            ? `result === undefined ? undefined : ${names.get("xmlWriter", op.resultType)}(result)`
            : `${names.get("xmlWriter", op.resultType)}(result)`
        } }, version);`,
  });
}
