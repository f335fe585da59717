import type { ConstValue, Field, RestOperation } from "../model/ir.js";
import { directionText, refText, type ServicePair } from "./diff-context.js";

/** One REST operation on both sides: method, path, base address, parameters, bodies, statuses, links, idempotency. */
export function compareRestBinding(
  pair: ServicePair,
  at: string,
  b: RestOperation,
  a: RestOperation,
): void {
  if (b.httpMethod !== a.httpMethod) {
    pair.add(
      "breaking",
      "http-method-changed",
      at,
      ["wire-json"],
      `${a.name} is now ${a.httpMethod} (was ${b.httpMethod}): the service refuses the old method`,
    );
  }
  if (b.path !== a.path) {
    if (templatePath(b.path) !== templatePath(a.path)) {
      pair.add(
        "breaking",
        "http-path-changed",
        at,
        ["wire-json"],
        `the path of ${a.name} is now ${a.path} (was ${b.path}): the service no longer answers the old path`,
      );
    } else {
      pair.add(
        "info",
        "http-path-changed",
        at,
        [],
        `the path parameters of ${a.name} were renamed: ${b.path} is now ${a.path}`,
      );
    }
  }
  if (b.baseUrl !== a.baseUrl) {
    pair.add(
      "warning",
      "base-url-changed",
      at,
      ["wire-json"],
      `${a.name} is now called on base address ${a.baseUrl} (was ${b.baseUrl})`,
    );
  }
  const paramsAfter = new Map(a.params.map((p) => [p.name, p]));
  const paramsBefore = new Map(b.params.map((p) => [p.name, p]));
  for (const p of b.params) {
    const now = paramsAfter.get(p.name);
    if (!now)
      pair.add(
        "breaking",
        "parameter-removed",
        `${at}/params/${p.name}`,
        ["source", "wire-json"],
        `parameter ${p.name} of ${a.name} was removed: code passing it no longer compiles`,
      );
    else if (!pair.sameRef(p.type, now.type)) {
      pair.add(
        "breaking",
        "parameter-type-changed",
        `${at}/params/${p.name}`,
        ["source", "wire-json"],
        `parameter ${p.name} of ${a.name} changed from ${refText(p.type)} to ${refText(now.type)}`,
      );
    }
  }
  for (const p of a.params) {
    if (!paramsBefore.has(p.name))
      pair.add(
        "breaking",
        "parameter-added",
        `${at}/params/${p.name}`,
        ["source", "wire-json"],
        `parameter ${p.name} was added to ${a.name}: every call must now pass it`,
        true,
      );
  }
  for (const where of ["query", "headers"] as const)
    compareNamedParams(pair, at, a.name, where, namedParams(b, where), namedParams(a, where));
  compareBody(pair, at, a.name, "request", b.requestType, a.requestType);
  compareRequestConstants(pair, at, a.name, b.requestConstants ?? [], a.requestConstants ?? []);
  compareBody(pair, at, a.name, "response", b.responseType, a.responseType);
  const codesBefore = new Map(b.statuses.map((s) => [s.code, s]));
  const codesAfter = new Map(a.statuses.map((s) => [s.code, s]));
  for (const s of b.statuses) {
    const now = codesAfter.get(s.code);
    if (!now)
      pair.add(
        "warning",
        "status-removed",
        `${at}/statuses/${s.code}`,
        [],
        `status ${s.code} of ${a.name} is no longer documented (${s.meaning})`,
      );
    else if (JSON.stringify(s.retry ?? null) !== JSON.stringify(now.retry ?? null)) {
      pair.add(
        "info",
        "status-retry-changed",
        `${at}/statuses/${s.code}`,
        [],
        `the retry guidance of status ${s.code} of ${a.name} changed: the client retries it differently`,
      );
    }
  }
  for (const s of a.statuses) {
    if (codesBefore.has(s.code)) continue;
    const success = s.code >= 200 && s.code < 300;
    pair.add(
      success ? "warning" : "info",
      "status-added",
      `${at}/statuses/${s.code}`,
      success ? ["wire-json"] : [],
      `status ${s.code} was added to ${a.name} (${s.meaning})${success ? ": a client built on the old package does not expect it" : ""}`,
      true,
    );
  }
  if (b.idempotent !== a.idempotent) {
    pair.add(
      "warning",
      "idempotency-changed",
      at,
      [],
      `${a.name} is ${a.idempotent ? "now" : "no longer"} idempotent: the client ${a.idempotent ? "may now retry it" : "no longer retries it"} after a failure`,
    );
  }
  const linksAfter = new Set(a.links.map((l) => l.name));
  const linksBefore = new Set(b.links.map((l) => l.name));
  for (const l of b.links)
    if (!linksAfter.has(l.name))
      pair.add(
        "breaking",
        "link-removed",
        `${at}/links/${l.name}`,
        ["source"],
        `the result of ${a.name} no longer follows link ${l.name}: code calling ${l.method} on it no longer compiles`,
      );
  for (const l of b.links) {
    if (!linksAfter.has(l.name)) continue;
    const mb = pair.beforeNames.linkMethod(b.name, l.name);
    const ma = pair.afterNames.linkMethod(a.name, l.name);
    if (mb !== ma)
      pair.add(
        "breaking",
        "ts-name-changed",
        `${at}/links/${l.name}`,
        ["source"],
        `the method following link ${l.name} of ${a.name}'s result changed from ${mb} to ${ma} (the wire is unchanged): code calling ${mb} no longer compiles`,
      );
  }
  for (const l of a.links)
    if (!linksBefore.has(l.name))
      pair.add(
        "info",
        "link-added",
        `${at}/links/${l.name}`,
        [],
        `the result of ${a.name} now follows link ${l.name} (${l.method})`,
        true,
      );
  if (b.timeoutMs !== a.timeoutMs) {
    pair.add(
      "info",
      "timeout-changed",
      at,
      [],
      `the default timeout of ${a.name} is now ${a.timeoutMs ?? "the client's"} ms (was ${b.timeoutMs ?? "the client's"})`,
    );
  }
}

