import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type {
  ChoiceGroupDescription,
  EnumDescription,
  FieldDescription,
  ServiceDescription,
  SoapHeaderDescription,
  SoapOperationDescription,
  TypeDescription,
  XmlDocumentDescription,
} from "../../description/description.js";
import { wholeValuePattern } from "../../facets/pattern.js";
import { FACETS } from "../../facets/registry.js";
import { pascalCase } from "../../naming/case.js";
import { describeApproximated } from "../approximations.js";
import {
  SCALAR_NAMES,
  type ConstValue,
  type NoteKind,
  type ScalarName,
  type TypeOrigin,
} from "../../model/vocabulary.js";
import { doubleFromXsd } from "../../runtime/scalars.js";
import { builtinScalarOf } from "./xsd-builtins.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import type {
  SoapMessageBinding,
  WsdlBinding,
  WsdlDefinitions,
  WsdlOperation,
  WsdlPort,
  WsdlService,
} from "./wsdl-model.js";
import type {
  AttributeDecl,
  AttributeRef,
  AttributeUse,
  ComplexType,
  Derivation,
  ElementDecl,
  Facets,
  XsdValueFacetName,
  LocalAttribute,
  GroupRef,
  LocalElement,
  ModelGroup,
  Particle,
  QName,
  SchemaSet,
  SimpleType,
  TypeRef,
} from "./xsd-model.js";

/**
 * Maps what the WSDL and XSD readers built (a `WsdlDefinitions`, a
 * `SchemaSet`) onto the description every front end produces. What the
 * description cannot say yet is a positioned problem, never dropped; what
 * it says in its own way (a choice among other elements, a repeated
 * choice, `xs:all`, nillable elements) is written as a note on the type
 * or field, so the generated documentation states the reading.
 */

type Note = { readonly kind: NoteKind; readonly text: string };
type FacetUse = FieldDescription["facets"][number];

/** A simple type as the description sees it: a scalar with facets, or an enum. */
type SimpleShape =
  | {
      readonly kind: "scalar";
      readonly scalar: ScalarName;
      readonly facets: readonly FacetUse[];
      readonly notes: readonly Note[];
    }
  | { readonly kind: "enum"; readonly name: string };

/** A limit of the wire code: an error when a type that operations send or receive meets it, a note on the type otherwise. */
interface WireLimit {
  readonly at: Position;
  readonly message: string;
}

const qkey = (q: QName): string => `${q.namespace}\u0000${q.local}`;

/** The lower-case service name of a contract's name: `Service` → `service`, `AnetApiSchema` → `anet-api-schema`. */
export function serviceNameOf(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(kebab) ? kebab : `s-${kebab || "service"}`;
}

/** Builds the types and enums of a schema set, on demand, each once. */
class SchemaMapper {
  readonly types: TypeDescription[] = [];
  readonly enums: EnumDescription[] = [];
  private readonly taken = new Set<string>(SCALAR_NAMES);
  private readonly complexNames = new Map<string, string>();
  private readonly simpleShapes = new Map<string, SimpleShape | null>();
  private readonly wireLimits = new Map<string, WireLimit[]>();
  private readonly typeNotes = new Map<string, Note[]>();

  constructor(
    readonly set: SchemaSet,
    readonly d: Diagnostics,
    /** The service's own namespace (its operation elements'): elements in any other carry it as `namespace`. */
    readonly home: string,
  ) {
    // Named types keep their names; anonymous ones are named around them.
    for (const ns of set.namespaces.values()) {
      for (const ct of ns.complexTypes.values())
        this.complexNames.set(qkey(ct.name!), this.claim(ct.name!.local));
    }
  }

  /**
   * Where the description says less than the contract: a warning of kind
   * `kind` (counted in the run's summary, listed in the package README,
   * an error under `--strict`), next to the note the generated code keeps.
   */
  approximate(at: Position, kind: string, message: string): void {
    this.d.warning(at, kind, message);
  }

  /** A type or enum name not used yet: the name itself, else the name with a number. */
  claim(base: string): string {
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    return name;
  }

  /** Every named complex type, in document order. */
  describeAllNamed(): void {
    for (const ns of this.set.namespaces.values()) {
      for (const ct of ns.complexTypes.values()) this.namedComplex(ct.name!);
      for (const st of ns.simpleTypes.values()) this.simpleNamed(st.name!, st.at);
    }
  }

  private readonly described = new Set<string>();

  /** The description name of a named complex type, described on first use. */
  namedComplex(name: QName): string | undefined {
    const key = qkey(name);
    const ct = this.set.namespaces.get(name.namespace)?.complexTypes.get(name.local);
    const assigned = this.complexNames.get(key);
    if (!ct || assigned === undefined) return undefined;
    if (!this.described.has(key)) {
      this.described.add(key);
      this.describeComplex(ct, assigned, { kind: "declared" });
    }
    return assigned;
  }

  /** Where the choice groups of the type being described go (a stack: describing it may describe others). */
  private choiceSink: ChoiceGroupDescription[] | undefined;

  /** Describes a complex type under `name`. */
  describeComplex(ct: ComplexType, name: string, origin: TypeOrigin): void {
    const outer = this.choiceSink;
    const choices: ChoiceGroupDescription[] = [];
    this.choiceSink = choices;
    try {
      this.describeComplexType(ct, name, origin, choices);
    } finally {
      this.choiceSink = outer;
    }
  }

