import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { didYouMean } from "../../diagnostics/did-you-mean.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import { describeQName } from "./qname.js";
import {
  BUILTIN_SIMPLE_TYPE_NAMES,
  isAnyType,
  isBuiltinSimpleType,
  isXmlNamespaceAttribute,
} from "./xsd-builtins.js";
import type {
  AttributeUse,
  ComplexType,
  ElementDecl,
  Particle,
  QName,
  Reference,
  SchemaNamespace,
  SchemaSet,
  SimpleType,
  TypeRef,
} from "./xsd-model.js";

/** What a reference may name, by where it is written. */
type Expected =
  | "anyType"
  | "simpleType"
  | "complexBase"
  | "simpleContentBase"
  | "element"
  | "attribute"
  | "group"
  | "attributeGroup";

/**
 * Checks that every name a schema set references is defined, and is of the
 * kind the reference needs (a simple type for an attribute, a complex type
 * as the base of complex content...), and that no type derives from itself.
 * Each problem is reported at the reference, with the closest defined name.
 * References into an `unavailable` namespace (one whose import already
 * failed, and was reported) are not reported again.
 */
export function checkSchemaReferences(
  set: SchemaSet,
  unavailable: ReadonlySet<string>,
  diagnostics: Diagnostics,
): void {
  const checker = new ReferenceChecker(set, unavailable, diagnostics);
  for (const namespace of set.namespaces.values()) {
    for (const type of namespace.complexTypes.values()) checker.complexType(type);
    for (const type of namespace.simpleTypes.values()) checker.simpleType(type);
    for (const element of namespace.elements.values()) checker.element(element);
    for (const attribute of namespace.attributes.values())
      if (attribute.type?.kind === "typeRef") checker.reference(attribute.type, "simpleType");
    for (const attribute of namespace.attributes.values())
      if (attribute.type?.kind === "simpleType") checker.simpleType(attribute.type);
    for (const group of namespace.groups.values()) checker.particle(group.particle);
    for (const group of namespace.attributeGroups.values()) checker.attributes(group.attributes);
  }
  checker.derivationCycles();
}

class ReferenceChecker {
  constructor(
    private readonly set: SchemaSet,
    private readonly unavailable: ReadonlySet<string>,
    private readonly diagnostics: Diagnostics,
  ) {}

  complexType(type: ComplexType): void {
    const content = type.content;
    if (content.kind === "simple")
      this.reference(content.derivation.base, "simpleContentBase", content.derivation.method);
    else {
      if (content.derivation !== undefined) this.reference(content.derivation.base, "complexBase");
      if (content.particle !== undefined) this.particle(content.particle);
    }
    this.attributes(type.attributes);
  }

  simpleType(type: SimpleType): void {
    const content = type.content;
    const members =
      content.kind === "restriction"
        ? [content.base]
        : content.kind === "list"
          ? [content.itemType]
          : content.memberTypes;
    for (const member of members) {
      if (member.kind === "typeRef") this.reference(member, "simpleType");
      else this.simpleType(member);
    }
  }

  element(element: ElementDecl): void {
    const type = element.type;
    if (type?.kind === "typeRef") this.reference(type, "anyType");
    else if (type?.kind === "complexType") this.complexType(type);
    else if (type?.kind === "simpleType") this.simpleType(type);
    if (element.substitutionGroup !== undefined)
      this.reference(element.substitutionGroup, "element");
  }

  particle(particle: Particle): void {
    switch (particle.kind) {
      case "element":
        this.element(particle);
        break;
      case "elementRef":
        this.reference(particle.ref, "element");
        break;
      case "groupRef":
        this.reference(particle.ref, "group");
        break;
      case "any":
        break;
      default:
        for (const child of particle.particles) this.particle(child);
    }
  }

  attributes(uses: readonly AttributeUse[]): void {
    for (const use of uses) {
      if (use.kind === "attributeRef") this.reference(use.ref, "attribute");
      else if (use.kind === "attributeGroupRef") this.reference(use.ref, "attributeGroup");
      else if (use.type?.kind === "typeRef") this.reference(use.type, "simpleType");
      else if (use.type?.kind === "simpleType") this.simpleType(use.type);
    }
  }

  /** Reports a reference that names nothing, or something of the wrong kind. */
  reference(
    reference: Reference | TypeRef,
    expected: Expected,
    method?: "extension" | "restriction",
  ): void {
    const { name, at } = reference;
    if (name.namespace === XSD_NAMESPACE) {
      this.builtin(reference, expected);
      return;
    }
    if (expected === "attribute" && isXmlNamespaceAttribute(name)) return;
    const namespace = this.set.namespaces.get(name.namespace);
    if (namespace === undefined && this.unavailable.has(name.namespace)) return;
    if (namespace === undefined) {
      this.diagnostics.error(
        at,
        `${noun(expected)} ${describeQName(name)} is not defined: no schema read has that namespace (is an xs:import missing?)`,
      );
      return;
    }
    const complex = namespace.complexTypes.get(name.local);
    const simple = namespace.simpleTypes.get(name.local);
    switch (expected) {
      case "anyType":
        if (complex === undefined && simple === undefined)
          this.undefined(reference, expected, [
            ...namespace.complexTypes.keys(),
            ...namespace.simpleTypes.keys(),
          ]);
        return;
      case "simpleType":
        if (complex !== undefined)
          this.diagnostics.error(
            at,
            `${describeQName(name)} is a complex type; a simple type is needed here`,
          );
        else if (simple === undefined)
          this.undefined(reference, expected, namespace.simpleTypes.keys());
        return;
      case "complexBase":
        if (simple !== undefined)
          this.diagnostics.error(
            at,
            `${describeQName(name)} is a simple type; complex content derives from a complex type (use xs:simpleContent for a simple base)`,
          );
        else if (complex === undefined)
          this.undefined(reference, expected, namespace.complexTypes.keys());
        return;
      case "simpleContentBase":
        if (complex !== undefined && complex.content.kind !== "simple") {
          this.diagnostics.error(
            at,
            `${describeQName(name)} has element content; simple content derives from a simple type or a complex type with simple content`,
          );
        } else if (simple !== undefined && method === "restriction") {
          this.diagnostics.error(
            at,
            `a restriction of simple content derives from a complex type with simple content, not from the simple type ${describeQName(name)} (use xs:extension)`,
          );
        } else if (complex === undefined && simple === undefined) {
          this.undefined(reference, expected, [
            ...namespace.complexTypes.keys(),
            ...namespace.simpleTypes.keys(),
          ]);
        }
        return;
      default: {
        const table = tableFor(namespace, expected);
        if (!table.has(name.local)) this.undefined(reference, expected, table.keys());
      }
    }
  }

