import type { Position } from "../../diagnostics/diagnostic.js";
import type { Named } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import { pascalCase } from "../../naming/case.js";
import type { DescribeContext } from "./describe-context.js";
import { describeValue } from "./describe-value.js";
import { addOpaqueType } from "./opaque-type.js";
import type { MediaContent } from "./openapi-model.js";

/**
 * The type of an operation's request or response body: the object type of
 * its JSON schema, else an opaque type named `fallback` (a list of untyped
 * values for an array), with a note saying why.
 */
export function describeBody(
  ctx: DescribeContext,
  json: MediaContent | undefined,
  first: MediaContent | undefined,
  fallback: string,
  opName: string,
  side: "request" | "response",
  notes: Note[],
  at: Position,
): Named {
  const origin = { kind: side, operation: opName } as const;
  if (json?.schema) {
    const v = describeValue(
      ctx,
      json.schema,
      pascalCase(opName),
      side === "request" ? "Request" : "Response",
      0,
      origin,
    );
    if (v && !v.list && !v.map && ctx.objectTypeOf(v.type) !== undefined)
      return { name: v.type, at: json.at };
    if (v && !v.list && !v.map && ctx.types.some((t) => t.name === v.type))
      return { name: v.type, at: json.at };
    if (v)
      notes.push({
        kind: "interpretation",
        text: `The ${side} body is ${v.map ? "a map" : v.list ? "an array" : `a ${v.type}`} in the contract: handled as an opaque body${v.list ? " (a list of values)" : ""}.`,
      });
    // An array stays an array: a list of untyped values, which the contract's wire accepts.
    if (v?.list && !v.map) {
      const name = ctx.unique(fallback);
      addOpaqueType(ctx, name, json.at, [], undefined, origin, { list: true });
      return { name, at: json.at };
    }
  } else if (json) {
    notes.push({
      kind: "interpretation",
      text: `The ${side} body has no schema in the contract: handled as an opaque body.`,
    });
  } else {
    notes.push({
      kind: "interpretation",
      text: `The ${side} body is ${first?.mediaType ?? "not JSON"}: handled as an opaque body.`,
    });
  }
  const name = ctx.unique(fallback);
  addOpaqueType(ctx, name, json?.at ?? first?.at ?? at, [], undefined, origin);
  return { name, at: json?.at ?? at };
}
