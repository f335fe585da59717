import { readFile } from "node:fs/promises";
import path from "node:path";
import { compareText } from "../diagnostics/diagnostic.js";
import { baseUrlOption, credentialOptions } from "./rest-client-options.js";
import {
  SENSITIVE_KINDS,
  type Documented,
  type Model,
  type NoteKind,
  type SensitiveKind,
  type Service,
} from "../model/ir.js";
import { restParameters } from "../model/rest-parameters.js";
import type { Approximation, ScalarName } from "../model/vocabulary.js";
import type { GeneratedFile } from "./generated-file.js";
import { isWrittenInPlace } from "./enum-values.js";
import { NOTE_LABEL } from "./jsdoc.js";
import { PACKAGE_FILES } from "./paths.js";
import { templateRuntime } from "./handlebars.js";
import { compileTemplate } from "./template-cache.js";
import { CACHE_DIR } from "../project-paths.js";
import { jsonString, markdownCode, markdownText, plainProse } from "./schema-text.js";
import { packageRetries, retryGroups } from "./readme-retries.js";

export interface PackageInfo {
  readonly packageName: string;
  readonly version: string;
  readonly fastXmlParserVersion: string;
  /** devDependencies of the package: what its build script runs (name → version range). */
  readonly buildDependencies: Readonly<Record<string, string>>;
}

/** Where the templates' compiled forms are kept (see template-cache.ts). */
const TEMPLATE_CACHE = path.join(CACHE_DIR, "paygen-templates");

/** The package name the examples of `templates/examples/` import from (they are type-checked as written); the README shows the package's own. */
const EXAMPLES_PACKAGE_NAME = "paygen-clients";

/** What the package's code offers that its README and manifest name: each entry's names, and whether it has the server side. */
export interface PackageEntries {
  /** Each service with operations: the names the README uses (see `ServerNames`). */
  readonly names?: ReadonlyMap<string, ServerNames>;
  /** Each service's event payload parsers. */
  readonly eventParsers?: ReadonlyMap<string, readonly EventParser[]>;
  /** Each service has a server entry (`<service>/server`): the package was asked for the server side. */
  readonly serverSide?: boolean;
}

/**
 * Renders the non-code files of the package from `templates/*.hbs`. The view
 * handed to a template is plain data computed here: templates hold layout, no logic.
 */
export async function emitTemplates(
  templatesDir: string,
  model: Model,
  info: PackageInfo,
  imported: readonly string[],
  entries: PackageEntries = {},
): Promise<GeneratedFile[]> {
  const servers = entries.names ?? new Map<string, ServerNames>();
  const eventParsers = entries.eventParsers ?? new Map<string, readonly EventParser[]>();
  const hb = templateRuntime();
  // Text reaches a template only through these helpers: a bare `{{text}}` throws (see `Text`).
  hb.registerHelper("md", (value: unknown) => markdownText(textOf(value)));
  hb.registerHelper("code", (value: unknown) => markdownCode(textOf(value)));
  hb.registerHelper("json", (value: unknown) => jsonString(textOf(value)));
  const examples = new Map<string, string>();
  for (const service of model.services) {
    try {
      const example = (
        await readFile(path.join(templatesDir, "examples", `${service.name}.ts`), "utf8")
      ).trimEnd();
      if (exampleFits(example, servers.get(service.name)))
        examples.set(
          service.name,
          example.replaceAll(`"${EXAMPLES_PACKAGE_NAME}/`, `"${info.packageName}/`),
        );
    } catch {
      // No example for this service.
    }
  }
  const view = asTemplateData({
    ...packageView(model, info, examples, servers, eventParsers, entries.serverSide === true),
    dependencies: dependencies(imported, info),
    usesXmlParser: imported.includes("fast-xml-parser"),
  });
  const out: GeneratedFile[] = [];
  for (const name of PACKAGE_FILES) {
    const source = await readFile(path.join(templatesDir, `${name}.hbs`), "utf8");
    const template = compileTemplate(
      hb,
      name,
      source,
      { noEscape: true, strict: true },
      TEMPLATE_CACHE,
    );
    out.push({ path: name, content: template(view) });
  }
  // The query-language reference ships as written, with a package that has a query language.
  if (model.services.some((s) => s.query))
    out.push({
      path: QUERY_LANGUAGE_FILE,
      content: await readFile(path.join(templatesDir, QUERY_LANGUAGE_FILE), "utf8"),
      verbatim: true,
    });
  return out;
}

/**
 * The package's `dependencies`: each package its code imports, at the version
 * paygen generates for. A runtime importing a package paygen knows no version
 * of is a bug of the runtime, not of a contract.
 */
