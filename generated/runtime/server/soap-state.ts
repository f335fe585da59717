/**
 * State for a SOAP mock that remembers (`--stateful`). Operations are
 * grouped by name: `<prefix>Create<Noun>` with `<prefix>Get<Noun>`,
 * `<prefix>Update<Noun>` and `<prefix>Delete<Noun>` (`CreateCustomerProfile`,
 * `GetCustomerProfile`...). The rules:
 *
 * - Create answers its result with a new id: the result's first top-level
 *   string field named like an id (`customerProfileId`), made unique by a
 *   counter when the result still validates so. What the request sent is
 *   kept under that id.
 * - Get, Update and Delete find the id in their request (a field of the same
 *   name, at any depth). Get answers its result with the kept values copied
 *   in where the result has a field of the same name and kind (and the id
 *   wherever the result names it), when that still validates; Update copies
 *   its request's values onto what was kept; Delete forgets it. An id never
 *   created gets a client fault saying so.
 * - Other operations are answered as without state.
 */

import type { SoapRoute } from "./soap-server.js";

const VERB = /^(.*?)(Create|Get|Update|Delete)(.+)$/;

/** The resources kept, by family (`<prefix>|<noun>`), then by id. */
export interface SoapState {
  readonly families: ReadonlyMap<string, { readonly verb: string; readonly family: string }>;
  readonly kept: Map<string, Map<string, { idKey: string; values: Record<string, unknown> }>>;
  next: number;
}

/** State for `routes`: which operations create, read, change and delete the same thing. */
export function createSoapState(routes: readonly { readonly name: string }[]): SoapState {
  const parsed = routes.flatMap((r) => {
    const m = VERB.exec(r.name);
    return m ? [{ name: r.name, verb: m[2]!, family: `${m[1]}|${m[3]}` }] : [];
  });
  const creating = new Set(parsed.filter((p) => p.verb === "Create").map((p) => p.family));
  const families = new Map<string, { verb: string; family: string }>();
  for (const p of parsed)
    if (creating.has(p.family) && parsed.some((o) => o.family === p.family && o.verb !== "Create"))
      families.set(p.name, { verb: p.verb, family: p.family });
  return { families, kept: new Map(), next: 1 };
}

/** What a stateful mock answers: a result, "not found", or `undefined` to answer as without state. */
export function statefulResult(
  state: SoapState,
  route: SoapRoute,
  request: unknown,
  fallback: unknown,
): { readonly result: unknown } | "not found" | undefined {
  const role = state.families.get(route.name);
  if (role === undefined || !isRecord(fallback)) return undefined;
  let kept = state.kept.get(role.family);
  if (kept === undefined) state.kept.set(role.family, (kept = new Map()));
  if (role.verb === "Create") return create(state, route, kept, request, fallback);
  const idKey = [...kept.values()][0]?.idKey ?? idKeyOf(fallback);
  const id = idKey !== undefined ? findValue(request, idKey) : undefined;
  if (idKey === undefined || typeof id !== "string") return undefined;
  const found = kept.get(id);
  if (found === undefined) return "not found";
  switch (role.verb) {
    case "Delete":
      kept.delete(id);
      return { result: fallback };
    case "Update":
      found.values = copyInto(found.values, isRecord(request) ? request : {});
      return { result: fallback };
    default: {
      const withId = replaceKey(fallback, idKey, id);
      const filled = copyInto(withId, found.values);
      const result = route.check(filled).ok ? filled : withId;
      return { result: route.check(result).ok ? result : fallback };
    }
  }
}

function create(
  state: SoapState,
  route: SoapRoute,
  kept: Map<string, { idKey: string; values: Record<string, unknown> }>,
  request: unknown,
  fallback: Record<string, unknown>,
): { readonly result: unknown } | undefined {
  const idKey = idKeyOf(fallback);
  if (idKey === undefined) return undefined;
  const own = String(fallback[idKey]);
  const n = String(state.next++);
  const candidates = [own.replace(/\d+$/, (d) => n.padStart(d.length, "0")), `${own}${n}`];
  const id =
    candidates.find((c) => c !== own && route.check({ ...fallback, [idKey]: c }).ok) ?? own;
  kept.set(id, { idKey, values: isRecord(request) ? request : {} });
  return { result: { ...fallback, [idKey]: id } };
}

/** The result's first top-level string field named like an id. */
function idKeyOf(value: Record<string, unknown>): string | undefined {
  return Object.keys(value).find((k) => /(?:Id|ID)$/.test(k) && typeof value[k] === "string");
}

/** The value of the first field named `key`, searched breadth-first. */
function findValue(value: unknown, key: string): unknown {
  let level: unknown[] = [value];
  for (let depth = 0; depth < 8 && level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const v of level) {
      if (!isRecord(v)) continue;
      if (Object.hasOwn(v, key)) return v[key];
      next.push(...Object.values(v));
    }
    level = next;
  }
  return undefined;
}

/** `value` with every field named `key` (at any depth) holding `id`. */
function replaceKey(value: unknown, key: string, id: string): Record<string, unknown> {
  const walk = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(walk)
      : isRecord(v)
        ? Object.fromEntries(
            Object.entries(v).map(([k, x]) => [
              k,
              k === key && typeof x === "string" ? id : walk(x),
            ]),
          )
        : v;
  return walk(value) as Record<string, unknown>;
}

/** `target` with the values of `source` copied in where both have a field of the same name and kind, at any depth. */
function copyInto(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  // Built as own entries: a key named `__proto__` stays a key.
  return Object.fromEntries(
    Object.entries(target).map(([key, value]) => {
      if (!Object.hasOwn(source, key)) return [key, value];
      const from = source[key];
      if (isRecord(value) && isRecord(from)) return [key, copyInto(value, from)];
      const same = !isRecord(value) && !Array.isArray(value) && typeof value === typeof from;
      return [key, same ? from : value];
    }),
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
