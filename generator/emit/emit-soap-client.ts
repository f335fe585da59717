import type { SoapOperation } from "../model/ir.js";
import { addOperationTable, requiredInputs } from "./client-common.js";
import type { EmitContext } from "./emit-context.js";
import { docText, docWithLead } from "./jsdoc.js";
import { paths } from "./paths.js";
import { propertyName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { headersType } from "./soap-headers.js";

/** The SOAP client: credentials from the options, a choice between throwing and a result union. */
export function emitSoapClient(file: TsFile, { service, names }: EmitContext): void {
  const SOAP = paths.runtime("soap-call.ts");
  const types = new Map(service.types.map((t) => [t.name, t]));
  const sensitive = new Set(service.types.filter((t) => t.facts.sensitive).map((t) => t.name));
  const typeRef = (name: string) => file.type(names.get("type", name), paths.types(service.name));
  const method = (op: SoapOperation) => names.method(op.name);
  /** What an operation answers: its result, or undefined too when the contract lets the response leave it out. */
  const resultOf = (op: SoapOperation) => (op.resultOptional ? `${typeRef(op.resultType)} | undefined` : typeRef(op.resultType));
  const ops = service.operations.filter((o): o is SoapOperation => o.protocol === "soap");
  const mode = file.type("ApiErrorMode", SOAP);
  const answer = file.type("SoapAnswer", SOAP);
  const callOptions = file.type("SoapCallOptions", SOAP);
  const name = names.get("client", service.name);
  const optionsName = names.get("clientOptions", service.name);
  const factory = names.get("clientFactory", service.name);
  const credentials = service.soap?.credentials;
  /** The credentials field an operation carries, when it authenticates and the service has one. */
  const credentialsOf = (op: SoapOperation): string | undefined => (op.auth ? credentials?.field : undefined);
  const credentialsType = credentials ? typeRef(credentials.type) : "never";
  // The endpoint and the namespace a contract gives are defaults the options may override.
  const defaults = [
    ...(service.soap?.endpoint !== undefined ? [{ key: "endpoint", value: service.soap.endpoint }] : []),
    ...(service.soap?.namespace !== undefined ? [{ key: "namespace", value: service.soap.namespace }] : []),
  ];
  // The SOAP header elements operations carry, once each by name: the typed `headers` option.
  const headerParts = [...new Map(ops.flatMap((op) => op.headers ?? []).map((h) => [h.name, h])).values()];
  const headersOption = headerParts.length > 0 ? `readonly headers?: ${headersType(file, { service, names }, headerParts)};` : undefined;
  const clientOptions = `${file.type("SoapClientOptions", SOAP)}<M, ${credentialsType}>`;
  const replaced = [...defaults.map((d) => d.key), ...(headersOption ? ["headers"] : [])];
  file.addTypeAlias({
    isExported: true,
    name: optionsName,
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    docs: [
      defaults.length === 0
        ? `Options of {@link ${factory}}. The endpoint and the namespace are always configuration: the documents show neither.${credentials ? ` \`credentials\` is the \`${credentials.field}\` every authenticating operation carries.` : ""}`
        : `Options of {@link ${factory}}. ${defaults.map((d) => `\`${d.key}\` defaults to the contract's \`${d.value}\``).join("; ")}.${credentials ? ` \`credentials\` is the \`${credentials.field}\` every authenticating operation carries.` : ""}`,
    ],
    type:
      replaced.length === 0
        ? clientOptions
        : `Omit<${clientOptions}, ${replaced.map((k) => stringLiteral(k)).join(" | ")}> & { ${[...defaults.map((d) => `readonly ${d.key}?: string;`), ...(headersOption ? [headersOption] : [])].join(" ")} }`,
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
      const requestType = typeRef(op.requestType);
      const param = field !== undefined ? `Omit<${requestType}, ${stringLiteral(field)}>` : requestType;
      const docs = docText(op);
      return {
        name: method(op),
        ...(docs ? { docs: [docs] } : {}),
        parameters: [
          { name: "request", type: param, hasQuestionToken: !requiredInputs(request, omit) },
          { name: "call", type: callOptions, hasQuestionToken: true },
        ],
        returnType: `Promise<${answer}<${resultOf(op)}, M>>`,
      };
    }),
  });
  const opType = file.type("SoapOperation", SOAP);
  addOperationTable(
    file,
    ops.map((op) => {
            const req = typeRef(op.requestType);
            const res = resultOf(op);
            const parts = [
              `name: ${stringLiteral(op.name)}`,
              ...(op.soapAction !== undefined ? [`action: ${stringLiteral(op.soapAction)}`] : []),
              ...(service.soap?.soapVersion === "1.2" ? [`soapVersion: "1.2"`] : []),
              ...(credentialsOf(op) !== undefined ? [`credentials: ${stringLiteral(credentialsOf(op)!)}`] : []),
              `validate: ${file.value(names.get("validator", op.requestType), paths.validators(service.name))}`,
              ...(op.headers && op.headers.length > 0
                ? [
                    `headers: [${op.headers
                      .map(
                        (h) =>
                          `${file.value("soapHeader", SOAP)}({ name: ${stringLiteral(h.name)}, validate: ${file.value(names.get("validator", h.type), paths.validators(service.name))}${
                            sensitive.has(h.type) ? `, redact: ${file.value(names.get("redactor", h.type), paths.redact(service.name))}` : ""
                          } })`,
                      )
                      .join(", ")}]`,
                    // The call has validated each header value before it builds: they are of their types.
                    `build: (request, namespace, headers) => ${file.value(names.get("envelopeBuilder", op.name), paths.xml(service.name))}(request, namespace, { ${op.headers
                      .map((h) => `${propertyName(h.name)}: ${file.value("headerValue", SOAP)}<${typeRef(h.type)}>(headers, ${stringLiteral(h.name)})`)
                      .join(", ")} })`,
                  ]
                : [`build: ${file.value(names.get("envelopeBuilder", op.name), paths.xml(service.name))}`]),
              `parse: ${file.value(names.get("responseParser", op.name), paths.xml(service.name))}`,
              ...(sensitive.has(op.requestType) ? [`redact: ${file.value(names.get("redactor", op.requestType), paths.redact(service.name))}`] : []),
              ...(sensitive.has(op.resultType)
                ? [
                    op.resultOptional
                      ? `redactResult: (result) => (result === undefined ? result : ${file.value(names.get("redactor", op.resultType), paths.redact(service.name))}(result))`
                      : `redactResult: ${file.value(names.get("redactor", op.resultType), paths.redact(service.name))}`,
                  ]
                : []),
            ];
            return `${propertyName(method(op))}: { ${parts.join(", ")} } satisfies ${opType}<${req}, ${res}>,`;
    }),
  );
  const call = file.value("callSoap", SOAP);
  file.addFunction({
    isExported: true,
    name: factory,
    docs: [`Creates a client of the ${service.title}. Every method validates its request before sending, rejects on network failure or timeout (never hangs), and raises a SOAP Fault as \`SoapFaultError\`. With \`onApiError: "result"\` a \`resultCode\` of Error resolves to \`{ ok: false, error }\` instead of rejecting with \`ApiError\`.`],
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    parameters: [{ name: "options", type: `${optionsName}<M>` }],
    returnType: `${name}<M>`,
    statements: `${
      defaults.length === 0 ? "" : `const configured = { ...options, ${defaults.map((d) => `${d.key}: options.${d.key} ?? ${stringLiteral(d.value)}`).join(", ")} };\n`
    }return {\n${ops
      .map((op) => {
        const field = credentialsOf(op);
        const optional = !requiredInputs(types.get(op.requestType), new Set(field !== undefined ? [field] : []));
        return `${propertyName(method(op))}: (${optional ? "request = {}" : "request"}, call) => ${call}(operations.${method(op)}, request, ${defaults.length === 0 ? "options" : "configured"}, call),`;
      })
      .join("\n")}\n};`,
  });
}

