import type { Diagnostics } from "../../diagnostics/diagnostic.js";
import { childElements, type XmlElement } from "../xml/xml-tree.js";
import { AttributeReader } from "./attribute-reader.js";
import { documentationText } from "./documentation-text.js";
import { XSD_NAMESPACE } from "./namespaces.js";
import type { QName } from "./xsd-model.js";

/** What the readers of one `xs:schema` element need to know about it. */
export interface SchemaDocumentScope {
  /** The file as the user names it. */
  readonly file: string;
  /** The namespace its components go into. */
  readonly targetNamespace: string;
  /** A schema without a target namespace, included into one: its unqualified references take the includer's namespace. */
  readonly chameleon: boolean;
  readonly elementFormDefault: "qualified" | "unqualified";
  readonly attributeFormDefault: "qualified" | "unqualified";
  /** `blockDefault` blocks substitution (`#all`, or a list holding `substitution`): the global elements' default. */
  readonly blocksSubstitution?: boolean;
}

/** Whether a `block` or `blockDefault` value blocks substitution. */
export function blocksSubstitution(value: string): boolean {
  return value.split(/[ \t\r\n]+/).some((token) => token === "#all" || token === "substitution");
}

/** The message of an element of another namespace than XML Schema's where only XSD elements may be: passed over. */
export function foreignElementMessage(child: XmlElement): string {
  return `<${child.qname}> is not an XML Schema element (other namespaces are only allowed inside xs:annotation); it is passed over`;
}

/**
 * The shared tools of the XSD readers for one schema document: attribute
 * values (see {@link AttributeReader}), children sorted from annotations,
 * names qualified by the target namespace.
 */
export class XsdContext extends AttributeReader {
  constructor(
    readonly scope: SchemaDocumentScope,
    diagnostics: Diagnostics,
  ) {
    super(diagnostics);
  }

  /** The name a top-level component (or a qualified local one) gets: its NCName in the target namespace. */
  qualify(local: string): QName {
    return { namespace: this.scope.targetNamespace, local };
  }

  /**
   * The children of a component: the text of its leading `xs:annotation`
   * (its `xs:documentation` elements; `xs:appinfo` is for other tools and is
   * passed over), and its other children, which must be XSD elements. Text
   * other than white space is passed over with a warning; elements of other
   * namespaces and a misplaced annotation are reported.
   */
  content(element: XmlElement): { doc?: string; children: XmlElement[] } {
    this.passOverText(element);
    const children: XmlElement[] = [];
    let doc: string | undefined;
    let seenOther = false;
    let seenAnnotation = false;
    for (const child of childElements(element)) {
      if (child.name.namespace !== XSD_NAMESPACE) {
        this.warning(child.at, "unknown-element", foreignElementMessage(child));
      } else if (child.name.local === "annotation") {
        if (seenOther || seenAnnotation)
          this.warning(
            child.at,
            "misplaced-annotation",
            `<${child.qname}> must come first in <${element.qname}>, and only once; its documentation is read all the same`,
          );
        seenAnnotation = true;
        doc = joinDocs(doc, this.annotation(child));
      } else {
        seenOther = true;
        children.push(child);
      }
    }
    return doc === undefined ? { children } : { doc, children };
  }

  /** The documentation of an `xs:annotation` element. */
  annotation(annotation: XmlElement): string | undefined {
    this.checkAttributes(annotation, ["id"]);
    let doc: string | undefined;
    for (const child of childElements(annotation)) {
      if (child.name.namespace === XSD_NAMESPACE && child.name.local === "documentation")
        doc = joinDocs(doc, documentationText(child));
      else if (child.name.namespace !== XSD_NAMESPACE || child.name.local !== "appinfo") {
        this.warning(
          child.at,
          "unknown-element",
          `<${child.qname}> is not allowed in <${annotation.qname}> (only xs:documentation and xs:appinfo are); it is passed over`,
        );
      }
    }
    return doc;
  }

  /**
   * Reports a child that has no place where it is as not allowed. An `xs:notation` declares
   * nothing paygen types (a NOTATION-typed value is refused where it is
   * used): it is passed over with a warning.
   */
  unexpected(child: XmlElement, parent: XmlElement): void {
    if (this.is(child, "notation")) {
      this.warning(
        child.at,
        "notation",
        `<${child.qname}> declares nothing paygen reads; it is passed over`,
      );
      return;
    }
    this.error(child.at, `<${child.qname}> is not allowed in <${parent.qname}>`);
  }

  /** Whether `element` is the XSD element `local`. */
  is(element: XmlElement, local: string): boolean {
    return element.name.namespace === XSD_NAMESPACE && element.name.local === local;
  }

  /** A chameleon schema's unqualified names are in the namespace it was included into. */
  protected override referencedNamespace(namespace: string): string {
    return namespace === "" && this.scope.chameleon ? this.scope.targetNamespace : namespace;
  }
}

function joinDocs(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return `${a}\n\n${b}`;
}
