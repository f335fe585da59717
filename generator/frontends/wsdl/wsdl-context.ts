import { childElements, type XmlElement } from "../xml/xml-tree.js";
import { AttributeReader } from "./attribute-reader.js";
import { documentationText } from "./documentation-text.js";
import { WSDL_NAMESPACE } from "./namespaces.js";

/**
 * The shared tools of the WSDL readers: attribute values (see
 * {@link AttributeReader}) and children sorted from `wsdl:documentation`.
 */
export class WsdlContext extends AttributeReader {
  /**
   * The children of a WSDL element: the text of its leading
   * `wsdl:documentation`, and its other children (WSDL elements and
   * extension elements, for the caller to sort). Text other than white space
   * is passed over with a warning; a misplaced documentation element is
   * reported.
   */
  content(element: XmlElement): { doc?: string; children: XmlElement[] } {
    this.passOverText(element);
    const children: XmlElement[] = [];
    let doc: string | undefined;
    let seenDocumentation = false;
    for (const child of childElements(element)) {
      if (!this.is(child, "documentation")) {
        children.push(child);
        continue;
      }
      if (children.length > 0 || seenDocumentation)
        this.warning(
          child.at,
          "misplaced-documentation",
          `<${child.qname}> must come first in <${element.qname}>, and only once; it is read all the same`,
        );
      seenDocumentation = true;
      this.checkAttributes(child, []);
      const text = documentationText(child);
      if (text !== undefined) doc = doc === undefined ? text : `${doc}\n\n${text}`;
    }
    return doc === undefined ? { children } : { doc, children };
  }

  /** Whether `element` is the WSDL 1.1 element `local`. */
  is(element: XmlElement, local: string): boolean {
    return element.name.namespace === WSDL_NAMESPACE && element.name.local === local;
  }

  /**
   * Reports a child that has no place where it is. An extension element
   * (another namespace than WSDL's: a policy, an addressing header...) adds
   * to what WSDL says, and is passed over with a warning, unless it says
   * `wsdl:required="true"`: then what it requires is not done, and it is an
   * error. A WSDL element out of place is an error.
   */
  unexpected(child: XmlElement, parent: XmlElement): void {
    if (child.name.namespace === WSDL_NAMESPACE) {
      this.error(child.at, `<${child.qname}> is not allowed in <${parent.qname}>`);
      return;
    }
    const required = [...child.attributes.values()].find(
      (a) => a.name.namespace === WSDL_NAMESPACE && a.name.local === "required",
    );
    if (required !== undefined && ["true", "1"].includes(required.value.trim()))
      this.error(
        child.at,
        `<${child.qname}> is an extension element that is not supported in <${parent.qname}>, and it is required (wsdl:required="true")`,
      );
    else
      this.warning(
        child.at,
        "unknown-extension",
        `<${child.qname}> is an extension element that is not read in <${parent.qname}>; it is passed over`,
      );
  }

  /** A required NCName attribute (`name=`), reported when missing. */
  requiredName(element: XmlElement, attribute = "name"): string | undefined {
    if (this.attribute(element, attribute) === undefined) {
      this.error(element.at, `<${element.qname}> needs ${attribute}=`);
      return undefined;
    }
    return this.ncName(element, attribute);
  }
}
