import type { Position } from "../../diagnostics/diagnostic.js";
import type { NamespaceScope } from "./namespace-scope.js";

/**
 * The tree the XML reader builds: elements with their resolved names,
 * attributes and positions, and text. Comments are read and dropped; CDATA
 * sections become text (marked as such); namespace declarations are not
 * attributes but the element's scope.
 */

/** A name with its namespace resolved: `namespace` is `""` for a name in no namespace. */
export interface ExpandedName {
  readonly namespace: string;
  readonly local: string;
}

export interface XmlAttribute {
  readonly name: ExpandedName;
  /** The name as written, prefix included. */
  readonly qname: string;
  /** The value with references replaced and white space normalised as XML says (tab, CR, LF become spaces). */
  readonly value: string;
  /** Where the attribute's name starts. */
  readonly at: Position;
  /** Where the value starts, after the quote. */
  readonly valueAt: Position;
}

export interface XmlElement {
  readonly kind: "element";
  readonly name: ExpandedName;
  /** The name as written, prefix included. */
  readonly qname: string;
  /** Where the start tag's `<` is. */
  readonly at: Position;
  /** Keyed by {@link attributeKey}: the local name for an attribute in no namespace, `{uri}local` otherwise. */
  readonly attributes: ReadonlyMap<string, XmlAttribute>;
  /** The namespace declarations in scope, to resolve QName values such as `type="tns:Name"`. */
  readonly namespaces: NamespaceScope;
  readonly children: readonly XmlNode[];
}

export interface XmlText {
  readonly kind: "text";
  /** Line ends normalised to LF, references replaced. */
  readonly text: string;
  readonly at: Position;
  /** Whether it was written as a CDATA section. */
  readonly cdata: boolean;
}

export type XmlNode = XmlElement | XmlText;

export interface XmlDeclaration {
  readonly version: string;
  readonly encoding?: string;
  readonly standalone?: boolean;
  /** Where the `encoding` value starts, to report an encoding that is not read. */
  readonly encodingAt?: Position;
}

export interface XmlDocument {
  /** The file as the user names it. */
  readonly file: string;
  readonly declaration?: XmlDeclaration;
  readonly root: XmlElement;
}

/** The key of an attribute in {@link XmlElement.attributes}. */
export function attributeKey(namespace: string, local: string): string {
  return namespace === "" ? local : `{${namespace}}${local}`;
}

/** The element children of an element, in document order. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.kind === "element");
}

/** The text of an element and all its descendants, in document order (what XPath calls its string value). */
export function textContent(element: XmlElement): string {
  const parts: string[] = [];
  const pending: XmlNode[] = [element];
  // Depth first without recursion: the tree may be as deep as the depth limit allows.
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.kind === "text") parts.push(node.text);
    else for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
  }
  return parts.join("");
}

/** `{namespace}local`, or `local` in no namespace: how an expanded name is shown in messages. */
export function formatExpandedName(name: ExpandedName): string {
  return name.namespace === "" ? name.local : `{${name.namespace}}${name.local}`;
}
