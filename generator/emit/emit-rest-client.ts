import type { Field, Flow, ObjectType, RestOperation } from "../model/ir.js";
import { requiredInputs } from "./client-common.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import { baseUrlOption, credentialOptions } from "./rest-client-options.js";
import { idempotencyHeader, retryMode } from "../model/idempotency-header.js";
import { documentsErrors, securitySubject, type ServiceNames } from "../naming/names.js";
import type { ParameterPlace } from "../naming/parameter-keys.js";
import type { EmitContext } from "./emit-context.js";
import {
  doc,
  docText,
  docWithLead,
  joinDocs,
  NOTE_LABEL,
  sourceLabel,
  type DocComment,
} from "./jsdoc.js";
import { paths } from "./paths.js";
import { optionalAccess, propertyName } from "./safe-names.js";
import { fieldTypeExpression } from "./type-expression.js";
import { constLiteral, stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import {
  fileFields,
  styledFieldsLiteral,
  rawResponseType,
  requestArgumentType,
  takesBody,
  wireEntries,
} from "./rest-wire.js";

/** The REST client: base URLs from the options, documented retries, results that follow their links. */
export function emitRestClient(file: TsFile, { service, names }: EmitContext): void {
  const REST = paths.runtime("rest-call.ts");
  const types = new Map(service.types.map((t) => [t.name, t]));
  const sensitive = new Set(service.types.filter((t) => t.facts.sensitive).map((t) => t.name));
  const typeRef = (name: string) => file.type(names.get("type", name), paths.types(service.name));
  const method = (op: { name: string }) => names.method(op.name);
  const ops = service.operations.filter((o): o is RestOperation => o.protocol === "rest");
  const opsByName = new Map(ops.map((o) => [o.name, o]));
  const name = names.get("client", service.name);
  const callOptions = file.type("CallOptions", REST);
  const usedBaseUrls = [...new Set(ops.map((o) => o.baseUrl))];
  const baseDocs = new Map(service.rest?.baseUrls.map((b) => [b.name, b.doc]) ?? []);
  // The address the contract names is the default; the option overrides it.
  const baseDefaults = new Map(
    service.rest?.baseUrls.flatMap((b) =>
      b.url !== undefined ? [[b.name, b.url] as const] : [],
    ) ?? [],
  );
  const baseUrlOf = (baseUrl: string) =>
    baseDefaults.has(baseUrl)
      ? `(options.${optionName(baseUrl)} ?? ${stringLiteral(baseDefaults.get(baseUrl)!)})`
      : `options.${optionName(baseUrl)}`;
  const optionName = baseUrlOption;
  const schemes = service.rest?.security ?? [];
  const credentialOption = new Map(credentialOptions(service).map((c) => [c.scheme, c.option]));
  const credentialType = (kind: "apiKey" | "basic" | "bearer") =>
    kind === "basic" ? file.type("BasicCredentials", REST) : file.type("Credential", REST);

  file.addInterface({
    isExported: true,
    name: names.get("clientOptions", service.name),
    extends: [file.type("RestClientOptions", REST)],
    docs: [
      `Options of {@link ${names.get("clientFactory", service.name)}}. Base URLs are configuration: ${baseDefaults.size > 0 ? "the contract names its servers, and an option points a client elsewhere (a test server)" : "the documents show only placeholders, and production and test differ only here"}.`,
    ],
    properties: [
      ...usedBaseUrls.map((b) => ({
        name: optionName(b),
        type: "string",
        isReadonly: true,
        ...(baseDefaults.has(b) ? { hasQuestionToken: true } : {}),
        docs: [
          baseDefaults.has(b)
            ? `The document's \`{${b}}\`${baseDocs.get(b) ? `: ${baseDocs.get(b)}` : ""}. An absolute URL such as \`https://host\`; default ${stringLiteral(baseDefaults.get(b)!)}, the contract's.`
            : `The document's \`{${b}}\`${baseDocs.get(b) ? `: ${baseDocs.get(b)}` : ""}. An absolute URL such as \`https://host\`.`,
        ],
      })),
      ...schemes.map((scheme) => ({
        name: credentialOption.get(scheme.name)!,
        type: credentialType(scheme.kind),
        isReadonly: true,
        hasQuestionToken: true,
        docs: [
          docWithLead(
            scheme.kind === "apiKey"
              ? `The API key of the \`${scheme.name}\` scheme, sent in the \`${scheme.header}\` header (hidden from hooks and logs). A function is called for each request.`
              : scheme.kind === "basic"
                ? `The user name and password of the \`${scheme.name}\` scheme (HTTP basic), sent in \`Authorization\` (hidden from hooks and logs).`
                : `The bearer token of the \`${scheme.name}\` scheme, sent in \`Authorization\` (hidden from hooks and logs). A function is called for each request, so a token can be renewed.`,
            scheme.doc !== undefined ? docText({ doc: scheme.doc, notes: [] }) : undefined,
          ),
        ],
      })),
    ],
  });

  // An operation that always sends some request values takes a request type that cannot hold other values.
  const requestTypeOf = (op: RestOperation) =>
    op.requestConstants
      ? file.type(names.get("operationRequest", op.name), paths.types(service.name))
      : typeRef(op.requestType!);

  const resultTypeName = (op: RestOperation) =>
    op.links.length > 0 ? names.get("linkResult", op.name) : undefined;
  const linkFlow = (from: RestOperation, target: string): Flow | undefined =>
    service.flows.find((f) => f.operation === target && f.from?.operation === from.name);
  const responseType = (op: RestOperation) =>
    rawResponseType(op) ??
    (op.responseType
      ? `${file.type("Received", paths.runtime("received.ts"))}<${typeRef(op.responseType)}>`
      : "void");
  // A body the contract requires, or one with required fields, is a required argument.
  const requestRequired = (op: RestOperation) =>
    op.wire?.request?.required === true ||
    (op.requestType !== undefined && requiredInputs(types.get(op.requestType), new Set()));
  const methodSignature = (op: RestOperation) => {
    const params = op.params.map((p) => ({ name: safeParam(p.name), type: "string" }));
    const requestType = requestArgumentType(file, op, () => requestTypeOf(op));
    return [
      ...params,
      ...(hasRequestParams(op)
        ? [
            {
              name: "params",
              type: requestParamsType(op),
              hasQuestionToken:
                !requestRequired(op) &&
                !requestParams(op).some(({ field }) => callerMustGive(op, field)),
            },
          ]
        : []),
      ...(requestType !== undefined
        ? [{ name: "request", type: requestType, hasQuestionToken: !requestRequired(op) }]
        : []),
      { name: "call", type: "C", hasQuestionToken: true },
    ];
  };
  // Every method is generic in its call options, so `withResponse: true` types the answer as `{ data, status, headers }`.
  const callTypeParameter = () => [
    {
      name: "C",
      constraint: callOptions,
      default: file.type("DataOnly", paths.runtime("http/answer.ts")),
    },
  ];
  const answerOf = (data: string) =>
    `Promise<${file.type("Answer", paths.runtime("http/answer.ts"))}<${data}, C>>`;

  /** The query, header and cookie parameters of an operation: its named object type (each member under its name in the naming table: its wire name unless another parameter has it). */
  const requestParamsType = (op: RestOperation): string => names.get("operationParams", op.name);

  for (const op of ops) {
    const result = resultTypeName(op);
    if (!result) continue;
    file.addInterface({
      isExported: true,
      name: names.get("links", op.name),
      docs: [`What a \`${op.name}\` result can do next, following the links the service returned.`],
      methods: op.links.map((link) => {
        const target = opsByName.get(link.operation)!;
        const flow = linkFlow(op, target.name);
        const request = target.requestType ? types.get(target.requestType) : undefined;
        return {
          name: names.linkMethod(op.name, link.name),
          docs: [
            `Follows \`_links.${link.name}\`: the \`${target.name}\` operation at the link's href.${flow ? ` Values the ${flow.name} flow copies from this result (${flow.from!.copy.map((c) => `\`${c.target}\``).join(", ")}) are filled in.` : ""} Rejects with \`LinkError\` when the service sent no such link.`,
          ],
          parameters: [
            ...(flow
              ? [
                  {
                    name: "input",
                    type: file.type(names.get("flowInput", flow.name), paths.flows(service.name)),
                    hasQuestionToken: !flowHasRequiredInput(flow, target, types),
                  },
                ]
              : target.requestType
                ? [
                    {
                      name: "request",
                      type: requestTypeOf(target),
                      hasQuestionToken: !requiredInputs(request, new Set()),
                    },
                  ]
                : []),
            { name: "call", type: "C", hasQuestionToken: true },
          ],
          typeParameters: callTypeParameter(),
          returnType: answerOf(
            target.links.length > 0 ? resultTypeName(target)! : responseType(target),
          ),
        };
      }),
    });
    file.addTypeAlias({
      isExported: true,
      name: result,
      docs: [
        `The \`${op.name}\` response with methods that follow its links. The methods are not enumerable: JSON and equality see the response only.`,
      ],
      type: `${responseType(op)} & ${names.get("links", op.name)}`,
    });
  }

  addStatusErrors(file, ops.filter(documentsErrors), names.get.bind(names), service.name);

  /** The `parseError` of an operation: its one error schema, or the schema of each status (`default` for the others). */
  const parseErrorOf = (op: RestOperation): string | undefined => {
    const parser = (type: string) =>
      file.value(names.get("parser", type), paths.json(service.name));
    if (op.errorType !== undefined) return `parseError: (body) => ${parser(op.errorType)}(body)`;
    const list = op.errorTypes ?? [];
    if (list.length === 0) return undefined;
    const fallback = list.find((e) => e.status === "default");
    const cases = list
      .filter((e) => e.status !== "default")
      .map((e) => `status === ${e.status} ? ${parser(e.type)}(body) : `);
    return `parseError: (body, status) => ${cases.join("")}${fallback ? `${parser(fallback.type)}(body)` : "undefined"}`;
  };

  // Operations whose parameters are the same, documentation included, share the first one's interface: the others' names are aliases of it.
  const paramsShapes = new Map<string, string>();
  for (const op of ops.filter(hasRequestParams)) {
    const properties = requestParams(op).map(({ place, field: p }) => {
      const docs = docText(p);
      return {
        ...(docs ? { docs: [docs] } : {}),
        isReadonly: true,
        name: propertyName(names.parameter(op.name, place, p.name)),
        hasQuestionToken: !callerMustGive(op, p),
        type: fieldTypeExpression(file, service, names, p),
      };
    });
    const shape = JSON.stringify(properties);
    const first = paramsShapes.get(shape);
    if (first !== undefined)
      file.addTypeAlias({
        isExported: true,
        name: requestParamsType(op),
        docs: [
          `The query, header and cookie parameters of \`${op.name}\`: those of {@link ${first}}.`,
        ],
        type: first,
      });
    else {
      paramsShapes.set(shape, requestParamsType(op));
      file.addInterface({
        isExported: true,
        name: requestParamsType(op),
        docs: [`The query, header and cookie parameters of \`${op.name}\`.`],
        properties,
      });
    }
  }

  const typeName = (t: string) => names.get("type", t);
  const shared = sharedFacts(ops, typeName);
  const usual = usualRetry(ops, shared);
  file.addInterface({
    isExported: true,
    name,
    docs: [
      joinDocs(
        docWithLead(`The ${service.title}: one method per operation.`, docText(service)),
        shared.size > 0
          ? doc("Of every operation (said here once, not on each method):", ...shared)
          : undefined,
        usual !== undefined
          ? doc(`Retries, where a method says nothing of them: ${usual}`)
          : undefined,
      )!,
    ],
    methods: ops.map((op) => {
      const docs = withParamTags(
        ownFacts(op, usual !== undefined ? new Set([...shared, usual]) : shared, typeName),
        op,
        names,
      );
      return {
        name: method(op),
        ...(docs ? { docs: [docs] } : {}),
        typeParameters: callTypeParameter(),
        parameters: methodSignature(op),
        returnType: answerOf(resultTypeName(op) ?? responseType(op)),
      };
    }),
  });

  const opType = file.type("RestOperation", REST);
  const configType = names.get("clientConfig", service.name);
  const configure = names.get("clientConfigure", service.name);
  const optionsType = names.get("clientOptions", service.name);
  const spec = (op: RestOperation) => names.get("operationSpec", op.name);
  const fn = (op: RestOperation) => names.get("operationFunction", op.name);
  const attacher = (op: RestOperation) => names.get("linksAttacher", op.name);

  /**
   * A request's validator, with the query-language check added for each
   * top-level field that holds a query of the service's language, so an
   * invalid query is refused before it is sent.
   */
  function queryChecked(requestType: string, validator: string): string {
    const queryFields = service.query
      ? (types.get(requestType)?.allFields ?? []).filter((f) => f.sensitive === "query")
      : [];
    return queryFields.reduce(
      (inner, f) =>
        `${file.value("withQueryCheck", paths.runtime("search-query/index.ts"))}(${inner}, ${file.value(names.get("queryLanguage", service.name), paths.query(service.name))}, ${stringLiteral(f.name)})`,
      validator,
    );
  }

  /** The runtime's description of one scheme an operation uses, with the option holding its credential. */
  function securityUse(name: string): string {
    const scheme = schemes.find((x) => x.name === name)!;
    const option = credentialOption.get(name)!;
    return `{ kind: ${stringLiteral(scheme.kind)}, ${scheme.kind === "apiKey" ? `header: ${stringLiteral(scheme.header ?? "")}, ` : ""}option: ${stringLiteral(option)}, value: options.${option} }`;
  }
  const apiKeyHeaders = [
    ...new Set(
      schemes
        .filter((x) => x.kind === "apiKey" && ops.some((op) => op.security?.includes(x.name)))
        .map((x) => (x.header ?? "").toLowerCase()),
    ),
  ];
  const call = file.value("callRest", REST);
  const join = file.value("joinUrl", REST);
  for (const baseUrl of usedBaseUrls) addBaseUrlJoin(baseUrl);

  /** One function per base URL joins the base (the option, else the contract's) and a path, not the choice written out in each operation. */
  function addBaseUrlJoin(baseUrl: string): void {
    file.addFunction({
      name: names.get("baseUrlJoin", baseUrl),
      docs: [
        `An address under the document's \`{${baseUrl}}\`: the \`${optionName(baseUrl)}\` option${baseDefaults.has(baseUrl) ? `, else the contract's ${stringLiteral(baseDefaults.get(baseUrl)!)}` : ""}.`,
      ],
      parameters: [
        { name: "options", type: optionsType },
        { name: "path", type: "string" },
      ],
      returnType: "string",
      statements: `return ${join}(${baseUrlOf(baseUrl)}, path);`,
    });
  }

  // When the contract names every server the client calls, it needs no option at all.
  const optionsParameter = {
    name: "options",
    type: optionsType,
    ...(usedBaseUrls.every((b) => baseDefaults.has(b)) ? { initializer: "{}" } : {}),
  };

  file.addTypeAlias({
    isExported: true,
    name: configType,
    docs: [
      `A checked configuration of the ${service.title} client, made by {@link ${configure}}: what each operation function takes first. It holds the options out of every view (JSON, inspect, logs).`,
    ],
    type: `${file.type("ClientConfig", paths.runtime("http/client-config.ts"))}<${optionsType}>`,
  });
  file.addFunction({
    isExported: true,
    name: configure,
    docs: [
      `Checks a client's options once and makes the configuration each operation function takes (\`${ops.length > 0 ? fn(ops[0]!) : "operation"}(config, ...)\`): a caller that imports only the functions it calls bundles only their code.`,
    ],
    parameters: [optionsParameter],
    returnType: configType,
    statements: [
      `${file.value("checkClientOptions", paths.runtime("http/client-checks.ts"))}(options, options.headers);`,
      // API key headers are credentials: hooks and logs never see them.
      ...(apiKeyHeaders.length > 0
        ? [
            `options = { ...options, sensitiveHeaders: [...(options.sensitiveHeaders ?? []), ${apiKeyHeaders.map((h) => stringLiteral(h)).join(", ")}] };`,
          ]
        : []),
      `return ${file.value("configured", paths.runtime("http/client-config.ts"))}(options);`,
    ],
  });

  const credentialsOf = (security: readonly string[]) =>
    names.get("credentialHeaders", securitySubject(security));
  const credentialSets = new Map(
    ops.flatMap((op) =>
      op.security && op.security.length > 0 ? [[securitySubject(op.security), op.security]] : [],
    ),
  );
  for (const security of credentialSets.values()) addCredentialHeaders(security);

  /** One function per set of schemes the operations send, not the list written out in each operation. */
  function addCredentialHeaders(security: readonly string[]): void {
    file.addFunction({
      isAsync: true,
      name: credentialsOf(security),
      docs: [
        `The headers carrying the credentials of ${security.map((s) => `\`${s}\``).join(" and ")}, from the client's options (a \`ValidationError\` when one is missing).`,
      ],
      parameters: [{ name: "options", type: optionsType }],
      returnType: "Promise<Record<string, string>>",
      statements: `return ${file.value("securityHeaders", REST)}([${security.map((s) => securityUse(s)).join(", ")}]);`,
    });
  }

  for (const op of ops) {
    addOperationSpec(op);
    if (op.links.length > 0) addLinksAttacher(op);
    addOperationFunction(op);
  }

  /** The runtime's description of one operation: its wire, checks, readers and redactors. */
  function addOperationSpec(op: RestOperation): void {
    const req = requestArgumentType(file, op, () => typeRef(op.requestType!)) ?? "undefined";
    const res = responseType(op);
    const retryNotFound = op.statuses.some((s) => s.code === 404 && s.retry !== undefined);
    // Only an error's status is ever shown (in `HttpStatusError`'s message): a success's meaning stays in the docs.
    const errorMeanings = op.statuses
      .filter((s) => s.code < 200 || s.code > 299)
      .map((s) => `${s.code}: ${stringLiteral(s.meaning)}`);

    const files = fileFields(op);
    const json = op.wire?.request === undefined || op.wire.request.encoding === "json";
    const validator = (type: string) =>
      queryChecked(type, file.value(names.get("validator", type), paths.validators(service.name)));
    const parseError = parseErrorOf(op);
    const parts = [
      `name: ${stringLiteral(op.name)}`,
      `method: ${stringLiteral(op.httpMethod)}`,
      `path: ${stringLiteral(op.path)}`,
      `idempotent: ${op.idempotent}`,
      ...(idempotencyHeader(op) !== undefined
        ? [
            `idempotency: { header: ${stringLiteral(idempotencyHeader(op)!.toLowerCase())}, keyOf: ${file.value("idempotencyKeyOf", paths.runtime("http/idempotency-key.ts"))} }`,
          ]
        : []),
      // The runtime's defaults (no 404 retry, no documented error meaning) go unwritten.
      ...(retryNotFound ? ["retryNotFound: true"] : []),
      ...(errorMeanings.length > 0 ? [`meanings: { ${errorMeanings.join(", ")} }`] : []),
      ...(op.timeoutMs !== undefined ? [`timeoutMs: ${op.timeoutMs}`] : []),
      ...(op.requestConstants
        ? [
            `constants: (request) => ${file.value("withConstants", paths.runtime("flow.ts"))}(request, [${op.requestConstants.map((c) => `[${stringLiteral(c.path)}, ${constLiteral(c.value)}]`).join(", ")}], ${stringLiteral(op.name)})`,
          ]
        : []),
      ...(op.requestType
        ? [
            files.length > 0
              ? `validate: ${file.value("validateWithFiles", paths.runtime("multipart-body.ts"))}(${validator(op.requestType)}, [${files.map(stringLiteral).join(", ")}])`
              : `validate: ${validator(op.requestType)}`,
            ...(json
              ? [
                  `serialize: ${file.value(names.get("serializer", op.requestType), paths.json(service.name))}`,
                ]
              : []),
            ...(sensitive.has(op.requestType) && files.length === 0
              ? [
                  `redact: ${file.value(names.get("redactor", op.requestType), paths.redact(service.name))}`,
                ]
              : []),
          ]
        : []),
      ...wireEntries(file, op),
      ...(op.wire?.response !== undefined
        ? []
        : op.responseType
          ? [
              // The parser takes what the runtime passes (the body, then the read options).
              `parse: ${file.value(names.get("parser", op.responseType), paths.json(service.name))}`,
            ]
          : [`parse: () => undefined`]),
      ...(op.responseType && sensitive.has(op.responseType)
        ? [
            `redactResponse: ${file.value(names.get("redactor", op.responseType), paths.redact(service.name))}`,
          ]
        : []),
      ...(parseError ? [parseError] : []),
      ...sensitiveParamsEntry(file, op),
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
  }

  /** What follows a result's links: a function of the options, so only an operation with links reaches the operations they call. */
  function addLinksAttacher(op: RestOperation): void {
    const entries = op.links.map((link) => {
      const target = opsByName.get(link.operation)!;
      const flow = linkFlow(op, target.name);
      const url = `${file.value("linkUrl", REST)}(${baseUrlOf(target.baseUrl)}, ${stringLiteral(link.name)}, response._links?.${propertyName(link.name)}?.href)`;
      const requestExpr = flow
        ? `${file.value(names.get("flowBuilder", flow.name), paths.flows(service.name))}(response, input)`
        : target.requestType
          ? "request"
          : "undefined";
      const params = flow ? "input = {}, call" : target.requestType ? "request, call" : "call";
      const credentials =
        target.security && target.security.length > 0
          ? `await ${credentialsOf(target.security)}(options)`
          : undefined;
      const tail =
        target.links.length > 0
          ? `, ${credentials ?? "undefined"}, (data) => ${attacher(target)}(options, data)`
          : credentials !== undefined
            ? `, ${credentials}`
            : "";
      const wrapped = `${call}(${spec(target)}, ${url}, ${requestExpr}, options, call${tail})`;
      return `${propertyName(names.linkMethod(op.name, link.name))}: async (${params}) => ${wrapped},`;
    });
    file.addFunction({
      name: attacher(op),
      parameters: [
        { name: "options", type: optionsType },
        { name: "response", type: responseType(op) },
      ],
      returnType: resultTypeName(op)!,
      statements: `return ${file.value("attachLinks", paths.runtime("links.ts"))}(response, {\n${entries.join("\n")}\n} satisfies ${names.get("links", op.name)});`,
    });
  }

  /** The operation as a function of its own: `name(config, ...arguments)`, what the client's method calls. */
  function addOperationFunction(op: RestOperation): void {
    const params = op.params.map((p) => safeParam(p.name));
    // A path without placeholders is sent as it is: fillPath (and the checks of its values) stays out of the bundle.
    const filled =
      op.params.length === 0 && !op.path.includes("{")
        ? `${spec(op)}.path`
        : `${file.value("fillPath", REST)}(${spec(op)}.path, { ${op.params.map((p, i) => (propertyName(p.name) === params[i] ? p.name : `${propertyName(p.name)}: ${params[i]}`)).join(", ")} })`;
    const path = `${names.get("baseUrlJoin", op.baseUrl)}(options, ${filled})`;
    // Each parameter by its wire name, from its property in `params`.
    const pick = (list: readonly { name: string }[], place: ParameterPlace) =>
      `{ ${list.map((p) => `${propertyName(p.name)}: ${optionalAccess("params", names.parameter(op.name, place, p.name))}`).join(", ")} }`;
    const styled = op.wire?.query ?? [];
    const url =
      op.query && op.query.length > 0
        ? styled.length > 0
          ? `${file.value("withStyledQuery", paths.runtime("form-body.ts"))}(${path}, ${pick(op.query, "query")}, ${styledFieldsLiteral(file, styled)})`
          : `${file.value("withQuery", REST)}(${path}, ${pick(op.query, "query")})`
        : path;
    const credentials =
      op.security && op.security.length > 0
        ? `await ${credentialsOf(op.security)}(options)`
        : undefined;
    const headerParts = [
      ...(op.headers && op.headers.length > 0
        ? [`...${file.value("headerParams", REST)}(${pick(op.headers, "header")})`]
        : []),
      ...(op.cookies && op.cookies.length > 0
        ? [`...${file.value("cookieParams", REST)}(${pick(op.cookies, "cookie")})`]
        : []),
      ...(credentials !== undefined ? [`...(${credentials})`] : []),
    ];
    // Credentials alone are the headers object itself.
    const headerArg =
      headerParts.length === 0
        ? "undefined"
        : headerParts.length === 1 && credentials !== undefined
          ? credentials
          : `{ ${headerParts.join(", ")} }`;
    // A result with links gets its methods from `finish`, so `withResponse` attaches them to `data`.
    const tail =
      op.links.length > 0
        ? `, ${headerArg}, (data) => ${attacher(op)}(options, data)`
        : headerParts.length > 0
          ? `, ${headerArg}`
          : "";
    file.addFunction({
      isExported: true,
      // Always async: a path parameter that fails validation (fillPath) must reject the promise, not throw synchronously.
      isAsync: true,
      name: fn(op),
      docs: [functionDoc(op, `${name}.${method(op)}`)],
      typeParameters: callTypeParameter(),
      parameters: [{ name: "config", type: configType }, ...methodSignature(op)],
      returnType: answerOf(resultTypeName(op) ?? responseType(op)),
      statements: [
        `const options = ${file.value("optionsOf", paths.runtime("http/client-config.ts"))}(config);`,
        `return ${call}(${spec(op)}, ${url}, ${takesBody(op) ? "request" : "undefined"}, options, call${tail});`,
      ],
    });
  }

  file.addFunction({
    isExported: true,
    name: names.get("clientFactory", service.name),
    docs: [
      `Creates a client of the ${service.title}: one method per operation, each calling the operation's function with the client's configuration ({@link ${configure}}). Every method validates its request before sending, rejects on network failure or timeout (never hangs), and retries only where a repeat cannot charge twice (the package README lists each operation's rules).${outcomeAdvice(service.rest?.outcome ?? [])}`,
    ],
    parameters: [optionsParameter],
    returnType: name,
    statements: [
      `const config = ${configure}(options);`,
      `return {\n${ops.map((op) => `${propertyName(method(op))}: (...args) => ${fn(op)}(config, ...args),`).join("\n")}\n};`,
    ],
  });
}

