import type { SourceLimits } from "../source/source-limits.js";
import { formatPointer } from "../json/json-pointer.js";
import { SourceProblems, type SourceProblem } from "../source/source-problem.js";
import { detectFormat, withArticle } from "./detect-format.js";
import { DocumentSet, type SourceDocument } from "./document-set.js";
import { nameSchemas } from "./name-schemas.js";
import { ObjectReader } from "../json/object-reader.js";
import type {
  ApiDocument,
  ApiFormat,
  ApiInfo,
  BaseUrl,
  Operation,
  Webhook,
} from "./openapi-model.js";
import { pascalCase } from "../../naming/case.js";
import type { ReadContext } from "./read-context.js";
import { readPaths } from "./read-paths.js";
import { readWebhooks } from "./read-webhooks.js";
import { SchemaReader } from "./read-schema.js";
import { readSecurityRequirements, readSecuritySchemes } from "./read-security.js";
import { readSchemes, readServers, swagger2BaseUrls } from "./read-servers.js";
import { SchemaGraph } from "./schema-graph.js";

export interface ReadOpenApiOptions {
  /** The entry file (`.json`, `.yaml` or `.yml`), absolute or relative to `cwd`. */
  readonly file: string;
  /** Paths in messages are relative to this folder (default: the process's working folder). */
  readonly cwd?: string;
  /** Size and nesting limits of each file read. */
  readonly limits?: Partial<SourceLimits>;
}

/** The result of a read: the document when it could be read without an error, every error found, and every approximation made. */
export interface ReadOpenApiResult {
  readonly document?: ApiDocument;
  /** The errors, sorted by file, line and column; empty when `document` is present. */
  readonly problems: readonly SourceProblem[];
  /** The warnings: where the document was read approximately (see the README), sorted. */
  readonly warnings: readonly SourceProblem[];
}

/** The OpenAPI 3.1 default dialect, the only one read. */
const OAS_31_DIALECT = "https://spec.openapis.org/oas/3.1/dialect/base";

/**
 * Reads a Swagger 2.0, OpenAPI 3.0 or OpenAPI 3.1 description (recognised
 * by its content) and the files its `$ref`s name, into the normalised model
 * of `openapi-model.ts`. Every problem of every file is collected; the
 * document is returned only when there is no error (warnings say where it
 * was read approximately).
 */
export async function readOpenApi(options: ReadOpenApiOptions): Promise<ReadOpenApiResult> {
  const problems = new SourceProblems();
  const cwd = options.cwd ?? process.cwd();
  const { set, entry } = await DocumentSet.load(options.file, cwd, options.limits, problems);
  if (!entry.root) return { problems: problems.errors(), warnings: problems.warnings() };
  const detected = detectFormat(entry.root, entry.displayPath, problems);
  if (!detected || entry.root.kind !== "object")
    return { problems: problems.errors(), warnings: problems.warnings() };
  const document = readDocument(
    new ObjectReader(entry.root, entry, "#", problems),
    detected.format,
    detected.version,
    set,
    entry,
    problems,
  );
  const errors = problems.errors();
  return errors.length === 0
    ? { document, problems: errors, warnings: problems.warnings() }
    : { problems: errors, warnings: problems.warnings() };
}

