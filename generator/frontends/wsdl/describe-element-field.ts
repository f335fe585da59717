import type { Position } from "../../diagnostics/diagnostic.js";
import type { FieldDescription } from "../../description/description.js";
import { SCALAR_NAMES, type Note, type ScalarName } from "../../model/vocabulary.js";
import { pascalCase } from "../../naming/case.js";
import { anyContentType } from "./any-content-type.js";
import { constOf } from "./fixed-value.js";
import { identityNotes } from "./identity-notes.js";
import { qkey } from "./qname-key.js";
import { soleRepeatedElement } from "./repeated-sequence.js";
import type { SimpleShape } from "./simple-type-shapes.js";
import { sortFacets, type FacetUse } from "./sort-facets.js";
import type { WireLimit, XsdMapping } from "./xsd-mapping.js";
import type { ComplexType, ElementDecl, LocalElement } from "./xsd-model.js";

/** One element as a field: its type, occurrence, list wrapper, facets and value constraints. */
export function elementField(
  ctx: XsdMapping,
  e: ElementDecl,
  occurs: LocalElement["occurs"],
  parent: string,
  limits: WireLimit[],
  optional: boolean,
  repeated: boolean,
  at: Position,
): FieldDescription | undefined {
  const fieldName = e.name.local;
  if (e.name.namespace === "" && ctx.home !== "") {
    limits.push({
      at,
      message: `the unqualified element "${fieldName}": elements are written in the operation's namespace`,
    });
  }
  const max = occurs.max === "unbounded" ? undefined : occurs.max;
  const occursList: FieldDescription["list"] =
    max === undefined || max > 1 || repeated
      ? {
          min: repeated ? 0 : occurs.min,
          ...(max !== undefined && max > 1 && !repeated ? { max } : {}),
          at,
        }
      : undefined;
  const value = elementValue(ctx, e, parent, occursList);
  if (value === undefined) return undefined;
  const { typeName, facets, list } = value;
  const notes = [...value.notes];
  let nullable = value.nullable;
  if (e.nillable && !list?.item) nullable = { at: e.at };
  const scalar = (SCALAR_NAMES as readonly string[]).includes(typeName)
    ? (typeName as ScalarName)
    : undefined;
  let constValue: FieldDescription["const"];
  let defaultValue: FieldDescription["default"];
  if (e.fixed) {
    const value = constOf(e.fixed.value, scalar);
    if (value === undefined)
      notes.push({ kind: "info", text: `Fixed value in the contract: ${e.fixed.value}.` });
    else constValue = { value, at: e.fixed.at };
  }
  if (e.default) {
    if (scalar === undefined && ctx.enums.some((x) => x.name === typeName))
      defaultValue = { value: e.default.value, at: e.default.at };
    else notes.push({ kind: "info", text: `Default value in the contract: ${e.default.value}.` });
  }
  return {
    name: fieldName,
    at: e.at,
    type: { name: typeName, at: e.type?.at ?? e.at },
    required: !optional && !repeated && occurs.min >= 1,
    ...(list ? { list } : {}),
    ...(constValue ? { const: constValue } : {}),
    ...(defaultValue ? { default: defaultValue } : {}),
    facets: sortFacets(facets),
    examples: [],
    ...(nullable && !constValue ? { nullable } : {}),
    ...ctx.namespaceOf(e.name.namespace),
    ...(e.doc !== undefined ? { doc: e.doc } : {}),
    notes: [...notes, ...identityNotes(ctx, e)],
  };
}

/** What an element's field holds: its type's name with facets and notes, and its list (a list wrapper type makes one). */
interface ElementValue {
  readonly typeName: string;
  readonly facets: readonly FacetUse[];
  readonly notes: readonly Note[];
  readonly list?: FieldDescription["list"];
  readonly nullable?: FieldDescription["nullable"];
}

/**
 * The value of an element of the type `parent`, `list` when it occurs more
 * than once: any content (an opaque type), a named complex type (a list
 * wrapper's items, when it is one), a type in place (named after the
 * field), or a simple type; undefined when it has none.
 */
