import type { Position } from "../../diagnostics/diagnostic.js";
import { qkey } from "./qname-key.js";
import type {
  AttributeGroupDef,
  AttributeUse,
  ComplexType,
  GroupDef,
  GroupRef,
  ModelGroup,
  Particle,
  QName,
  RedefinedComponent,
  SimpleType,
} from "./xsd-model.js";

/** The component that replaces the redefined one, and, when it is not read exactly, why. */
export interface Redefined {
  readonly component: RedefinedComponent;
  /** Set when the redefinition is not read as XML Schema means it: the message of a warning at it. */
  readonly approximation?: string;
}

/**
 * What a component of the schema an `xs:redefine` includes becomes once it
 * is redefined (XML Schema Part 1, 4.2.2): a type derives from its own
 * original (a simple type restricts it, a complex type extends or restricts
 * it), a group or attribute group references its own original at most once,
 * or restricts it by restating it. The self-reference is resolved here, so
 * the result is an ordinary component under the same name: the original
 * simple type becomes the base in place, an extension's content follows the
 * original's, a restriction's content replaces it (the original's attributes
 * kept unless restated), the group reference is the original's content.
 */
export function redefineComponent(
  original: RedefinedComponent,
  redefinition: RedefinedComponent,
): Redefined {
  if (original.kind !== redefinition.kind)
    return {
      component: original,
      approximation: `the redefinition of "${original.name!.local}" is not of the kind of the original; it is passed over`,
    };
  switch (redefinition.kind) {
    case "simpleType":
      return redefineSimpleType(original as SimpleType, redefinition);
    case "complexType":
      return redefineComplexType(original as ComplexType, redefinition);
    case "group":
      return { component: redefineGroup(original as GroupDef, redefinition) };
    case "attributeGroup":
      return { component: redefineAttributeGroup(original as AttributeGroupDef, redefinition) };
  }
}

function isSelf(name: QName, reference: { readonly name: QName }): boolean {
  return qkey(name) === qkey(reference.name);
}

function notSelfDerived(name: QName, what: string): string {
  return `the redefinition of "${name.local}" does not derive from the original ${what}, as xs:redefine requires; it is read as written`;
}

function redefineSimpleType(original: SimpleType, redefinition: SimpleType): Redefined {
  const content = redefinition.content;
  const name = redefinition.name!;
  if (
    content.kind !== "restriction" ||
    content.base.kind !== "typeRef" ||
    !isSelf(name, content.base)
  )
    return { component: redefinition, approximation: notSelfDerived(name, "simple type") };
  const { name: _unnamed, ...inPlace } = original;
  return { component: { ...redefinition, content: { ...content, base: inPlace } } };
}

function redefineComplexType(original: ComplexType, redefinition: ComplexType): Redefined {
  const name = redefinition.name!;
  const content = redefinition.content;
  const derivation = content.derivation;
  if (derivation === undefined || !isSelf(name, derivation.base))
    return { component: redefinition, approximation: notSelfDerived(name, "complex type") };
  const anyAttribute = redefinition.anyAttribute ?? original.anyAttribute;
  const common = {
    ...redefinition,
    mixed: redefinition.mixed || original.mixed,
    ...(redefinition.doc === undefined && original.doc !== undefined ? { doc: original.doc } : {}),
    ...(anyAttribute === undefined ? {} : { anyAttribute }),
  };
  if (derivation.method === "extension") {
    const content: ComplexType["content"] =
      original.content.kind === "simple" || redefinition.content.kind === "simple"
        ? original.content
        : {
            ...original.content,
            ...sequenceOf(original.content.particle, redefinition.content.particle, derivation.at),
          };
    return {
      component: {
        ...common,
        content,
        attributes: [...original.attributes, ...redefinition.attributes],
      },
    };
  }
  if (content.kind === "simple")
    return {
      component: original,
      approximation: `the redefinition of "${name.local}" restricts the original's simple content; the original is read, and the restriction's facets are not checked`,
    };
  const attributes = [
    ...original.attributes.filter((use) => !restated(use, redefinition.attributes)),
    ...redefinition.attributes,
  ];
  const particle = content.particle;
  return {
    component: {
      ...common,
      content: particle ? { kind: "elements", particle } : { kind: "elements" },
      attributes,
    },
  };
}

/** The particle of an extension: the base's content, then the extension's, in one sequence. */
function sequenceOf(
  base: ModelGroup | GroupRef | undefined,
  extension: ModelGroup | GroupRef | undefined,
  at: Position,
): { particle?: ModelGroup | GroupRef } {
  if (base === undefined) return extension === undefined ? {} : { particle: extension };
  if (extension === undefined) return { particle: base };
  return {
    particle: { kind: "sequence", at, occurs: { min: 1, max: 1 }, particles: [base, extension] },
  };
}

/** Whether a restriction restates an attribute use of its base (the same attribute or group). */
function restated(use: AttributeUse, uses: readonly AttributeUse[]): boolean {
  const key = attributeKey(use);
  return uses.some((other) => attributeKey(other) === key);
}

function attributeKey(use: AttributeUse): string {
  return use.kind === "attribute"
    ? `attribute ${qkey(use.name)}`
    : use.kind === "attributeRef"
      ? `attribute ${qkey(use.ref.name)}`
      : `group ${qkey(use.ref.name)}`;
}

function redefineGroup(original: GroupDef, redefinition: GroupDef): GroupDef {
  const resolve = (particle: Particle): Particle => {
    if (particle.kind === "groupRef" && isSelf(original.name, particle.ref))
      return original.particle;
    if (particle.kind === "sequence" || particle.kind === "choice" || particle.kind === "all")
      return { ...particle, particles: particle.particles.map(resolve) };
    return particle;
  };
  return { ...redefinition, particle: resolve(redefinition.particle) as ModelGroup };
}

function redefineAttributeGroup(
  original: AttributeGroupDef,
  redefinition: AttributeGroupDef,
): AttributeGroupDef {
  const attributes = redefinition.attributes.flatMap((use) =>
    use.kind === "attributeGroupRef" && isSelf(original.name, use.ref)
      ? original.attributes
      : [use],
  );
  const anyAttribute = redefinition.anyAttribute ?? original.anyAttribute;
  return { ...redefinition, attributes, ...(anyAttribute === undefined ? {} : { anyAttribute }) };
}
