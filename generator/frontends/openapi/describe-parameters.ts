import type { FieldDescription, ParamDescription } from "../../description/description.js";
import { facetOf } from "../../facets/registry.js";
import { pascalCase } from "../../naming/case.js";
import { parameterKeys } from "../../naming/parameter-keys.js";
import { SCALAR_NAMES } from "../../model/vocabulary.js";
import type { DescribeContext } from "./describe-context.js";
import { describeValue } from "./describe-value.js";
import { writtenByStyle } from "./media-types.js";
import type { Operation, Parameter } from "./openapi-model.js";
import { NULL_AS_ABSENT, type ValueShape } from "./value-shape.js";

/** An operation's parameters by where they go: path (`params`), query, headers and cookies. */
export interface OperationParameters {
  readonly params: FieldDescription[];
  readonly query: ParamDescription[];
  readonly headers: ParamDescription[];
  readonly cookies: ParamDescription[];
}

/**
 * The parameters of the operation `opName` as the description says them: a
 * path parameter is text (with the facets of text); a query, header or
 * cookie parameter keeps its value's type. One that cannot be sent is left
 * out with a problem.
 */
export function describeParameters(
  ctx: DescribeContext,
  op: Operation,
  opName: string,
): OperationParameters {
  const params: FieldDescription[] = [];
  const query: ParamDescription[] = [];
  const headers: ParamDescription[] = [];
  const cookies: ParamDescription[] = [];
  const described: Parameter[] = [];
  for (const p of op.parameters) {
    const v = parameterValue(ctx, p, opName);
    if (!v) continue;
    described.push(p);
    // The model reads a parameter's name, or its `format: password`, as it reads a field's (model/infer-sensitive.ts).
    const password =
      p.schema.kind === "shape" && p.schema.format === "password"
        ? { passwordFormat: true as const }
        : {};
    if (p.in === "path") {
      params.push({
        name: p.name,
        at: p.at,
        type: { name: "string", at: p.at },
        required: true,
        // A path value is text: the facets of text (lengths, a pattern) hold for it.
        facets: v.facets
          .filter((f) => facetOf(f.key)?.appliesTo.includes("string") === true)
          .map((f) => ({ ...f, at: p.at })),
        examples: [],
        notes: v.notes,
        ...(v.doc !== undefined ? { doc: v.doc } : {}),
        ...(v.deprecated ? { deprecated: true as const } : {}),
        ...password,
      });
    } else {
      const entry: ParamDescription = {
        name: p.name,
        at: p.at,
        type: { name: v.type, at: p.at },
        required: p.required,
        ...(v.list ? { list: { ...v.list, at: p.at } } : {}),
        facets: v.facets.map((f) => ({ ...f, at: p.at })),
        examples: v.examples,
        notes: v.notes,
        ...(v.doc !== undefined ? { doc: v.doc } : {}),
        ...(v.deprecated ? { deprecated: true as const } : {}),
        ...password,
      };
      (p.in === "query" ? query : p.in === "header" ? headers : cookies).push(entry);
    }
  }
  warnSharedNames(ctx, described);
  return { params, query, headers, cookies };
}

/**
 * A name given to parameters of two places (a `Last-Event-ID` header and
 * query parameter): both are sent, each under its wire name; the later one's
 * property in the call's params object is the naming table's
 * (`naming/parameter-keys.ts`), which the warning names.
 */
function warnSharedNames(ctx: DescribeContext, parameters: readonly Parameter[]): void {
  const placed = parameters.map((p) => ({ place: p.in, name: p.name }));
  const keys = parameterKeys(placed);
  parameters.forEach((p, i) => {
    const key = keys[i]!;
    if (key === p.name) return;
    const other = parameters.find((q, j) => q.name === p.name && keys[j] === p.name)!;
    ctx.approximate(
      p.at,
      p.pointer,
      "parameter-name",
      `the ${p.in} parameter "${p.name}" is also a ${other.in} parameter: both are sent, and the call's params object holds this one as "${key}"`,
    );
  });
}

/** A parameter's value with its serialisation noted; undefined (with a problem) when it cannot be sent. */
function parameterValue(
  ctx: DescribeContext,
  p: Parameter,
  opName: string,
): ValueShape | undefined {
  if (p.mediaType !== undefined)
    return asText(ctx, p, `is given by content (${p.mediaType})`, `written as ${p.mediaType}`);
  const v = describeValue(ctx, p.schema, pascalCase(opName), p.name, 0, {
    kind: "parameter",
    operation: opName,
    parameter: p.name,
  });
  if (!v) return undefined;
  const notes = [...v.notes];
  if (p.in !== "path" && v.list && p.style !== "form")
    notes.push({
      kind: "interpretation",
      text: `Serialised as ${p.style}${p.explode ? ", exploded" : ""}.`,
    });
  const isObject =
    !(SCALAR_NAMES as readonly string[]).includes(v.type) &&
    !ctx.enums.some((e) => e.name === v.type);
  // An object in the query is written as its style says (deepObject: `name[key]=value`; form: its properties as pairs).
  // OpenAPI gives no form to other objects, nor to a list of objects.
  const styled = (p.style === "deepObject" || p.style === "form") && writtenByStyle(p, ctx.schemas);
  if ((isObject || v.map) && (v.list !== undefined || !styled))
    return asText(
      ctx,
      p,
      `holds ${v.list ? "a list of objects" : v.map ? "a map" : "an object or a union"} in ${p.in === "query" ? `a ${p.style} query parameter` : `a ${p.in} parameter`}`,
      "serialised as the service expects",
    );
  // A parameter is present or absent: null has no form in a path, query or header.
  const { nullable, ...value } = v;
  if (nullable) notes.push(NULL_AS_ABSENT);
  return {
    ...value,
    notes,
    ...(p.description !== undefined ? { doc: p.description } : {}),
    ...(p.deprecated ? { deprecated: true as const } : {}),
  };
}

/**
 * A parameter whose value OpenAPI gives no way to write (an object outside a
 * deepObject or form query parameter, a list of objects, a value given by
 * `content`): text the caller writes, sent as given (percent-encoded where
 * the place needs it), with a warning. Every value the contract allows can be
 * sent this way.
 */
function asText(ctx: DescribeContext, p: Parameter, what: string, how: string): ValueShape {
  ctx.approximate(
    p.at,
    p.pointer,
    "parameter-as-text",
    `parameter "${p.name}" ${what}: typed as text, which the caller writes`,
  );
  return {
    type: "string",
    facets: [],
    notes: [
      {
        kind: "interpretation",
        text: `The contract's value is not text: pass it ${how}; it is sent as given.`,
      },
    ],
    examples: [],
    ...(p.description !== undefined ? { doc: p.description } : {}),
    ...(p.deprecated ? { deprecated: true as const } : {}),
  };
}
