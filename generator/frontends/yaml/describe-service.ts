import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type {
  FieldDescription,
  Named,
  OperationDescription,
  ServiceDescription,
  TypeDescription,
} from "../../description/description.js";
import type { TypeOrigin } from "../../model/vocabulary.js";
import type { FieldAst, ServiceAst, TypeBodyAst } from "./yaml-ast.js";
import { expandAll } from "./expand-paths.js";
import { inlineTypeName, requestTypeName, restBodyTypeName, resultTypeName } from "./type-names.js";

/**
 * The description of a service folder: every object type gets its final name
 * and a flat field list (dotted REST paths are expanded, inline objects become
 * types named `<Parent><Field>`, operations get `<Operation>Request` /
 * `<Operation>Result`). A folder without a service block is left out (the
 * reader reported it).
 */
export function describeService(
  service: ServiceAst,
  diagnostics: Diagnostics,
): ServiceDescription | undefined {
  const block = service.block;
  if (!block) return undefined;
  const protocol = block.protocol;
  const decls: TypeDescription[] = [];

  const addBody = (
    name: string,
    at: Position,
    body: TypeBodyAst,
    origin: TypeOrigin,
    extendsOverride?: Named | null,
  ) => {
    let fields = body.fields;
    if (protocol === "rest") fields = expandAll(fields, diagnostics);
    else
      for (const f of allFieldsDeep(fields))
        if (f.name.includes("."))
          diagnostics.error(
            f.at,
            `SOAP field names cannot be paths ("${f.name}"); declare a nested type`,
          );
    const ext = extendsOverride === null ? undefined : (extendsOverride ?? body.extends);
    decls.push({
      name,
      at,
      kind: body.kind,
      ...(ext ? { extends: ext } : {}),
      fields: fields
        .map((f) => lowerInline(name, f, body.open))
        .filter((f): f is FieldDescription => f !== undefined),
      open: body.open,
      ...(body.choices ? { choices: body.choices } : {}),
      ...(body.gap ? { gap: body.gap } : {}),
      ...(body.doc ? { doc: body.doc } : {}),
      ...(body.source ? { source: body.source } : {}),
      notes: body.notes,
      ...(body.deprecated ? { deprecated: true as const } : {}),
      origin,
    });
  };

  // Inline objects of an open type are open too: the documents show the whole body only in part.
  const lowerInline = (
    parent: string,
    field: FieldAst,
    parentOpen: boolean,
  ): FieldDescription | undefined => {
    if (!field.fields) return field.type ? { ...field, type: field.type } : undefined;
    const name = inlineTypeName(parent, field.name);
    addBody(
      name,
      field.at,
      {
        at: field.at,
        kind: "object",
        fields: field.fields,
        open: parentOpen,
        notes: [],
        ...(field.doc ? { doc: field.doc } : {}),
      },
      { kind: "inline", parent, field: field.name },
    );
    const { fields: _dropped, ...rest } = field;
    return { ...rest, type: { name, at: field.at } };
  };

  for (const t of service.types) addBody(t.name, t.at, t, { kind: "declared" });

  const operations: OperationDescription[] = [];
  for (const op of service.operations) {
    if (op.protocol === "soap") {
      const soap = block.soap;
      const reqName = requestTypeName(op.name);
      const resName = resultTypeName(op.name);
      const reqBody: TypeBodyAst = op.request ?? {
        at: op.at,
        kind: "object",
        fields: [],
        open: false,
        notes: [],
      };
      addBody(
        reqName,
        op.at,
        reqBody,
        { kind: "request", operation: op.name },
        op.auth && soap ? soap.requestBase : null,
      );
      const resBody: TypeBodyAst = op.response ?? {
        at: op.at,
        kind: "object",
        fields: [],
        open: false,
        notes: [],
      };
      addBody(
        resName,
        op.at,
        resBody,
        { kind: "response", operation: op.name },
        resBody.kind === "opaque" || !soap ? null : soap.responseBase,
      );
      const { request: _request, response, ...rest } = op;
      operations.push({
        ...rest,
        requestType: { name: reqName, at: op.at },
        responseType: { name: resName, at: op.at },
        ...(response?.gap ? { responseGap: response.gap } : {}),
      });
    } else {
      const part = (p: "request" | "response"): Named | undefined => {
        const spec = op[p];
        if (!spec) return undefined;
        if (spec.type) return spec.type;
        const name = restBodyTypeName(op.name, p);
        addBody(name, spec.at, spec.body!, { kind: p, operation: op.name });
        return { name, at: spec.at };
      };
      const requestType = part("request");
      const responseType = part("response");
      const { request: _request, response: _response, params, requestConstants, ...rest } = op;
      operations.push({
        ...rest,
        ...(requestConstants.length > 0 ? { requestConstants } : {}),
        params: params.flatMap((p) => (p.type ? [{ ...p, type: p.type }] : [])),
        ...(requestType ? { requestType } : {}),
        ...(responseType ? { responseType } : {}),
      });
    }
  }
  if (service.queries.length > 1)
    diagnostics.error(service.queries[1]!.at, "a service has at most one query block");
  const query = service.queries[0];
  return {
    name: block.name,
    at: block.at,
    title: block.title,
    protocol,
    ...(block.soap ? { soap: block.soap } : {}),
    ...(block.rest ? { rest: block.rest } : {}),
    ...(block.doc !== undefined ? { doc: block.doc } : {}),
    ...(block.source ? { source: block.source } : {}),
    notes: block.notes,
    ...(block.deprecated ? { deprecated: true as const } : {}),
    types: decls,
    enums: service.enums,
    operations,
    flows: service.flows,
    ...(query ? { query } : {}),
    events: service.events,
    gaps: service.gaps,
  };
}

function allFieldsDeep(fields: readonly FieldAst[]): FieldAst[] {
  return fields.flatMap((f) => [f, ...allFieldsDeep(f.fields ?? [])]);
}
