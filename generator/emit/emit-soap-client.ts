import type { SoapOperation } from "../model/ir.js";
import { requiredInputs } from "./client-common.js";
import { VariableDeclarationKind } from "./ts-morph.js";
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
  const resultOf = (op: SoapOperation) =>
    op.resultOptional ? `${typeRef(op.resultType)} | undefined` : typeRef(op.resultType);
  const ops = service.operations.filter((o): o is SoapOperation => o.protocol === "soap");
  const mode = file.type("ApiErrorMode", SOAP);
  const answer = file.type("SoapAnswer", SOAP);
  const callOptions = file.type("SoapCallOptions", SOAP);
  const name = names.get("client", service.name);
  const optionsName = names.get("clientOptions", service.name);
  const factory = names.get("clientFactory", service.name);
  const credentials = service.soap?.credentials;
  /** The credentials field an operation carries, when it authenticates and the service has one. */
  const credentialsOf = (op: SoapOperation): string | undefined =>
    op.auth ? credentials?.field : undefined;
  const credentialsType = credentials ? typeRef(credentials.type) : "never";
  // The SOAP versions the contract has ports for, when more than one: the client chooses with `soapVersion`.
  const versions = (service.soap?.versions?.length ?? 0) > 1 ? service.soap!.versions! : undefined;
  const defaultVersion = service.soap?.soapVersion ?? "1.1";
  // The endpoint and the namespace a contract gives are defaults the options may override (the endpoint: the chosen version's port's).
  const defaults = [
    ...(service.soap?.endpoint !== undefined
      ? [
          {
            key: "endpoint",
            value: service.soap.endpoint,
            expression: endpointDefault(service.soap.endpoint, versions, defaultVersion),
          },
        ]
      : []),
    ...(service.soap?.namespace !== undefined
      ? [
          {
            key: "namespace",
            value: service.soap.namespace,
            expression: stringLiteral(service.soap.namespace),
          },
        ]
      : []),
  ];
  const versionOption = versions
    ? `readonly soapVersion?: ${versions.map((v) => stringLiteral(v.soapVersion)).join(" | ")};`
    : undefined;
  // The SOAP header elements operations carry, once each by name: the typed `headers` option.
  const headerParts = [
    ...new Map(ops.flatMap((op) => op.headers ?? []).map((h) => [h.name, h])).values(),
  ];
  const headersOption =
    headerParts.length > 0
      ? `readonly headers?: ${headersType(file, { service, names }, headerParts)};`
      : undefined;
  const clientOptions = `${file.type("SoapClientOptions", SOAP)}<M, ${credentialsType}>`;
  // `soapVersion` is an option only of a client whose contract has ports of both versions.
  const replaced = [
    ...defaults.map((d) => d.key),
    ...(headersOption ? ["headers"] : []),
    "soapVersion",
  ];
  file.addTypeAlias({
    isExported: true,
    name: optionsName,
    typeParameters: [{ name: "M", constraint: mode, default: '"throw"' }],
    docs: [
      defaults.length === 0
        ? `Options of {@link ${factory}}. The endpoint and the namespace are always configuration: the documents show neither.${credentials ? ` \`credentials\` is the \`${credentials.field}\` every authenticating operation carries.` : ""}`
        : `Options of {@link ${factory}}. ${defaults.map((d) => `\`${d.key}\` defaults to the contract's \`${d.value}\``).join("; ")}.${service.soap?.endpoint === undefined ? " The contract gives no address: `endpoint` is required." : ""}${credentials ? ` \`credentials\` is the \`${credentials.field}\` every authenticating operation carries.` : ""}${
            versions
              ? ` \`soapVersion\` (default \`${defaultVersion}\`) chooses the SOAP version and its port: ${versions.map((v) => `SOAP ${v.soapVersion}${portAddress(v.endpoint ?? service.soap?.endpoint)}`).join(", ")}.`
              : ""
          }`,
    ],
    type: `Omit<${clientOptions}, ${replaced.map((k) => stringLiteral(k)).join(" | ")}>${
      replaced.length > 1 || versionOption
        ? ` & { ${[...defaults.map((d) => `readonly ${d.key}?: string;`), ...(headersOption ? [headersOption] : []), ...(versionOption ? [versionOption] : [])].join(" ")} }`
        : ""
    }`,
  });
  /** An operation's signature: the client's method, and its function after the configuration. */
  function methodOf(op: SoapOperation) {
    const request = types.get(op.requestType);
    const field = credentialsOf(op);
    const omit = new Set(field !== undefined ? [field] : []);
    const requestType = typeRef(op.requestType);
    const param =
      field !== undefined ? `Omit<${requestType}, ${stringLiteral(field)}>` : requestType;
    const docs = docText(op);
    return {
      name: method(op),
      ...(docs ? { docs: [docs] } : {}),
      parameters: [
        { name: "request", type: param, hasQuestionToken: !requiredInputs(request, omit) },
        { name: "call", type: "C", hasQuestionToken: true },
      ],
      // Generic in its call options, so `withResponse: true` types the answer as `{ data, status, headers }`.
      typeParameters: [
        {
          name: "C",
          constraint: callOptions,
          default: file.type("DataOnly", paths.runtime("http/answer.ts")),
        },
      ],
      returnType: `Promise<${file.type("Answer", paths.runtime("http/answer.ts"))}<${answer}<${resultOf(op)}, M>, C>>`,
    };
  }
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
    methods: ops.map(methodOf),
  });
  const opType = file.type("SoapOperation", SOAP);
  const configType = names.get("clientConfig", service.name);
  const configure = names.get("clientConfigure", service.name);
  const spec = (op: SoapOperation) => names.get("operationSpec", op.name);
  const fn = (op: SoapOperation) => names.get("operationFunction", op.name);
  const modeParameter = { name: "M", constraint: mode, default: '"throw"' };
  file.addTypeAlias({
    isExported: true,
    name: configType,
    typeParameters: [modeParameter],
    docs: [
      `A checked configuration of the ${service.title} client, made by {@link ${configure}}: what each operation function takes first. It holds the options out of every view (JSON, inspect, logs).`,
    ],
    type: `${file.type("ClientConfig", paths.runtime("http/client-config.ts"))}<${file.type("SoapClientOptions", SOAP)}<M, object>>`,
  });
  file.addFunction({
    isExported: true,
    name: configure,
    docs: [
      `Checks a client's options once, fills in the contract's defaults and makes the configuration each operation function takes (\`${ops.length > 0 ? fn(ops[0]!) : "operation"}(config, request)\`): a caller that imports only the functions it calls bundles only their code.`,
    ],
    typeParameters: [modeParameter],
    parameters: [{ name: "options", type: `${optionsName}<M>` }],
    returnType: `${configType}<M>`,
    statements: `${file.value("checkClientOptions", paths.runtime("http/client-checks.ts"))}(options, options.httpHeaders, "httpHeaders");\nreturn ${file.value("configured", paths.runtime("http/client-config.ts"))}(${
      defaults.length === 0
        ? "options"
        : `{ ...options, ${defaults.map((d) => `${d.key}: options.${d.key} ?? ${d.expression}`).join(", ")} }`
    });`,
  });
  for (const op of ops) {
    const req = typeRef(op.requestType);
    const res = resultOf(op);
    const parts = [
      `name: ${stringLiteral(op.name)}`,
      ...(op.soapAction !== undefined ? [`action: ${stringLiteral(op.soapAction)}`] : []),
      ...(service.soap?.soapVersion === "1.2" ? [`soapVersion: "1.2"`] : []),
      ...(versions
        ? [`versions: [${versions.map((v) => stringLiteral(v.soapVersion)).join(", ")}]`]
        : []),
      ...(credentialsOf(op) !== undefined
        ? [`credentials: ${stringLiteral(credentialsOf(op)!)}`]
        : []),
      `validate: ${file.value(names.get("validator", op.requestType), paths.validators(service.name))}`,
      ...(op.headers && op.headers.length > 0
        ? [
            `headers: [${op.headers
              .map(
                (h) =>
                  `${file.value("soapHeader", SOAP)}({ name: ${stringLiteral(h.name)}, validate: ${file.value(names.get("validator", h.type), paths.validators(service.name))}${
                    sensitive.has(h.type)
                      ? `, redact: ${file.value(names.get("redactor", h.type), paths.redact(service.name))}`
                      : ""
                  } })`,
              )
              .join(", ")}]`,
            // The call has validated each header value before it builds: they are of their types.
            `build: (request, namespace, headers${versions ? ", version" : ""}) => ${file.value(names.get("envelopeBuilder", op.name), paths.xml(service.name))}(request, namespace, { ${op.headers
              .map(
                (h) =>
                  `${propertyName(h.name)}: ${file.value("headerValue", SOAP)}<${typeRef(h.type)}>(headers, ${stringLiteral(h.name)})`,
              )
              .join(", ")} }${versions ? ", version" : ""})`,
          ]
        : versions
          ? [
              `build: (request, namespace, _headers, version) => ${file.value(names.get("envelopeBuilder", op.name), paths.xml(service.name))}(request, namespace, version)`,
            ]
          : [
              `build: ${file.value(names.get("envelopeBuilder", op.name), paths.xml(service.name))}`,
            ]),
      `parse: ${file.value(names.get("responseParser", op.name), paths.xml(service.name))}`,
      ...(sensitive.has(op.requestType)
        ? [
            `redact: ${file.value(names.get("redactor", op.requestType), paths.redact(service.name))}`,
          ]
        : []),
      ...(sensitive.has(op.resultType)
        ? [
            op.resultOptional
              ? `redactResult: (result) => (result === undefined ? result : ${file.value(names.get("redactor", op.resultType), paths.redact(service.name))}(result))`
              : `redactResult: ${file.value(names.get("redactor", op.resultType), paths.redact(service.name))}`,
          ]
        : []),
    ];
    // One constant per operation, not one table of all: a caller bundles only the operations it calls.
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: spec(op),
          type: `${opType}<${req}, ${res}>`,
          // One property a line, as prettier keeps an object written so (the format stage lays out each).
          initializer: `{\n${parts.map((part) => `${part},\n`).join("")}}`,
        },
      ],
    });
    addOperationFunction(op);
  }

  /** The operation as a function of its own: `name(config, request)`, what the client's method calls. */
  function addOperationFunction(op: SoapOperation): void {
    const signature = methodOf(op);
    file.addFunction({
      isExported: true,
      // Async, so a configuration no `configure` function made rejects the promise, never throws synchronously.
      isAsync: true,
      name: fn(op),
      ...(signature.docs ? { docs: signature.docs } : {}),
      typeParameters: [modeParameter, ...signature.typeParameters],
      parameters: [
        { name: "config", type: `${configType}<M>` },
        ...signature.parameters.map((p) =>
          p.name === "request" && p.hasQuestionToken
            ? { name: p.name, type: p.type, initializer: "{}" }
            : p,
        ),
      ],
      returnType: signature.returnType,
      statements: `return ${file.value("callSoap", SOAP)}(${spec(op)}, request, ${file.value("optionsOf", paths.runtime("http/client-config.ts"))}(config), call);`,
    });
  }
  file.addFunction({
    isExported: true,
    name: factory,
    docs: [
      `Creates a client of the ${service.title}: one method per operation, each calling the operation's function with the client's configuration ({@link ${configure}}). Every method validates its request before sending, rejects on network failure or timeout (never hangs), and raises a SOAP Fault as \`SoapFaultError\`. With \`onApiError: "result"\` a \`resultCode\` of Error resolves to \`{ ok: false, error }\` instead of rejecting with \`ApiError\`.`,
    ],
    typeParameters: [modeParameter],
    parameters: [{ name: "options", type: `${optionsName}<M>` }],
    returnType: `${name}<M>`,
    statements: `const config = ${configure}(options);\nreturn {\n${ops
      .map((op) => `${propertyName(method(op))}: (...args) => ${fn(op)}(config, ...args),`)
      .join("\n")}\n};`,
  });
}

/** The default endpoint: the contract's, or, when the client chooses a SOAP version, the address of that version's port. */
function endpointDefault(
  endpoint: string,
  versions:
    readonly { readonly soapVersion: "1.1" | "1.2"; readonly endpoint?: string }[] | undefined,
  defaultVersion: "1.1" | "1.2",
): string {
  const other = versions?.find((v) => v.soapVersion !== defaultVersion);
  if (!other || other.endpoint === undefined || other.endpoint === endpoint)
    return stringLiteral(endpoint);
  return `(options.soapVersion === ${stringLiteral(other.soapVersion)} ? ${stringLiteral(other.endpoint)} : ${stringLiteral(endpoint)})`;
}

/** Where a SOAP version's port is, in the options' doc: nothing when the contract gives no address. */
function portAddress(endpoint: string | undefined): string {
  return endpoint === undefined ? "" : ` at \`${endpoint}\``;
}
