import type { XmlElement } from "../xml/xml-tree.js";
import { readSimpleType } from "./read-xsd-simple-type.js";
import type { XsdContext } from "./xsd-context.js";
import type {
  AttributeDecl,
  AttributeGroupDef,
  AttributeUse,
  AttributeUseKind,
  AttributeWildcard,
  SimpleType,
  TypeRef,
  ValueConstraint,
  WildcardConstraint,
} from "./xsd-model.js";

/** A top-level `xs:attribute`. */
export function readGlobalAttribute(
  element: XmlElement,
  context: XsdContext,
): AttributeDecl | undefined {
  context.checkAttributes(element, ["name", "type", "default", "fixed", "id"]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(element.at, `a top-level <${element.qname}> needs a name`);
  const declaration = readDeclaration(element, context);
  if (name === undefined) return undefined;
  return { kind: "attribute", name: context.qualify(name), at: element.at, ...declaration };
}

/**
 * An `xs:attribute` or `xs:attributeGroup` inside a complex type, an
 * extension or restriction, or an attribute group: a local declaration, a
 * reference to a global attribute, or a reference to an attribute group.
 */
export function readAttributeUse(
  element: XmlElement,
  context: XsdContext,
): AttributeUse | undefined {
  if (context.is(element, "attributeGroup")) {
    context.checkAttributes(element, ["ref", "id"]);
    const { children } = context.content(element);
    for (const child of children) context.unexpected(child, element);
    const ref = context.reference(element, "ref");
    if (context.attribute(element, "ref") === undefined)
      context.error(
        element.at,
        `<${element.qname}> here needs ref= (attribute groups are defined at the top of a schema)`,
      );
    return ref === undefined ? undefined : { kind: "attributeGroupRef", ref, at: element.at };
  }
  const use = context.choice<AttributeUseKind>(
    element,
    "use",
    ["optional", "required", "prohibited"],
    "optional",
  );
  if (context.attribute(element, "ref") !== undefined) {
    context.checkAttributes(element, ["ref", "use", "default", "fixed", "id"]);
    const { children } = context.content(element);
    for (const child of children) context.unexpected(child, element);
    const ref = context.reference(element, "ref");
    const values = readValueConstraints(element, context, use);
    return ref === undefined
      ? undefined
      : { kind: "attributeRef", ref, at: element.at, use, ...values };
  }
  context.checkAttributes(element, ["name", "type", "use", "default", "fixed", "form", "id"]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(element.at, `<${element.qname}> needs name= or ref=`);
  const form = context.choice(
    element,
    "form",
    ["qualified", "unqualified"],
    context.scope.attributeFormDefault,
  );
  const declaration = readDeclaration(element, context, use);
  if (name === undefined) return undefined;
  return {
    kind: "attribute",
    name: form === "qualified" ? context.qualify(name) : { namespace: "", local: name },
    at: element.at,
    ...declaration,
    use,
  };
}

/** An `xs:anyAttribute`. */
export function readAttributeWildcard(element: XmlElement, context: XsdContext): AttributeWildcard {
  context.checkAttributes(element, ["namespace", "processContents", "id"]);
  const { children } = context.content(element);
  for (const child of children) context.unexpected(child, element);
  return { kind: "anyAttribute", at: element.at, ...readWildcardConstraint(element, context) };
}

/** `namespace=` and `processContents=` of `xs:any` and `xs:anyAttribute`. */
export function readWildcardConstraint(
  element: XmlElement,
  context: XsdContext,
): WildcardConstraint {
  return {
    namespace: context.token(element, "namespace") ?? "##any",
    processContents: context.choice(
      element,
      "processContents",
      ["strict", "lax", "skip"],
      "strict",
    ),
  };
}

/** A top-level `xs:attributeGroup`: attribute uses and an optional wildcard, which comes last. */
export function readAttributeGroupDef(
  element: XmlElement,
  context: XsdContext,
): AttributeGroupDef | undefined {
  context.checkAttributes(element, ["name", "id"]);
  const name = context.ncName(element, "name");
  if (context.attribute(element, "name") === undefined)
    context.error(element.at, `a top-level <${element.qname}> needs a name`);
  const { doc, children } = context.content(element);
  const read = readAttributeList(children, element, context);
  if (name === undefined) return undefined;
  return {
    kind: "attributeGroup",
    name: context.qualify(name),
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    attributes: read.attributes,
    ...(read.anyAttribute === undefined ? {} : { anyAttribute: read.anyAttribute }),
  };
}

/**
 * The attribute part of a content: `xs:attribute` and `xs:attributeGroup`
 * elements, then at most one `xs:anyAttribute`. Other children are reported
 * as misplaced.
 */
export function readAttributeList(
  children: readonly XmlElement[],
  parent: XmlElement,
  context: XsdContext,
): { attributes: AttributeUse[]; anyAttribute?: AttributeWildcard } {
  const attributes: AttributeUse[] = [];
  let anyAttribute: AttributeWildcard | undefined;
  for (const child of children) {
    if (context.is(child, "attribute") || context.is(child, "attributeGroup")) {
      if (anyAttribute !== undefined)
        context.error(child.at, `<${child.qname}> must come before xs:anyAttribute`);
      const use = readAttributeUse(child, context);
      if (use !== undefined) attributes.push(use);
    } else if (context.is(child, "anyAttribute")) {
      if (anyAttribute !== undefined)
        context.error(child.at, `<${parent.qname}> has one xs:anyAttribute at most`);
      else anyAttribute = readAttributeWildcard(child, context);
    } else {
      context.unexpected(child, parent);
    }
  }
  return anyAttribute === undefined ? { attributes } : { attributes, anyAttribute };
}

/** Type (named or in place), default and fixed value, and documentation of an attribute declaration. */
function readDeclaration(
  element: XmlElement,
  context: XsdContext,
  use: AttributeUseKind = "optional",
): {
  type?: TypeRef | SimpleType;
  default?: ValueConstraint;
  fixed?: ValueConstraint;
  doc?: string;
} {
  const { doc, children } = context.content(element);
  const typeRef = context.reference(element, "type");
  let type: TypeRef | SimpleType | undefined =
    typeRef === undefined ? undefined : { kind: "typeRef", ...typeRef };
  for (const child of children) {
    if (!context.is(child, "simpleType")) {
      context.unexpected(child, element);
      continue;
    }
    if (type !== undefined || context.attribute(element, "type") !== undefined) {
      context.error(
        child.at,
        `<${element.qname}> has a type already; give type= or an xs:simpleType inside, not both`,
      );
      continue;
    }
    type = readSimpleType(child, context, false);
  }
  return {
    ...(type === undefined ? {} : { type }),
    ...readValueConstraints(element, context, use),
    ...(doc === undefined ? {} : { doc }),
  };
}

/** `default=` and `fixed=`, which exclude each other; a default also requires the attribute to be optional. */
function readValueConstraints(
  element: XmlElement,
  context: XsdContext,
  use: AttributeUseKind,
): { default?: ValueConstraint; fixed?: ValueConstraint } {
  const fallback = context.attribute(element, "default");
  const fixed = context.attribute(element, "fixed");
  if (fallback !== undefined && fixed !== undefined)
    context.error(fixed.at, "default= and fixed= cannot both be given");
  if (fallback !== undefined && use !== "optional")
    context.error(fallback.at, `an attribute with a default must be optional, not ${use}`);
  return {
    ...(fallback === undefined ? {} : { default: { value: fallback.value, at: fallback.valueAt } }),
    ...(fixed === undefined ? {} : { fixed: { value: fixed.value, at: fixed.valueAt } }),
  };
}