/**
 * A service's status errors, declared once for all its operations that
 * document an error status: an interface of each one's error body type (by
 * the operation name `HttpStatusError.operation` holds), the error a call of
 * one rejects with (`<Service>Error<"op">`), and one guard that narrows to it
 * (`is<Service>Error(error, "op")`). A member's doc says how its body is read
 * where that is not the one schema its type names.
 */
function addStatusErrors(
  file: TsFile,
  erring: readonly RestOperation[],
  nameOf: ServiceNames["get"],
  serviceName: string,
): void {
  if (erring.length === 0) return;
  const statusError = file.value("HttpStatusError", paths.runtime("errors.ts"));
  const bodies = nameOf("serviceErrors", serviceName);
  const errorType = nameOf("serviceError", serviceName);
  const typeName = (t: string) => file.type(nameOf("type", t), paths.types(serviceName));
  const dataTypes = (op: RestOperation): string[] => [
    ...new Set([
      ...(op.errorType !== undefined ? [op.errorType] : []),
      ...(op.errorTypes ?? []).map((e) => e.type),
    ]),
  ];
  const memberDoc = (op: RestOperation): string | undefined =>
    dataTypes(op).length === 0
      ? "The contract gives no schema for its error bodies: `data` is undefined, `body` holds what came."
      : op.errorType === undefined
        ? `Read with the schema of the status received: ${op.errorTypes!.map((e) => `${e.status}: {@link ${nameOf("type", e.type)}}`).join(", ")}.`
        : undefined;
  file.addInterface({
    isExported: true,
    name: bodies,
    docs: [
      `The error body of each operation that documents an error status, by operation name: a failed call's \`data\` is its body read as this type, when it fits ({@link ${errorType}}).`,
    ],
    properties: erring.map((op) => {
      const doc = memberDoc(op);
      const data = dataTypes(op);
      return {
        ...(doc ? { docs: [doc] } : {}),
        isReadonly: true,
        name: propertyName(op.name),
        type: data.length > 0 ? data.map(typeName).join(" | ") : "unknown",
      };
    }),
  });
  file.addTypeAlias({
    isExported: true,
    name: errorType,
    docs: [
      `What operation \`N\` rejects with for a status the call failed with: \`data\` is the body read as {@link ${bodies}}\`[N]\`, when it fits.`,
    ],
    typeParameters: [{ name: "N", constraint: `keyof ${bodies}` }],
    type: `${statusError}<${bodies}[N]>`,
  });
  file.addFunction({
    isExported: true,
    name: nameOf("serviceErrorGuard", serviceName),
    docs: [
      `Whether an error is the status error of a call of \`operation\` (\`${nameOf("serviceErrorGuard", serviceName)}(error, ${stringLiteral(erring[0]!.name)})\`), so its \`data\` is typed.`,
    ],
    typeParameters: [{ name: "N", constraint: `keyof ${bodies}` }],
    parameters: [
      { name: "error", type: "unknown" },
      { name: "operation", type: "N" },
    ],
    returnType: `error is ${errorType}<N>`,
    statements: `return error instanceof ${statusError} && error.operation === operation;`,
  });
}

