import type { Field, Service } from "../model/ir.js";
import { stringLiteral } from "./schema-text.js";

/**
 * Where a field's value sits in an XML element, for the parsed tree a reader
 * reads (`parseXml` with attributes: `@name` for an attribute, `#text` for
 * the element's own text, the element name otherwise) and for the tree
 * `buildXml` writes (`@_name` for an attribute). One place, so the readers and
 * writers of every artifact agree.
 */
export function xmlReadKey(f: Field): string {
  return f.xml === "attribute" ? `@${f.name}` : f.xml === "text" ? "#text" : f.name;
}

export function xmlWriteKey(f: Field, prefixes: XmlPrefixes): string {
  const name = qualified(f.name, f.namespace, prefixes);
  return f.xml === "attribute" ? `@_${name}` : f.xml === "text" ? "#text" : name;
}

/** The name a wrapper's entries are written under. */
export function xmlItemKey(f: Field, prefixes: XmlPrefixes): string | undefined {
  return f.list?.item === undefined
    ? undefined
    : qualified(f.list.item, f.list.itemNamespace, prefixes);
}

/** Namespace → prefix, for the elements and attributes of a service outside its own namespace. */
export type XmlPrefixes = ReadonlyMap<string, string>;

/**
 * The prefixes of a service's other namespaces: `ns1`, `ns2`... in the
 * order of the namespace URIs, so the output never depends on declaration
 * order. They are declared on the operation element of every envelope, so an
 * element in another namespace never changes the default namespace its
 * children inherit.
 */
export function xmlPrefixes(service: Service): XmlPrefixes {
  const uris = new Set<string>();
  for (const doc of service.documents ?? [])
    if (doc.namespace !== undefined) uris.add(doc.namespace);
  for (const t of service.types) {
    for (const f of t.fields) {
      if (f.namespace !== undefined) uris.add(f.namespace);
      if (f.list?.itemNamespace !== undefined) uris.add(f.list.itemNamespace);
    }
  }
  return new Map(
    [...uris].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((uri, i) => [uri, `ns${i + 1}`]),
  );
}

/** The `@_xmlns:nsN` declarations of a service's prefixes, as object literal entries. */
export function prefixDeclarations(prefixes: XmlPrefixes): string[] {
  return [...prefixes].map(
    ([uri, prefix]) => `${stringLiteral(`@_xmlns:${prefix}`)}: ${stringLiteral(uri)},`,
  );
}

function qualified(name: string, namespace: string | undefined, prefixes: XmlPrefixes): string {
  const prefix = namespace === undefined ? undefined : prefixes.get(namespace);
  return prefix === undefined ? name : `${prefix}:${name}`;
}

/**
 * Whether reading a value of `root` needs the XML's attributes: some field of
 * it, of its bases or of a type it holds is an attribute or text, or may be
 * nil. Other bodies are parsed without attributes, which is cheaper.
 */
export function readsXmlAttributes(service: Service, root: string): boolean {
  const types = new Map(service.types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const queue = [root];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const type = types.get(name);
    if (!type || seen.has(name)) continue;
    seen.add(name);
    for (const f of type.allFields) {
      if (f.xml !== undefined || f.nullable) return true;
      if (f.type.kind === "object") queue.push(f.type.name);
    }
  }
  return false;
}
