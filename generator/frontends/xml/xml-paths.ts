import type { Position } from "../../diagnostics/diagnostic.js";
import type { XmlDocument, XmlElement } from "./xml-tree.js";

/** One element's start and its path. */
interface Located {
  readonly line: number;
  readonly col: number;
  readonly path: string;
}

/**
 * The XML paths of the elements of the documents a front end read, to name
 * where a warning is as a JSON pointer names it in a JSON document:
 * `/wsdl:definitions/wsdl:types/xs:schema/xs:complexType[@name='Card']/xs:sequence/xs:element[@name='number']`.
 * A step is the element's name as written, with its `name` (else `ref`)
 * attribute when it has one, else its position among the siblings of that
 * name when it has such siblings.
 */
export class XmlPaths {
  private readonly byFile = new Map<string, Located[]>();

  /** Indexes a document's elements, in document order. */
  add(document: XmlDocument): void {
    const located: Located[] = [];
    const visit = (element: XmlElement, path: string): void => {
      located.push({ line: element.at.line, col: element.at.col, path });
      const children = element.children.filter((c): c is XmlElement => c.kind === "element");
      for (const child of children) visit(child, `${path}/${step(child, children)}`);
    };
    visit(document.root, `/${step(document.root, [document.root])}`);
    this.byFile.set(document.root.at.file, located);
  }

  /** The path of the element at `at`, or of the last element starting before it (an attribute's, say); undefined outside the documents read. */
  pathAt(at: Position): string | undefined {
    const located = this.byFile.get(at.file);
    if (!located) return undefined;
    let low = 0;
    let high = located.length - 1;
    let found: Located | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = located[middle]!;
      if (before(candidate, at)) {
        found = candidate;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found?.path;
  }
}

function before(element: Located, at: Position): boolean {
  return element.line < at.line || (element.line === at.line && element.col <= at.col);
}

function step(element: XmlElement, siblings: readonly XmlElement[]): string {
  const named = element.attributes.get("name") ?? element.attributes.get("ref");
  if (named) return `${element.qname}[@${named.qname}='${named.value.replaceAll("'", "&apos;")}']`;
  const same = siblings.filter((s) => s.qname === element.qname);
  return same.length > 1 ? `${element.qname}[${same.indexOf(element) + 1}]` : element.qname;
}
