import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { didYouMean } from "../../diagnostics/did-you-mean.js";
import type {
  DocsDescription,
  EnumDescription,
  FieldDescription,
  Named,
  OperationDescription,
  ServiceDescription,
  TypeDescription,
} from "../../description/description.js";
import type {
  FieldPatch,
  OperationPatch,
  OverlayAst,
  OverlayDocs,
  ParameterPatch,
} from "./overlay-ast.js";

/**
 * Applies an overlay to the service a contract describes: docs, notes, gaps
 * and sensitive kinds added or removed, field types changed (an amount carried as a
 * string becomes a decimal), types renamed with every reference to them, and
 * the overlay's gaps and flows added. A name the contract does not have is a
 * problem at its place in the overlay. What the edits produce is checked
 * like any description afterwards.
 */
export function applyOverlay(
  service: ServiceDescription,
  overlay: OverlayAst,
  d: Diagnostics,
): ServiceDescription {
  const types = new Map(service.types.map((t) => [t.name, t]));
  const enums = new Map(service.enums.map((e) => [e.name, e]));
  const patchedTypes = new Map<string, TypeDescription>();
  const patchedEnums = new Map<string, EnumDescription>();
  const renames = new Map<string, string>();
  const taken = new Set([...types.keys(), ...enums.keys()]);
  for (const patch of overlay.types) {
    const type = types.get(patch.name);
    const en = enums.get(patch.name);
    if (!type && !en) {
      d.error(
        patch.at,
        `the contract has no type or enum "${patch.name}"${didYouMean(patch.name, taken)}`,
      );
      continue;
    }
    if (patch.rename) {
      if (taken.has(patch.rename.name) || [...renames.values()].includes(patch.rename.name))
        d.error(
          patch.rename.at,
          `"${patch.rename.name}" already names a type or enum of the contract`,
        );
      else renames.set(patch.name, patch.rename.name);
    }
    if (en) {
      if (patch.fields.length > 0)
        d.error(patch.fields[0]!.at, `"${patch.name}" is an enum: it has values, not fields`);
      if (patch.gap)
        d.error(patch.gap.at, `"${patch.name}" is an enum; a gap goes on a type or a field`);
      patchedEnums.set(en.name, withDocs(en, patch.docs));
      continue;
    }
    // The shapes a caller sends of this type (OpenAPI readOnly/writeOnly) are the same type to a reader: their fields change alike.
    const shapes = service.types.filter((t) => t.shapeOf === type!.name);
    const fields = new Map(
      [type!, ...shapes].flatMap((t) => t.fields.map((f) => [f.name, f] as const)),
    );
    const fieldEdits = new Map<string, FieldPatch>();
    for (const fp of patch.fields) {
      if (!fields.has(fp.name)) {
        const inherited = inheritedFrom(type!, fp.name, types);
        d.error(
          fp.at,
          inherited
            ? `"${fp.name}" is a field of "${inherited}", which "${patch.name}" extends: change it there`
            : `"${patch.name}" has no field "${fp.name}"${didYouMean(fp.name, fields.keys())}`,
        );
        continue;
      }
      fieldEdits.set(fp.name, fp);
    }
    patchedTypes.set(type!.name, {
      ...withDocs(type!, patch.docs),
      ...(patch.gap ? { gap: patch.gap } : {}),
      fields: type!.fields.map((f) => {
        const fp = fieldEdits.get(f.name);
        return fp ? patchField(f, fp) : f;
      }),
    });
    for (const shape of shapes) {
      patchedTypes.set(shape.name, {
        ...shape,
        fields: shape.fields.map((f) =>
          fieldEdits.has(f.name) ? patchField(f, fieldEdits.get(f.name)!) : f,
        ),
      });
    }
  }
  const operations = new Map(service.operations.map((op) => [op.name, op]));
  const patchedOperations = new Map<string, OperationDescription>();
  for (const patch of overlay.operations) {
    const op = operations.get(patch.name);
    if (!op)
      d.error(
        patch.at,
        `the contract has no operation "${patch.name}"${didYouMean(patch.name, operations.keys())}`,
      );
    else patchedOperations.set(op.name, withParameterMarks(withDocs(op, patch.docs), patch, d));
  }
  const patched: ServiceDescription = {
    ...withDocs(service, overlay.docs),
    ...(overlay.service ? { name: overlay.service.name } : {}),
    ...(overlay.title !== undefined ? { title: overlay.title } : {}),
    types: service.types.map((t) => patchedTypes.get(t.name) ?? t),
    enums: service.enums.map((e) => patchedEnums.get(e.name) ?? e),
    operations: service.operations.map((op) => patchedOperations.get(op.name) ?? op),
  };
  const renamed = renames.size > 0 ? renameTypes(patched, renames) : patched;
  return {
    ...renamed,
    gaps: [...renamed.gaps, ...overlay.gaps],
    flows: [...renamed.flows, ...overlay.flows],
  };
}