  private describeComplexType(
    ct: ComplexType,
    name: string,
    origin: TypeOrigin,
    choices: ChoiceGroupDescription[],
  ): void {
    const notes: Note[] = [];
    const limits: WireLimit[] = [];
    // Not narrowed to "object": the particle is read in a closure that may change it.
    let kind = "object" as TypeDescription["kind"];
    let extendsName: { name: string; at: Position } | undefined;
    const fields: FieldDescription[] = [];
    let open = false;
    if (ct.anyAttribute) {
      this.approximate(
        ct.anyAttribute.at,
        "any-attribute",
        `${name} allows other attributes (xs:anyAttribute): they are not read or written`,
      );
      notes.push({
        kind: "interpretation",
        text: "Other attributes (xs:anyAttribute) are allowed: they are not read or written.",
      });
    }
    const attributes = this.attributeFields(ct.attributes, new Set());
    if (ct.content.kind === "simple") {
      const derivation = ct.content.derivation;
      const base = derivation.base.name;
      const complexBase = this.set.namespaces.get(base.namespace)?.complexTypes.get(base.local);
      if (complexBase) {
        // A value with attributes extending another: its text and attributes come first, from the base.
        if (derivation.method === "restriction") {
          this.approximate(
            derivation.at,
            "simple-content-restriction",
            `${name} restricts ${base.local} (simple content) and is read as ${base.local}: the restriction's facets are not checked`,
          );
          notes.push({
            kind: "interpretation",
            text: `A restriction of ${base.local} (simple content): read as ${base.local}, its text and attributes; the restriction's facets are not checked.`,
          });
        }
        const baseName = this.namedComplex(base);
        if (baseName !== undefined) extendsName = { name: baseName, at: derivation.base.at };
      } else {
        const text = this.textField(derivation, ct.content.facets, name, attributes);
        if (text) fields.push(text);
      }
      fields.push(...attributes);
    } else {
      const derivation = ct.content.derivation;
      if (derivation) {
        const base = derivation.base.name;
        const isAny = base.namespace === XSD_NAMESPACE && base.local === "anyType";
        if (derivation.method === "extension" && !isAny) {
          const baseName = this.namedComplex(base);
          if (baseName === undefined)
            this.d.error(
              derivation.base.at,
              `${this.label(ct, name)} extends ${base.local}, which is not a complex type; use xs:simpleContent to give a value attributes`,
            );
          else extendsName = { name: baseName, at: derivation.base.at };
        } else if (derivation.method === "restriction" && !isAny) {
          notes.push({
            kind: "interpretation",
            text: `A restriction of ${base.local}: its fields are those the restriction lists, without the base's.`,
          });
        }
      }
      const particle = ct.content.particle;
      const readParticle = (group: ModelGroup | undefined): void => {
        if (!group) return;
        const single = this.soleChoice(group);
        if (single && !extendsName) {
          kind = "choice";
          for (const p of single.particles) {
            const f = this.particleFields(p, name, notes, limits, true);
            if (f === "any") open = true;
            else fields.push(...f);
          }
        } else {
          const f = this.groupFields(group, name, notes, limits, false);
          if (f.any) open = true;
          fields.push(...f.fields);
        }
      };
      // A named group stays open while its content is read, so that a reference back to it, however deep, is seen.
      if (particle?.kind === "groupRef")
        this.withGroupOpen(particle, () => readParticle(this.groupOf(particle)));
      else readParticle(particle);
      if ((attributes.length > 0 || ct.mixed) && kind === "choice") {
        // A choice with attributes (or text): the elements become a choice group beside them.
        kind = "object";
        choices.push({
          fields: fields.map((f) => ({ name: f.name, at: f.at })),
          required: true,
          at: ct.at,
        });
      }
      if (ct.mixed) {
        const text = mixedTextField(ct.at, [...fields, ...attributes]);
        this.approximate(
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
    }
    if (extendsName) {
      const flat = this.flattenRedefined(name, extendsName.name, fields, notes);
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
    this.wireLimits.set(name, limits);
    this.typeNotes.set(name, notes);
    this.types.push({
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

  /**
   * The fields of an extension that redefines a field its base already has
   * (one of the same name): the base's fields, each redefined one left out,
   * then the extension's own, so the derived definition is taken where the
   * extension declares it. The type then extends nothing (a note says so).
   * Undefined when nothing is redefined.
   */
  private flattenRedefined(
    name: string,
    base: string,
    own: readonly FieldDescription[],
    notes: Note[],
  ): FieldDescription[] | undefined {
    const inherited = this.inheritedFields(base);
    const names = new Set(own.map((f) => f.name));
    const redefined = inherited.filter((f) => names.has(f.name));
    if (redefined.length === 0) return undefined;
    for (const f of own.filter((x) => redefined.some((r) => r.name === x.name)))
      this.approximate(
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
  private inheritedFields(name: string): FieldDescription[] {
    const out: FieldDescription[][] = [];
    const seen = new Set<string>();
    for (
      let t = this.types.find((x) => x.name === name);
      t && !seen.has(t.name);
      t = t.extends ? this.types.find((x) => x.name === t!.extends!.name) : undefined
    ) {
      seen.add(t.name);
      out.unshift([...t.fields]);
    }
    return out.flat();
  }

  /** The attributes of a complex type or attribute group as fields, in document order; groups expanded, prohibited ones left out. */
  private attributeFields(uses: readonly AttributeUse[], groups: Set<string>): FieldDescription[] {
    const fields: FieldDescription[] = [];
    for (const use of uses) {
      if (use.kind === "attributeGroupRef") {
        const key = qkey(use.ref.name);
        const group = this.set.namespaces
          .get(use.ref.name.namespace)
          ?.attributeGroups.get(use.ref.name.local);
        if (!group || groups.has(key)) continue; // unknown: reported by the reference check; a cycle: read once
        fields.push(...this.attributeFields(group.attributes, new Set([...groups, key])));
        continue;
      }
      if (use.use === "prohibited") continue;
      const decl =
        use.kind === "attribute"
          ? use
          : this.set.namespaces.get(use.ref.name.namespace)?.attributes.get(use.ref.name.local);
      if (!decl) continue;
      const field = this.attributeField(decl, use);
      if (field) fields.push(field);
    }
    return fields;
  }

  /** One attribute as a field: a scalar or enum value carried as an attribute. */
  private attributeField(
    decl: AttributeDecl,
    use: LocalAttribute | AttributeRef,
  ): FieldDescription | undefined {
    const name = decl.name.local;
    // An attribute without a prefix is in no namespace: one in the service's own namespace would need a prefix of its own.
    if (decl.name.namespace !== "" && decl.name.namespace === this.home) {
      this.d.error(
        use.at,
        `the attribute "${name}" is qualified in the service's own namespace; qualified attributes are supported in other namespaces only`,
      );
      return undefined;
    }
    const notes: Note[] = [];
    let facets: FacetUse[] = [];
    const t = decl.type;
    const shape =
      t === undefined
        ? ({ kind: "scalar", scalar: "string", facets: [], notes: [] } as const)
        : t.kind === "typeRef"
          ? this.simpleRef(t)
          : this.simpleShape(t, pascalCase(name) || "Attribute");
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
      ...this.namespaceOf(decl.name.namespace),
      ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
      notes,
    };
  }

  /** The text of a value with attributes (simple content), as a field named `value` (or another name no attribute has). */
  private textField(
    derivation: Derivation,
    facetsHere: Facets,
    parent: string,
    attributes: readonly FieldDescription[],
  ): FieldDescription | undefined {
    const taken = new Set(attributes.map((a) => a.name));
    const name = ["value", "text", "content"].find((n) => !taken.has(n)) ?? "value";
    const restricted =
      derivation.method === "restriction"
        ? this.simpleShape(
            {
              kind: "simpleType",
              at: derivation.at,
              content: {
                kind: "restriction",
                base: derivation.base,
                facets: facetsHere,
                at: derivation.at,
              },
            },
            `${parent}Value`,
          )
        : this.simpleRef(derivation.base);
    if (!restricted) return undefined;
    return {
      name,
      at: derivation.at,
      type: {
        name: restricted.kind === "enum" ? restricted.name : restricted.scalar,
        at: derivation.base.at,
      },
      required: true,
      facets: restricted.kind === "scalar" ? sortFacets(restricted.facets) : [],
      examples: [],
      xml: { node: "text", at: derivation.at },
      notes: restricted.kind === "scalar" ? [...restricted.notes] : [],
    };
  }

  private label(ct: ComplexType, name: string): string {
    return ct.name ? `complex type "${ct.name.local}"` : `the type of "${name}"`;
  }

  /** The model group of a particle (a group reference resolved), or a problem. */
  private groupOf(
    particle: ModelGroup | GroupRef,
    optionalAllowed = false,
  ): ModelGroup | undefined {
    if (particle.kind !== "groupRef") return particle;
    const def = this.set.namespaces
      .get(particle.ref.name.namespace)
      ?.groups.get(particle.ref.name.local);
    if (!def) return undefined;
    // Inside a content model an optional group's fields are optional (the caller says so); a repeated group is refused.
    if (
      (particle.occurs.min !== 1 && !(optionalAllowed && particle.occurs.min === 0)) ||
      particle.occurs.max !== 1
    ) {
      this.d.error(
        particle.at,
        "a group reference that occurs other than once is not supported yet",
      );
      return undefined;
    }
    return def.particle;
  }

  /** The choice a content model is made of, when it is nothing else (a choice, or a sequence holding only a choice), once. */
  private soleChoice(group: ModelGroup): ModelGroup | undefined {
    const once = (g: ModelGroup) => g.occurs.min === 1 && g.occurs.max === 1;
    if (group.kind === "choice") return once(group) ? group : undefined;
    if (group.kind === "sequence" && once(group) && group.particles.length === 1) {
      const only = group.particles[0]!;
      if (only.kind === "choice" && once(only)) return only;
    }
    return undefined;
  }

  /** The fields of a model group inside a type: nested sequences flattened, choices among other elements made optional fields with a note. */
  private groupFields(
    group: ModelGroup,
    parent: string,
    notes: Note[],
    limits: WireLimit[],
    optional: boolean,
  ): { fields: FieldDescription[]; any: boolean } {
    const fields: FieldDescription[] = [];
    let any = false;
    const repeated = group.occurs.max === "unbounded" || group.occurs.max > 1;
    if (group.kind === "all")
      notes.push({
        kind: "interpretation",
        text: "An xs:all group: the contract allows its elements in any order; they are written and read in this order.",
      });
    if (group.kind === "sequence" && repeated) {
      this.d.error(group.at, "a sequence that repeats is not supported yet");
      return { fields, any };
    }
    const memberOptional = optional || group.occurs.min === 0 || group.kind === "choice";
    let singleBranches = true;
    for (const p of group.particles) {
      const f = this.particleFields(
        p,
        parent,
        notes,
        limits,
        memberOptional,
        group.kind === "choice" && repeated,
      );
      if (f === "any") any = true;
      else fields.push(...f);
      if (f === "any" || f.length !== 1) singleBranches = false;
    }
    if (group.kind === "choice") {
      const names = fields.map((f) => `"${f.name}"`).join(", ");
      if (repeated) {
        this.approximate(
          group.at,
          "repeated-choice",
          `a repeated choice of ${names} is read as one list per member: the order of the elements across members is not kept`,
        );
        notes.push({
          kind: "interpretation",
          text: `The contract repeats a choice of ${names}, in any mix: each member is a list here, and the elements are written and read grouped by name.`,
        });
      } else if (singleBranches && this.choiceSink && fields.length >= 2) {
        // One element per branch: a choice group of the type, checked by its validator and reader.
        this.choiceSink.push({
          fields: fields.map((f) => ({ name: f.name, at: f.at })),
          required: !optional && group.occurs.min >= 1,
          at: group.at,
        });
      } else {
        if (fields.length > 0)
          this.approximate(
            group.at,
            "choice-not-checked",
            `a choice of ${names} is read as optional fields: that exactly one branch is given is not checked`,
          );
        notes.push({
          kind: "interpretation",
          text: `One of ${names} (an xs:choice whose branches hold several elements): each is an optional field here, and the choice is not checked.`,
        });
      }
    }
    return { fields, any };
  }

  private particleFields(
    p: Particle,
    parent: string,
    notes: Note[],
    limits: WireLimit[],
    optional: boolean,
    repeated = false,
  ): FieldDescription[] | "any" {
    // A particle that may not occur (maxOccurs="0") is no content: no field.
    if (p.occurs.max === 0) {
      notes.push({
        kind: "info",
        text: `${particleLabel(p)} has maxOccurs="0" in the contract: it never occurs, so it has no field.`,
      });
      return [];
    }
    switch (p.kind) {
      case "any":
        return "any";
      case "sequence":
      case "choice":
      case "all":
        return this.groupFields(p, parent, notes, limits, optional).fields;
      case "groupRef":
        return (
          this.withGroupOpen(p, () => {
            const g = this.groupOf(p, true);
            return g
              ? this.groupFields(g, parent, notes, limits, optional || p.occurs.min === 0).fields
              : [];
          }) ?? []
        );
      case "elementRef": {
        const decl = this.set.namespaces.get(p.ref.name.namespace)?.elements.get(p.ref.name.local);
        if (!decl) return [];
        const f = this.elementField(decl, p.occurs, parent, limits, optional, repeated, p.at);
        return f ? [f] : [];
      }
      case "element": {
        const f = this.elementField(p, p.occurs, parent, limits, optional, repeated, p.at);
        return f ? [f] : [];
      }
    }
  }

  /** One element as a field: its type, occurrence, list wrapper, facets and value constraints. */
  private elementField(
    e: ElementDecl,
    occurs: LocalElement["occurs"],
    parent: string,
    limits: WireLimit[],
    optional: boolean,
    repeated: boolean,
    at: Position,
  ): FieldDescription | undefined {
    const fieldName = e.name.local;
    if (e.name.namespace === "" && this.home !== "") {
      limits.push({
        at,
        message: `the unqualified element "${fieldName}": elements are written in the operation's namespace`,
      });
    }
    if (e.abstract || e.substitutionGroup)
      this.d.error(
        e.at,
        `substitution groups and abstract elements ("${fieldName}") are not supported yet`,
      );
    const notes: Note[] = [];
    let facets: FacetUse[] = [];
    let typeName: string | undefined;
    let list: FieldDescription["list"];
    let nullable: FieldDescription["nullable"];
    const max = occurs.max === "unbounded" ? undefined : occurs.max;
    if (max === undefined || max > 1 || repeated)
      list = {
        min: repeated ? 0 : occurs.min,
        ...(max !== undefined && max > 1 && !repeated ? { max } : {}),
        at,
      };
    const inlineName = () => `${parent}${pascalCase(fieldName) || "Value"}`;
    const t = e.type;
    if (t === undefined) {
      typeName = this.claim(inlineName());
      this.types.push({
        name: typeName,
        at: e.at,
        kind: "opaque",
        fields: [],
        open: false,
        origin: { kind: "inline", parent, field: fieldName },
        notes: [{ kind: "info", text: "Any content (xs:anyType)." }],
      });
    } else if (t.kind === "typeRef") {
      const complex = this.set.namespaces.get(t.name.namespace)?.complexTypes.get(t.name.local);
      if (complex) {
        const wrapper = list ? undefined : this.listWrapper(complex);
        if (wrapper) {
          const item = wrapper;
          const itemMax = item.occurs.max === "unbounded" ? undefined : item.occurs.max;
          const itemNamespace = this.foreign(item.name.namespace);
          list = {
            min: item.occurs.min,
            ...(itemMax !== undefined ? { max: itemMax } : {}),
            item: item.name.local,
            ...(itemNamespace !== undefined ? { itemNamespace } : {}),
            at: t.at,
          };
          if (item.nillable) nullable = { at: item.at };
          const inner = this.itemType(item, inlineName(), t.at);
          if (!inner) return undefined;
          typeName = inner.name;
          facets = [...inner.facets];
          notes.push(...inner.notes, {
            kind: "info",
            text: `The list is the wrapper element of type ${t.name.local}, holding one <${item.name.local}> element per item.`,
          });
        } else typeName = this.namedComplex(t.name);
      } else {
        const shape = this.simpleRef(t);
        if (!shape) return undefined;
        typeName = shape.kind === "enum" ? shape.name : shape.scalar;
        if (shape.kind === "scalar") {
          facets = [...shape.facets];
          notes.push(...shape.notes);
        }
      }
    } else if (t.kind === "complexType") {
      // A global element that contains itself (by ref=) is a recursive type: the reference inside names the type being described.
      const global = this.isGlobal(e) ? qkey(e.name) : undefined;
      const open = global === undefined ? undefined : this.elementsOpen.get(global);
      if (open !== undefined) typeName = open;
      else {
        typeName = this.claim(inlineName());
        this.describeElementType(global, typeName, () =>
          this.describeComplex(t, typeName!, { kind: "inline", parent, field: fieldName }),
        );
      }
    } else {
      const shape = this.simpleShape(t, inlineName());
      if (!shape) return undefined;
      typeName = shape.kind === "enum" ? shape.name : shape.scalar;
      if (shape.kind === "scalar") {
        facets = [...shape.facets];
        notes.push(...shape.notes);
      }
    }
    if (typeName === undefined) return undefined;
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
      if (scalar === undefined && this.enums.some((x) => x.name === typeName))
        defaultValue = { value: e.default.value, at: e.default.at };
      else notes.push({ kind: "info", text: `Default value in the contract: ${e.default.value}.` });
    }
    return {
      name: fieldName,
      at: e.at,
      type: { name: typeName, at: t?.at ?? e.at },
      required: !optional && !repeated && occurs.min >= 1,
      ...(list ? { list } : {}),
      ...(constValue ? { const: constValue } : {}),
      ...(defaultValue ? { default: defaultValue } : {}),
      facets: sortFacets(facets),
      examples: [],
      ...(nullable && !constValue ? { nullable } : {}),
      ...this.namespaceOf(e.name.namespace),
      ...(e.doc !== undefined ? { doc: e.doc } : {}),
      notes: [...notes, ...this.identityNotes(e)],
    };
  }

  /** The type of a list wrapper's item: an object type's name, or a scalar or enum with its facets. */
  private itemType(
    item: LocalElement,
    inlineName: string,
    at: Position,
  ): { name: string; facets: readonly FacetUse[]; notes: readonly Note[] } | undefined {
    const t = item.type;
    if (t === undefined) {
      this.d.error(
        item.at,
        `the list item "${item.name.local}" has no type (xs:anyType); not supported yet`,
      );
      return undefined;
    }
    if (t.kind === "typeRef") {
      const complex = this.set.namespaces.get(t.name.namespace)?.complexTypes.get(t.name.local);
      if (complex) {
        const name = this.namedComplex(t.name);
        return name === undefined ? undefined : { name, facets: [], notes: [] };
      }
      const shape = this.simpleRef(t);
      if (!shape) return undefined;
      return shape.kind === "enum"
        ? { name: shape.name, facets: [], notes: [] }
        : { name: shape.scalar, facets: shape.facets, notes: shape.notes };
    }
    if (t.kind === "complexType") {
      const name = this.claim(`${inlineName}Item`);
      this.describeComplex(t, name, { kind: "inline", parent: inlineName, field: item.name.local });
      return { name, facets: [], notes: [] };
    }
    const shape = this.simpleShape(t, `${inlineName}Item`);
    void at;
    if (!shape) return undefined;
    return shape.kind === "enum"
      ? { name: shape.name, facets: [], notes: [] }
      : { name: shape.scalar, facets: shape.facets, notes: shape.notes };
  }

  /**
   * The one repeated element of a list wrapper (`ArrayOfX`): a complex type
   * without attributes or derivation whose content is a sequence, once, of a
   * single element that may repeat.
   */
  private listWrapper(ct: ComplexType): LocalElement | undefined {
    if (
      ct.content.kind !== "elements" ||
      ct.content.derivation ||
      ct.attributes.length > 0 ||
      ct.anyAttribute ||
      ct.mixed
    )
      return undefined;
    const p = ct.content.particle;
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

  /** The namespace of an element or attribute, when it is not the service's own (and not none). */
  private foreign(namespace: string): string | undefined {
    return namespace !== "" && namespace !== this.home ? namespace : undefined;
  }

  /** `{ namespace }` of a field in a foreign namespace, else nothing. */
  private namespaceOf(namespace: string): { namespace?: string } {
    const foreign = this.foreign(namespace);
    return foreign !== undefined ? { namespace: foreign } : {};
  }

  /** A named or built-in simple type by reference. */
  private simpleRef(t: TypeRef): SimpleShape | undefined {
    const builtin = builtinShape(t.name, t.at, this.d);
    if (builtin !== "not-builtin") return builtin;
    return this.simpleNamed(t.name, t.at);
  }

  private simpleNamed(name: QName, at: Position): SimpleShape | undefined {
    const key = qkey(name);
    if (this.simpleShapes.has(key)) return this.simpleShapes.get(key) ?? undefined;
    const st = this.set.namespaces.get(name.namespace)?.simpleTypes.get(name.local);
    if (!st) {
      this.d.error(at, `the simple type ${name.local} is not defined`);
      return undefined;
    }
    this.simpleShapes.set(key, null); // a cycle reads as a problem, not a loop
    const shape = this.simpleShape(st, name.local);
    this.simpleShapes.set(key, shape ?? null);
    return shape;
  }

  /** A simple type's shape: enumerations make an enum (named `enumName`), facets narrow the base's scalar. */
  private simpleShape(st: SimpleType, enumName: string): SimpleShape | undefined {
    const c = st.content;
    if (c.kind !== "restriction") {
      this.approximate(
        c.at,
        c.kind === "list" ? "list-type" : "several-types",
        c.kind === "list"
          ? "an xs:list is read as its text, one string: its items are not checked"
          : "an xs:union is read as its text, one string: its member types are not checked",
      );
      const what =
        c.kind === "list"
          ? "An xs:list (items separated by white space)"
          : "An xs:union (a value of any of its member types)";
      return {
        kind: "scalar",
        scalar: "string",
        facets: [],
        notes: [
          {
            kind: "interpretation",
            text: `${what} in the contract: its text as one string here, not checked further.`,
          },
        ],
      };
    }
    const base =
      c.base.kind === "typeRef"
        ? this.simpleRef(c.base)
        : this.simpleShape(c.base, `${enumName}Base`);
    if (!base) return undefined;
    const f = c.facets;
    if (f.enumerations.length > 0) {
      const name = this.claim(enumName);
      const seen = new Set<string>();
      const values = f.enumerations.filter((v) => !seen.has(v.value) && (seen.add(v.value), true));
      this.enums.push({
        name,
        at: st.at,
        values: values.map((v) => ({
          value: v.value,
          at: v.at,
          ...(v.doc !== undefined ? { doc: v.doc } : {}),
          notes: [],
        })),
        ...(st.doc !== undefined ? { doc: st.doc } : {}),
        notes:
          base.kind === "scalar" && base.scalar !== "string"
            ? [
                {
                  kind: "info",
                  text: `Values of the XML Schema type that is restricted here (${base.scalar}), written as text.`,
                },
              ]
            : [],
      });
      return { kind: "enum", name };
    }
    if (base.kind === "enum") return base;
    const facets = new Map<string, FacetUse>(base.facets.map((x) => [x.key, x]));
    const put = (key: string, value: number | string, at: Position) =>
      facets.set(key, { key, value, at });
    // Each facet from the XML Schema facets that set it (`length` sets minLength and maxLength); patterns below.
    for (const facet of FACETS) {
      if (facet.valueKind === "text") continue;
      for (const name of facet.xsdFacets) {
        const written = f[name as XsdValueFacetName];
        if (written) put(facet.key, written.value, written.at);
      }
    }
    const notes: Note[] = [...base.notes];
    if (
      f.whiteSpace &&
      f.whiteSpace.value !== (base.scalar === "string" ? "preserve" : "collapse")
    ) {
      this.approximate(
        f.whiteSpace.at,
        "white-space",
        `whiteSpace "${f.whiteSpace.value}" is not applied: the value is read and written as it is`,
      );
      notes.push({
        kind: "interpretation",
        text: `whiteSpace "${f.whiteSpace.value}" in the contract: the value is read and written as it is, not normalized.`,
      });
    }
    // Patterns of one restriction: a value matches any of them (one pattern of their alternatives).
    const pattern =
      f.patterns.length > 1
        ? { value: f.patterns.map((p) => `(${p.value})`).join("|"), at: f.patterns[0]!.at }
        : f.patterns[0];
    if (pattern) {
      const inherited = facets.get("pattern");
      // XML Schema patterns match the whole value; a value of a restriction matches its base's pattern too,
      // so the two are one pattern: the base's as a lookahead, then this restriction's.
      const own = wholeValuePattern(pattern.value);
      const both =
        inherited && inherited.value !== own
          ? `^(?=${String(inherited.value).slice(1)})${own.slice(1)}`
          : own;
      put("pattern", both, pattern.at);
    }
    return { kind: "scalar", scalar: base.scalar, facets: [...facets.values()], notes };
  }

  /** Global elements whose types are defined in place: each becomes a type named after the element. */
  describeElements(): Map<string, string> {
    const names = new Map<string, string>();
    for (const ns of this.set.namespaces.values()) {
      for (const e of ns.elements.values()) {
        const t = e.type;
        if (t?.kind === "complexType")
          names.set(qkey(e.name), this.elementType(e, e.name.local, { kind: "declared" })!);
      }
    }
    return names;
  }

  private readonly elementTypes = new Map<string, string>();

  /** Global elements whose type in place is being described, by key: the type's name, for a reference to the element inside itself. */
  private readonly elementsOpen = new Map<string, string>();

  /** Runs `describe` with the global element `key` (when given) open under `typeName`. */
  private describeElementType(
    key: string | undefined,
    typeName: string,
    describe: () => void,
  ): void {
    if (key === undefined) return describe();
    this.elementsOpen.set(key, typeName);
    try {
      describe();
    } finally {
      this.elementsOpen.delete(key);
    }
  }

  private isGlobal(e: ElementDecl): boolean {
    return this.set.namespaces.get(e.name.namespace)?.elements.get(e.name.local) === e;
  }

  /** Named groups being read, outermost first: a reference to one of them again is a group that contains itself. */
  private readonly groupsOpen: QName[] = [];

  /** Runs `read` with the group `ref` names open; a group that contains itself is a positioned error instead. */
  private withGroupOpen<T>(ref: GroupRef, read: () => T): T | undefined {
    const key = qkey(ref.ref.name);
    const from = this.groupsOpen.findIndex((g) => qkey(g) === key);
    if (from >= 0) {
      const cycle = [...this.groupsOpen.slice(from), ref.ref.name].map((g) => g.local).join(" → ");
      this.d.error(ref.at, `the group "${ref.ref.name.local}" contains itself (${cycle})`);
      return undefined;
    }
    this.groupsOpen.push(ref.ref.name);
    try {
      return read();
    } finally {
      this.groupsOpen.pop();
    }
  }

  /** The object type of a global element: its named type, or its type in place described once under `name`. */
  elementType(e: ElementDecl, name: string, origin: TypeOrigin): string | undefined {
    const key = qkey(e.name);
    const known = this.elementTypes.get(key);
    if (known !== undefined) return known;
    const t = e.type;
    let result: string | undefined;
    if (t?.kind === "complexType") {
      const claimed = this.claim(name);
      this.describeElementType(key, claimed, () => this.describeComplex(t, claimed, origin));
      result = claimed;
      this.typeNotes.get(claimed)?.push(...this.identityNotes(e));
    } else if (t?.kind === "typeRef") result = this.namedComplex(t.name);
    if (result !== undefined) this.elementTypes.set(key, result);
    return result;
  }

  /** A note and a warning per identity constraint of an element: read, not checked. */
  private identityNotes(e: ElementDecl): Note[] {
    return (e.identityConstraints ?? []).map((c) => {
      const named = `xs:${c.kind}${c.name !== undefined ? ` "${c.name}"` : ""}`;
      this.approximate(
        c.at,
        "identity-constraint",
        `the identity constraint ${named} of the element ${e.name.local} is not checked`,
      );
      return {
        kind: "interpretation" as const,
        text: `The contract declares the identity constraint ${named} here: it is not checked.`,
      };
    });
  }

  /** Whether a type, or one it holds or extends, meets a limit of the wire code. */
  reachesWireLimit(root: string): boolean {
    for (const name of this.reached([root]))
      if ((this.wireLimits.get(name)?.length ?? 0) > 0) return true;
    return false;
  }

  /** Types reachable from `roots` through fields and bases. */
  private reached(roots: readonly string[]): Set<string> {
    const byName = new Map(this.types.map((t) => [t.name, t]));
    const reached = new Set<string>();
    const queue = [...roots];
    for (let n = queue.pop(); n !== undefined; n = queue.pop()) {
      const t = byName.get(n);
      if (!t || reached.has(n)) continue;
      reached.add(n);
      if (t.extends) queue.push(t.extends.name);
      for (const f of t.fields) queue.push(f.type.name);
    }
    return reached;
  }

  /** Wire limits become errors for the types operations send or receive, and notes on the others. */
  settleWireLimits(roots: readonly string[]): void {
    const reached = this.reached(roots);
    for (const [name, limits] of this.wireLimits) {
      for (const l of limits) {
        if (reached.has(name))
          this.d.error(l.at, `${l.message} (in "${name}", which an operation sends or receives)`);
        else
          this.typeNotes
            .get(name)
            ?.push({ kind: "interpretation", text: `Not in this type: ${l.message}.` });
      }
    }
  }
}

/** The text of a mixed type: a string field `text` (or another name no field has), carried as the element's text. */
function mixedTextField(at: Position, taken: readonly FieldDescription[]): FieldDescription {
  const names = new Set(taken.map((f) => f.name));
  const name = ["text", "content", "value", "mixedText"].find((n) => !names.has(n)) ?? "mixedText";
  return {
    name,
    at,
    type: { name: "string", at },
    required: false,
    facets: [],
    examples: [],
    xml: { node: "text", at },
    notes: [],
  };
}

/** How a note names a particle. */
function particleLabel(p: Particle): string {
  switch (p.kind) {
    case "element":
      return `The element "${p.name.local}"`;
    case "elementRef":
      return `The element "${p.ref.name.local}"`;
    case "groupRef":
      return `The group ${p.ref.name.local}`;
    case "any":
      return "An xs:any";
    default:
      return `An xs:${p.kind}`;
  }
}

function sortFacets(facets: readonly FacetUse[]): FacetUse[] {
  const order = (key: string) => FACETS.findIndex((f) => f.key === key);
  return [...facets].sort((a, b) => order(a.key) - order(b.key));
}

/** A `fixed=` value as a constant of the field's scalar; undefined when it does not fit one. */
function constOf(value: string, scalar: ScalarName | undefined): ConstValue | undefined {
  switch (scalar) {
    case "boolean":
      return value === "true" || value === "1"
        ? true
        : value === "false" || value === "0"
          ? false
          : undefined;
    case "short":
    case "int":
      return /^-?[0-9]+$/.test(value.trim()) ? Number(value.trim()) : undefined;
    case "double": {
      const n = doubleFromXsd(value.trim());
      return n !== undefined && Number.isFinite(n) ? n : undefined;
    }
    case undefined:
      return value;
    default:
      return value;
  }
}

/** A built-in type's shape, a problem for one without a scalar, or "not-builtin". */
function builtinShape(
  name: QName,
  at: Position,
  d: Diagnostics,
): SimpleShape | undefined | "not-builtin" {
  if (name.namespace !== XSD_NAMESPACE) return "not-builtin";
  const b = builtinScalarOf(name.local);
  if (!b) {
    d.error(at, `xs:${name.local} has no scalar yet`);
    return undefined;
  }
  const facets: FacetUse[] = [];
  if (b.pattern !== undefined) facets.push({ key: "pattern", value: b.pattern, at });
  if (b.integer) facets.push({ key: "fractionDigits", value: 0, at });
  if (b.min !== undefined) facets.push({ key: "minimum", value: b.min, at });
  if (b.max !== undefined) facets.push({ key: "maximum", value: b.max, at });
  const notes: Note[] =
    b.integer || b.min !== undefined || b.max !== undefined || b.pattern !== undefined || b.note
      ? [{ kind: "info", text: `xs:${name.local} in the contract.${b.note ? ` ${b.note}` : ""}` }]
      : [];
  return { kind: "scalar", scalar: b.scalar, facets, notes };
}

/** An XSD file (or set) as a service of types and enums, with no operations. */
export function schemaSetToDescription(
  set: SchemaSet,
  serviceName: string,
  at: Position,
  d: Diagnostics,
): ServiceDescription {
  const home = set.documents[0]?.targetNamespace ?? "";
  const m = new SchemaMapper(set, d, home);
  m.describeAllNamed();
  m.describeElements();
  // Every global element of a complex type is a document the package reads and writes whole.
  const documents: XmlDocumentDescription[] = [];
  let simple = 0;
  for (const ns of set.namespaces.values()) {
    for (const e of ns.elements.values()) {
      const complex =
        e.type?.kind === "complexType" ||
        (e.type?.kind === "typeRef" &&
          set.namespaces.get(e.type.name.namespace)?.complexTypes.has(e.type.name.local) === true);
      const type =
        complex && !e.abstract ? m.elementType(e, e.name.local, { kind: "declared" }) : undefined;
      // A document whose types the wire code cannot write yet (an unqualified element, say) gets no functions: its types keep their notes.
      if (type === undefined || m.reachesWireLimit(type)) {
        simple++;
        continue;
      }
      documents.push({
        name: e.name.local,
        at: e.at,
        type: { name: type, at: e.at },
        ...(e.name.namespace !== home ? { namespace: e.name.namespace } : {}),
        ...(e.doc !== undefined ? { doc: e.doc } : {}),
      });
    }
  }
  m.settleWireLimits([]);
  const doc = set.documents[0]?.doc;
  return {
    name: serviceNameOf(serviceName),
    at,
    title: serviceName,
    ...(doc !== undefined ? { doc } : {}),
    notes: [
      {
        kind: "info",
        text: `The types and enums of the XML schema ${serviceName}${home ? ` (namespace ${home})` : ""}; a schema names no operation.`,
      },
      {
        kind: "info",
        text: `Global elements of a complex type (${documents.length}) are documents read and written whole (parse<Element>Document, build<Element>Document)${simple > 0 ? `; the others (${simple}: of a simple or abstract type, or holding what the wire code cannot write yet) have no document functions` : ""}.`,
      },
    ],
    protocol: "soap",
    soap: { namespacePlaceholder: "namespace", version: "", ...(home ? { namespace: home } : {}) },
    types: m.types,
    enums: m.enums,
    operations: [],
    flows: [],
    events: [],
    gaps: [],
    ...(documents.length > 0 ? { documents } : {}),
  };
}

/** A port of a service with its SOAP binding. */
interface SoapPort {
  readonly port: WsdlPort;
  readonly binding: WsdlBinding;
}

/**
 * The SOAP port a service is generated for: SOAP 1.1 when there is one, else
 * SOAP 1.2; and the ports of each SOAP version the client may choose instead
 * (`soapVersion`): the first port of the other version whose binding binds
 * the same port type with the same SOAP actions. Other ports are a note.
 */
function choosePort(
  service: WsdlService,
  defs: WsdlDefinitions,
  d: Diagnostics,
  notes: Note[],
): { port: WsdlPort; binding: WsdlBinding; versions?: readonly SoapPort[] } | undefined {
  const ports = service.ports.flatMap((port) => {
    const binding = defs.bindings.get(port.binding.name.local);
    return binding && port.binding.name.namespace === defs.targetNamespace
      ? [{ port, binding }]
      : [];
  });
  const soap11 = ports.filter((p) => p.binding.soapVersion === "1.1");
  const chosen = soap11[0] ?? ports[0];
  if (!chosen) {
    d.error(service.at, `the service "${service.name.local}" has no SOAP port`);
    return undefined;
  }
  const alternative = ports.find(
    (p) =>
      p.binding.soapVersion !== chosen.binding.soapVersion &&
      sameOperations(p.binding, chosen.binding),
  );
  const others = ports.filter((p) => p !== chosen && p !== alternative);
  if (alternative) {
    notes.push({
      kind: "interpretation",
      text: `SOAP ${chosen.binding.soapVersion} (port "${chosen.port.name}") by default; the client's soapVersion option chooses SOAP ${alternative.binding.soapVersion} (port "${alternative.port.name}", binding ${alternative.binding.name.local}) instead, each with its port's address.`,
    });
  }
  if (others.length > 0) {
    notes.push({
      kind: "interpretation",
      text: `Generated for the SOAP ${chosen.binding.soapVersion} port "${chosen.port.name}" (binding ${chosen.binding.name.local}); the contract also has ${others.map((o) => `the SOAP ${o.binding.soapVersion} port "${o.port.name}"`).join(", ")}, not offered.`,
    });
  }
  return alternative ? { ...chosen, versions: [chosen, alternative] } : chosen;
}

/** Whether two bindings bind the same port type, each operation with the same SOAP action and headers. */
function sameOperations(a: WsdlBinding, b: WsdlBinding): boolean {
  if (
    qkey(a.portType.name) !== qkey(b.portType.name) ||
    a.operations.length !== b.operations.length
  )
    return false;
  const headers = (o: WsdlBinding["operations"][number]) =>
    JSON.stringify((o.input?.headers ?? []).map((h) => [qkey(h.message.name), h.part]));
  return a.operations.every((o) => {
    const other = b.operations.find((x) => x.name === o.name);
    return (
      other !== undefined && other.soapAction === o.soapAction && headers(other) === headers(o)
    );
  });
}

/**
 * The namespace the operation elements of a binding are in: their request
 * elements' (the schema's target namespace, which need not be the WSDL's).
 * The WSDL's target namespace when no operation names an element.
 */
function bodyNamespace(defs: WsdlDefinitions, binding: WsdlBinding): string {
  const portType = defs.portTypes.get(binding.portType.name.local);
  for (const op of portType?.operations ?? []) {
    const part = defs.messages.get(op.input.message.name.local)?.parts[0];
    if (part?.kind === "element") return part.element.name.namespace;
  }
  return defs.targetNamespace;
}

/**
 * One service per `wsdl:service`: document/literal operations of its SOAP
 * 1.1 port (else its SOAP 1.2 port). Each service's warnings are its
 * approximations (a schema's, once per service that holds its types).
 */
export function wsdlToDescription(defs: WsdlDefinitions, d: Diagnostics): ServiceDescription[] {
  if (defs.services.size === 0) d.error(defs.at, "the WSDL defines no wsdl:service");
  return [...defs.services.values()].flatMap(
    (service) =>
      describeApproximated(d, defs.at.file, (own) => describeWsdlService(defs, service, own)) ?? [],
  );
}

/** One `wsdl:service` (undefined when it has no port paygen reads: a problem says why). */
function describeWsdlService(
  defs: WsdlDefinitions,
  service: WsdlService,
  d: Diagnostics,
): ServiceDescription | undefined {
  const notes: Note[] = [];
  const chosen = choosePort(service, defs, d, notes);
  const home = chosen ? bodyNamespace(defs, chosen.binding) : defs.targetNamespace;
  const m = new SchemaMapper(defs.schemas, d, home);
  m.describeAllNamed();
  const operations: SoapOperationDescription[] = [];
  if (chosen) {
    const { port, binding } = chosen;
    const portType = defs.portTypes.get(binding.portType.name.local);
    for (const op of portType?.operations ?? []) {
      if (!op.output) {
        m.approximate(
          op.at,
          "one-way-operation",
          `the operation "${op.name}" is one-way (no output) and is left out: only request-response operations have a client method`,
        );
        notes.push({
          kind: "interpretation",
          text: `The operation "${op.name}" is one-way (no output): it has no client method; only request-response operations are generated.`,
        });
        continue;
      }
      const b = binding.operations.find((x) => x.name === op.name);
      const described = describeOperation(defs, m, op, b, d);
      if (described) operations.push(described);
    }
    m.settleWireLimits(
      operations.flatMap((o) =>
        o.protocol === "soap"
          ? [o.requestType.name, o.responseType.name, ...(o.headers ?? []).map((h) => h.type.name)]
          : [],
      ),
    );
    const credentials = credentialsField(operations, m.types);
    if (credentials) {
      for (const [i, o] of operations.entries())
        if (credentials.carriers.has(o.name)) operations[i] = { ...o, auth: true };
      notes.push({
        kind: "interpretation",
        text: `Every request that has fields carries the element "${credentials.field.name}" (${credentials.type}): it is the client's credentials option, put into each of those requests.`,
      });
    } else
      notes.push({
        kind: "info",
        text: "Requests extend no common type: each carries the fields its element lists (credentials included).",
      });
    const doc = service.doc ?? defs.doc;
    return {
      name: serviceNameOf(service.name.local),
      at: service.at,
      title: service.name.local,
      ...(doc !== undefined ? { doc } : {}),
      notes,
      protocol: "soap",
      soap: {
        namespacePlaceholder: "namespace",
        version: "",
        namespace: home,
        endpoint: port.address.location,
        ...(binding.soapVersion === "1.2" ? { soapVersion: "1.2" as const } : {}),
        ...(credentials ? { credentials: credentials.field } : {}),
        ...(chosen.versions
          ? {
              versions: chosen.versions.map((v) => ({
                soapVersion: v.binding.soapVersion,
                endpoint: v.port.address.location,
              })),
            }
          : {}),
      },
      types: m.types,
      enums: m.enums,
      operations,
      flows: [],
      events: [],
      gaps: [],
    };
  }
  return undefined;
}

function describeOperation(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  op: WsdlOperation,
  b: WsdlBinding["operations"][number] | undefined,
  d: Diagnostics,
): SoapOperationDescription | undefined {
  if (!b) {
    d.error(op.at, `the operation "${op.name}" has no operation in the chosen binding`);
    return undefined;
  }
  if (b.style === "rpc") {
    d.error(
      b.at,
      `the operation "${op.name}" is rpc style; only document/literal operations are supported`,
    );
    return undefined;
  }
  for (const mb of [b.input, b.output]) {
    if (mb?.body?.use === "encoded") {
      d.error(
        mb.body.at,
        `the operation "${op.name}" is encoded; only literal bodies are supported`,
      );
      return undefined;
    }
    for (const h of mb?.headers ?? []) {
      if (h.use === "encoded") {
        d.error(
          h.at,
          `the operation "${op.name}" has an encoded SOAP header; only literal headers are supported`,
        );
        return undefined;
      }
    }
  }
  const notes: { kind: NoteKind; text: string }[] = [];
  const headers: SoapHeaderDescription[] = [];
  for (const h of b.input?.headers ?? []) {
    const header = headerOf(defs, m, h, op.name, d);
    if (!header) return undefined;
    headers.push(header);
  }
  for (const h of b.output?.headers ?? []) {
    d.warning(
      h.at,
      "output-header",
      `the response header part "${h.part}" of "${op.name}" is not read`,
    );
    notes.push({
      kind: "interpretation",
      text: `The response carries the SOAP header part "${h.part}" of message ${h.message.name.local}; it is not read.`,
    });
  }
  if (!op.output) {
    d.error(
      op.at,
      `the operation "${op.name}" is one-way (no output); only request-response operations are supported`,
    );
    return undefined;
  }
  const element = (ref: { name: QName; at: Position }, side: string): ElementDecl | undefined => {
    const message = defs.messages.get(ref.name.local);
    if (!message) return undefined;
    const parts = message.parts;
    if (parts.length !== 1) {
      d.error(
        message.at,
        `the ${side} message of "${op.name}" has ${parts.length} parts; a document/literal wrapped operation has one`,
      );
      return undefined;
    }
    const part = parts[0]!;
    if (part.kind !== "element") {
      d.error(
        part.at,
        `the ${side} part of "${op.name}" names a type; a document/literal operation names an element`,
      );
      return undefined;
    }
    const decl = defs.schemas.namespaces
      .get(part.element.name.namespace)
      ?.elements.get(part.element.name.local);
    if (!decl) d.error(part.element.at, `the element ${part.element.name.local} is not defined`);
    return decl;
  };
  const request = element(op.input.message, "input");
  const response = element(op.output.message, "output");
  if (!request || !response) return undefined;
  if (request.name.namespace !== m.home) {
    d.error(
      request.at,
      `the request element ${request.name.local} of "${op.name}" is in namespace "${request.name.namespace}", and the service's other operations in "${m.home}"; one service has one body namespace`,
    );
    return undefined;
  }
  const requestType = m.elementType(request, `${op.name}Request`, {
    kind: "request",
    operation: op.name,
  });
  if (requestType === undefined) {
    d.error(
      request.at,
      `the request element ${request.name.local} of "${op.name}" must be of a complex type`,
    );
    return undefined;
  }
  const result = resultOf(defs, m, op.name, response, notes, d);
  if (!result) return undefined;
  return {
    protocol: "soap",
    name: op.name,
    at: op.at,
    auth: false,
    requestType: { name: requestType, at: request.at },
    responseType: { name: result.type, at: result.at },
    ...(request.name.local !== op.name ? { requestElement: request.name.local } : {}),
    ...(response.name.local !== `${op.name}Response`
      ? { responseElement: response.name.local }
      : {}),
    ...(result.element === undefined
      ? { bare: true }
      : result.element !== `${op.name}Result`
        ? { resultElement: result.element }
        : {}),
    ...(b.soapAction !== undefined ? { soapAction: b.soapAction } : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(result.optional ? { resultOptional: true } : {}),
    ...(op.doc !== undefined ? { doc: op.doc } : {}),
    notes,
  };
}

/** Names that say an element holds credentials. */
const CREDENTIALS_NAME = /auth|credential|login|security/i;

/**
 * The credentials element the contract shows: an element every request that
 * has fields carries (at least two), with the same name and object type,
 * whose name or type name says it authenticates (`merchantAuthentication` of
 * `MerchantAuthenticationType`). Undefined when there is none.
 */
function credentialsField(
  operations: readonly SoapOperationDescription[],
  types: readonly TypeDescription[],
): { field: { name: string; at: Position }; type: string; carriers: Set<string> } | undefined {
  const byName = new Map(types.map((t) => [t.name, t]));
  const requests = operations
    .map((o) => ({ op: o.name, type: byName.get(o.requestType.name) }))
    .filter((r) => r.type !== undefined && r.type.kind === "object" && r.type.fields.length > 0);
  if (requests.length < 2) return undefined;
  const [first, ...rest] = requests;
  for (const candidate of first!.type!.fields) {
    const objectType = byName.get(candidate.type.name);
    if (objectType?.kind !== "object" || candidate.list || candidate.xml || candidate.nullable)
      continue;
    if (!CREDENTIALS_NAME.test(candidate.name) && !CREDENTIALS_NAME.test(candidate.type.name))
      continue;
    const same = rest.every((r) =>
      r.type!.fields.some(
        (f) =>
          f.name === candidate.name &&
          f.type.name === candidate.type.name &&
          !f.list &&
          !f.xml &&
          !f.nullable,
      ),
    );
    if (same)
      return {
        field: { name: candidate.name, at: candidate.at },
        type: candidate.type.name,
        carriers: new Set(requests.map((r) => r.op)),
      };
  }
  return undefined;
}

/** The result of an operation: the response element's type (document/literal bare), or the type of its one result element (wrapped); `element` absent when bare. */
interface OperationResult {
  readonly type: string;
  readonly at: Position;
  readonly element?: string;
  readonly optional: boolean;
}

/**
 * The result of a response element. Wrapped (the response holds exactly one
 * element, once, of a complex type, and no attribute): that element's type.
 * Otherwise the response element itself is the result (document/literal
 * bare), with a note: it must then be of a complex type.
 */
function resultOf(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  operation: string,
  response: ElementDecl,
  notes: Note[],
  d: Diagnostics,
): OperationResult | undefined {
  const rt = response.type;
  const ct =
    rt?.kind === "complexType"
      ? rt
      : rt?.kind === "typeRef"
        ? defs.schemas.namespaces.get(rt.name.namespace)?.complexTypes.get(rt.name.local)
        : undefined;
  const seq =
    ct && ct.content.kind === "elements" && !ct.content.derivation && !ct.mixed
      ? ct.content.particle
      : undefined;
  const only =
    seq?.kind === "sequence" &&
    seq.occurs.max === 1 &&
    seq.particles.length === 1 &&
    seq.particles[0]!.kind === "element"
      ? (seq.particles[0] as LocalElement)
      : undefined;
  const child =
    only && only.occurs.max === 1 && ct!.attributes.length === 0 && !ct!.anyAttribute
      ? only
      : undefined;
  const complexChild =
    child?.type?.kind === "complexType" ||
    (child?.type?.kind === "typeRef" &&
      defs.schemas.namespaces
        .get(child.type.name.namespace)
        ?.complexTypes.has(child.type.name.local) === true);
  if (child && complexChild) {
    let type: string | undefined;
    if (child.type?.kind === "complexType") {
      type = m.claim(`${operation}Result`);
      m.describeComplex(child.type, type, { kind: "response", operation });
    } else if (child.type?.kind === "typeRef") type = m.namedComplex(child.type.name);
    return type === undefined
      ? undefined
      : { type, at: child.at, element: child.name.local, optional: child.occurs.min === 0 };
  }
  const type = m.elementType(response, `${operation}Response`, { kind: "response", operation });
  if (type === undefined) {
    d.error(
      response.at,
      `the response element ${response.name.local} of "${operation}" must be of a complex type`,
    );
    return undefined;
  }
  notes.push({
    kind: "interpretation",
    text: `Document/literal bare: the response element ${response.name.local} is the result itself (it does not wrap exactly one result element of a complex type).`,
  });
  return { type, at: response.at, optional: false };
}

/** A request's `soap:header`: the element its message part names, of a complex type, in that element's namespace. */
function headerOf(
  defs: WsdlDefinitions,
  m: SchemaMapper,
  h: SoapMessageBinding["headers"][number],
  operation: string,
  d: Diagnostics,
): SoapHeaderDescription | undefined {
  const message = defs.messages.get(h.message.name.local);
  const part = message?.parts.find((p) => p.name === h.part);
  if (!message || !part) {
    d.error(
      h.at,
      `the SOAP header of "${operation}" names the part "${h.part}" of message ${h.message.name.local}, which it does not have`,
    );
    return undefined;
  }
  if (part.kind !== "element") {
    d.error(
      part.at,
      `the SOAP header part "${h.part}" of "${operation}" names a type; a document/literal header names an element`,
    );
    return undefined;
  }
  const decl = defs.schemas.namespaces
    .get(part.element.name.namespace)
    ?.elements.get(part.element.name.local);
  const type = decl ? m.elementType(decl, decl.name.local, { kind: "declared" }) : undefined;
  if (!decl || type === undefined) {
    d.error(
      part.element.at,
      `the SOAP header element ${part.element.name.local} of "${operation}" must be of a complex type`,
    );
    return undefined;
  }
  return {
    name: decl.name.local,
    at: h.at,
    type: { name: type, at: decl.at },
    namespace: decl.name.namespace,
    ...(decl.doc !== undefined ? { doc: decl.doc } : {}),
  };
}
