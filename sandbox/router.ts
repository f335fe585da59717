/**
 * The route table: method and path pattern to handler.
 */
import type { SandboxAnswer, SandboxRequest } from "./http-io.js";

export interface Route {
  readonly method: "GET" | "POST" | "DELETE";
  /** Anchored pattern; its groups are the path parameters (handed over percent-decoded). */
  readonly path: RegExp;
  /** `rest` routes take JSON and the REST credential policy; `soap` takes XML. */
  readonly api: "rest" | "soap";
  readonly handle: (
    request: SandboxRequest,
    params: readonly string[],
  ) => SandboxAnswer | Promise<SandboxAnswer>;
}

/** What the table says about a request: a route, a known path with another method, or nothing. */
export type RouteMatch =
  | { readonly kind: "route"; readonly route: Route; readonly params: readonly string[] }
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.path.exec(path);
    if (match === null) continue;
    if (route.method === method)
      return { kind: "route", route, params: match.slice(1).map((p) => decode(p ?? "")) };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
}

/** A percent-decoded path segment; a malformed escape is kept as written. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
