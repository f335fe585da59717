import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import type { TypeOrigin } from "../model/ir.js";
import type { DocsAst, FieldAst, Named, OperationAst, ServiceAst, TypeBodyAst } from "./ast.js";
import { expandAll } from "./expand-paths.js";
import { inlineTypeName, requestTypeName, restBodyTypeName, resultTypeName } from "./names.js";

/** A type with its final name: declared, inline, or an operation's request/result. */
export interface TypeDecl extends DocsAst {
  readonly name: string;
  readonly at: Position;
  readonly kind: TypeBodyAst["kind"];
  readonly extends?: Named;
  /** Inline objects are replaced by references to their own declarations. */
  readonly fields: readonly FieldAst[];
  readonly open: boolean;
  readonly gap?: Named;
  readonly origin: TypeOrigin;
}

/** An operation with the names of its request and response types resolved. */
export interface OperationRefs {
  readonly operation: OperationAst;
  readonly requestType?: Named;
  readonly responseType?: Named;
}

export interface FlatService {
  readonly service: ServiceAst;
  readonly protocol: "soap" | "rest";
  readonly decls: readonly TypeDecl[];
  readonly operations: readonly OperationRefs[];
}

/**
 * Gives every object type of a service its final name and flat field list:
 * dotted REST paths are expanded, inline objects become declarations named
 * `<Parent><Field>`, and operations get `<Operation>Request` / `<Operation>Result`.
 */
export function flattenService(service: ServiceAst, diagnostics: Diagnostics): FlatService {
  const protocol = service.block?.protocol ?? "soap";
  const decls: TypeDecl[] = [];

  const addBody = (name: string, at: Position, body: TypeBodyAst, origin: TypeOrigin, extendsOverride?: Named | null) => {
    let fields = body.fields;
    if (protocol === "rest") fields = expandAll(fields, diagnostics);
    else for (const f of allFieldsDeep(fields)) if (f.name.includes(".")) diagnostics.error(f.at, `SOAP field names cannot be paths ("${f.name}"); declare a nested type`);
    const ext = extendsOverride === null ? undefined : (extendsOverride ?? body.extends);
    decls.push({
      name,
      at,
      kind: body.kind,
      ...(ext ? { extends: ext } : {}),
      fields: fields.map((f) => lowerInline(name, f, body.open)),
      open: body.open,
      ...(body.gap ? { gap: body.gap } : {}),
      ...(body.doc ? { doc: body.doc } : {}),
      ...(body.source ? { source: body.source } : {}),
      notes: body.notes,
      origin,
    });
  };

  // Inline objects of an open type are open too: the documents show the whole body only in part.
  const lowerInline = (parent: string, field: FieldAst, parentOpen: boolean): FieldAst => {
    if (!field.fields) return field;
    const name = inlineTypeName(parent, field.name);
    addBody(name, field.at, { at: field.at, kind: "object", fields: field.fields, open: parentOpen, notes: [], ...(field.doc ? { doc: field.doc } : {}) }, { kind: "inline", parent, field: field.name });
    const { fields: _dropped, ...rest } = field;
    return { ...rest, type: { name, at: field.at } };
  };

  for (const t of service.types) addBody(t.name, t.at, t, { kind: "declared" });

  const operations: OperationRefs[] = [];
  for (const op of service.operations) {
    if (op.protocol === "soap") {
      const soap = service.block?.soap;
      const reqName = requestTypeName(op.name);
      const resName = resultTypeName(op.name);
      const reqBody: TypeBodyAst = op.request ?? { at: op.at, kind: "object", fields: [], open: false, notes: [] };
      addBody(reqName, op.at, reqBody, { kind: "request", operation: op.name }, op.auth && soap ? soap.requestBase : null);
      const resBody: TypeBodyAst = op.response ?? { at: op.at, kind: "object", fields: [], open: false, notes: [] };
      addBody(resName, op.at, resBody, { kind: "response", operation: op.name }, resBody.kind === "opaque" || !soap ? null : soap.responseBase);
      operations.push({ operation: op, requestType: { name: reqName, at: op.at }, responseType: { name: resName, at: op.at } });
    } else {
      const part = (p: "request" | "response") => {
        const spec = op[p];
        if (!spec) return undefined;
        if (spec.type) return spec.type;
        const name = restBodyTypeName(op.name, p);
        addBody(name, spec.at, spec.body!, { kind: p, operation: op.name });
        return { name, at: spec.at };
      };
      const requestType = part("request");
      const responseType = part("response");
      operations.push({ operation: op, ...(requestType ? { requestType } : {}), ...(responseType ? { responseType } : {}) });
    }
  }
  return { service, protocol, decls, operations };
}

function allFieldsDeep(fields: readonly FieldAst[]): FieldAst[] {
  return fields.flatMap((f) => [f, ...allFieldsDeep(f.fields ?? [])]);
}
