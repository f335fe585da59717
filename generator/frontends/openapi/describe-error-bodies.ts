import type { Named } from "../../description/description.js";
import type { DescribeContext } from "./describe-context.js";
import { isJsonMediaType } from "./media-types.js";
import type { Operation } from "./openapi-model.js";

/**
 * The object type of the operation's error bodies: the `default` response's
 * JSON schema, else the one schema every 4xx and 5xx response with a JSON
 * body shares; undefined when they differ.
 */
export function errorBodyType(ctx: DescribeContext, op: Operation): Named | undefined {
  const objectOf = (status: string): Named | undefined => {
    const response = op.responses.find((r) => r.status === status);
    const json = response?.content.find((c) => isJsonMediaType(c.mediaType));
    // Only a named object schema: an error body is read when it fits, and never makes the contract fail.
    if (json?.schema?.kind !== "ref") return undefined;
    const name = ctx.objectTypeOf(json.schema.target);
    const type = name !== undefined ? ctx.types.find((t) => t.name === name) : undefined;
    return type && type.kind === "object" ? { name: type.name, at: json.at } : undefined;
  };
  const fromDefault = objectOf("default");
  if (fromDefault) return fromDefault;
  const errors = op.responses
    .filter((r) => /^[45](\d\d|XX)$/.test(r.status))
    .flatMap((r) => objectOf(r.status) ?? []);
  // Bodies of several types: each status's is read with its own (`errorBodyTypes`), which the client's doc comment says.
  return new Set(errors.map((e) => e.name)).size === 1 ? errors[0] : undefined;
}

/** Error bodies that differ by status: each error status whose JSON body is a named object schema, with its type. */
export function errorBodyTypes(
  ctx: DescribeContext,
  op: Operation,
): { status: number | "default"; type: Named }[] {
  const out: { status: number | "default"; type: Named }[] = [];
  for (const r of op.responses) {
    if (!/^([45]\d\d|default)$/.test(r.status)) continue;
    const json = r.content.find((c) => isJsonMediaType(c.mediaType));
    if (json?.schema?.kind !== "ref") continue;
    const name = ctx.objectTypeOf(json.schema.target);
    const type = name !== undefined ? ctx.types.find((t) => t.name === name) : undefined;
    if (type && type.kind === "object")
      out.push({
        status: r.status === "default" ? "default" : Number(r.status),
        type: { name: type.name, at: json.at },
      });
  }
  return out;
}
