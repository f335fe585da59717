import type { RestBindingDescription } from "../../description/description.js";
import type { ApiDocument, Operation } from "./openapi-model.js";

/** The document's servers as the service's base URLs, and which one an operation uses. */
export interface ServiceServers {
  /** `base_url`, `base_url_2`, ...: one per server; `base_url` alone when the contract names none. */
  readonly baseUrls: RestBindingDescription["baseUrls"];
  /** The name of the base URL the operation's first server is (`base_url` when it is none of them). */
  readonly baseUrlNameOf: (op: Operation) => string;
}

/** The servers of `doc` (3.x `servers`, 2.0 `host` and `basePath`) as named base URLs. */
export function describeServers(doc: ApiDocument): ServiceServers {
  const baseUrls = doc.baseUrls.length > 0 ? doc.baseUrls : [];
  const baseUrlNames = baseUrls.map((_, i) => (i === 0 ? "base_url" : `base_url_${i + 1}`));
  const bindingUrls =
    baseUrls.length > 0
      ? baseUrls.map((b, i) => ({
          name: baseUrlNames[i]!,
          doc: `${b.description ? `${b.description}: ` : ""}${b.url}`,
          ...(/^https?:\/\//i.test(b.url) ? { url: b.url } : {}),
          at: b.at,
        }))
      : [{ name: "base_url", doc: "The contract names no server", at: doc.at }];
  return {
    baseUrls: bindingUrls,
    baseUrlNameOf: (op) =>
      baseUrlNames[
        Math.max(
          0,
          baseUrls.findIndex((b) => op.baseUrls[0]?.url === b.url),
        )
      ] ?? "base_url",
  };
}
