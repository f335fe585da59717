import type { Field, Service } from "../model/ir.js";

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

export function xmlWriteKey(f: Field): string {
  return f.xml === "attribute" ? `@_${f.name}` : f.xml === "text" ? "#text" : f.name;
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
