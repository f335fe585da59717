import type { Service, SoapOperation } from "../model/ir.js";
import { sensitiveTypes } from "../model/reachable.js";
import { addOperationTable, clientName, factoryName, requiredInputs } from "./client-common.js";
import { redactorName } from "./emit-redact.js";
import { validatorName } from "./emit-validators.js";
import { docText, docWithLead } from "./jsdoc.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

/** The SOAP client: credentials from the options, a choice between throwing and a result union. */
export function emitSoapClient(file: TsFile, service: Service): void {
  const SOAP = paths.runtime("soap-call.ts");
  const types = new Map(service.types.map((t) => [t.name, t]));
  const sensitive = sensitiveTypes(service);
  const ops = service.operations.filter((o): o is SoapOperation => o.protocol === "soap");
  const mode = file.type("ApiErrorMode", SOAP);
  const answer = file.type("SoapAnswer", SOAP);
  const callOptions = file.type("SoapCallOptions", SOAP);
  const name = clientName(service);
  const credentials = service.soap?.credentials;
  /** The credentials field an operation carries, when it authenticates and the service has one. */
  const credentialsOf = (op: SoapOperation): string | undefined => (op.auth ? credentials?.field : undefined);
  const credentialsType = credentials ? file.type(credentials.type, paths.types(service.name)) : "never";
  file.addTypeAlias({
    isExported: true,
    name: `${name}Options`,
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    docs: [
      `Options of {@link ${factoryName(service)}}. The endpoint and the namespace are always configuration: the documents show neither.${credentials ? ` \`credentials\` is the \`${credentials.field}\` every authenticating operation carries.` : ""}`,
    ],
    type: `${file.type("SoapClientOptions", SOAP)}<M, ${credentialsType}>`,
  });
  file.addInterface({
    isExported: true,
    name,
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    docs: [
      docWithLead(
        `The ${service.title}: one method per operation.${credentials ? ` The client's credentials go into every operation's \`${credentials.field}\` except those without authentication.` : ""}`,
        docText(service),
      ),
    ],
    methods: ops.map((op) => {
      const request = types.get(op.requestType);
      const field = credentialsOf(op);
      const omit = new Set(field !== undefined ? [field] : []);
      const requestType = file.type(op.requestType, paths.types(service.name));
      const param = field !== undefined ? `Omit<${requestType}, ${stringLiteral(field)}>` : requestType;
      const docs = docText(op);
      return {
        name: op.method,
        ...(docs ? { docs: [docs] } : {}),
        parameters: [
          { name: "request", type: param, hasQuestionToken: !requiredInputs(request, omit) },
          { name: "call", type: callOptions, hasQuestionToken: true },
        ],
        returnType: `Promise<${answer}<${file.type(op.resultType, paths.types(service.name))}, M>>`,
      };
    }),
  });
  const opType = file.type("SoapOperation", SOAP);
  addOperationTable(
    file,
    ops.map((op) => {
            const req = file.type(op.requestType, paths.types(service.name));
            const res = file.type(op.resultType, paths.types(service.name));
            const parts = [
              `name: ${stringLiteral(op.name)}`,
              ...(credentialsOf(op) !== undefined ? [`credentials: ${stringLiteral(credentialsOf(op)!)}`] : []),
              `validate: ${file.value(validatorName(op.requestType), paths.validators(service.name))}`,
              `build: ${file.value(`build${op.name}Envelope`, paths.xml(service.name))}`,
              `parse: ${file.value(`parse${op.name}Response`, paths.xml(service.name))}`,
              ...(sensitive.has(op.requestType) ? [`redact: ${file.value(redactorName(op.requestType), paths.redact(service.name))}`] : []),
              ...(sensitive.has(op.resultType) ? [`redactResult: ${file.value(redactorName(op.resultType), paths.redact(service.name))}`] : []),
            ];
            return `${op.method}: { ${parts.join(", ")} } satisfies ${opType}<${req}, ${res}>,`;
    }),
  );
  const call = file.value("callSoap", SOAP);
  file.addFunction({
    isExported: true,
    name: factoryName(service),
    docs: [`Creates a client of the ${service.title}. Every method validates its request before sending, rejects on network failure or timeout (never hangs), and raises a SOAP Fault as \`SoapFaultError\`. With \`onApiError: "result"\` a \`resultCode\` of Error resolves to \`{ ok: false, error }\` instead of rejecting with \`ApiError\`.`],
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    parameters: [{ name: "options", type: `${name}Options<M>` }],
    returnType: `${name}<M>`,
    statements: `return {\n${ops
      .map((op) => {
        const field = credentialsOf(op);
        const optional = !requiredInputs(types.get(op.requestType), new Set(field !== undefined ? [field] : []));
        return `${op.method}: (${optional ? "request = {}" : "request"}, call) => ${call}(operations.${op.method}, request, options, call),`;
      })
      .join("\n")}\n};`,
  });
}