function patchField(f: FieldDescription, fp: FieldPatch): FieldDescription {
  // Another type: the contract's facets were written for its own type, so they become notes rather than checks.
  const retyped = fp.type !== undefined && fp.type.name !== f.type.name;
  const facetNotes = retyped
    ? f.facets.map((x) => ({
        kind: "contract" as const,
        text: `The contract gives ${x.key} ${x.value} for its ${f.type.name}; not checked on the ${fp.type!.name} the overlay makes it.`,
      }))
    : [];
  const { jsonString: _form, ...base } = withDocs(f, fp.docs);
  // The wire stays the contract's: a string retyped as a decimal (an amount carried as a string) is still written as a string.
  const keepsString = retyped ? f.type.name === "string" : f.jsonString === true;
  return withMark(
    {
      ...base,
      ...(retyped ? { type: fp.type!, facets: [], notes: [...base.notes, ...facetNotes] } : {}),
      ...(keepsString ? { jsonString: true as const } : {}),
      ...(fp.required ? { required: fp.required.value, requiredAt: fp.required.at } : {}),
      ...(fp.gap ? { gap: fp.gap } : {}),
    },
    fp.sensitive,
  );
}

/** The overlay's mark replaces the contract's; `none` removes it and keeps paygen from inferring one. */
function withMark(f: FieldDescription, mark: FieldPatch["sensitive"]): FieldDescription {
  if (mark === undefined) return f;
  const { sensitive: _sensitive, notSensitive: _notSensitive, ...rest } = f;
  return mark === "none" ? { ...rest, notSensitive: true } : { ...rest, sensitive: mark };
}

/** An operation with the overlay's marks on its path, query, header and cookie parameters (by wire name). */
function withParameterMarks(
  op: OperationDescription,
  patch: OperationPatch,
  d: Diagnostics,
): OperationDescription {
  if (patch.parameters.length === 0) return op;
  if (op.protocol !== "rest") {
    d.error(patch.parameters[0]!.at, `"${op.name}" is a SOAP operation: it has no parameters`);
    return op;
  }
  const lists = [op.params, op.query ?? [], op.headers ?? [], op.cookies ?? []];
  const names = lists.flatMap((list) => list.map((p) => p.name));
  const marks = new Map<string, ParameterPatch["sensitive"]>();
  for (const p of patch.parameters) {
    if (names.includes(p.name)) marks.set(p.name, p.sensitive);
    else
      d.error(
        p.at,
        `operation "${op.name}" has no parameter "${p.name}"${didYouMean(p.name, names)}`,
      );
  }
  const marked = (list: readonly FieldDescription[]) =>
    list.map((f) => (marks.has(f.name) ? withMark(f, marks.get(f.name)) : f));
  return {
    ...op,
    params: marked(op.params),
    ...(op.query ? { query: marked(op.query) } : {}),
    ...(op.headers ? { headers: marked(op.headers) } : {}),
    ...(op.cookies ? { cookies: marked(op.cookies) } : {}),
  };
}