  /**
   * Reports types whose base chain comes back to them (`A` extends `B`
   * extends `A`). Each type has at most one base, so one walk per chain,
   * marking what it passed, visits every type once.
   */
  derivationCycles(): void {
    const done = new Set<string>();
    for (const namespace of this.set.namespaces.values()) {
      for (const type of [...namespace.complexTypes.values(), ...namespace.simpleTypes.values()]) {
        const path: { key: string; name: QName; base: TypeRef | undefined }[] = [];
        const onPath = new Map<string, number>();
        let current: ComplexType | SimpleType | undefined = type;
        while (current?.name !== undefined) {
          const key = qnameKey(current.name);
          if (done.has(key)) break;
          const index = onPath.get(key);
          if (index !== undefined) {
            const cycle = path.slice(index);
            const closing = cycle[cycle.length - 1]!.base!;
            const names = [...cycle.map((step) => step.name.local), current.name.local].join(" → ");
            this.diagnostics.error(
              closing.at,
              `type ${describeQName(current.name)} derives from itself (${names})`,
            );
            break;
          }
          const base = this.baseOf(current);
          onPath.set(key, path.length);
          path.push({ key, name: current.name, base });
          current = base === undefined ? undefined : this.typeNamed(base.name);
        }
        for (const step of path) done.add(step.key);
      }
    }
  }

  private typeNamed(name: QName): ComplexType | SimpleType | undefined {
    const namespace = this.set.namespaces.get(name.namespace);
    return namespace?.complexTypes.get(name.local) ?? namespace?.simpleTypes.get(name.local);
  }

  private baseOf(type: ComplexType | SimpleType): TypeRef | undefined {
    if (type.kind === "complexType")
      return type.content.kind === "simple"
        ? type.content.derivation.base
        : type.content.derivation?.base;
    return type.content.kind === "restriction" && type.content.base.kind === "typeRef"
      ? type.content.base
      : undefined;
  }

  private builtin(reference: Reference, expected: Expected): void {
    const { name, at } = reference;
    const simple = isBuiltinSimpleType(name);
    const any = isAnyType(name);
    const types =
      expected === "anyType" ||
      expected === "simpleType" ||
      expected === "complexBase" ||
      expected === "simpleContentBase";
    if (!types) {
      this.diagnostics.error(
        at,
        `${noun(expected)} ${describeQName(name)}: the XML Schema namespace defines no ${noun(expected)}s`,
      );
    } else if (!simple && !any) {
      this.diagnostics.error(
        at,
        `${describeQName(name)} is not an XML Schema built-in type${didYouMean(name.local, [...BUILTIN_SIMPLE_TYPE_NAMES, "anyType"])}`,
      );
    } else if (any && (expected === "simpleType" || expected === "simpleContentBase")) {
      this.diagnostics.error(
        at,
        "xs:anyType is a complex type; a simple type is needed here (xs:anySimpleType is the simple one)",
      );
    } else if (simple && expected === "complexBase") {
      this.diagnostics.error(
        at,
        `${describeQName(name)} is a simple type; complex content derives from a complex type (use xs:simpleContent for a simple base)`,
      );
    }
  }

  private undefined(reference: Reference, expected: Expected, candidates: Iterable<string>): void {
    this.diagnostics.error(
      reference.at,
      `${noun(expected)} ${describeQName(reference.name)} is not defined${didYouMean(reference.name.local, candidates)}`,
    );
  }
}

function qnameKey(name: QName): string {
  return `${name.namespace}\0${name.local}`;
}

function noun(expected: Expected): string {
  switch (expected) {
    case "anyType":
    case "simpleContentBase":
      return "type";
    case "simpleType":
      return "simple type";
    case "complexBase":
      return "complex type";
    case "element":
      return "element";
    case "attribute":
      return "attribute";
    case "group":
      return "group";
    case "attributeGroup":
      return "attribute group";
  }
}

function tableFor(
  namespace: SchemaNamespace,
  expected: "element" | "attribute" | "group" | "attributeGroup",
): ReadonlyMap<string, unknown> {
  switch (expected) {
    case "element":
      return namespace.elements;
    case "attribute":
      return namespace.attributes;
    case "group":
      return namespace.groups;
    case "attributeGroup":
      return namespace.attributeGroups;
  }
}
