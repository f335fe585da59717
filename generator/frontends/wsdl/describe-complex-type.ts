import type { Position } from "../../diagnostics/diagnostic.js";
import type {
  ChoiceGroupDescription,
  FieldDescription,
  TypeDescription,
} from "../../description/description.js";
import type { Note, TypeOrigin } from "../../model/vocabulary.js";
import { attributeFields } from "./describe-attribute-fields.js";
import {
  groupFields,
  groupOf,
  particleFields,
  soleChoice,
  withGroupOpen,
} from "./describe-content-model.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import { qkey } from "./qname-key.js";
import { mixedTextField, textField } from "./text-fields.js";
import type { WireLimit, XsdMapping } from "./xsd-mapping.js";
import type { ComplexType, ElementContent, ModelGroup, QName, SimpleContent } from "./xsd-model.js";

/** The description name of a named complex type, described on first use. */
export function namedComplex(ctx: XsdMapping, name: QName): string | undefined {
  const key = qkey(name);
  const ct = ctx.set.namespaces.get(name.namespace)?.complexTypes.get(name.local);
  const assigned = ctx.complexNames.get(key);
  if (!ct || assigned === undefined) return undefined;
  if (!ctx.described.has(key)) {
    ctx.described.add(key);
    ctx.describeComplex(ct, assigned, { kind: "declared" });
  }
  return assigned;
}

/** Describes a complex type under `name`. */
export function describeComplex(
  ctx: XsdMapping,
  ct: ComplexType,
  name: string,
  origin: TypeOrigin,
): void {
  const outer = ctx.choiceSink;
  const choices: ChoiceGroupDescription[] = [];
  ctx.choiceSink = choices;
  try {
    describeComplexType(ctx, ct, name, origin, choices);
  } finally {
    ctx.choiceSink = outer;
  }
}

/** What a complex type's content makes of it: its kind, its base, its fields (attributes included), whether other elements are allowed. */
interface TypeContent {
  kind: TypeDescription["kind"];
  extendsName?: { name: string; at: Position } | undefined;
  fields: FieldDescription[];
  open: boolean;
}

/** A complex type as a type of the description: its content's fields, attributes and base, then the type made. */
function describeComplexType(
  ctx: XsdMapping,
  ct: ComplexType,
  name: string,
  origin: TypeOrigin,
  choices: ChoiceGroupDescription[],
): void {
  const notes: Note[] = [];
  const limits: WireLimit[] = [];
  if (ct.anyAttribute) {
    ctx.approximate(
      ct.anyAttribute.at,
      "any-attribute",
      `${name} allows other attributes (xs:anyAttribute): they are not read or written`,
    );
    notes.push({
      kind: "interpretation",
      text: "Other attributes (xs:anyAttribute) are allowed: they are not read or written.",
    });
  }
  const attributes = attributeFields(ctx, ct.attributes, new Set(), limits);
  const content =
    ct.content.kind === "simple"
      ? simpleContent(ctx, ct.content, name, notes, attributes)
      : elementContent(ctx, ct, ct.content, name, notes, limits, choices, attributes);
  let { kind, extendsName } = content;
  const { fields, open } = content;
  if (extendsName) {
    const flat = flattenRedefined(ctx, name, extendsName.name, fields, notes);
    if (flat) {
      fields.splice(0, fields.length, ...flat);
      extendsName = undefined;
    }
  }
  if (open && fields.length === 0 && !extendsName && kind === "object") kind = "opaque";
  if (open && kind !== "opaque")
    notes.push({
      kind: "interpretation",
      text: "Other elements (xs:any) are allowed: they are kept as properties of the value.",
    });
  ctx.wireLimits.set(name, limits);
  ctx.typeNotes.set(name, notes);
  ctx.types.push({
    name,
    at: ct.at,
    kind,
    ...(ct.mixed && ct.content.kind === "elements" ? { mixed: true } : {}),
    ...(extendsName ? { extends: extendsName } : {}),
    fields: kind === "choice" ? fields.map((f) => ({ ...f, required: false })) : fields,
    ...(kind === "object" && choices.length > 0 ? { choices } : {}),
    open: open && kind !== "opaque",
    origin,
    ...(ct.doc !== undefined ? { doc: ct.doc } : {}),
    notes,
  });
}

