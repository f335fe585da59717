/**
 * State for a mock that remembers (`--stateful`): what a create operation
 * answered is what later operations on the same collection read, change and
 * delete. The rules, all from the contract's paths:
 *
 * - A collection is a path `P` with a `POST` on it and an operation on
 *   `P/{param}`. Nested collections are kept apart by their actual path.
 * - `POST P` keeps its answer under the answer's id: its `id` property, else
 *   its first top-level string property named like an id (`…Id`, `…_id`). The
 *   id is made unique (a counter in place of its digits, or after it) when the
 *   answer still validates so; else the answer's own id is kept.
 * - `GET P/{id}` answers what was kept (or the default answer with the id in
 *   it, when the kept value is not of this operation's answer type);
 *   `PATCH`/`PUT`/`POST P/{id}` copy the request's top-level values of the
 *   same kind onto what was kept; `DELETE P/{id}` forgets it. An id never
 *   created gets the operation's documented 404 answer (a problem answer
 *   when the contract documents none).
 * - Everything else (lists, searches, operations outside a collection) is
 *   answered as without state.
 */

import { problemResponse } from "./problem.js";
import type { AnswerSpec, RestRoute } from "./rest-server.js";

/** A status and the body to write for it. */
type Reply = { readonly status: number; readonly body: unknown };

/** The resources kept, by collection path, then by id. */
export interface RestState {
  readonly collections: ReadonlySet<string>;
  readonly kept: Map<string, Map<string, Record<string, unknown>>>;
  next: number;
}

/** State for `routes`: which templates are collections. */
export function createRestState(
  routes: readonly { readonly method: string; readonly path: string }[],
): RestState {
  const posts = new Set(routes.filter((r) => r.method === "POST").map((r) => trimSlash(r.path)));
  const collections = new Set<string>();
  for (const r of routes) {
    const parent = itemParent(r.path);
    if (parent !== undefined && posts.has(parent)) collections.add(parent);
  }
  return { collections, kept: new Map(), next: 1 };
}

/** What a stateful mock answers, or `undefined` to answer as without state. */
export function statefulAnswer(
  state: RestState,
  route: RestRoute,
  pathname: string,
  pathParams: Readonly<Record<string, string>>,
  body: unknown,
  answers: Readonly<Record<number, unknown>>,
): Reply | Response | undefined {
  const fallback = Object.hasOwn(answers, route.success) ? answers[route.success] : undefined;
  const template = trimSlash(route.path);
  if (route.method === "POST" && state.collections.has(template))
    return create(state, route, trimSlash(pathname), fallback);
  const parent = itemParent(route.path);
  if (parent === undefined || !state.collections.has(parent)) return undefined;
  const name = lastParam(route.path)!;
  const id = pathParams[name]!;
  const kept = findKept(state, pathname, id);
  if (kept === undefined) return notFound(route, answers);
  switch (route.method) {
    case "DELETE":
      kept.collection.delete(id);
      return { status: route.success, body: fallback };
    case "GET":
      return { status: route.success, body: asAnswer(route, kept.value, fallback, id) };
    default: {
      const changed = merge(kept.value, body);
      if (valid(route.answers[route.success], changed)) kept.collection.set(id, changed);
      return {
        status: route.success,
        body: asAnswer(route, kept.collection.get(id)!, fallback, id),
      };
    }
  }
}

function create(
  state: RestState,
  route: RestRoute,
  collection: string,
  fallback: unknown,
): Reply | undefined {
  if (!isRecord(fallback)) return undefined;
  const key = idKey(fallback);
  if (key === undefined) return undefined;
  const spec = route.answers[route.success];
  const own = String(fallback[key]);
  const n = String(state.next++);
  const candidates = [own.replace(/\d+$/, (d) => n.padStart(d.length, "0")), `${own}${n}`];
  const id = candidates.find((c) => c !== own && valid(spec, { ...fallback, [key]: c })) ?? own;
  const value = { ...fallback, [key]: id };
  let kept = state.kept.get(collection);
  if (kept === undefined) state.kept.set(collection, (kept = new Map()));
  kept.set(id, value);
  return { status: route.success, body: value };
}

/** The kept value at `pathname` (collection path, then the id's segment as sent). */
function findKept(
  state: RestState,
  pathname: string,
  id: string,
):
  | {
      readonly collection: Map<string, Record<string, unknown>>;
      readonly value: Record<string, unknown>;
    }
  | undefined {
  const parent = trimSlash(pathname).split("/").slice(0, -1).join("/");
  const collection = state.kept.get(parent);
  const value = collection?.get(id);
  return collection !== undefined && value !== undefined ? { collection, value } : undefined;
}

/** The kept value when it is this operation's answer, else the default answer with the id in it. */
function asAnswer(
  route: RestRoute,
  kept: Record<string, unknown>,
  fallback: unknown,
  id: string,
): unknown {
  const spec = route.answers[route.success];
  if (valid(spec, kept)) return kept;
  if (!isRecord(fallback)) return fallback;
  const key = idKey(fallback);
  const withId = key !== undefined ? { ...fallback, [key]: id } : fallback;
  return valid(spec, withId) ? withId : fallback;
}

/** The operation's documented 404 answer, or a problem answer when it documents none. */
function notFound(route: RestRoute, answers: Readonly<Record<number, unknown>>): Reply | Response {
  if (Object.hasOwn(route.answers, 404))
    return { status: 404, body: Object.hasOwn(answers, 404) ? answers[404] : undefined };
  return problemResponse(404, "Not found", [], `no resource with this id was created`);
}

/** Top-level values of the request copied onto what was kept, where both hold the same kind of value. */
function merge(kept: Record<string, unknown>, body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return kept;
  // Built as own entries: a key named `__proto__` stays a key.
  return Object.fromEntries(
    Object.entries(kept).map(([key, old]) => {
      const sent = Object.hasOwn(body, key) ? body[key] : undefined;
      const same = sent !== undefined && kindOf(sent) === kindOf(old) && kindOf(sent) !== "object";
      return [key, same ? sent : old];
    }),
  );
}

function kindOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function valid(spec: AnswerSpec | undefined, value: unknown): boolean {
  return spec?.validate === undefined || spec.validate(value).ok;
}

/** The property holding a resource's id. */
function idKey(value: Record<string, unknown>): string | undefined {
  if (typeof value["id"] === "string") return "id";
  return Object.keys(value).find((k) => /(?:Id|_id|ID)$/.test(k) && typeof value[k] === "string");
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function trimSlash(path: string): string {
  return path.endsWith("/") ? path.slice(0, -1) : path;
}

/** `P` of a template `P/{param}`; `undefined` when its last segment is not one parameter. */
function itemParent(template: string): string | undefined {
  return lastParam(template) !== undefined
    ? trimSlash(template).split("/").slice(0, -1).join("/")
    : undefined;
}

function lastParam(template: string): string | undefined {
  const last = trimSlash(template).split("/").pop() ?? "";
  return /^\{[^{}]+\}$/.test(last) ? last.slice(1, -1) : undefined;
}
