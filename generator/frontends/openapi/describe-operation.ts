import type { OperationDescription, StatusDescription } from "../../description/description.js";
import type { HttpMethod, Note } from "../../model/vocabulary.js";
import { lowerCamel, pascalCase } from "../../naming/case.js";
import { describeBody } from "./describe-body.js";
import type { DescribeContext } from "./describe-context.js";
import { errorBodyType, errorBodyTypes } from "./describe-error-bodies.js";
import { describeParameters } from "./describe-parameters.js";
import { describeRequirement } from "./describe-security.js";
import type { ServiceServers } from "./describe-servers.js";
import { describeWire } from "./describe-wire.js";
import { isEmptyFormBody } from "./media-types.js";
import type { Operation } from "./openapi-model.js";

/**
 * An operation as a REST operation of the service: its parameters, the
 * security schemes it uses (of `usable`, the service's), its bodies and wire,
 * its statuses and error bodies, its base URL. An HTTP method the client has
 * no operation for is left out, approximated.
 */
export function describeOperation(
  ctx: DescribeContext,
  op: Operation,
  usable: ReadonlySet<string>,
  servers: ServiceServers,
  taken: Set<string>,
): OperationDescription | undefined {
  const method = op.method.toUpperCase();
  if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method)) {
    ctx.approximate(
      op.at,
      op.pointer,
      "http-method",
      `HTTP method ${method} is left out: the client has GET, POST, PUT, PATCH and DELETE operations only`,
    );
    return undefined;
  }
  const name = uniqueName(ctx, op, taken);
  const notes: Note[] = [];
  if (op.tags.length > 0) notes.push({ kind: "info", text: `Tags: ${op.tags.join(", ")}.` });
  const { params, query, headers, cookies } = describeParameters(ctx, op, name);
  const uses = describeRequirement(op, usable, notes);
  const wire = describeWire(withoutGetBody(ctx, op), ctx.schemas, notes, {
    body: (content, fallback) =>
      describeBody(ctx, content, content, fallback, name, "request", notes, op.requestBody!.at),
    response: (content, fallback, at) =>
      describeBody(ctx, content, content, fallback, name, "response", notes, at),
    requestName: `${pascalCase(name)}Request`,
    responseName: `${pascalCase(name)}Response`,
  });
  const requestType = wire.requestType;
  const responseType = wire.responseType;
  const statuses = statusesOf(op, notes);
  const errorType = errorBodyType(ctx, op);
  const errorTypes = errorType ? [] : errorBodyTypes(ctx, op);
  return {
    protocol: "rest",
    name,
    at: op.at,
    httpMethod: method as HttpMethod,
    path: op.path,
    pathAt: op.at,
    baseUrl: { name: servers.baseUrlNameOf(op), at: op.at },
    params,
    ...(query.length > 0 ? { query } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(cookies.length > 0 ? { cookies } : {}),
    ...(uses.length > 0 ? { security: uses } : {}),
    ...(requestType ? { requestType } : {}),
    ...(responseType ? { responseType } : {}),
    ...(errorType ? { errorType } : {}),
    ...(errorTypes.length > 0 ? { errorTypes } : {}),
    ...(wire.wire ? { wire: wire.wire } : {}),
    statuses,
    idempotent: method !== "POST" && method !== "PATCH",
    links: [],
    notes,
    ...((op.description ?? op.summary) ? { doc: (op.description ?? op.summary)!.trim() } : {}),
    ...(op.deprecated ? { deprecated: true as const } : {}),
  };
}

/** The operation's statuses (each `1xx`-`5xx` code it lists); a range or `default` is a note. */
function statusesOf(op: Operation, notes: Note[]): StatusDescription[] {
  const statuses: StatusDescription[] = [];
  for (const r of op.responses) {
    if (/^[1-5]\d\d$/.test(r.status)) {
      statuses.push({
        code: Number(r.status),
        at: r.at,
        meaning: r.description.trim() || `HTTP ${r.status}`,
      });
    } else {
      notes.push({
        kind: "info",
        text: `${r.status === "default" ? "Any other status" : `Statuses ${r.status}`}: ${r.description.trim()}`,
      });
    }
  }
  return statuses;
}

/**
 * The operation's name as a method, unique among the operations described
 * before it (`taken`, which it joins): two operation ids that differ only in
 * spacing or case (`List Rules`, `List rules`) would give one method.
 */
function uniqueName(ctx: DescribeContext, op: Operation, taken: Set<string>): string {
  const base = lowerCamel(identifierOf(op.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  if (name !== base)
    ctx.approximate(
      op.at,
      op.pointer,
      "operation-name",
      `the operation "${op.name}" is named ${base} as an earlier operation is: it is named ${name}`,
    );
  return name;
}

/** An operation name usable as a method: letters and digits, not starting with a digit. */
function identifierOf(name: string): string {
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return name;
  const joined = pascalCase(name);
  return /^[A-Za-z]/.test(joined) ? joined : `op${joined}`;
}

/**
 * The operation as the client can send it: a GET cannot carry a body (fetch
 * refuses one), so a GET's body, unless it is the empty form body some
 * contracts declare (a note then), is left out with a warning.
 */
function withoutGetBody(ctx: DescribeContext, op: Operation): Operation {
  if (op.method !== "get" || !op.requestBody || isEmptyFormBody(op, ctx.schemas)) return op;
  ctx.approximate(
    op.requestBody.at,
    `${op.pointer}/requestBody`,
    "get-body",
    "a GET request cannot carry a body (fetch refuses one): the body is left out",
  );
  const { requestBody: _left, ...rest } = op;
  return rest;
}