/** Simple content: a value with attributes, its text a field, or extending (or restricting) another such type. */
function simpleContent(
  ctx: XsdMapping,
  content: SimpleContent,
  name: string,
  notes: Note[],
  attributes: readonly FieldDescription[],
): TypeContent {
  const read: TypeContent = { kind: "object", fields: [], open: false };
  const derivation = content.derivation;
  const base = derivation.base.name;
  const complexBase = ctx.set.namespaces.get(base.namespace)?.complexTypes.get(base.local);
  if (complexBase) {
    // A value with attributes extending another: its text and attributes come first, from the base.
    if (derivation.method === "restriction") {
      ctx.approximate(
        derivation.at,
        "simple-content-restriction",
        `${name} restricts ${base.local} (simple content) and is read as ${base.local}: the restriction's facets are not checked`,
      );
      notes.push({
        kind: "interpretation",
        text: `A restriction of ${base.local} (simple content): read as ${base.local}, its text and attributes; the restriction's facets are not checked.`,
      });
    }
    const baseName = ctx.namedComplex(base);
    if (baseName !== undefined) read.extendsName = { name: baseName, at: derivation.base.at };
  } else {
    const text = textField(ctx, derivation, content.facets, name, attributes);
    if (text) read.fields.push(text);
  }
  read.fields.push(...attributes);
  return read;
}

/**
 * Element content: the fields of its model group (a sole choice makes a
 * choice type), its base when it extends one, mixed text, then the
 * attributes. A choice beside attributes or text is a choice group (`choices`).
 */
function elementContent(
  ctx: XsdMapping,
  ct: ComplexType,
  content: ElementContent,
  name: string,
  notes: Note[],
  limits: WireLimit[],
  choices: ChoiceGroupDescription[],
  attributes: readonly FieldDescription[],
): TypeContent {
  const read: TypeContent = { kind: "object", fields: [], open: false };
  const fields = read.fields;
  const derivation = content.derivation;
  if (derivation) {
    const base = derivation.base.name;
    const isAny = base.namespace === XSD_NAMESPACE && base.local === "anyType";
    if (derivation.method === "extension" && !isAny) {
      const baseName = ctx.namedComplex(base);
      if (baseName === undefined)
        ctx.d.error(
          derivation.base.at,
          `${label(ct, name)} extends ${base.local}, which is not a complex type; use xs:simpleContent to give a value attributes`,
        );
      else if (isOpaque(ctx, baseName)) openBase(ctx, read, name, base.local, derivation.at, notes);
      else read.extendsName = { name: baseName, at: derivation.base.at };
    } else if (derivation.method === "restriction" && !isAny) {
      notes.push({
        kind: "interpretation",
        text: `A restriction of ${base.local}: its fields are those the restriction lists, without the base's.`,
      });
    }
  }
  const particle = content.particle;
  const readParticle = (group: ModelGroup | undefined): void => {
    if (!group) return;
    const single = soleChoice(group);
    if (single && !read.extendsName) {
      read.kind = "choice";
      for (const p of single.particles) {
        const f = particleFields(ctx, p, name, notes, limits, true);
        if (f === "any") read.open = true;
        else fields.push(...f);
      }
    } else {
      const f = groupFields(ctx, group, name, notes, limits, false);
      if (f.any) read.open = true;
      fields.push(...f.fields);
    }
  };
  // A named group stays open while its content is read, so that a reference back to it, however deep, is seen.
  if (particle?.kind === "groupRef")
    withGroupOpen(ctx, particle, () => readParticle(groupOf(ctx, particle)));
  else readParticle(particle);
  if ((attributes.length > 0 || ct.mixed) && read.kind === "choice") {
    // A choice with attributes (or text): the elements become a choice group beside them.
    read.kind = "object";
    choices.push({
      fields: fields.map((f) => ({ name: f.name, at: f.at })),
      required: true,
      at: ct.at,
    });
  }
  if (ct.mixed) {
    const text = mixedTextField(ct.at, [...fields, ...attributes]);
    ctx.approximate(
      ct.at,
      "mixed-content",
      `${name} has mixed content: the text between its elements is the one field "${text.name}" (its pieces joined), and where each piece stood is not kept`,
    );
    fields.push(text);
    notes.push({
      kind: "interpretation",
      text: `Mixed content: the text between the elements is the field "${text.name}", its pieces joined (each trimmed); it is written before the elements.`,
    });
  }
  fields.push(...attributes);
  return read;
}

