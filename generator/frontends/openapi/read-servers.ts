import type { Position } from "../../diagnostics/diagnostic.js";
import { describeKind, type JsonArrayNode } from "../json/json-node.js";
import { childPointer } from "../json/json-pointer.js";
import { objectReader } from "../json/object-reader.js";
import type { BaseUrl, ServerVariable } from "./openapi-model.js";
import type { ReadContext } from "./read-context.js";
import type { SourceDocument } from "./document-set.js";

/**
 * OpenAPI 3 `servers`: each URL with its variables; `url` has every
 * `{variable}` replaced by its default. No list, or an empty one, means the
 * one server `/` (the specification's default).
 */
export function readServers(
  context: Pick<ReadContext, "problems">,
  list: JsonArrayNode | undefined,
  document: SourceDocument,
  pointer: string,
  at: Position,
): BaseUrl[] {
  if (!list || list.items.length === 0)
    return [{ url: "/", template: "/", variables: [], at, pointer }];
  const out: BaseUrl[] = [];
  list.items.forEach((item, i) => {
    const reader = objectReader(
      item,
      document,
      childPointer(pointer, i),
      context.problems,
      "a server",
    );
    if (!reader) return;
    reader.checkKeys("a server", { known: ["url", "description", "variables"] });
    const template = reader.requiredString("url", "a server");
    if (template === undefined) return;
    const variables: ServerVariable[] = [];
    for (const { key, reader: variable } of reader
      .object("variables")
      ?.entries("a server variable") ?? []) {
      variable.checkKeys("a server variable", { known: ["enum", "default", "description"] });
      const defaultValue = variable.requiredString("default", "a server variable");
      const allowed = variable.stringArray("enum");
      const description = variable.string("description");
      if (defaultValue === undefined) continue;
      if (allowed && !allowed.includes(defaultValue)) {
        variable.warning(
          variable.member("default")!.value.at,
          "server-variable",
          `the default "${defaultValue}" is not one of the enum values: it is used all the same, as one more value`,
          variable.pointerOf("default"),
        );
        allowed.push(defaultValue);
      }
      variables.push({
        name: key,
        default: defaultValue,
        ...(allowed ? { enum: allowed } : {}),
        ...(description === undefined ? {} : { description }),
        at: variable.at,
        pointer: variable.pointer,
      });
    }
    const url = template.replace(/\{([^}]*)\}/g, (whole, name: string) => {
      const variable = variables.find((v) => v.name === name);
      if (variable) return variable.default;
      reader.error(
        reader.member("url")!.value.at,
        `the server URL uses {${name}}, which its variables do not define`,
        reader.pointerOf("url"),
      );
      return whole;
    });
    const description = reader.string("description");
    out.push({
      url,
      template,
      ...(description === undefined ? {} : { description }),
      variables,
      at: reader.at,
      pointer: reader.pointer,
    });
  });
  return out;
}

/**
 * Swagger 2.0 base URLs: one per scheme, `scheme://host` + `basePath`. With
 * no `host` the URL is `basePath` alone (relative to where the document is
 * served); with no `schemes`, `https` is assumed.
 */
export function swagger2BaseUrls(
  host: string | undefined,
  basePath: string,
  schemes: readonly string[],
  at: Position,
  pointer: string,
): BaseUrl[] {
  const path = basePath === "/" ? "" : basePath;
  if (host === undefined)
    return [{ url: basePath, template: basePath, variables: [], at, pointer }];
  const list = schemes.length > 0 ? schemes : ["https"];
  return list.map((scheme) => {
    const url = `${scheme}://${host}${path}`;
    return { url, template: url, variables: [], at, pointer };
  });
}

/** Swagger 2.0 `schemes`: a list of `http`, `https`, `ws`, `wss`. */
export function readSchemes(
  context: Pick<ReadContext, "problems">,
  list: JsonArrayNode | undefined,
  pointer: string,
): string[] | undefined {
  if (!list) return undefined;
  const out: string[] = [];
  list.items.forEach((item, i) => {
    if (item.kind === "string" && ["http", "https", "ws", "wss"].includes(item.value))
      out.push(item.value);
    else
      context.problems.error(
        item.at,
        `a scheme must be "http", "https", "ws" or "wss", not ${item.kind === "string" ? JSON.stringify(item.value) : describeKind(item)}`,
        childPointer(pointer, i),
      );
  });
  return out;
}