function elementValue(
  ctx: XsdMapping,
  e: ElementDecl,
  parent: string,
  list: FieldDescription["list"],
): ElementValue | undefined {
  const fieldName = e.name.local;
  const inlineName = () => `${parent}${pascalCase(fieldName) || "Value"}`;
  const t = e.type;
  const simple = (shape: SimpleShape | undefined): ElementValue | undefined =>
    shape === undefined
      ? undefined
      : shape.kind === "enum"
        ? { typeName: shape.name, facets: [], notes: [], list }
        : { typeName: shape.scalar, facets: shape.facets, notes: shape.notes, list };
  if (t === undefined) {
    const typeName = anyContentType(ctx, e.at, inlineName(), {
      kind: "inline",
      parent,
      field: fieldName,
    });
    return { typeName, facets: [], notes: [], list };
  }
  if (t.kind === "typeRef") {
    const complex = ctx.set.namespaces.get(t.name.namespace)?.complexTypes.get(t.name.local);
    if (!complex) return simple(ctx.simple.simpleRef(t));
    const item = list ? undefined : listWrapper(complex);
    if (!item) {
      const typeName = ctx.namedComplex(t.name);
      return typeName === undefined ? undefined : { typeName, facets: [], notes: [], list };
    }
    const itemMax = item.occurs.max === "unbounded" ? undefined : item.occurs.max;
    const itemNamespace = ctx.foreign(item.name.namespace);
    const wrapped: FieldDescription["list"] = {
      min: item.occurs.min,
      ...(itemMax !== undefined ? { max: itemMax } : {}),
      item: item.name.local,
      ...(itemNamespace !== undefined ? { itemNamespace } : {}),
      at: t.at,
    };
    const inner = itemType(ctx, item, inlineName(), t.at);
    if (!inner) return undefined;
    return {
      typeName: inner.name,
      facets: inner.facets,
      notes: [
        ...inner.notes,
        {
          kind: "info",
          text: `The list is the wrapper element of type ${t.name.local}, holding one <${item.name.local}> element per item.`,
        },
      ],
      list: wrapped,
      ...(item.nillable ? { nullable: { at: item.at } } : {}),
    };
  }
  if (t.kind === "complexType") {
    // A global element that contains itself (by ref=) is a recursive type: the reference inside names the type being described.
    const global = isGlobal(ctx, e) ? qkey(e.name) : undefined;
    const open = global === undefined ? undefined : ctx.elementsOpen.get(global);
    if (open !== undefined) return { typeName: open, facets: [], notes: [], list };
    const typeName = ctx.claim(inlineName());
    describeElementType(ctx, global, typeName, () =>
      ctx.describeComplex(t, typeName, { kind: "inline", parent, field: fieldName }),
    );
    return { typeName, facets: [], notes: [], list };
  }
  return simple(ctx.simple.simpleShape(t, inlineName()));
}

/** The type of a list wrapper's item: an object type's name, or a scalar or enum with its facets. */
function itemType(
  ctx: XsdMapping,
  item: LocalElement,
  inlineName: string,
  at: Position,
): { name: string; facets: readonly FacetUse[]; notes: readonly Note[] } | undefined {
  const t = item.type;
  if (t === undefined) {
    ctx.d.error(
      item.at,
      `the list item "${item.name.local}" has no type (xs:anyType); not supported yet`,
    );
    return undefined;
  }
  if (t.kind === "typeRef") {
    const complex = ctx.set.namespaces.get(t.name.namespace)?.complexTypes.get(t.name.local);
    if (complex) {
      const name = ctx.namedComplex(t.name);
      return name === undefined ? undefined : { name, facets: [], notes: [] };
    }
    const shape = ctx.simple.simpleRef(t);
    if (!shape) return undefined;
    return shape.kind === "enum"
      ? { name: shape.name, facets: [], notes: [] }
      : { name: shape.scalar, facets: shape.facets, notes: shape.notes };
  }
  if (t.kind === "complexType") {
    const name = ctx.claim(`${inlineName}Item`);
    ctx.describeComplex(t, name, { kind: "inline", parent: inlineName, field: item.name.local });
    return { name, facets: [], notes: [] };
  }
  const shape = ctx.simple.simpleShape(t, `${inlineName}Item`);
  void at;
  if (!shape) return undefined;
  return shape.kind === "enum"
    ? { name: shape.name, facets: [], notes: [] }
    : { name: shape.scalar, facets: shape.facets, notes: shape.notes };
}

/**
 * The one repeated element of a list wrapper (`ArrayOfX`): a complex type
 * without attributes or derivation whose content is a sequence, once, of a
 * single element that may repeat (or a repeated sequence of that element,
 * read as `soleRepeatedElement` says).
 */
function listWrapper(ct: ComplexType): LocalElement | undefined {
  if (
    ct.content.kind !== "elements" ||
    ct.content.derivation ||
    ct.attributes.length > 0 ||
    ct.anyAttribute ||
    ct.mixed
  )
    return undefined;
  const written = ct.content.particle;
  const p =
    written?.kind === "sequence" ? (soleRepeatedElement(written)?.group ?? written) : written;
  if (
    !p ||
    p.kind !== "sequence" ||
    p.occurs.min !== 1 ||
    p.occurs.max !== 1 ||
    p.particles.length !== 1
  )
    return undefined;
  const only = p.particles[0]!;
  if (only.kind !== "element") return undefined;
  const max = only.occurs.max;
  if (max !== "unbounded" && max <= 1) return undefined;
  if (only.fixed || only.default) return undefined;
  return only;
}

/** Runs `describe` with the global element `key` (when given) open under `typeName`. */
export function describeElementType(
  ctx: XsdMapping,
  key: string | undefined,
  typeName: string,
  describe: () => void,
): void {
  if (key === undefined) return describe();
  ctx.elementsOpen.set(key, typeName);
  try {
    describe();
  } finally {
    ctx.elementsOpen.delete(key);
  }
}

/**
 * Whether an element is a global one: its schema's element of its name,
 * declared where it is (a global element standing in for the head of its
 * substitution group is a copy with its own occurrence).
 */
function isGlobal(ctx: XsdMapping, e: ElementDecl): boolean {
  const global = ctx.set.namespaces.get(e.name.namespace)?.elements.get(e.name.local);
  return (
    global !== undefined &&
    global.at.file === e.at.file &&
    global.at.line === e.at.line &&
    global.at.col === e.at.col
  );
}