function compareBody(
  pair: ServicePair,
  at: string,
  op: string,
  side: "request" | "response",
  b: string | undefined,
  a: string | undefined,
): void {
  const mapped = b === undefined ? undefined : pair.mapped(b);
  if (mapped === a) return;
  const dir =
    side === "request" ? { sent: true, received: false } : { sent: false, received: true };
  const what =
    b === undefined
      ? `now has a ${side} body (${a})`
      : a === undefined
        ? `no longer has a ${side} body (was ${b})`
        : `${side} body is now ${a} (was ${b})`;
  pair.add(
    "breaking",
    `${side}-type-changed`,
    at,
    ["source", "wire-json"],
    `${op} ${what}: ${directionText(dir)}, in another shape`,
  );
}

/** A path with its parameter names left out: `/a/{id}` and `/a/{paymentId}` are one path. */
export function templatePath(p: string): string {
  return p.replace(/\{[^}]*\}/g, "{}");
}

/** Query or header parameters, when the model gives an operation any. */
function namedParams(op: RestOperation, where: "query" | "headers"): readonly Field[] {
  return (op as unknown as Partial<Record<"query" | "headers", readonly Field[]>>)[where] ?? [];
}

/** Query and header parameters: what a call must pass, and what the service accepts. */
function compareNamedParams(
  pair: ServicePair,
  at: string,
  op: string,
  where: "query" | "headers",
  before: readonly Field[],
  after: readonly Field[],
): void {
  const label = where === "query" ? "query parameter" : "header";
  const beforeByName = new Map(before.map((p) => [p.name, p]));
  const afterByName = new Map(after.map((p) => [p.name, p]));
  for (const p of before) {
    const now = afterByName.get(p.name);
    const path = `${at}/${where}/${p.name}`;
    if (!now) {
      pair.add(
        "breaking",
        "parameter-removed",
        path,
        ["source", "wire-json"],
        `${label} ${p.name} of ${op} was removed: code passing it no longer compiles`,
      );
      continue;
    }
    if (!pair.sameRef(p.type, now.type) || Boolean(p.list) !== Boolean(now.list)) {
      pair.add(
        "breaking",
        "parameter-type-changed",
        path,
        ["source", "wire-json"],
        `${label} ${p.name} of ${op} changed from ${refText(p.type)}${p.list ? " list" : ""} to ${refText(now.type)}${now.list ? " list" : ""}`,
      );
    }
    if (!p.required && now.required)
      pair.add(
        "breaking",
        "parameter-made-required",
        path,
        ["source", "wire-json"],
        `${label} ${p.name} of ${op} became required: a call without it is refused`,
      );
    if (p.required && !now.required)
      pair.add(
        "info",
        "parameter-made-optional",
        path,
        [],
        `${label} ${p.name} of ${op} became optional`,
      );
  }
  for (const p of after) {
    if (beforeByName.has(p.name)) continue;
    const path = `${at}/${where}/${p.name}`;
    if (p.required)
      pair.add(
        "breaking",
        "parameter-added",
        path,
        ["source", "wire-json"],
        `required ${label} ${p.name} was added to ${op}: every call must now pass it`,
        true,
      );
    else
      pair.add(
        "info",
        "parameter-added",
        path,
        [],
        `optional ${label} ${p.name} was added to ${op}`,
        true,
      );
  }
}

/** The request values an operation always sends: a new or changed one narrows the request type, a removed one is no longer sent for the caller. */
function compareRequestConstants(
  pair: ServicePair,
  at: string,
  op: string,
  before: readonly { path: string; value: ConstValue }[],
  after: readonly { path: string; value: ConstValue }[],
): void {
  const was = new Map(before.map((c) => [c.path, c.value]));
  const now = new Map(after.map((c) => [c.path, c.value]));
  for (const [path, value] of was) {
    const next = now.get(path);
    if (next === undefined) {
      pair.add(
        "warning",
        "request-constant-removed",
        `${at}/request/${path}`,
        ["wire-json"],
        `${op} no longer sends ${path} = ${JSON.stringify(value)} itself: a request that leaves it out goes without it`,
      );
    } else if (next !== value) {
      pair.add(
        "breaking",
        "request-constant-changed",
        `${at}/request/${path}`,
        ["source", "wire-json"],
        `${op} now sends ${path} = ${JSON.stringify(next)} (was ${JSON.stringify(value)}): a request giving the old value no longer compiles and is refused`,
      );
    }
  }
  for (const [path, value] of now) {
    if (!was.has(path))
      pair.add(
        "breaking",
        "request-constant-added",
        `${at}/request/${path}`,
        ["source"],
        `${op} now always sends ${path} = ${JSON.stringify(value)}: a request giving another value no longer compiles and is refused`,
      );
  }
}