/** Whether a type described so far is opaque (nothing but other elements: xs:any). */
function isOpaque(ctx: XsdMapping, typeName: string): boolean {
  return ctx.types.some((t) => t.name === typeName && t.kind === "opaque");
}

/**
 * An extension of a type that holds nothing but other elements (xs:any),
 * opaque, which no type can extend: the extension's own fields, and the
 * other elements kept (open), with a warning (where they stand, before the
 * extension's, is not kept) and a note.
 */
function openBase(
  ctx: XsdMapping,
  read: TypeContent,
  name: string,
  base: string,
  at: Position,
  notes: Note[],
): void {
  read.open = true;
  ctx.approximate(
    at,
    "opaque-base",
    `${name} extends ${base}, which holds only other elements (xs:any): ${name} holds its own fields and keeps other elements, without extending it`,
  );
  notes.push({
    kind: "interpretation",
    text: `Extends ${base}, which holds only other elements (xs:any): the type holds its own fields, and other elements are kept; where they stood (before its own) is not kept.`,
  });
}

/**
 * The fields of an extension that redefines a field its base already has
 * (one of the same name): the base's fields, each redefined one left out,
 * then the extension's own, so the derived definition is taken where the
 * extension declares it. The type then extends nothing (a note says so).
 * Undefined when nothing is redefined.
 */
function flattenRedefined(
  ctx: XsdMapping,
  name: string,
  base: string,
  own: readonly FieldDescription[],
  notes: Note[],
): FieldDescription[] | undefined {
  const inherited = inheritedFields(ctx, base);
  const names = new Set(own.map((f) => f.name));
  const redefined = inherited.filter((f) => names.has(f.name));
  if (redefined.length === 0) return undefined;
  for (const f of own.filter((x) => redefined.some((r) => r.name === x.name)))
    ctx.approximate(
      f.at,
      "redefined-field",
      `${name} extends ${base} and redefines "${f.name}": the derived definition is taken, and ${name} holds the fields of ${base} rather than extending it`,
    );
  notes.push({
    kind: "interpretation",
    text: `Extends ${base} and redefines ${redefined.map((f) => `"${f.name}"`).join(", ")}: the derived definition is taken (in the extension's place), and the type holds the base's fields itself rather than extending it.`,
  });
  return [...inherited.filter((f) => !names.has(f.name)), ...own];
}

/** The fields of a described type and of its bases, base fields first. */
function inheritedFields(ctx: XsdMapping, name: string): FieldDescription[] {
  const out: FieldDescription[][] = [];
  const seen = new Set<string>();
  for (
    let t = ctx.types.find((x) => x.name === name);
    t && !seen.has(t.name);
    t = t.extends ? ctx.types.find((x) => x.name === t!.extends!.name) : undefined
  ) {
    seen.add(t.name);
    out.unshift([...t.fields]);
  }
  return out.flat();
}

function label(ct: ComplexType, name: string): string {
  return ct.name ? `complex type "${ct.name.local}"` : `the type of "${name}"`;
}