/**
 * An operation function's doc comment: a link to its client method, whose
 * comment holds the operation's documentation (written once, not twice), its
 * request line, and whether it is deprecated. Its first parameter's type, the
 * configuration, says once where a configuration comes from.
 */
function functionDoc(op: RestOperation, clientMethod: string): DocComment {
  return {
    description: `The function form of {@link ${clientMethod}}: \`${op.httpMethod} ${op.path}\`.`,
    tags: op.deprecated ? [{ tagName: "deprecated", text: "" }] : [],
  };
}

/**
 * The lines of an operation's doc comment below its own doc (`restLines`,
 * then its notes), which say a fact of the contract or the client each.
 */
function factLines(op: RestOperation, typeName: TypeName): string[] {
  return [...restLines(op, typeName), ...op.notes.map((n) => `${NOTE_LABEL[n.kind]}: ${n.text}`)];
}

/**
 * The fact lines every operation of a service has (none when it has one
 * operation): the client's doc comment says them once, and no method's
 * repeats them.
 */
function sharedFacts(ops: readonly RestOperation[], typeName: TypeName): ReadonlySet<string> {
  if (ops.length < 2) return new Set();
  const [first, ...rest] = ops.map((op) => new Set(factLines(op, typeName)));
  return new Set([...first!].filter((line) => rest.every((lines) => lines.has(line))));
}

