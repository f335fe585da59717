import type { ObjectType, RestOperation, Service } from "../model/ir.js";

/** Whether a request type leaves the caller a required field (besides those in `omit`). */
export function requiredInputs(type: ObjectType | undefined, omit: ReadonlySet<string>): boolean {
  // A union's value is always one of its variants: a caller gives one.
  if (type?.kind === "union") return true;
  return type?.allFields.some((f) => f.required && !omit.has(f.name)) ?? false;
}

/**
 * Whether an operation's request body must be sent: the contract says so, or
 * its type has required fields. The client makes such a body a required
 * argument and the server refuses a request without one; any other body may
 * be left out by the client, so the server accepts its absence.
 */
export function requestBodyRequired(op: RestOperation, service: Service): boolean {
  const required = op.wire?.request?.required;
  if (required !== undefined) return required;
  if (op.requestType === undefined) return false;
  return requiredInputs(
    service.types.find((t) => t.name === op.requestType),
    new Set(),
  );
}
