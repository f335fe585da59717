import type { XmlElement } from "../xml/xml-tree.js";
import { readAttributeList, readWildcardConstraint } from "./read-xsd-attributes.js";
import { isFacet, NO_FACETS, readFacets } from "./read-xsd-facets.js";
import { readSimpleType } from "./read-xsd-simple-type.js";
import { collapse } from "./attribute-reader.js";
import { blocksSubstitution, type XsdContext } from "./xsd-context.js";
import type {
  AttributeUse,
  AttributeWildcard,
  ComplexType,
  Derivation,
  ElementContent,
  ElementDecl,
  ElementRef,
  ElementWildcard,
  GroupDef,
  GroupRef,
  IdentityConstraint,
  LocalElement,
  ModelGroup,
  Occurs,
  Particle,
  SimpleContent,
  SimpleType,
  TypeRef,
  ValueConstraint,
} from "./xsd-model.js";

/**
 * The structures of XML Schema that contain each other: element
 * declarations, complex types, and the model groups between them (an
 * element's type may be a complex type defined in place, whose sequence
 * declares elements...). They are read together, recursively; the XML
 * reader's depth limit bounds the recursion.
 */

/** Where a model group is: the whole content of a type, the body of a named group, or inside another group. */
type GroupPlace = "type" | "groupDef" | "nested";

