import { qkey } from "./qname-key.js";
import type { ElementDecl, QName, SchemaSet } from "./xsd-model.js";

/** Finds a global element by name. */
type FindElement = (name: QName) => ElementDecl | undefined;

/**
 * The type of a global element of a substitution group that declares none:
 * its head's (XML Schema Part 1, 3.3.2), followed up the chain of heads;
 * undefined when no head on the chain has a type (`xs:anyType`), or the
 * chain goes round (reported by nothing else: it gives no type).
 */
export function inheritedType(element: ElementDecl, find: FindElement): ElementDecl["type"] {
  const seen = new Set<string>();
  let current: ElementDecl | undefined = element;
  while (current !== undefined && current.type === undefined) {
    const head: QName | undefined = current.substitutionGroup?.name;
    if (head === undefined || seen.has(qkey(head))) return undefined;
    seen.add(qkey(head));
    current = find(head);
  }
  return current?.type;
}

/**
 * The set with every global element of a substitution group that declares
 * no type given its head's (see {@link inheritedType}). Done once the
 * references are checked, so that a type in place shared this way is
 * checked once.
 */
export function withHeadTypes(set: SchemaSet): SchemaSet {
  const find: FindElement = (name) => set.namespaces.get(name.namespace)?.elements.get(name.local);
  const namespaces = new Map(set.namespaces);
  for (const [uri, namespace] of set.namespaces) {
    let elements: Map<string, ElementDecl> | undefined;
    for (const [local, element] of namespace.elements) {
      if (element.type !== undefined || element.substitutionGroup === undefined) continue;
      const type = inheritedType(element, find);
      if (type === undefined) continue;
      elements ??= new Map(namespace.elements);
      elements.set(local, { ...element, type });
    }
    if (elements !== undefined) namespaces.set(uri, { ...namespace, elements });
  }
  return { ...set, namespaces };
}

/** The elements of each substitution group, by the key of its head, in the order the set lists them. */
const membersBySet = new WeakMap<SchemaSet, Map<string, ElementDecl[]>>();

function directMembers(set: SchemaSet): Map<string, ElementDecl[]> {
  let members = membersBySet.get(set);
  if (members !== undefined) return members;
  members = new Map();
  for (const namespace of set.namespaces.values()) {
    for (const element of namespace.elements.values()) {
      const head = element.substitutionGroup?.name;
      if (head === undefined) continue;
      const key = qkey(head);
      members.set(key, [...(members.get(key) ?? []), element]);
    }
  }
  membersBySet.set(set, members);
  return members;
}

/**
 * The elements that may stand where `head` is referenced, as the schemas
 * read declare them: the head itself unless it is abstract, then the
 * elements of its substitution group and of theirs, depth first in the
 * order the set lists them, the abstract ones left out. A head that blocks
 * substitution (`block`, `blockDefault`) stands for itself only.
 */
export function substitutionMembers(set: SchemaSet, head: ElementDecl): ElementDecl[] {
  const members = directMembers(set);
  const seen = new Set<string>();
  const found: ElementDecl[] = [];
  const visit = (element: ElementDecl): void => {
    const key = qkey(element.name);
    if (seen.has(key)) return;
    seen.add(key);
    if (!element.abstract) found.push(element);
    if (element === head && element.substitutionBlocked === true) return;
    for (const member of members.get(key) ?? []) visit(member);
  };
  visit(head);
  return found;
}