/** The overlay's doc replaces the contract's; its notes and source are added. */
function withDocs<T extends DocsDescription>(target: T, docs: OverlayDocs): T {
  return {
    ...target,
    ...(docs.doc !== undefined ? { doc: docs.doc } : {}),
    ...(docs.source ? { source: docs.source } : {}),
    notes: [...target.notes, ...docs.notes],
  };
}

/** The base type that declares `field`, when one of `type`'s bases does. */
function inheritedFrom(
  type: TypeDescription,
  field: string,
  types: ReadonlyMap<string, TypeDescription>,
): string | undefined {
  const seen = new Set<string>();
  for (
    let base = type.extends ? types.get(type.extends.name) : undefined;
    base && !seen.has(base.name);
    base = base.extends ? types.get(base.extends.name) : undefined
  ) {
    seen.add(base.name);
    if (base.fields.some((f) => f.name === field)) return base.name;
  }
  return undefined;
}

/** Every declaration of, and reference to, a renamed type or enum, renamed. */
function renameTypes(
  s: ServiceDescription,
  renames: ReadonlyMap<string, string>,
): ServiceDescription {
  const name = (n: string): string => renames.get(n) ?? n;
  const ref = <T extends Named>(r: T): T =>
    renames.has(r.name) ? { ...r, name: name(r.name) } : r;
  const field = (f: FieldDescription): FieldDescription => ({ ...f, type: ref(f.type) });
  const fields = (list: readonly FieldDescription[] | undefined) => list?.map(field);
  return {
    ...s,
    ...(s.soap
      ? {
          soap: {
            ...s.soap,
            ...(s.soap.requestBase ? { requestBase: ref(s.soap.requestBase) } : {}),
            ...(s.soap.responseBase ? { responseBase: ref(s.soap.responseBase) } : {}),
          },
        }
      : {}),
    types: s.types.map((t) => ({
      ...ref(t),
      ...(t.extends ? { extends: ref(t.extends) } : {}),
      ...(t.includes ? { includes: t.includes.map(ref) } : {}),
      ...(t.variants ? { variants: t.variants.map(ref) } : {}),
      ...(t.discriminator
        ? {
            discriminator: {
              ...t.discriminator,
              mapping: t.discriminator.mapping.map((m) => ({ ...m, type: ref(m.type) })),
            },
          }
        : {}),
      fields: t.fields.map(field),
      origin:
        t.origin.kind === "inline" ? { ...t.origin, parent: name(t.origin.parent) } : t.origin,
      ...(t.shapeOf !== undefined ? { shapeOf: name(t.shapeOf) } : {}),
    })),
    enums: s.enums.map((e) => ({
      ...ref(e),
      ...(e.groups ? { groups: { ...e.groups, by: ref(e.groups.by) } } : {}),
    })),
    operations: s.operations.map((op): OperationDescription => {
      if (op.protocol === "soap")
        return { ...op, requestType: ref(op.requestType), responseType: ref(op.responseType) };
      return {
        ...op,
        params: op.params.map(field),
        ...(op.query ? { query: fields(op.query)! } : {}),
        ...(op.headers ? { headers: fields(op.headers)! } : {}),
        ...(op.cookies ? { cookies: fields(op.cookies)! } : {}),
        ...(op.requestType ? { requestType: ref(op.requestType) } : {}),
        ...(op.responseType ? { responseType: ref(op.responseType) } : {}),
        ...(op.errorType ? { errorType: ref(op.errorType) } : {}),
        ...(op.errorTypes
          ? { errorTypes: op.errorTypes.map((e) => ({ ...e, type: ref(e.type) })) }
          : {}),
      };
    }),
    events: s.events.map((e) => (e.payloads ? { ...e, payloads: e.payloads.map(ref) } : e)),
    ...(s.documents ? { documents: s.documents.map((d) => ({ ...d, type: ref(d.type) })) } : {}),
  };
}