/** A top-level `xs:element`. */
export function readGlobalElement(
  element: XmlElement,
  context: XsdContext,
): ElementDecl | undefined {
  context.checkAttributes(element, [
    "name",
    "type",
    "nillable",
    "abstract",
    "default",
    "fixed",
    "substitutionGroup",
    "block",
    "final",
    "id",
  ]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(
      element.at,
      `a top-level <${element.qname}> needs a name (ref= is for elements inside a content model)`,
    );
  const body = readElementBody(element, context);
  const substitutionGroup = context.reference(element, "substitutionGroup");
  const block = context.attribute(element, "block");
  const substitutionBlocked =
    block === undefined
      ? context.scope.blocksSubstitution === true
      : blocksSubstitution(block.value);
  if (name === undefined) return undefined;
  return {
    kind: "element",
    name: context.qualify(name),
    at: element.at,
    ...body,
    abstract: context.flag(element, "abstract", false),
    ...(substitutionGroup === undefined ? {} : { substitutionGroup }),
    ...(substitutionBlocked ? { substitutionBlocked } : {}),
  };
}

/** A top-level `xs:complexType` (`named`), or one defined in place in an element. */
export function readComplexType(
  element: XmlElement,
  context: XsdContext,
  named: boolean,
): ComplexType | undefined {
  context.checkAttributes(
    element,
    named ? ["name", "abstract", "mixed", "block", "final", "id"] : ["mixed", "id"],
  );
  const name = named ? context.ncName(element, "name") : undefined;
  if (named && context.attribute(element, "name") === undefined)
    context.error(element.at, `a top-level <${element.qname}> needs a name`);
  const { doc, children } = context.content(element);
  const mixed = context.flag(element, "mixed", false);
  const first = children[0];
  let read:
    | {
        content: ElementContent | SimpleContent;
        mixed: boolean;
        attributes: AttributeUse[];
        anyAttribute?: AttributeWildcard;
      }
    | undefined;
  if (
    first !== undefined &&
    (context.is(first, "complexContent") || context.is(first, "simpleContent"))
  ) {
    for (const extra of children.slice(1))
      context.error(extra.at, `nothing may follow <${first.qname}> in <${element.qname}>`);
    read = context.is(first, "complexContent")
      ? readComplexContent(first, context, mixed)
      : readSimpleContent(first, context);
  } else if (
    first !== undefined &&
    (context.is(first, "extension") || context.is(first, "restriction"))
  ) {
    for (const extra of children.slice(1))
      context.error(extra.at, `nothing may follow <${first.qname}> in <${element.qname}>`);
    context.warning(
      first.at,
      "derivation-without-content",
      `<${first.qname}> is not allowed directly in <${element.qname}>; it is read as if in an xs:complexContent`,
    );
    read = readComplexDerivation(first, context, mixed);
  } else {
    for (const child of children.slice(1)) {
      if (context.is(child, "complexContent") || context.is(child, "simpleContent")) {
        context.error(child.at, `<${child.qname}> must be the only content of <${element.qname}>`);
      }
    }
    const body = readParticleAndAttributes(
      children.filter(
        (child) => !context.is(child, "complexContent") && !context.is(child, "simpleContent"),
      ),
      element,
      context,
    );
    read = {
      content: {
        kind: "elements",
        ...(body.particle === undefined ? {} : { particle: body.particle }),
      },
      mixed,
      attributes: body.attributes,
      ...(body.anyAttribute === undefined ? {} : { anyAttribute: body.anyAttribute }),
    };
  }
  if (read === undefined || (named && name === undefined)) return undefined;
  return {
    kind: "complexType",
    ...(name === undefined ? {} : { name: context.qualify(name) }),
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    abstract: named ? context.flag(element, "abstract", false) : false,
    mixed: read.mixed,
    content: read.content,
    attributes: read.attributes,
    ...(read.anyAttribute === undefined ? {} : { anyAttribute: read.anyAttribute }),
  };
}

/** A top-level `xs:group`: a named sequence, choice or all. */
export function readGroupDef(element: XmlElement, context: XsdContext): GroupDef | undefined {
  context.checkAttributes(element, ["name", "id"]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(
      element.at,
      `a top-level <${element.qname}> needs a name (ref= is for groups inside a content model)`,
    );
  const { doc, children } = context.content(element);
  let particle: ModelGroup | undefined;
  for (const child of children) {
    if (
      !context.is(child, "sequence") &&
      !context.is(child, "choice") &&
      !context.is(child, "all")
    ) {
      context.unexpected(child, element);
    } else if (particle !== undefined) {
      context.error(
        child.at,
        `<${element.qname}> holds one sequence, choice or all; this is a second`,
      );
    } else {
      particle = readModelGroup(child, context, "groupDef");
    }
  }
  if (particle === undefined && children.length === 0)
    context.error(element.at, `<${element.qname}> needs an xs:sequence, xs:choice or xs:all`);
  if (name === undefined || particle === undefined) return undefined;
  return {
    kind: "group",
    name: context.qualify(name),
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    particle,
  };
}

/** `xs:complexContent`: an extension or restriction of a complex base, with its own particle and attributes. */
function readComplexContent(
  element: XmlElement,
  context: XsdContext,
  typeMixed: boolean,
):
  | {
      content: ElementContent;
      mixed: boolean;
      attributes: AttributeUse[];
      anyAttribute?: AttributeWildcard;
    }
  | undefined {
  context.checkAttributes(element, ["mixed", "id"]);
  const mixed = context.flag(element, "mixed", typeMixed);
  const derivationElement = onlyDerivation(element, context);
  if (derivationElement === undefined) return undefined;
  return readComplexDerivation(derivationElement, context, mixed);
}

/** The `xs:extension` or `xs:restriction` of complex content: the base, its own particle and attributes. */
function readComplexDerivation(
  derivationElement: XmlElement,
  context: XsdContext,
  mixed: boolean,
):
  | {
      content: ElementContent;
      mixed: boolean;
      attributes: AttributeUse[];
      anyAttribute?: AttributeWildcard;
    }
  | undefined {
  context.checkAttributes(derivationElement, ["base", "id"]);
  const derivation = readDerivation(derivationElement, context);
  const { children } = context.content(derivationElement);
  const body = readParticleAndAttributes(children, derivationElement, context);
  if (derivation === undefined) return undefined;
  return {
    content: {
      kind: "elements",
      derivation,
      ...(body.particle === undefined ? {} : { particle: body.particle }),
    },
    mixed,
    attributes: body.attributes,
    ...(body.anyAttribute === undefined ? {} : { anyAttribute: body.anyAttribute }),
  };
}

/** `xs:simpleContent`: a value of the base's simple type, with attributes; a restriction may add facets. */
function readSimpleContent(
  element: XmlElement,
  context: XsdContext,
):
  | {
      content: SimpleContent;
      mixed: boolean;
      attributes: AttributeUse[];
      anyAttribute?: AttributeWildcard;
    }
  | undefined {
  context.checkAttributes(element, ["id"]);
  const derivationElement = onlyDerivation(element, context);
  if (derivationElement === undefined) return undefined;
  context.checkAttributes(derivationElement, ["base", "id"]);
  const derivation = readDerivation(derivationElement, context);
  const { children } = context.content(derivationElement);
  const facetElements: XmlElement[] = [];
  const attributeElements: XmlElement[] = [];
  for (const child of children) {
    if (derivation?.method === "restriction" && context.is(child, "simpleType")) {
      context.error(
        child.at,
        `a simple type defined in place in an <${derivationElement.qname}> of simple content is not supported; restrict the value with facets`,
      );
    } else if (
      derivation?.method === "restriction" &&
      child.name.namespace === derivationElement.name.namespace &&
      isFacet(child.name.local)
    ) {
      if (attributeElements.length > 0)
        context.error(child.at, `<${child.qname}> must come before the attributes`);
      facetElements.push(child);
    } else {
      attributeElements.push(child);
    }
  }
  const facets = facetElements.length === 0 ? NO_FACETS : readFacets(facetElements, context);
  const attributes = readAttributeList(attributeElements, derivationElement, context);
  if (derivation === undefined) return undefined;
  return { content: { kind: "simple", derivation, facets }, mixed: false, ...attributes };
}

/** The one `xs:extension` or `xs:restriction` of an `xs:complexContent` or `xs:simpleContent`. */
function onlyDerivation(element: XmlElement, context: XsdContext): XmlElement | undefined {
  const { children } = context.content(element);
  let found: XmlElement | undefined;
  for (const child of children) {
    if (!context.is(child, "extension") && !context.is(child, "restriction"))
      context.unexpected(child, element);
    else if (found !== undefined)
      context.error(
        child.at,
        `<${element.qname}> holds one extension or restriction; this is a second`,
      );
    else found = child;
  }
  if (found === undefined && children.length === 0)
    context.error(element.at, `<${element.qname}> needs an xs:extension or xs:restriction`);
  return found;
}

function readDerivation(element: XmlElement, context: XsdContext): Derivation | undefined {
  const base = context.reference(element, "base");
  if (context.attribute(element, "base") === undefined)
    context.error(element.at, `<${element.qname}> needs base=`);
  if (base === undefined) return undefined;
  return {
    method: element.name.local === "extension" ? "extension" : "restriction",
    base: { kind: "typeRef", ...base },
    at: element.at,
  };
}

/** The content of a complex type or derivation: at most one particle, then attributes. */
function readParticleAndAttributes(
  children: readonly XmlElement[],
  parent: XmlElement,
  context: XsdContext,
): {
  particle?: ModelGroup | GroupRef;
  attributes: AttributeUse[];
  anyAttribute?: AttributeWildcard;
} {
  let particle: ModelGroup | GroupRef | undefined;
  let particleSeen = false;
  const attributeElements: XmlElement[] = [];
  for (const child of children) {
    const isGroup =
      context.is(child, "sequence") ||
      context.is(child, "choice") ||
      context.is(child, "all") ||
      context.is(child, "group");
    if (!isGroup) {
      attributeElements.push(child);
      continue;
    }
    if (attributeElements.length > 0)
      context.error(
        child.at,
        `<${child.qname}> must come before the attributes of <${parent.qname}>`,
      );
    if (particleSeen) {
      context.error(
        child.at,
        `<${parent.qname}> holds one sequence, choice, all or group; wrap several in an xs:sequence`,
      );
      continue;
    }
    particleSeen = true;
    particle = context.is(child, "group")
      ? readGroupRef(child, context)
      : readModelGroup(child, context, "type");
  }
  const attributes = readAttributeList(attributeElements, parent, context);
  return particle === undefined ? attributes : { particle, ...attributes };
}

/** `xs:sequence`, `xs:choice` or `xs:all` with its particles. */
function readModelGroup(
  element: XmlElement,
  context: XsdContext,
  place: GroupPlace,
): ModelGroup | undefined {
  const all = context.is(element, "all");
  // A named group's model group takes its occurrence from each reference to the group.
  context.checkAttributes(
    element,
    place === "groupDef" ? ["id"] : ["minOccurs", "maxOccurs", "id"],
  );
  const occurs = readOccurs(element, context);
  if (all && place === "nested")
    context.error(
      element.at,
      `<${element.qname}> can only be the whole content of a type or group, not inside another group`,
    );
  if (all && (occurs.min > 1 || occurs.max !== 1))
    context.error(
      element.at,
      `<${element.qname}> occurs at most once (minOccurs 0 or 1, maxOccurs 1)`,
    );
  const { doc, children } = context.content(element);
  const particles: Particle[] = [];
  for (const child of children) {
    const particle = readParticle(child, element, context, all);
    if (particle !== undefined) particles.push(particle);
  }
  return {
    kind: all ? "all" : element.name.local === "choice" ? "choice" : "sequence",
    at: element.at,
    occurs,
    ...(doc === undefined ? {} : { doc }),
    particles,
  };
}

/** One child of a model group. */
function readParticle(
  child: XmlElement,
  group: XmlElement,
  context: XsdContext,
  inAll: boolean,
): Particle | undefined {
  if (context.is(child, "element")) {
    const particle = readElementParticle(child, context);
    if (
      inAll &&
      particle !== undefined &&
      (particle.occurs.min > 1 || (particle.occurs.max !== 0 && particle.occurs.max !== 1))
    ) {
      context.error(
        child.at,
        `an element in <${group.qname}> occurs at most once (maxOccurs 0 or 1)`,
      );
    }
    return particle;
  }
  if (inAll) {
    context.error(child.at, `<${group.qname}> holds only xs:element, not <${child.qname}>`);
    return undefined;
  }
  if (context.is(child, "sequence") || context.is(child, "choice") || context.is(child, "all"))
    return readModelGroup(child, context, "nested");
  if (context.is(child, "group")) return readGroupRef(child, context);
  if (context.is(child, "any")) return readAny(child, context);
  context.unexpected(child, group);
  return undefined;
}

/** An `xs:element` inside a model group: a local declaration or a reference to a global one. */
function readElementParticle(
  element: XmlElement,
  context: XsdContext,
): LocalElement | ElementRef | undefined {
  if (context.attribute(element, "ref") !== undefined) {
    context.checkAttributes(element, ["ref", "minOccurs", "maxOccurs", "id"]);
    const { children } = context.content(element);
    for (const child of children) context.unexpected(child, element);
    const occurs = readOccurs(element, context);
    const ref = context.reference(element, "ref");
    return ref === undefined ? undefined : { kind: "elementRef", ref, at: element.at, occurs };
  }
  context.checkAttributes(element, [
    "name",
    "type",
    "nillable",
    "default",
    "fixed",
    "minOccurs",
    "maxOccurs",
    "form",
    "block",
    "id",
  ]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(element.at, `<${element.qname}> needs name= or ref=`);
  const form = context.choice(
    element,
    "form",
    ["qualified", "unqualified"],
    context.scope.elementFormDefault,
  );
  const occurs = readOccurs(element, context);
  const body = readElementBody(element, context);
  if (name === undefined) return undefined;
  return {
    kind: "element",
    name: form === "qualified" ? context.qualify(name) : { namespace: "", local: name },
    at: element.at,
    ...body,
    abstract: false,
    occurs,
  };
}

/** What global and local element declarations share: the type, nillable, default or fixed value, documentation. */
function readElementBody(
  element: XmlElement,
  context: XsdContext,
): {
  type?: TypeRef | ComplexType | SimpleType;
  nillable: boolean;
  default?: ValueConstraint;
  fixed?: ValueConstraint;
  doc?: string;
  identityConstraints?: IdentityConstraint[];
} {
  const { doc, children } = context.content(element);
  const typeRef = context.reference(element, "type");
  let type: TypeRef | ComplexType | SimpleType | undefined =
    typeRef === undefined ? undefined : { kind: "typeRef", ...typeRef };
  const identityConstraints: IdentityConstraint[] = [];
  for (const child of children) {
    const constraint = identityConstraintOf(child, context);
    if (constraint) {
      identityConstraints.push(constraint);
      continue;
    }
    if (!context.is(child, "complexType") && !context.is(child, "simpleType")) {
      context.unexpected(child, element);
      continue;
    }
    if (type !== undefined || context.attribute(element, "type") !== undefined) {
      context.error(
        child.at,
        `<${element.qname}> has a type already; give type= or a type inside, not both`,
      );
      continue;
    }
    type = context.is(child, "complexType")
      ? readComplexType(child, context, false)
      : readSimpleType(child, context, false);
  }
  const fallback = context.attribute(element, "default");
  const fixed = context.attribute(element, "fixed");
  if (fallback !== undefined && fixed !== undefined)
    context.error(fixed.at, "default= and fixed= cannot both be given");
  return {
    ...(type === undefined ? {} : { type }),
    nillable: context.flag(element, "nillable", false),
    ...(fallback === undefined ? {} : { default: { value: fallback.value, at: fallback.valueAt } }),
    ...(fixed === undefined ? {} : { fixed: { value: fixed.value, at: fixed.valueAt } }),
    ...(doc === undefined ? {} : { doc }),
    ...(identityConstraints.length === 0 ? {} : { identityConstraints }),
  };
}

/** An `xs:unique`, `xs:key` or `xs:keyref` of an element: its kind, name and position (what it selects is not read). */
function identityConstraintOf(
  child: XmlElement,
  context: XsdContext,
): IdentityConstraint | undefined {
  const kind = (["unique", "key", "keyref"] as const).find((k) => context.is(child, k));
  if (kind === undefined) return undefined;
  const name = context.attribute(child, "name")?.value;
  return { kind, ...(name === undefined ? {} : { name }), at: child.at };
}

/** An `xs:group ref=` inside a content model. */
function readGroupRef(element: XmlElement, context: XsdContext): GroupRef | undefined {
  context.checkAttributes(element, ["ref", "minOccurs", "maxOccurs", "id"]);
  const { children } = context.content(element);
  for (const child of children) context.unexpected(child, element);
  const occurs = readOccurs(element, context);
  const ref = context.reference(element, "ref");
  if (context.attribute(element, "ref") === undefined)
    context.error(
      element.at,
      `<${element.qname}> here needs ref= (groups are defined at the top of a schema)`,
    );
  return ref === undefined ? undefined : { kind: "groupRef", ref, at: element.at, occurs };
}

/** An `xs:any`: content the schema leaves open. */
function readAny(element: XmlElement, context: XsdContext): ElementWildcard {
  context.checkAttributes(element, [
    "namespace",
    "processContents",
    "minOccurs",
    "maxOccurs",
    "id",
  ]);
  const { children } = context.content(element);
  for (const child of children) context.unexpected(child, element);
  return {
    kind: "any",
    at: element.at,
    occurs: readOccurs(element, context),
    ...readWildcardConstraint(element, context),
  };
}

/** `minOccurs` and `maxOccurs` (both 1 when absent; `unbounded` allowed for the maximum). */
function readOccurs(element: XmlElement, context: XsdContext): Occurs {
  const min = context.count(element, "minOccurs") ?? 1;
  const maxAttribute = context.attribute(element, "maxOccurs");
  let max: number | "unbounded" = 1;
  if (maxAttribute !== undefined) {
    if (collapse(maxAttribute.value) === "unbounded") max = "unbounded";
    else max = context.countValue(maxAttribute) ?? 1;
  }
  if (max !== "unbounded" && min > max)
    context.error(element.at, `minOccurs ${min} is greater than maxOccurs ${max}`);
  return { min, max };
}
