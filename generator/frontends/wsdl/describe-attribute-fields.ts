import type { FieldDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import { pascalCase } from "../../naming/case.js";
import { constOf } from "./fixed-value.js";
import { qkey } from "./qname-key.js";
import { sortFacets, type FacetUse } from "./sort-facets.js";
import type { WireLimit, XsdMapping } from "./xsd-mapping.js";
import type { AttributeDecl, AttributeRef, AttributeUse, LocalAttribute } from "./xsd-model.js";

/**
 * The attributes of a complex type or attribute group as fields, in
 * document order; groups expanded, prohibited ones left out. One the wire
 * code cannot write (qualified in the service's own namespace) is a limit of
 * the type (`limits`).
 */
export function attributeFields(
  ctx: XsdMapping,
  uses: readonly AttributeUse[],
  groups: Set<string>,
  limits: WireLimit[],
): FieldDescription[] {
  const fields: FieldDescription[] = [];
  for (const use of uses) {
    if (use.kind === "attributeGroupRef") {
      const key = qkey(use.ref.name);
      const group = ctx.set.namespaces
        .get(use.ref.name.namespace)
        ?.attributeGroups.get(use.ref.name.local);
      if (!group || groups.has(key)) continue; // unknown: reported by the reference check; a cycle: read once
      fields.push(...attributeFields(ctx, group.attributes, new Set([...groups, key]), limits));
      continue;
    }
    if (use.use === "prohibited") continue;
    const decl =
      use.kind === "attribute"
        ? use
        : ctx.set.namespaces.get(use.ref.name.namespace)?.attributes.get(use.ref.name.local);
    if (!decl) continue;
    const field = attributeField(ctx, decl, use, limits);
    if (field) fields.push(field);
  }
  return fields;
}

/** One attribute as a field: a scalar or enum value carried as an attribute. */
function attributeField(
  ctx: XsdMapping,
  decl: AttributeDecl,
  use: LocalAttribute | AttributeRef,
  limits: WireLimit[],
): FieldDescription | undefined {
  const name = decl.name.local;
  // An attribute without a prefix is in no namespace: one in the service's own namespace would need a prefix of its own.
  if (decl.name.namespace !== "" && decl.name.namespace === ctx.home) {
    limits.push({
      at: use.at,
      message: `the attribute "${name}" qualified in the service's own namespace: qualified attributes are written in other namespaces only`,
    });
  }
  const notes: Note[] = [];
  let facets: FacetUse[] = [];
  const t = decl.type;
  const shape =
    t === undefined
      ? ({ kind: "scalar", scalar: "string", facets: [], notes: [] } as const)
      : t.kind === "typeRef"
        ? ctx.simple.simpleRef(t)
        : ctx.simple.simpleShape(t, pascalCase(name) || "Attribute");
  if (!shape) return undefined;
  const typeName = shape.kind === "enum" ? shape.name : shape.scalar;
  if (shape.kind === "scalar") {
    facets = [...shape.facets];
    notes.push(...shape.notes);
  }
  const fixed = use.fixed ?? decl.fixed;
  const dflt = use.default ?? decl.default;
  const scalar = shape.kind === "scalar" ? shape.scalar : undefined;
  let constValue: FieldDescription["const"];
  let defaultValue: FieldDescription["default"];
  if (fixed) {
    const value = constOf(fixed.value, scalar);
    if (value === undefined)
      notes.push({ kind: "info", text: `Fixed value in the contract: ${fixed.value}.` });
    else constValue = { value, at: fixed.at };
  }
  if (dflt) {
    if (shape.kind === "enum") defaultValue = { value: dflt.value, at: dflt.at };
    else
      notes.push({
        kind: "info",
        text: `Default value in the contract: ${dflt.value} (an absent attribute means it).`,
      });
  }
  return {
    name,
    at: use.at,
    type: { name: typeName, at: t?.at ?? use.at },
    required: use.use === "required",
    ...(constValue ? { const: constValue } : {}),
    ...(defaultValue ? { default: defaultValue } : {}),
    facets: sortFacets(facets),
    examples: [],
    xml: { node: "attribute", at: use.at },
    ...ctx.namespaceOf(decl.name.namespace),
    ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
    notes,
  };
}