function readDocument(
  root: ObjectReader<SourceDocument>,
  format: ApiFormat,
  version: string,
  documents: DocumentSet,
  entry: SourceDocument,
  problems: SourceProblems,
): ApiDocument {
  const swagger2 = format === "swagger-2.0";
  root.checkKeys(`the top of ${withArticle(format)} document`, {
    known: swagger2
      ? [
          "swagger",
          "info",
          "host",
          "basePath",
          "schemes",
          "consumes",
          "produces",
          "paths",
          "definitions",
          "parameters",
          "responses",
          "securityDefinitions",
          "security",
          "tags",
          "externalDocs",
        ]
      : [
          "openapi",
          "info",
          "servers",
          "paths",
          "components",
          "security",
          "tags",
          "externalDocs",
          ...(format === "openapi-3.1" ? ["webhooks", "jsonSchemaDialect"] : []),
        ],
  });
  const graph = new SchemaGraph();
  const schemas = new SchemaReader(format, graph, documents, problems, entry);
  const components = swagger2 ? undefined : root.object("components");
  components?.checkKeys(`the components of ${withArticle(format)} document`, {
    known: [
      "schemas",
      "responses",
      "parameters",
      "examples",
      "requestBodies",
      "headers",
      "securitySchemes",
      "links",
      "callbacks",
      ...(format === "openapi-3.1" ? ["pathItems"] : []),
    ],
  });
  const definitions = swagger2 ? root.object("definitions") : components?.object("schemas");
  registerComponents(
    graph,
    documents,
    entry,
    definitions,
    swagger2 ? ["definitions"] : ["components", "schemas"],
  );
  const dialect = format === "openapi-3.1" ? root.string("jsonSchemaDialect") : undefined;
  if (dialect !== undefined && dialect !== OAS_31_DIALECT) {
    root.error(
      root.member("jsonSchemaDialect")!.value.at,
      `only the OpenAPI 3.1 default schema dialect (${OAS_31_DIALECT}) is read`,
      root.pointerOf("jsonSchemaDialect"),
    );
  }
  if (!root.has("paths") && format !== "openapi-3.1")
    root.error(root.at, `${withArticle(format)} document needs "paths"`);

  const base = { format, documents, problems, schemas, root: entry };
  const securitySchemes = readSecuritySchemes(
    base,
    swagger2 ? root.object("securityDefinitions") : components?.object("securitySchemes"),
  );
  const securitySchemeNames = new Set([
    ...((swagger2
      ? root.object("securityDefinitions")
      : components?.object("securitySchemes")
    )?.node.members.keys() ?? []),
  ]);
  const swagger2Server = swagger2
    ? { ...optional("host", root.string("host")), basePath: root.string("basePath") ?? "/" }
    : undefined;
  if (swagger2Server?.host !== undefined && /[/:]\/|\/$/.test(swagger2Server.host)) {
    root.error(
      root.member("host")!.value.at,
      "host is a name (and port) only, without a scheme or path",
      root.pointerOf("host"),
    );
  }
  if (swagger2Server && !swagger2Server.basePath.startsWith("/"))
    root.error(
      root.member("basePath")!.value.at,
      'basePath must start with "/"',
      root.pointerOf("basePath"),
    );
  const baseUrls: BaseUrl[] = swagger2
    ? swagger2BaseUrls(
        swagger2Server!.host,
        swagger2Server!.basePath,
        readSchemes(base, root.array("schemes"), root.pointerOf("schemes")) ?? [],
        root.member("host")?.value.at ?? root.at,
        root.has("host") ? root.pointerOf("host") : "#",
      )
    : readServers(
        base,
        root.array("servers"),
        entry,
        root.has("servers") ? root.pointerOf("servers") : "#",
        root.member("servers")?.value.at ?? root.at,
      );
  const context: ReadContext = {
    ...base,
    consumes: swagger2 ? (root.stringArray("consumes") ?? []) : [],
    produces: swagger2 ? (root.stringArray("produces") ?? []) : [],
    baseUrls,
    ...(swagger2Server ? { swagger2Server } : {}),
    securitySchemeNames,
  };
  const securityList = root.array("security");
  const security = securityList
    ? readSecurityRequirements(context, securityList, entry, root.pointerOf("security"))
    : undefined;
  const operations = readPaths(context, root.object("paths"), security);
  const webhooks = eventsOf(
    format === "openapi-3.1" ? readWebhooks(context, root.object("webhooks")) : [],
    operations,
  );
  schemas.readPending();
  const named = nameSchemas(graph, problems);
  return {
    format,
    formatVersion: version,
    info: readInfo(root, format),
    baseUrls,
    securitySchemes,
    ...(security ? { security } : {}),
    operations,
    schemas: named,
    ...(webhooks.length > 0 ? { webhooks } : {}),
    at: root.at,
    pointer: "#",
  };
}

/**
 * Registers every schema of `definitions` (2.0) or `components/schemas`
 * (3.x) under its name. A component that only points at a schema of
 * another file (`Pet: {$ref: "pet.yaml#/Pet"}`, common in descriptions split
 * into files) is registered at that schema, so that every reference to it,
 * from any file, uses the component's name.
 */
function registerComponents(
  graph: SchemaGraph,
  documents: DocumentSet,
  entry: SourceDocument,
  definitions: ObjectReader<SourceDocument> | undefined,
  prefix: readonly string[],
): void {
  if (!definitions) return;
  const own = (name: string): string => `${entry.absolutePath}${formatPointer([...prefix, name])}`;
  for (const member of definitions.node.members.values()) {
    const pointer = formatPointer([...prefix, member.key]);
    const node = member.value;
    const ref =
      node.kind === "object" && node.members.size === 1
        ? node.members.get("$ref")?.value
        : undefined;
    if (ref?.kind === "string" && !ref.value.startsWith("#")) {
      const target = documents.resolve(ref.value, entry, ref.at, pointer);
      if (
        target &&
        !graph.hasLocation(target.key) &&
        ![...definitions.node.members.keys()].some((k) => own(k) === target.key)
      ) {
        graph.addComponent(member.key, target, own(member.key));
        continue;
      }
      if (!target) continue;
    }
    graph.addComponent(member.key, { document: entry, node, pointer, key: own(member.key) });
  }
}

function readInfo(root: ObjectReader<SourceDocument>, format: ApiFormat): ApiInfo {
  const info = root.object("info");
  if (!info) {
    root.error(root.at, 'a document needs "info" (with a title and a version)');
    return { title: "", version: "" };
  }
  info.checkKeys("info", {
    known: [
      "title",
      "description",
      "termsOfService",
      "contact",
      "license",
      "version",
      ...(format === "openapi-3.1" ? ["summary"] : []),
    ],
  });
  const title = info.requiredString("title", "info") ?? "";
  const version = info.requiredString("version", "info") ?? "";
  const description = info.string("description");
  return { title, version, ...optional("description", description) };
}

/** `{ key: value }`, or nothing when the value is absent. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * The document's webhooks, then its operations' callbacks, each named once:
 * a callback whose name an earlier event has is named after its operation
 * too (`createSubscriptionOnEvent`).
 */
function eventsOf(webhooks: readonly Webhook[], operations: readonly Operation[]): Webhook[] {
  const events = [...webhooks];
  const taken = new Set(webhooks.map((w) => w.name));
  for (const callback of operations.flatMap((o) => o.callbacks ?? [])) {
    let name = callback.name;
    if (taken.has(name)) name = `${callback.callback?.operation ?? ""}${pascalCase(name)}`;
    for (let n = 2; taken.has(name); n++) name = `${callback.name}${n}`;
    taken.add(name);
    events.push({ ...callback, name });
  }
  return events;
}