function dependencies(
  imported: readonly string[],
  info: PackageInfo,
): { name: string; version: string }[] {
  const versions: Readonly<Record<string, string>> = {
    "fast-xml-parser": info.fastXmlParserVersion,
  };
  return imported.map((name) => {
    if (!Object.hasOwn(versions, name))
      throw new Error(`the generated package imports ${name}, and paygen knows no version of it`);
    return { name, version: versions[name]! };
  });
}

/** The reference of the search query language, a file of `templates/` shipped as is. */
export const QUERY_LANGUAGE_FILE = "QUERY-LANGUAGE.md";

/**
 * The names a README uses of a service with operations, as the naming table
 * calls them: its server (when the package has the server side) and mock
 * (when it has one), its client factory and configuration function, and its
 * first operation's function and method.
 */
export interface ServerNames {
  readonly server?: string;
  readonly mock?: string;
  readonly clientFactory: string;
  readonly configure: string;
  readonly operationFunction: string;
  readonly method: string;
  /** Every operation's client method. */
  readonly methods: readonly string[];
  /** Each flow's builder function, by flow name. */
  readonly flowBuilders: Readonly<Record<string, string>>;
}

/** The parser of an event payload's type (which a webhook handler calls), and the type, as the package names them. */
export interface EventParser {
  readonly parser: string;
  readonly type: string;
}

/**
 * Whether an example written for a service of this name calls this
 * package's service: it creates the service's client and calls only its
 * operations (a contract may share a built-in service's name, not its calls).
 */
