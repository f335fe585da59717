import type { XmlElement } from "../xml/xml-tree.js";
import { isFacet, readFacets } from "./read-xsd-facets.js";
import type { XsdContext } from "./xsd-context.js";
import type {
  SimpleList,
  SimpleRestriction,
  SimpleType,
  SimpleUnion,
  TypeRef,
} from "./xsd-model.js";

/**
 * An `xs:simpleType`: named at the top of a schema (`named`), anonymous
 * inside an element, attribute, list, union or restriction. Its one child
 * is a restriction (with facets), a list or a union.
 */
export function readSimpleType(
  element: XmlElement,
  context: XsdContext,
  named: boolean,
): SimpleType | undefined {
  context.checkAttributes(element, named ? ["name", "final", "id"] : ["id"]);
  const name = named ? context.ncName(element, "name") : undefined;
  if (named && context.attribute(element, "name") === undefined)
    context.error(element.at, `a top-level <${element.qname}> needs a name`);
  const { doc, children } = context.content(element);
  let content: SimpleType["content"] | undefined;
  for (const child of children) {
    const local = child.name.local;
    if (
      !context.is(child, "restriction") &&
      !context.is(child, "list") &&
      !context.is(child, "union")
    ) {
      context.unexpected(child, element);
      continue;
    }
    if (content !== undefined) {
      context.error(
        child.at,
        `<${element.qname}> has one restriction, list or union; this is a second`,
      );
      continue;
    }
    content =
      local === "restriction"
        ? readRestriction(child, context)
        : local === "list"
          ? readList(child, context)
          : readUnion(child, context);
  }
  if (content === undefined) {
    if (children.length === 0)
      context.error(element.at, `<${element.qname}> needs an xs:restriction, xs:list or xs:union`);
    return undefined;
  }
  return {
    kind: "simpleType",
    ...(name === undefined ? {} : { name: context.qualify(name) }),
    at: element.at,
    ...(doc === undefined ? {} : { doc }),
    content,
  };
}

/** A named base type (`base=`, `itemType=`) or one defined in place, exactly one of them. */
function readBaseType(
  element: XmlElement,
  attribute: string,
  inline: readonly XmlElement[],
  context: XsdContext,
): TypeRef | SimpleType | undefined {
  const reference = context.reference(element, attribute);
  const types = inline.map((child) => readSimpleType(child, context, false));
  if (reference !== undefined && inline.length > 0) {
    context.error(
      inline[0]!.at,
      `<${element.qname}> has ${attribute}= and a type defined in place; give one of them`,
    );
    return undefined;
  }
  if (inline.length > 1)
    context.error(inline[1]!.at, `<${element.qname}> defines one type in place, not several`);
  if (reference !== undefined) return { kind: "typeRef", ...reference };
  if (inline.length === 0 && context.attribute(element, attribute) === undefined) {
    context.error(element.at, `<${element.qname}> needs ${attribute}= or an xs:simpleType inside`);
  }
  return types[0];
}

function readRestriction(element: XmlElement, context: XsdContext): SimpleRestriction | undefined {
  context.checkAttributes(element, ["base", "id"]);
  const { children } = context.content(element);
  const inline: XmlElement[] = [];
  const facets: XmlElement[] = [];
  for (const child of children) {
    if (context.is(child, "simpleType")) {
      if (facets.length > 0)
        context.error(child.at, `<${child.qname}> must come before the facets`);
      inline.push(child);
    } else if (child.name.namespace === element.name.namespace && isFacet(child.name.local))
      facets.push(child);
    else context.unexpected(child, element);
  }
  const base = readBaseType(element, "base", inline, context);
  const read = readFacets(facets, context);
  return base === undefined
    ? undefined
    : { kind: "restriction", base, facets: read, at: element.at };
}

function readList(element: XmlElement, context: XsdContext): SimpleList | undefined {
  context.checkAttributes(element, ["itemType", "id"]);
  const { children } = context.content(element);
  const inline = children.filter((child) => context.is(child, "simpleType"));
  for (const child of children)
    if (!context.is(child, "simpleType")) context.unexpected(child, element);
  const itemType = readBaseType(element, "itemType", inline, context);
  return itemType === undefined ? undefined : { kind: "list", itemType, at: element.at };
}

function readUnion(element: XmlElement, context: XsdContext): SimpleUnion | undefined {
  context.checkAttributes(element, ["memberTypes", "id"]);
  const { children } = context.content(element);
  const memberTypes: (TypeRef | SimpleType)[] = context
    .references(element, "memberTypes")
    .map((r) => ({ kind: "typeRef", ...r }));
  for (const child of children) {
    if (!context.is(child, "simpleType")) {
      context.unexpected(child, element);
      continue;
    }
    const type = readSimpleType(child, context, false);
    if (type !== undefined) memberTypes.push(type);
  }
  if (
    memberTypes.length === 0 &&
    context.attribute(element, "memberTypes") === undefined &&
    children.length === 0
  ) {
    context.error(element.at, `<${element.qname}> needs memberTypes= or xs:simpleType members`);
  }
  return { kind: "union", memberTypes, at: element.at };
}
