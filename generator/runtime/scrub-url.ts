/**
 * A URL fit for a view: every secret of the call scrubbed from its path and
 * from each `name=value` pair of its query; the origin as it is (a short
 * secret, a card code, may be the digits of a port). An operation with
 * sensitive parameters shows their query values redacted instead
 * (`sensitive-params.ts`); every other call's view needs only this.
 */
import { scrubKnownSecrets, type Secrets } from "./redact.js";

export function scrubUrl(
  url: string,
  secrets: Secrets,
  /** A query pair's own view (a sensitive parameter's, redacted), else `undefined`. */
  pairView?: (pair: string) => string | undefined,
): string {
  const queryAt = url.indexOf("?");
  const beforeQuery = queryAt < 0 ? url : url.slice(0, queryAt);
  const pathAt = beforeQuery.indexOf("/", beforeQuery.indexOf("://") + 3);
  const head =
    pathAt < 0
      ? beforeQuery
      : beforeQuery.slice(0, pathAt) + scrubKnownSecrets(beforeQuery.slice(pathAt), secrets);
  if (queryAt < 0) return head;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => pairView?.(pair) ?? scrubKnownSecrets(pair, secrets));
  return `${head}?${query.join("&")}`;
}