function exampleFits(example: string, names: ServerNames | undefined): boolean {
  if (names === undefined) return false;
  const created = [...example.matchAll(/const (\w+) = (create\w+Client)\(/g)];
  return (
    created.length > 0 &&
    created.every(([, variable, factory]) => {
      if (factory !== names.clientFactory) return false;
      const calls = example.matchAll(new RegExp(`\\b${variable}\\.(\\w+)\\(`, "g"));
      return [...calls].every(([, method]) => names.methods.includes(method!));
    })
  );
}

/** The service's base URLs that its operations use (each a client option), or those none uses. */
function baseUrlsOf(s: Service, used: boolean) {
  return (s.rest?.baseUrls ?? [])
    .filter(
      (b) => s.operations.some((op) => op.protocol === "rest" && op.baseUrl === b.name) === used,
    )
    .map((b) => ({
      name: `{${b.name}}`,
      option: baseUrlOption(b.name),
      doc: b.doc ?? "",
      // The address the contract gives is the option's default; without one the option is required.
      url: b.url ?? "",
    }));
}

/** A service's view with each flow's builder function, as the package names it. */
function withBuilders<V extends { readonly flows: readonly { readonly name: string }[] }>(
  view: V,
  names: ServerNames | undefined,
): V {
  return {
    ...view,
    flows: view.flows.map((f) => ({ ...f, builder: names?.flowBuilders[f.name] ?? f.name })),
  };
}

/** The code the README's "Calling an operation" shows, named as the package names it; false without an operation. */
function callingView(names: ServerNames | undefined) {
  if (names === undefined) return false;
  return {
    clientCall: `const client = ${names.clientFactory}(options)`,
    methodCall: `client.${names.method}(…)`,
    configureCall: `const config = ${names.configure}(options)`,
    functionCall: `${names.operationFunction}(config, …)`,
  };
}

function packageView(
  model: Model,
  info: PackageInfo,
  examples: ReadonlyMap<string, string>,
  servers: ReadonlyMap<string, ServerNames>,
  eventParsers: ReadonlyMap<string, readonly EventParser[]>,
  serverSide: boolean,
) {
  return {
    ...info,
    buildDependencies: Object.entries(info.buildDependencies)
      .sort(([a], [b]) => compareText(a, b))
      .map(([name, version]) => ({ name, version })),
    hasSoap: model.services.some((s) => s.protocol === "soap"),
    hasSoapClient: model.services.some((s) => s.protocol === "soap" && s.operations.length > 0),
    hasRest: model.services.some((s) => s.protocol === "rest"),
    // A REST service names the response fields that say a 2xx answer declined the request.
    hasOutcome: model.services.some((s) => (s.rest?.outcome.length ?? 0) > 0),
    // An operation reads its error bodies with the schema its contract documents for them.
    hasErrorSchemas: model.services.some((s) =>
      s.operations.some(
        (op) =>
          op.protocol === "rest" &&
          (op.errorType !== undefined || (op.errorTypes?.length ?? 0) > 0),
      ),
    ),
    // A REST result has methods that follow its links (and reject with `LinkError`).
    hasLinks: model.services.some((s) =>
      s.operations.some((op) => op.protocol === "rest" && op.links.length > 0),
    ),
    // A SOAP result may say `resultCode` Error (which rejects with `ApiError`).
    hasResultCodes: model.services.some(
      (s) =>
        s.protocol === "soap" && s.types.some((t) => t.fields.some((f) => f.name === "resultCode")),
    ),
    retries: packageRetries(model),
    requestBodies: requestBodies(model),
    // The scalars held as exact text, never as a JavaScript number: the README's convention names those the package has.
    exactNumbers: {
      decimal: holdsScalar(model, "decimal"),
      long: holdsScalar(model, "long"),
    },
    wrongForms: wrongForms(model),
    hasQuery: model.services.some((s) => s.query !== undefined),
    hasMarks: model.services.some(
      (s) =>
        s.types.some((t) => t.fields.some((f) => f.sensitive !== undefined)) ||
        restParameters(s).some((p) => p.parameter.sensitive !== undefined),
    ),
    hasParamMarks: model.services.some((s) =>
      restParameters(s).some((p) => p.parameter.sensitive !== undefined),
    ),
    hasInferredMarks: model.services.some((s) => inferredMarks(s).length > 0),
    markedKinds: markedKinds(model),
    services: model.services.map((s) => ({
      ...withBuilders(serviceView(s, info.packageName, examples.get(s.name)), servers.get(s.name)),
      eventParsers: eventParsers.get(s.name) ?? [],
      serverFactory: servers.get(s.name)?.server ?? "",
      mockFactory: servers.get(s.name)?.mock ?? "",
      hasServerEntry: serverSide,
    })),
    hasServerSide: serverSide,
    hasServers: [...servers.values()].some((s) => s.server !== undefined),
    // The README's example of calling an operation: the first service that has one.
    calling: callingView([...servers.values()][0]),
    hasMocks: [...servers.values()].some((s) => s.mock !== undefined),
  };
}

/** Whether a field or a REST parameter of the package holds the scalar `name`. */
function holdsScalar(model: Model, ...names: ScalarName[]): boolean {
  const is = (t: { kind: string; name: string }) =>
    t.kind === "scalar" && (names as string[]).includes(t.name);
  return model.services.some(
    (s) =>
      s.types.some((t) => t.fields.some((f) => is(f.type))) ||
      restParameters(s).some((p) => is(p.parameter.type)),
  );
}

/**
 * The values of a wrong form a reader refuses, as the README's examples of
 * them: those of the forms the package's types have (a malformed number or
 * date, a choice holding two members), joined as a list; empty when it has none.
 */
function wrongForms(model: Model): string {
  const forms = [
    holdsScalar(model, "short", "int", "long", "decimal", "double") ? "a malformed number" : "",
    holdsScalar(model, "date", "dateTime", "gYearMonth") ? "a malformed date" : "",
    model.services.some((s) =>
      s.types.some((t) => t.kind === "choice" || (t.choices?.length ?? 0) > 0),
    )
      ? "a choice holding two members"
      : "",
  ];
  return forms.filter((f) => f !== "").join(", ");
}

/**
 * The media types the package's REST operations write request bodies in, for
 * the README's "Writing requests": JSON (an operation the contract gives no
 * media type for sends JSON), forms, multipart, and text or bytes as given.
 */
function requestBodies(model: Model) {
  const encodings = new Set<string>();
  for (const s of model.services)
    for (const op of s.operations)
      if (op.protocol === "rest" && op.requestType !== undefined)
        encodings.add(op.wire?.request?.encoding ?? "json");
  const flags = {
    json: encodings.has("json"),
    form: encodings.has("form"),
    multipart: encodings.has("multipart"),
    other: encodings.has("text") || encodings.has("bytes"),
  };
  return { ...flags, length: Object.values(flags).filter(Boolean).length };
}

function serviceView(s: Service, packageName: string, example: string | undefined) {
  const baseUrls = baseUrlsOf(s, true);
  return {
    example: example ? new Verbatim(example) : "",
    retries: retryGroups(s),
    name: s.name,
    entry: `${packageName}/${s.name}`,
    referencePage: `dist/reference/${s.name}.md`,
    hasQuery: s.query !== undefined,
    exportKey: `./${s.name}`,
    typesFile: `./dist/${s.name}/index.d.ts`,
    importFile: `./dist/${s.name}/index.js`,
    requireFile: `./dist/${s.name}/index.cjs`,
    typesPath: `dist/${s.name}/index.d.ts`,
    serverEntry: `${packageName}/${s.name}/server`,
    serverExportKey: `./${s.name}/server`,
    serverTypesFile: `./dist/${s.name}/server.d.ts`,
    serverImportFile: `./dist/${s.name}/server.js`,
    serverRequireFile: `./dist/${s.name}/server.cjs`,
    serverName: `${s.name}/server`,
    serverTypesPath: `dist/${s.name}/server.d.ts`,
    sourceGlob: `${s.name}/**/*.ts`,
    title: s.title,
    doc: s.doc ?? "",
    sourceLabel: s.source ? `${s.source.document} §${s.source.section}` : "",
    notes: s.notes.map((n) => ({ kind: NOTE_LABEL[n.kind], text: n.text })),
    // The base URLs the client has an option for (those its operations use), and the others the documents name.
    baseUrls,
    unusedBaseUrls: baseUrlsOf(s, false).map(({ name, doc }) => ({ name, doc })),
    // Some base URL has the contract's address: the README's table gives each option's default.
    baseUrlDefaults: baseUrls.some((b) => b.url !== ""),
    credentialOptions:
      s.protocol === "rest"
        ? credentialOptions(s).map((c) => ({
            option: c.option,
            scheme: c.scheme,
            sends:
              c.kind === "apiKey"
                ? `an API key in the ${c.header ?? ""} header`
                : c.kind === "basic"
                  ? "a user name and password, as HTTP basic credentials in Authorization"
                  : "a bearer token in Authorization; a function is called for each request",
          }))
        : [],
    events: s.events.map((e) => ({
      type: e.type,
      product: e.product ?? "",
      doc: [e.doc ?? "", ...e.notes.map((n) => `${NOTE_LABEL[n.kind]}: ${n.text}`)]
        .filter((t) => t !== "")
        .join(" "),
      sourceLabel: e.source ? `${e.source.document} §${e.source.section}` : "",
    })),

    protocol: s.protocol.toUpperCase(),
    isRest: s.protocol === "rest",
    outcome: (s.rest?.outcome ?? []).map((path) => ({ path })),
    soap: s.soap
      ? {
          namespacePlaceholder: `{${s.soap.namespacePlaceholder}}`,
          version: s.soap.version,
          namespace: s.soap.namespace ?? "",
          endpoint: s.soap.endpoint ?? "",
          soap12: s.soap.soapVersion === "1.2",
        }
      : false,
    operationCount: s.operations.length,
    typeCount: s.types.length,
    // The enums `enums.ts` declares: a constant written in place is no type of its own.
    enumCount: s.enums.filter((e) => !isWrittenInPlace(e)).length,
    operations: s.operations.map((op) => ({
      name: op.name,
      method: op.method,
      // The operation's own name, where the method is not named the same.
      otherName: op.name === op.method ? "" : op.name,
      httpMethod: op.protocol === "rest" ? op.httpMethod : "",
      endpoint: op.protocol === "rest" ? `${op.httpMethod} ${op.path}` : "",
      summary: firstSentence(op.doc ?? ""),
    })),
    flows: s.flows.map((f) => ({
      name: f.name,
      // A flow builds an operation's request, or a value of its own type handed elsewhere.
      builds: f.operation ?? `${f.type} (no operation)`,
      summary: `${f.sample ? "The document's sample, not defaults of the service: " : ""}${f.title ?? firstSentence(f.doc ?? "")}`,
      supports: f.supports.map((x) => ({
        label: x.label,
        values: (s.enums.find((e) => e.name === x.enum)?.values ?? [])
          .map((v) => v.value)
          .join(", "),
      })),
    })),
    inferredMarks: inferredMarks(s),
    contradictions: notesOf(s, "contradiction"),
    contractDifferences: notesOf(s, "contract"),
    approximations: approximationGroups(s.approximations ?? []),
    gaps: s.gaps.map((g) => ({
      id: g.id,
      sourceLabel: g.source ? `${g.source.document} §${g.source.section}` : "",
      text: g.text,
      extension: g.extension,
    })),
  };
}

/** What each kind of sensitive field holds, in words, in the order of the kinds. */
const KIND_WORDS: Readonly<Record<SensitiveKind, string>> = {
  "card-number": "card numbers",
  "account-number": "account numbers",
  "card-code": "card codes",
  "routing-number": "routing numbers",
  "transaction-key": "transaction keys",
  cryptogram: "cryptograms",
  "wallet-payload": "wallet payloads",
  token: "tokens",
  pin: "PINs",
  "track-data": "track data",
  secret: "passwords, secrets and keys",
  "tax-id": "tax ids",
  query: "sensitive values in search queries",
};

/** The kinds of sensitive field (or parameter) the package has, in words: `card numbers, card codes and tokens`. */
function markedKinds(model: Model): string {
  const present = new Set(
    model.services.flatMap((s) =>
      [...s.types.flatMap((t) => t.fields), ...restParameters(s).map((p) => p.parameter)].flatMap(
        (f) => (f.sensitive ? [f.sensitive] : []),
      ),
    ),
  );
  const words = SENSITIVE_KINDS.filter((k) => present.has(k)).map((k) => KIND_WORDS[k]);
  return words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * The fields paygen marked sensitive from their names, with the kind and the
 * reason, in type order; then the REST parameters it marked, in operation order
 * (the parameter's name, and where it is sent in `parameter`).
 */
function inferredMarks(s: Service): {
  field: string;
  parameter?: { location: string; operation: string };
  kind: string;
  reason: string;
}[] {
  const fields = s.types.flatMap((t) =>
    t.fields.flatMap((f) =>
      f.sensitiveReason !== undefined && f.sensitive !== undefined
        ? [{ field: `${t.name}.${f.name}`, kind: f.sensitive, reason: f.sensitiveReason }]
        : [],
    ),
  );
  const parameters = restParameters(s).flatMap(({ operation, location, parameter: p }) =>
    p.sensitiveReason !== undefined && p.sensitive !== undefined
      ? [
          {
            field: p.name,
            parameter: { location, operation },
            kind: p.sensitive,
            reason: p.sensitiveReason,
          },
        ]
      : [],
  );
  return [...fields, ...parameters];
}

function firstSentence(text: string): string {
  const flat = plainProse(text).replace(/\s+/g, " ").trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(flat);
  return m ? m[1]! : flat;
}

/**
 * Text in a template's data. Printing it bare throws: every text goes through
 * `md`, `code` or `json`, which render it with the functions of `schema-text.ts`.
 */
class Text {
  constructor(readonly value: string) {}
  toString(): string {
    throw new Error(
      `template printed text without md, code or json: ${JSON.stringify(this.value.slice(0, 40))}`,
    );
  }
}

/** Text of the project itself (the README's example code), printed as is with `{{{...}}}`. */
class Verbatim {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function textOf(value: unknown): string {
  if (value instanceof Text || value instanceof Verbatim) return value.value;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  throw new Error(`template helper given ${typeof value}, not text`);
}

/** Wraps every non-empty string of a view in `Text` (empty strings stay falsy for `{{#if}}`). */
function asTemplateData(value: unknown): unknown {
  if (typeof value === "string") return value === "" ? "" : new Text(value);
  if (Array.isArray(value)) return value.map(asTemplateData);
  if (value instanceof Verbatim || value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asTemplateData(v)]));
}

/**
 * The README's list of approximations: each kind and message once, with
 * every place it applies to, in contract order (a contract often repeats
 * one construct, and so one warning, in many places).
 */
function approximationGroups(approximations: readonly Approximation[]) {
  const groups = new Map<
    string,
    { kind: string; message: string; places: { position: string; pointer: string }[] }
  >();
  for (const a of approximations) {
    const key = `${a.kind}\n${a.message}`;
    const group = groups.get(key) ?? { kind: a.kind, message: a.message, places: [] };
    group.places.push({ position: a.position, pointer: a.pointer });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Every note of one kind in a service, with where it is: the README lists the
 * contradictions and the contract differences, each with both readings. A
 * text noted in several places is listed once, with every place, in order.
 */
function notesOf(s: Service, kind: NoteKind): { where: string; text: string }[] {
  const places = new Map<string, string[]>();
  const take = (where: string, item: Documented) => {
    for (const n of item.notes)
      if (n.kind === kind) places.set(n.text, [...(places.get(n.text) ?? []), where]);
  };
  take(`service ${s.name}`, s);
  for (const t of s.types) {
    take(`type ${t.name}`, t);
    for (const f of t.fields) take(`field ${t.name}.${f.name}`, f);
  }
  for (const e of s.enums) take(`enum ${e.name}`, e);
  for (const op of s.operations) {
    take(`operation ${op.name}`, op);
    if (op.protocol === "rest")
      for (const p of op.params) take(`parameter ${p.name} of ${op.name}`, p);
  }
  for (const f of s.flows) take(`flow ${f.name}`, f);
  return [...places].map(([text, where]) => ({ where: where.join(", "), text }));
}
