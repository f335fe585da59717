import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import { reportUnknownMember } from "../source/unknown-member.js";
import { isNCName } from "../xml/xml-chars.js";
import type { XmlAttribute, XmlElement } from "../xml/xml-tree.js";
import type { Reference } from "./xsd-model.js";

/**
 * Reads the attributes of XSD and WSDL elements as those languages type
 * them (tokens, booleans, counts, NCNames, QNames resolved by the
 * namespaces in scope), reporting every bad value at its position to the
 * run's diagnostics and carrying on, so that all problems are seen at once.
 */
export class AttributeReader {
  constructor(private readonly diagnostics: Diagnostics) {}

  error(at: Position, message: string): void {
    this.diagnostics.error(at, message);
  }

  /** Records an approximation of kind `kind` at its position: the run goes on (an error under `--strict`). */
  warning(at: Position, kind: string, message: string): void {
    this.diagnostics.warning(at, kind, message);
  }

  /**
   * Warns of the text other than white space written directly in `element`,
   * whose content the language makes elements only: the text means nothing
   * there, so it is passed over (a `stray-text` warning at each piece).
   */
  passOverText(element: XmlElement): void {
    for (const child of element.children) {
      if (child.kind === "text" && child.text.trim() !== "")
        this.warning(
          child.at,
          "stray-text",
          `text is not allowed in <${element.qname}>; it is passed over`,
        );
    }
  }

  /**
   * Warns of the attributes in no namespace that `allowed` does not list,
   * and of any in the element's own namespace: the language gives them no
   * meaning there, so they are passed over (an `unknown-attribute`
   * warning, with the nearest allowed name when one is close: the policy
   * every reader keeps for members its language does not define). XML
   * Schema and WSDL allow attributes of other namespaces on their elements
   * and give them no meaning: they are passed over silently.
   */
  checkAttributes(element: XmlElement, allowed: readonly string[]): void {
    for (const attribute of element.attributes.values()) {
      const { namespace, local } = attribute.name;
      if (namespace === element.name.namespace || (namespace === "" && !allowed.includes(local))) {
        reportUnknownMember(
          this,
          {
            name: local,
            at: attribute.at,
            described: `attribute ${attribute.qname} is not allowed on <${element.qname}>`,
          },
          allowed,
          { passOver: "; it is passed over", kind: "unknown-attribute" },
        );
      }
    }
  }

  /** The attribute `name` (in no namespace) of an element. */
  attribute(element: XmlElement, name: string): XmlAttribute | undefined {
    return element.attributes.get(name);
  }

  /** The value of attribute `name` with white space collapsed, as XSD reads tokens. */
  token(element: XmlElement, name: string): string | undefined {
    const attribute = element.attributes.get(name);
    return attribute === undefined ? undefined : collapse(attribute.value);
  }

  /** An attribute that must be an NCName (a component name); reported and undefined when it is not. */
  ncName(element: XmlElement, name: string): string | undefined {
    const attribute = element.attributes.get(name);
    if (attribute === undefined) return undefined;
    const value = collapse(attribute.value);
    if (!isNCName(value)) {
      this.error(
        attribute.valueAt,
        `${name}="${attribute.value}" is not a valid name (letters, digits, "_", "-", ".", not starting with a digit, no ":")`,
      );
      return undefined;
    }
    return value;
  }

  /** A boolean attribute (`true`, `false`, `1`, `0`). */
  flag(element: XmlElement, name: string, fallback: boolean): boolean {
    const attribute = element.attributes.get(name);
    if (attribute === undefined) return fallback;
    const value = collapse(attribute.value);
    if (value === "true" || value === "1") return true;
    if (value === "false" || value === "0") return false;
    this.error(attribute.valueAt, `${name} must be true or false, not "${attribute.value}"`);
    return fallback;
  }

  /** An attribute with a fixed set of values. */
  choice<T extends string>(
    element: XmlElement,
    name: string,
    values: readonly T[],
    fallback: T,
  ): T {
    const attribute = element.attributes.get(name);
    if (attribute === undefined) return fallback;
    const value = collapse(attribute.value);
    const known = values.find((v) => v === value);
    if (known !== undefined) return known;
    this.error(
      attribute.valueAt,
      `${name} must be ${values.map((v) => `"${v}"`).join(" or ")}, not "${attribute.value}"`,
    );
    return fallback;
  }

  /** A non-negative integer attribute; undefined (and reported) when it is not one. */
  count(element: XmlElement, name: string): number | undefined {
    const attribute = element.attributes.get(name);
    return attribute === undefined ? undefined : this.countValue(attribute);
  }

  /** A non-negative integer value, within the integers a number holds exactly. */
  countValue(attribute: XmlAttribute): number | undefined {
    const value = collapse(attribute.value);
    const digits = value.startsWith("+") ? value.slice(1) : value;
    if (!/^[0-9]+$/.test(digits)) {
      this.error(
        attribute.valueAt,
        `${attribute.qname} must be a non-negative integer, not "${attribute.value}"`,
      );
      return undefined;
    }
    const number = Number(digits);
    if (!Number.isSafeInteger(number)) {
      this.error(attribute.valueAt, `${attribute.qname}="${value}" is too large`);
      return undefined;
    }
    return number;
  }

  /** A QName attribute (`type=`, `base=`, `ref=`...), resolved by the namespaces in scope at the element. */
  reference(element: XmlElement, name: string): Reference | undefined {
    const attribute = element.attributes.get(name);
    if (attribute === undefined) return undefined;
    return this.resolve(element, collapse(attribute.value), attribute);
  }

  /** A list of QNames (`memberTypes=`). */
  references(element: XmlElement, name: string): Reference[] {
    const attribute = element.attributes.get(name);
    if (attribute === undefined) return [];
    const value = collapse(attribute.value);
    if (value === "") return [];
    return value
      .split(" ")
      .map((item) => this.resolve(element, item, attribute))
      .filter((r): r is Reference => r !== undefined);
  }

  protected resolve(
    element: XmlElement,
    value: string,
    attribute: XmlAttribute,
  ): Reference | undefined {
    const name = element.namespaces.resolveQName(value);
    if (name === undefined) {
      const colon = value.indexOf(":");
      const prefix = colon < 0 ? "" : value.slice(0, colon);
      this.error(
        attribute.valueAt,
        colon >= 0 && element.namespaces.lookup(prefix) === undefined
          ? `the prefix "${prefix}" of ${attribute.qname}="${value}" is not declared`
          : `${attribute.qname}="${value}" is not a valid qualified name`,
      );
      return undefined;
    }
    return {
      name: { namespace: this.referencedNamespace(name.namespace), local: name.local },
      at: attribute.valueAt,
    };
  }

  /** The namespace a resolved QName reference stands for; a chameleon schema overrides it. */
  protected referencedNamespace(namespace: string): string {
    return namespace;
  }
}

/** XSD's `collapse`: runs of white space become one space, leading and trailing white space goes. */
export function collapse(value: string): string {
  return value
    .split(/[ \t\n\r]+/)
    .filter((part) => part !== "")
    .join(" ");
}
