import { isNCName } from "./xml-chars.js";

/** The namespace the `xml` prefix is bound to, always. */
export const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

/** The namespace of `xmlns` attributes, which no prefix may be bound to. */
export const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";

/**
 * The namespace declarations in scope at an element: its own `xmlns` and
 * `xmlns:p` attributes, then its ancestors'. An element that declares nothing
 * shares its parent's scope, so the chain is only as long as the number of
 * declaring ancestors (at most the depth limit).
 *
 * Prefixes live in a Map: a prefix named `__proto__` is a prefix like another.
 * The empty prefix stands for the default namespace; the empty URI for no
 * namespace (`xmlns=""` undeclares the default).
 */
export class NamespaceScope {
  /** The scope of a document's root: only `xml` is bound. */
  static readonly ROOT = new NamespaceScope(undefined, new Map([["xml", XML_NAMESPACE]]));

  constructor(
    private readonly parent: NamespaceScope | undefined,
    private readonly declared: ReadonlyMap<string, string>,
  ) {}

  /** The URI a prefix is bound to (`""` for the default namespace), or undefined when it is not declared. */
  lookup(prefix: string): string | undefined {
    for (let scope: NamespaceScope | undefined = this; scope !== undefined; scope = scope.parent) {
      const uri = scope.declared.get(prefix);
      if (uri !== undefined) return uri;
    }
    return undefined;
  }

  /** The default namespace, `""` when there is none. */
  get defaultNamespace(): string {
    return this.lookup("") ?? "";
  }

  /**
   * The expanded name a QName value (`tns:Name`, `Name`) stands for, as XML
   * Schema and WSDL resolve them: the prefix by the declarations in scope, an
   * unprefixed name in the default namespace. Undefined when the prefix is not
   * declared or the value is not a QName.
   */
  resolveQName(value: string): { namespace: string; local: string } | undefined {
    const colon = value.indexOf(":");
    const prefix = colon < 0 ? "" : value.slice(0, colon);
    const local = colon < 0 ? value : value.slice(colon + 1);
    if ((colon >= 0 && !isNCName(prefix)) || !isNCName(local)) return undefined;
    const namespace = prefix === "" ? this.defaultNamespace : this.lookup(prefix);
    return namespace === undefined ? undefined : { namespace, local };
  }

  /** Every prefix in scope with its URI, innermost declaration winning; for messages and tests. */
  bindings(): ReadonlyMap<string, string> {
    const chain: NamespaceScope[] = [];
    for (let scope: NamespaceScope | undefined = this; scope !== undefined; scope = scope.parent)
      chain.push(scope);
    const out = new Map<string, string>();
    for (const scope of chain.reverse())
      for (const [prefix, uri] of scope.declared) out.set(prefix, uri);
    return out;
  }
}
