import type { Service, SoapOperation } from "../model/ir.js";
import { synthesizeType } from "../mock/synthesize-value.js";
import type { EmitContext } from "./emit-context.js";
import { paths, validatorModule } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { VariableDeclarationKind } from "./ts-morph.js";

import { valueLiteral } from "./value-literal.js";

const SERVER = paths.runtime("server/soap-server.ts");
const FETCH = paths.runtime("server/fetch-handler.ts");

/**
 * The server half of a SOAP service's `server.ts`: each operation's route
 * (body element, SOAPAction, reader, validators, envelope builder), the
 * handlers' type, and `create<Service>Server(handlers, options)`, a fetch
 * handler built on the runtime's one SOAP server (1.1 and 1.2). With a mock,
 * the default results synthesized from the contract and `create<Service>Mock`.
 */
export function emitSoapRoutes(
  file: TsFile,
  ctx: EmitContext,
  ops: readonly SoapOperation[],
): void {
  const { service, names } = ctx;
  if (ops.length === 0) return;
  const typeOf = (name: string) => file.type(names.get("type", name), paths.types(service.name));
  const operations = names.get("serverOperations", service.name);
  const handlers = names.get("serverHandlers", service.name);
  const answers = names.get("serverAnswers", service.name);
  const routes = names.get("serverRoutes", service.name);
  file.addInterface({
    isExported: true,
    name: operations,
    docs: [
      "What each operation receives (its request, read and validated) and answers (its result).",
    ],
    properties: ops.map((op) => ({
      name: propertyName(op.name),
      isReadonly: true,
      type: `{ readonly body: ${typeOf(op.requestType)}; readonly result: ${typeOf(op.resultType)}${op.resultOptional ? " | undefined" : ""} }`,
    })),
  });
  file.addTypeAlias({
    isExported: true,
    name: handlers,
    docs: ["A handler for any operation, overriding its default answer."],
    type: `${file.type("SoapHandlers", SERVER)}<${operations}>`,
  });
  file.addTypeAlias({
    isExported: true,
    name: answers,
    docs: ["Default answers: by operation, the result sent when no handler answers."],
    type: `${file.type("SoapAnswers", SERVER)}<${operations}>`,
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every operation as the server dispatches, reads and answers it."],
    declarations: [
      {
        name: routes,
        type: `readonly ${file.type("SoapRoute", SERVER)}[]`,
        initializer: `[${ops.map((op) => routeLiteral(file, ctx, op)).join(",\n")}]`,
      },
    ],
  });
  const namespace = service.soap?.namespace;
  file.addFunction({
    isExported: true,
    name: names.get("serverFactory", service.name),
    docs: [
      `A server of the ${service.title}, as a fetch handler (\`(Request) => Promise<Response>\`) at any path: each request dispatched by its body element (or SOAPAction), in SOAP 1.1 or 1.2 as it was sent, read and validated (a client fault listing every problem), and answered by its handler; an operation without one answers its default result from \`options.answers\`, else a server fault. ${namespace !== undefined ? "Answers are written in the contract's namespace unless `options.namespace` says otherwise." : "Answers are written in `options.namespace`, else in the request's own namespace (the contract names none)."}`,
    ],
    parameters: [
      { name: "handlers", type: handlers, initializer: "{}" },
      {
        name: "options",
        type: `${file.type("SoapServerOptions", SERVER)}<${answers}>`,
        initializer: "{}",
      },
    ],
    returnType: file.type("FetchHandler", FETCH),
    statements: `return ${file.value("soapServer", SERVER)}(${routes}, handlers, ${namespace !== undefined ? `{ namespace: ${stringLiteral(namespace)}, ...options }` : "options"});`,
  });
  if (ctx.mock !== undefined) emitMock(file, ctx, ops);
}

function emitMock(file: TsFile, ctx: EmitContext, ops: readonly SoapOperation[]): void {
  const { service, names } = ctx;
  const seed = ctx.mock!.seed;
  const mockAnswers = names.get("mockAnswers", service.name);
  const members = ops.map(
    (op, i) =>
      `${propertyName(op.name)}: ${valueLiteral(successful(service, op, synthesizeType(service, op.resultType, { seed: seed * 7919 + i })))}`,
  );
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      `The mock's default results, synthesized from the contract's types and facets (seed ${seed}): valid by the generated validators.`,
    ],
    declarations: [
      {
        name: mockAnswers,
        type: names.get("serverAnswers", service.name),
        initializer: `{\n${members.join(",\n")}\n}`,
      },
    ],
  });
  file.addFunction({
    isExported: true,
    name: names.get("mockFactory", service.name),
    docs: [
      `A mock of the ${service.title}: \`${names.get("serverFactory", service.name)}\` answering every operation with \`${mockAnswers}\` unless a handler does. With \`stateful\`, what a \`Create…\` operation made is what the \`Get…\`, \`Update…\` and \`Delete…\` operations of the same name read, change and delete (see the runtime's \`server/soap-state.ts\`).`,
    ],
    parameters: [
      { name: "handlers", type: names.get("serverHandlers", service.name), initializer: "{}" },
      { name: "options", type: "{ readonly stateful?: boolean }", initializer: "{}" },
    ],
    returnType: file.type("FetchHandler", FETCH),
    statements: `return ${names.get("serverFactory", service.name)}(handlers, { answers: ${mockAnswers}, ...(options.stateful === true ? { state: ${file.value("createSoapState", paths.runtime("server/soap-state.ts"))}(${names.get("serverRoutes", service.name)}) } : {}) });`,
  });
}

/**
 * A default result that reads as a success: a \`resultCode\` of Error makes
 * the client raise \`ApiError\` (see the runtime's \`isErrorResult\`), so the
 * result gets the field's first other value.
 */
function successful(service: Service, op: SoapOperation, value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("resultCode" in value)) return value;
  if ((value as { resultCode: unknown }).resultCode !== "Error") return value;
  const field = service.types
    .find((t) => t.name === op.resultType)
    ?.allFields.find((f) => f.name === "resultCode");
  const values =
    field?.type.kind === "enum"
      ? (service.enums.find((e) => e.name === field.type.name)?.values ?? [])
      : [];
  const other = values.find((v) => v.value !== "Error");
  return other === undefined ? value : { ...value, resultCode: other.value };
}

function routeLiteral(file: TsFile, ctx: EmitContext, op: SoapOperation): string {
  const { service, names } = ctx;
  const parts = [
    `name: ${stringLiteral(op.name)}`,
    `element: ${stringLiteral(op.requestElement ?? op.name)}`,
    ...(op.soapAction !== undefined ? [`soapAction: ${stringLiteral(op.soapAction)}`] : []),
    ...(op.resultOptional ? ["resultOptional: true"] : []),
    `read: ${names.get("envelopeReader", op.name)}`,
    `validate: ${file.value(names.get("validator", op.requestType), paths.validators(service.name))}`,
    `check: ${file.value(names.get("validator", op.resultType), validatorModule(service, op.resultType))}`,
    `build: ${names.get("responseEnvelopeBuilder", op.name)}`,
  ];
  return `{ ${parts.join(", ")} }`;
}
