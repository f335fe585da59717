import type { ServiceBlockAst } from "./yaml-ast.js";
import type { Entry, SchemaReader } from "./schema-reader.js";
import { DOC_KEYS, readDocs } from "./read-docs.js";
import { readRetry } from "./read-operation.js";
import { readNamespace } from "./read-xml-names.js";

const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;

/** Reads the `service:` block of a `service.yaml`. */
export function readServiceBlock(
  r: SchemaReader,
  entry: Entry,
  folder: string,
): ServiceBlockAst | undefined {
  const e = r.map(entry.node, entry.at, "service", [
    "name",
    "title",
    "protocol",
    "soap",
    "rest",
    ...DOC_KEYS,
  ]);
  if (!e) return undefined;
  const name = r.requiredString(e, "name", entry.keyAt, "service");
  const title = r.requiredProse(e, "title", entry.keyAt, "service");
  const protocol = r.requiredString(e, "protocol", entry.keyAt, "service");
  if (name === undefined || title === undefined || protocol === undefined) return undefined;
  if (!SERVICE_NAME.test(name))
    r.error(e.get("name")!.at, `service name "${name}" must be lower-case letters, digits and "-"`);
  else if (name !== folder)
    r.error(e.get("name")!.at, `service name "${name}" must equal its folder name "${folder}"`);
  if (protocol !== "soap" && protocol !== "rest") {
    r.error(e.get("protocol")!.at, 'protocol must be "soap" or "rest"');
    return undefined;
  }
  const other = protocol === "soap" ? "rest" : "soap";
  if (e.has(other)) r.error(e.get(other)!.keyAt, `a ${protocol} service has no "${other}" block`);
  const block = e.get(protocol);
  if (!block) {
    r.error(entry.keyAt, `a ${protocol} service needs a "${protocol}" block`);
    return undefined;
  }
  const base = { name, at: e.get("name")!.at, title, protocol, ...readDocs(r, e) } as const;
  if (protocol === "soap") {
    const s = r.map(block.node, block.at, "soap", [
      "namespace",
      "endpoint",
      "soapVersion",
      "requestBase",
      "responseBase",
      "credentials",
    ]);
    if (!s) return undefined;
    const ns = s.get("namespace");
    const n = ns
      ? r.map(ns.node, ns.at, "namespace", ["placeholder", "version", "uri"])
      : undefined;
    if (!ns) r.error(block.keyAt, 'soap needs "namespace"');
    const placeholder = n ? r.requiredString(n, "placeholder", ns!.at, "namespace") : undefined;
    const version = n ? r.requiredString(n, "version", ns!.at, "namespace") : undefined;
    const requestBase = r.requiredString(s, "requestBase", block.keyAt, "soap");
    const responseBase = r.requiredString(s, "responseBase", block.keyAt, "soap");
    const credentials = r.string(s.get("credentials"), "credentials");
    const uri = n ? readNamespace(r, n.get("uri"), "namespace uri") : undefined;
    const endpoint = r.string(s.get("endpoint"), "endpoint");
    const soapVersion = r.string(s.get("soapVersion"), "soapVersion");
    if (soapVersion !== undefined && soapVersion !== "1.1" && soapVersion !== "1.2")
      r.error(s.get("soapVersion")!.at, 'soapVersion must be "1.1" or "1.2"');
    if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint))
      r.error(s.get("endpoint")!.at, "endpoint must be an http or https URL");
    if (
      placeholder === undefined ||
      version === undefined ||
      requestBase === undefined ||
      responseBase === undefined
    )
      return undefined;
    return {
      ...base,
      soap: {
        namespacePlaceholder: placeholder,
        version,
        ...(uri !== undefined ? { namespace: uri } : {}),
        ...(endpoint !== undefined ? { endpoint } : {}),
        ...(soapVersion === "1.2" ? { soapVersion: "1.2" as const } : {}),
        requestBase: { name: requestBase, at: s.get("requestBase")!.at },
        responseBase: { name: responseBase, at: s.get("responseBase")!.at },
        ...(credentials !== undefined
          ? { credentials: { name: credentials, at: s.get("credentials")!.at } }
          : {}),
      },
    };
  }
  const rest = r.map(block.node, block.at, "rest", ["baseUrls", "retry", "outcome"]);
  if (!rest) return undefined;
  const baseUrls: { name: string; doc?: string; at: ServiceBlockAst["at"] }[] = [];
  for (const item of r.seq(rest.get("baseUrls"), "baseUrls")) {
    const at = r.at(item);
    const b = r.map(item, at, "base URL", ["name", "doc"]);
    const bn = b ? r.requiredString(b, "name", at, "a base URL") : undefined;
    const doc = b ? r.prose(b, "doc", "doc") : undefined;
    if (bn !== undefined) baseUrls.push({ name: bn, at, ...(doc !== undefined ? { doc } : {}) });
  }
  if (baseUrls.length === 0) r.error(block.keyAt, "rest needs at least one entry in baseUrls");
  const retry = rest.get("retry") ? readRetry(r, rest.get("retry")!) : undefined;
  const outcome = r
    .seq(rest.get("outcome"), "outcome")
    .map((node) => ({
      path: r.scalarText(node, r.at(node), "an outcome field path"),
      at: r.at(node),
    }))
    .filter((o): o is { path: string; at: typeof o.at } => o.path !== undefined);
  return { ...base, rest: { baseUrls, ...(retry ? { retry } : {}), outcome } };
}