/**
 * The retry line most operations of a service have, when not every one has
 * it (each operation has one of a few): the client's doc comment says it
 * once, and only a method retried otherwise says how. Undefined for a service
 * of one operation, or when no line is had by more than one.
 */
function usualRetry(
  ops: readonly RestOperation[],
  shared: ReadonlySet<string>,
): string | undefined {
  if (ops.length < 2) return undefined;
  const counts = new Map<string, number>();
  for (const op of ops) counts.set(retryLine(op), (counts.get(retryLine(op)) ?? 0) + 1);
  // Ties go to the line of the first operation: the same choice on every run.
  const [line, count] = [...counts].reduce((best, next) => (next[1] > best[1] ? next : best));
  return count > 1 && !shared.has(line) ? line : undefined;
}

/** An operation's doc comment without the fact lines its service says once. */
function ownFacts(
  op: RestOperation,
  shared: ReadonlySet<string>,
  typeName: TypeName,
): DocComment | undefined {
  const own = (line: string) => !shared.has(line);
  return docText(
    { ...op, notes: op.notes.filter((n) => own(`${NOTE_LABEL[n.kind]}: ${n.text}`)) },
    { lines: restLines(op, typeName).filter(own) },
  );
}

/** How the client retries an operation, in one line. */
function retryLine(op: RestOperation): string {
  switch (retryMode(op)) {
    case "idempotent":
      return "Retried on rate limiting, server errors and network failures, with exponential back-off.";
    case "keyed":
      return `Sends an idempotency key in \`${idempotencyHeader(op)}\` (the call's \`idempotencyKey\`, else a random UUID), the same with every attempt, so it is retried like a read.`;
    case "never":
      return "Never retried once the request may have reached the service: a duplicate could charge twice.";
  }
}

