import { withArticle } from "./detect-format.js";
import type { ObjectReader } from "../json/object-reader.js";
import type { SourceDocument } from "./document-set.js";
import { HTTP_METHODS, type Operation, type SecurityRequirement } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import { readOperation, type OperationSite } from "./read-operation.js";
import { parameterReaders } from "./read-parameter.js";
import { readServers } from "./read-servers.js";
import { resolveObject } from "./resolve-object.js";
import { operationNameFromPath, pathTemplateNames } from "./operation-name.js";

/**
 * Reads `paths` into operations, in document order (paths as listed, and
 * within a path the order of `HTTP_METHODS`). Names are settled first, so
 * that inline schemas can be named after their operation: the
 * `operationId` (two operations with one id are reported), else a name
 * made from the method and the path, numbered if another operation has it.
 */
export function readPaths(
  context: ReadContext,
  paths: ObjectReader<SourceDocument> | undefined,
  security: readonly SecurityRequirement[] | undefined,
): Operation[] {
  if (!paths) return [];
  const sites: Omit<OperationSite, "name" | "nameFrom">[] = [];
  const methods = HTTP_METHODS.filter((m) => m !== "trace" || context.format !== "swagger-2.0");
  for (const { key, keyAt, reader: written } of paths.entries("a path item")) {
    const path = key.startsWith("/") ? key : `/${key}`;
    if (path !== key) {
      const taken = paths.has(path);
      paths.warning(
        keyAt,
        "path-template",
        taken
          ? `the path "${key}" does not start with "/", and ${path} is also a path: it is left out`
          : `the path "${key}" does not start with "/": read as ${path}`,
        written.pointer,
      );
      if (taken) continue;
    }
    const resolved = resolveObject(context, written, "path item");
    if (!resolved) continue;
    const query = path.indexOf("?");
    const template = query === -1 ? path : path.slice(0, query);
    const queryPartNames = query === -1 ? [] : pathTemplateNames(path.slice(query));
    if (query !== -1)
      paths.warning(
        keyAt,
        "path-template",
        `the path "${path}" has a query part: read as ${template}, the names in the query part being query parameters when its operations declare them`,
        written.pointer,
      );
    const item = resolved.reader;
    item.checkKeys(`${withArticle(context.format)} path item`, {
      known: [
        ...methods,
        "parameters",
        ...(context.format === "swagger-2.0" ? [] : ["summary", "description", "servers"]),
      ],
    });
    const pathParameters = parameterReaders(context, item);
    const servers = item.array("servers");
    const pathBaseUrls =
      servers && servers.items.length > 0
        ? readServers(context, servers, item.document, item.pointerOf("servers"), servers.at)
        : undefined;
    for (const method of methods) {
      const operation = item.object(method);
      if (!operation) continue;
      sites.push({
        path: template,
        queryPartNames,
        method,
        reader: operation,
        pathParameters,
        ...(pathBaseUrls ? { pathBaseUrls } : {}),
        ...(security ? { security } : {}),
      });
    }
  }
  const named = nameOperations(sites);
  return named.flatMap((site) => readOperation(context, site) ?? []);
}

/** Gives every operation its name: the `operationId`, else one made from method and path. */
function nameOperations(
  sites: readonly Omit<OperationSite, "name" | "nameFrom">[],
): OperationSite[] {
  const ids = new Map<string, ObjectReader<SourceDocument>>();
  const withIds = sites.map((site) => {
    const id = site.reader.string("operationId");
    if (id === undefined) return { site, id };
    if (id === "") {
      site.reader.warning(
        site.reader.member("operationId")!.value.at,
        "empty-operation-id",
        "operationId is empty: the operation is named from its method and path",
        site.reader.pointerOf("operationId"),
      );
      return { site, id: undefined };
    }
    const first = ids.get(id);
    if (first) {
      const at = first.member("operationId")!.value.at;
      site.reader.warning(
        site.reader.member("operationId")!.value.at,
        "duplicate-operation-id",
        `operationId "${id}" is also used at ${at.file}:${at.line}:${at.col} (${first.pointer}): this operation is named from its method and path`,
        site.reader.pointerOf("operationId"),
      );
      return { site, id: undefined };
    }
    ids.set(id, site.reader);
    return { site, id };
  });
  const taken = new Set(ids.keys());
  return withIds.map(({ site, id }) => {
    if (id !== undefined) return { ...site, name: id, nameFrom: "operationId" as const };
    const base = operationNameFromPath(site.method, site.path);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return { ...site, name, nameFrom: "method-and-path" as const };
  });
}
