import type { XmlDocumentDescription } from "../../description/description.js";
import type { SchemaMapper } from "./schema-mapper.js";
import type { SchemaSet } from "./xsd-model.js";

/**
 * Every global element of a complex type (not abstract) as a document the
 * package reads and writes whole, in document order, with the count of the
 * others: of a simple or abstract type, or holding what the wire code cannot
 * write yet (an unqualified element, say), whose types keep their notes.
 */
export function describeXmlDocuments(
  set: SchemaSet,
  m: SchemaMapper,
): { documents: XmlDocumentDescription[]; simple: number } {
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
      if (type === undefined || m.reachesWireLimit(type)) {
        simple++;
        continue;
      }
      documents.push({
        name: e.name.local,
        at: e.at,
        type: { name: type, at: e.at },
        ...(e.name.namespace !== m.home ? { namespace: e.name.namespace } : {}),
        ...(e.doc !== undefined ? { doc: e.doc } : {}),
      });
    }
  }
  return { documents, simple };
}