/** The TypeScript name of a type of the service, by its model name. */
type TypeName = (type: string) => string;

function restLines(op: RestOperation, typeName: TypeName): string[] {
  const lines = [`\`${op.httpMethod} ${op.path}\`.`];
  // Error bodies that differ by status: each status says the type its body is read as.
  const bodyOf = new Map((op.errorTypes ?? []).map((e) => [String(e.status), e.type]));
  const readAs = (type: string) =>
    `Its body is read as \`${typeName(type)}\` (\`HttpStatusError.data\`).`;
  for (const s of op.statuses) {
    const body = bodyOf.get(String(s.code));
    const meaning = body !== undefined && /[^.!?]$/.test(s.meaning) ? `${s.meaning}.` : s.meaning;
    lines.push(
      `${s.code}: ${[meaning, body !== undefined ? readAs(body) : ""].filter((t) => t !== "").join(" ")}`,
    );
  }
  for (const [status, type] of bodyOf) {
    if (op.statuses.some((s) => String(s.code) === status)) continue;
    lines.push(`${status === "default" ? "Any other error status" : status}: ${readAs(type)}`);
  }
  if (op.timeoutMs !== undefined)
    lines.push(
      `Default timeout ${Math.round(op.timeoutMs / 1000)} s per attempt: the documents say this operation can be slow.`,
    );
  if (op.security && op.security.length > 0)
    lines.push(`Sends the credentials of ${op.security.map((s) => `\`${s}\``).join(" and ")}.`);
  lines.push(retryLine(op));
  return lines;
}

/**
 * The spec's `sensitiveParams`: each path, query, header and cookie parameter
 * marked sensitive (by the contract, an overlay or its name), which the
 * runtime keeps out of the URL and headers views show and scrubs from server
 * text. Nothing when none is.
 */
export function sensitiveParamsEntry(file: TsFile, op: RestOperation): string[] {
  const marked = [
    ...op.params.map((p) => ["path", p] as const),
    ...(op.query ?? []).map((p) => ["query", p] as const),
    ...(op.headers ?? []).map((p) => ["header", p] as const),
    ...(op.cookies ?? []).map((p) => ["cookie", p] as const),
  ].flatMap(([location, p]) => {
    if (p.sensitive === undefined || p.sensitive === "query") return [];
    const separator = "list" in p && p.list ? listSeparator(op, location, p.name) : undefined;
    return [
      `{ in: ${stringLiteral(location)}, name: ${stringLiteral(p.name)}, kind: ${stringLiteral(p.sensitive)}${separator !== undefined ? `, separator: ${stringLiteral(separator)}` : ""} }`,
    ];
  });
  return marked.length > 0
    ? [
        `sensitiveParams: /* @__PURE__ */ ${file.value("paramRedaction", paths.runtime("sensitive-params.ts"))}([${marked.join(", ")}])`,
      ]
    : [];
}

/**
 * What joins the items of a list parameter sent as one value: `,` in a
 * header or cookie and in a `form` query not exploded, a space or `|` in a
 * `spaceDelimited` or `pipeDelimited` one. Nothing for an exploded query
 * list, whose items are pairs of their own.
 */
function listSeparator(
  op: RestOperation,
  location: "path" | "query" | "header" | "cookie",
  name: string,
): string | undefined {
  if (location !== "query") return ",";
  const written = op.wire?.query?.find((f) => f.name === name);
  if (written === undefined || written.explode || written.style === "deepObject") return undefined;
  return written.style === "spaceDelimited" ? " " : written.style === "pipeDelimited" ? "|" : ",";
}

/** The query, header and cookie parameters of an operation, in that order, with their place: the members of its `params` object. */
function requestParams(
  op: RestOperation,
): readonly { readonly place: ParameterPlace; readonly field: Field }[] {
  const placed = (place: ParameterPlace, list: readonly Field[] = []) =>
    list.map((field) => ({ place, field }));
  return [
    ...placed("query", op.query),
    ...placed("header", op.headers),
    ...placed("cookie", op.cookies),
  ];
}

/** Whether a caller must give a parameter: a required one, except the idempotency key, which the client makes up when none is given. */
function callerMustGive(op: RestOperation, p: Field): boolean {
  return (
    p.required === true && !(op.headers?.includes(p) === true && p.name === idempotencyHeader(op))
  );
}

/** Whether an operation takes query, header or cookie parameters (one `params` object). */
function hasRequestParams(op: RestOperation): boolean {
  return requestParams(op).length > 0;
}

/** The names an operation function's own parameters and locals take: a path parameter of one of these names gets a `_` after it. */
const FUNCTION_LOCALS: ReadonlySet<string> = new Set([
  "config",
  "options",
  "params",
  "request",
  "call",
]);

function safeParam(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_$]/g, "_");
  const safe = /^[0-9]/.test(id) ? `_${id}` : id;
  return FUNCTION_LOCALS.has(safe) ? `${safe}_` : safe;
}

/** Whether a flow leaves the caller any required field (required paths that are neither constants nor copied). */
function flowHasRequiredInput(
  flow: Flow,
  _target: RestOperation,
  _types: ReadonlyMap<string, ObjectType>,
): boolean {
  const fixed = new Set([
    ...flow.constants.map((c) => c.path),
    ...(flow.from?.copy.map((c) => c.target) ?? []),
  ]);
  return flow.required.some((p) => !fixed.has(p));
}

/** An operation's doc comment with a `@param` tag for each documented path parameter, and one naming the members of `params`. */
function withParamTags(
  docs: DocComment | undefined,
  op: RestOperation,
  names: ServiceNames,
): DocComment | undefined {
  const member = ({ place, field }: { place: ParameterPlace; field: Field }) => {
    const key = names.parameter(op.name, place, field.name);
    return key === field.name ? `\`${key}\` (${place})` : `\`${key}\` (${place} \`${field.name}\`)`;
  };
  const paramsTag = hasRequestParams(op)
    ? [{ tagName: "param", text: `params ${requestParams(op).map(member).join(", ")}` }]
    : [];
  const tags = op.params
    .filter((p) => p.doc !== undefined || p.notes.length > 0 || p.source !== undefined)
    .map((p) => ({
      tagName: "param",
      text: [
        safeParam(p.name),
        p.doc,
        ...p.notes.map((n) => n.text),
        ...(p.source ? [`(${sourceLabel(p.source)})`] : []),
      ]
        .filter((t) => t !== undefined)
        .join(" "),
    }));
  if (tags.length === 0 && paramsTag.length === 0) return docs;
  return {
    description: docs?.description ?? "",
    tags: [...tags, ...paramsTag, ...(docs?.tags ?? [])],
  };
}

/** What a caller checks on a 2xx answer, from the fields the schema names; nothing when it names none. */
function outcomeAdvice(outcome: readonly string[]): string {
  if (outcome.length === 0) return "";
  return ` A 2xx answer resolves even when the request was declined: check ${outcome.map((p) => `\`${p}\``).join(" and ")}.`;
}
