import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type {
  AttributeDecl,
  AttributeGroupDef,
  ComplexType,
  ElementDecl,
  GroupDef,
  RedefinedComponent,
  SchemaDocument,
  SchemaNamespace,
  SchemaSet,
  SimpleType,
} from "./xsd-model.js";
import { redefineComponent } from "./redefine-component.js";

/** A top-level component, as the builder files it. */
type NamedComponent =
  ComplexType | SimpleType | ElementDecl | AttributeDecl | GroupDef | AttributeGroupDef;

/** The symbol spaces of XML Schema: complex and simple types share one, the other kinds have their own. */
type SymbolSpace = "types" | "elements" | "attributes" | "groups" | "attributeGroups";

interface NamespaceTables {
  readonly complexTypes: Map<string, ComplexType>;
  readonly simpleTypes: Map<string, SimpleType>;
  readonly elements: Map<string, ElementDecl>;
  readonly attributes: Map<string, AttributeDecl>;
  readonly groups: Map<string, GroupDef>;
  readonly attributeGroups: Map<string, AttributeGroupDef>;
}

/**
 * Collects the named components of every schema document read into their
 * target namespaces. A second definition of a name in the same namespace and
 * symbol space is reported at the second, naming where the first is; the
 * same name in two namespaces is two components.
 */
export class SchemaSetBuilder {
  private readonly tables = new Map<string, NamespaceTables>();
  private readonly documents: SchemaDocument[] = [];

  constructor(private readonly diagnostics: Diagnostics) {}

  /** Files a top-level component; reports it when its name is taken. One without a name (already reported) is passed over. */
  add(component: NamedComponent): void {
    if (component.name === undefined) return;
    const { namespace, local } = component.name;
    const tables = this.namespace(namespace);
    const space = symbolSpace(component);
    const existing: { readonly at: Position; readonly kind: NamedComponent["kind"] } | undefined =
      space === "types"
        ? (tables.complexTypes.get(local) ?? tables.simpleTypes.get(local))
        : tables[space].get(local);
    if (existing !== undefined) {
      const { file, line, col } = existing.at;
      const where = namespace === "" ? "in no namespace" : `in namespace ${namespace}`;
      this.diagnostics.error(
        component.at,
        `${describeKind(component)} "${local}" is already defined ${where}, as ${describeKind(existing)} at ${file}:${line}:${col}`,
      );
      return;
    }
    setComponent(tables, component);
  }

  /**
   * Replaces a component of the schema an `xs:redefine` includes by its
   * redefinition (see {@link redefineComponent}); a redefinition XML Schema
   * does not allow is read as its warning says. A name the included schema
   * does not define is reported at the redefinition, which is passed over.
   */
  redefine(redefinition: RedefinedComponent, redefinedFile: string): void {
    const { namespace, local } = redefinition.name!;
    const tables = this.namespace(namespace);
    const original: RedefinedComponent | undefined =
      redefinition.kind === "group"
        ? tables.groups.get(local)
        : redefinition.kind === "attributeGroup"
          ? tables.attributeGroups.get(local)
          : (tables.complexTypes.get(local) ?? tables.simpleTypes.get(local));
    if (original === undefined) {
      this.diagnostics.warning(
        redefinition.at,
        "redefinition",
        `${redefinedFile} defines no ${describeKind(redefinition)} "${local}" to redefine; the redefinition is passed over`,
      );
      return;
    }
    const { component, approximation } = redefineComponent(original, redefinition);
    if (approximation !== undefined)
      this.diagnostics.warning(redefinition.at, "redefinition", approximation);
    setComponent(tables, component);
  }

  addDocument(document: SchemaDocument): void {
    this.namespace(document.targetNamespace);
    this.documents.push(document);
  }

  /** Whether any document read so far has this target namespace. */
  hasNamespace(uri: string): boolean {
    return this.tables.has(uri);
  }

  build(): SchemaSet {
    const namespaces = new Map<string, SchemaNamespace>();
    for (const [uri, tables] of this.tables) namespaces.set(uri, { uri, ...tables });
    return { namespaces, documents: [...this.documents] };
  }

  private namespace(uri: string): NamespaceTables {
    let tables = this.tables.get(uri);
    if (tables === undefined) {
      tables = {
        complexTypes: new Map(),
        simpleTypes: new Map(),
        elements: new Map(),
        attributes: new Map(),
        groups: new Map(),
        attributeGroups: new Map(),
      };
      this.tables.set(uri, tables);
    }
    return tables;
  }
}

function symbolSpace(component: NamedComponent): SymbolSpace {
  switch (component.kind) {
    case "complexType":
    case "simpleType":
      return "types";
    case "element":
      return "elements";
    case "attribute":
      return "attributes";
    case "group":
      return "groups";
    case "attributeGroup":
      return "attributeGroups";
  }
}

function describeKind(component: { readonly kind: NamedComponent["kind"] }): string {
  switch (component.kind) {
    case "complexType":
      return "complex type";
    case "simpleType":
      return "simple type";
    case "element":
      return "element";
    case "attribute":
      return "attribute";
    case "group":
      return "group";
    case "attributeGroup":
      return "attribute group";
  }
}

/** Sets a component into its table, under its name (replacing any there). */
function setComponent(tables: NamespaceTables, component: NamedComponent): void {
  const local = component.name!.local;
  switch (component.kind) {
    case "complexType":
      tables.complexTypes.set(local, component);
      break;
    case "simpleType":
      tables.simpleTypes.set(local, component);
      break;
    case "element":
      tables.elements.set(local, component);
      break;
    case "attribute":
      tables.attributes.set(local, component);
      break;
    case "group":
      tables.groups.set(local, component);
      break;
    case "attributeGroup":
      tables.attributeGroups.set(local, component);
      break;
  }
}
