import type { Position } from "../../diagnostics/diagnostic.js";
import type { XsdFacetName } from "../../facets/registry.js";

/**
 * What a set of XML Schema 1.0 documents says, as the XSD reader builds it:
 * the named components of every target namespace, each with the position it
 * was written at, and the anonymous types and local declarations inside them.
 *
 * This is the front end's own model, close to the schema components of XML
 * Schema Part 1 but kept as written: references are names (checked to exist,
 * not replaced by what they name), derivations are not flattened, groups are
 * not expanded. Mapping it into the description is a later step. It is plain
 * data: no XML nodes, no functions.
 */

/** A name in a namespace; `namespace` is `""` for no namespace. */
export interface QName {
  readonly namespace: string;
  readonly local: string;
}

/** A reference to a named component, and where the name was written (the attribute value). */
export interface Reference {
  readonly name: QName;
  readonly at: Position;
}

/** The type of an element or attribute given by name (`type=`, `base=`, `itemType=`, `memberTypes=`). */
export interface TypeRef extends Reference {
  readonly kind: "typeRef";
}

/** How often a particle may occur; `minOccurs` and `maxOccurs` default to 1. */
export interface Occurs {
  readonly min: number;
  readonly max: number | "unbounded";
}

/** A `default=` or `fixed=` value, as written. */
export interface ValueConstraint {
  readonly value: string;
  readonly at: Position;
}

/** The text of the component's `xs:annotation/xs:documentation` elements, de-indented, when it has any. */
export interface Documented {
  readonly doc?: string;
}

// ---------------------------------------------------------------- simple types

/** A facet holding a count: `length`, `minLength`, `maxLength`, `totalDigits`, `fractionDigits`. */
export interface CountFacet {
  readonly value: number;
  readonly fixed: boolean;
  readonly at: Position;
}

/** A bound: `minInclusive`, `maxInclusive`, `minExclusive`, `maxExclusive`; the value is kept as written (exact decimals, dates). */
export interface BoundFacet {
  readonly value: string;
  readonly fixed: boolean;
  readonly at: Position;
}

export interface EnumerationFacet extends Documented {
  readonly value: string;
  readonly at: Position;
}

export interface PatternFacet {
  /** The XML Schema regular expression, as written. */
  readonly value: string;
  readonly at: Position;
}

export interface WhiteSpaceFacet {
  readonly value: "preserve" | "replace" | "collapse";
  readonly fixed: boolean;
  readonly at: Position;
}

/** The XML Schema facets holding a count (`length`, `totalDigits`...): those of the registry's facets of a whole-number value. */
export type XsdCountFacetName = XsdFacetName<"count">;

/** The XML Schema facets holding a bound (`minInclusive`...): those of the registry's facets of a decimal value. */
export type XsdBoundFacetName = XsdFacetName<"decimal">;

/** The facets of a restriction that hold one count or bound: those the registry's facets name (`Facet.xsdFacets`). */
export type XsdValueFacetName = XsdCountFacetName | XsdBoundFacetName;

/** A restriction's count facets, keyed by their XML Schema names. */
type CountFacets = { readonly [Name in XsdCountFacetName]?: CountFacet };

/** A restriction's bound facets, keyed by their XML Schema names. */
type BoundFacets = { readonly [Name in XsdBoundFacetName]?: BoundFacet };

/**
 * The facets of a restriction; a facet not written is absent (or an empty
 * list). The keys of counts and bounds are the XML Schema names the facet
 * registry declares (`Facet.xsdFacets`): a facet added there is read here
 * with nothing more to write.
 */
export interface Facets extends CountFacets, BoundFacets {
  /** In document order. */
  readonly enumerations: readonly EnumerationFacet[];
  /** Several patterns in one restriction mean any of them (the registry's text facet, `pattern`). */
  readonly patterns: readonly PatternFacet[];
  readonly whiteSpace?: WhiteSpaceFacet;
}

/** `xs:restriction` of a simple type: a base (named, or defined in place) narrowed by facets. */
export interface SimpleRestriction {
  readonly kind: "restriction";
  readonly base: TypeRef | SimpleType;
  readonly facets: Facets;
  readonly at: Position;
}

/** `xs:list`: a white-space separated list of the item type's values. */
export interface SimpleList {
  readonly kind: "list";
  readonly itemType: TypeRef | SimpleType;
  readonly at: Position;
}

/** `xs:union`: a value of any of the member types. */
export interface SimpleUnion {
  readonly kind: "union";
  readonly memberTypes: readonly (TypeRef | SimpleType)[];
  readonly at: Position;
}

export interface SimpleType extends Documented {
  readonly kind: "simpleType";
  /** Absent for a type defined in place. */
  readonly name?: QName;
  readonly at: Position;
  readonly content: SimpleRestriction | SimpleList | SimpleUnion;
}

// ---------------------------------------------------------------- attributes

/** A global `xs:attribute`, or the declaration part of a local one. */
export interface AttributeDecl extends Documented {
  readonly kind: "attribute";
  /** Qualified by the target namespace when global, or when local and `form`/`attributeFormDefault` say so. */
  readonly name: QName;
  readonly at: Position;
  /** Absent: `xs:anySimpleType`. */
  readonly type?: TypeRef | SimpleType;
  readonly default?: ValueConstraint;
  readonly fixed?: ValueConstraint;
}

export type AttributeUseKind = "optional" | "required" | "prohibited";

/** An `xs:attribute name=` inside a complex type or attribute group. */
export interface LocalAttribute extends AttributeDecl {
  readonly use: AttributeUseKind;
}

/** An `xs:attribute ref=` inside a complex type or attribute group. */
export interface AttributeRef {
  readonly kind: "attributeRef";
  readonly ref: Reference;
  readonly at: Position;
  readonly use: AttributeUseKind;
  readonly default?: ValueConstraint;
  readonly fixed?: ValueConstraint;
}

/** An `xs:attributeGroup ref=` inside a complex type or attribute group. */
export interface AttributeGroupRef {
  readonly kind: "attributeGroupRef";
  readonly ref: Reference;
  readonly at: Position;
}

/** What a complex type or attribute group says about attributes, in document order. */
export type AttributeUse = LocalAttribute | AttributeRef | AttributeGroupRef;

/** `namespace=` and `processContents=` of a wildcard, as written (defaults filled in). */
export interface WildcardConstraint {
  /** `##any`, `##other`, or a list of URIs, `##targetNamespace` and `##local`. */
  readonly namespace: string;
  readonly processContents: "strict" | "lax" | "skip";
}

/** `xs:anyAttribute`: attributes the schema leaves open. */
export interface AttributeWildcard extends WildcardConstraint {
  readonly kind: "anyAttribute";
  readonly at: Position;
}

// ---------------------------------------------------------------- elements and content models

/** A global `xs:element`, or the declaration part of a local one. */
export interface ElementDecl extends Documented {
  readonly kind: "element";
  /** Qualified by the target namespace when global, or when local and `form`/`elementFormDefault` say so. */
  readonly name: QName;
  readonly at: Position;
  /** Absent: `xs:anyType`; with a substitution group, the head's type (filled in when the set is built). */
  readonly type?: TypeRef | ComplexType | SimpleType;
  readonly nillable: boolean;
  readonly abstract: boolean;
  readonly default?: ValueConstraint;
  readonly fixed?: ValueConstraint;
  readonly substitutionGroup?: Reference;
  /** `block` (or the schema's `blockDefault`) says no element may substitute for this one: set only then. */
  readonly substitutionBlocked?: boolean;
  /** `xs:unique`, `xs:key` and `xs:keyref` declared on the element, in document order: not checked, kept for a note. */
  readonly identityConstraints?: readonly IdentityConstraint[];
}

/** An identity constraint of an element (`xs:unique`, `xs:key`, `xs:keyref`): only its kind, name and position are kept. */
export interface IdentityConstraint {
  readonly kind: "unique" | "key" | "keyref";
  readonly name?: string;
  readonly at: Position;
}

/** An `xs:element name=` inside a content model. */
export interface LocalElement extends ElementDecl {
  readonly occurs: Occurs;
}

/** An `xs:element ref=` inside a content model. */
export interface ElementRef {
  readonly kind: "elementRef";
  readonly ref: Reference;
  readonly at: Position;
  readonly occurs: Occurs;
}

/** `xs:sequence`, `xs:choice` or `xs:all`, with its own occurrence. */
export interface ModelGroup extends Documented {
  readonly kind: "sequence" | "choice" | "all";
  readonly at: Position;
  readonly occurs: Occurs;
  /** In document order. */
  readonly particles: readonly Particle[];
}

/** An `xs:group ref=` inside a content model. */
export interface GroupRef {
  readonly kind: "groupRef";
  readonly ref: Reference;
  readonly at: Position;
  readonly occurs: Occurs;
}

/** `xs:any`: elements the schema leaves open (opaque content). */
export interface ElementWildcard extends WildcardConstraint {
  readonly kind: "any";
  readonly at: Position;
  readonly occurs: Occurs;
}

/** One item of a content model. */
export type Particle = LocalElement | ElementRef | ModelGroup | GroupRef | ElementWildcard;

/** `xs:extension` or `xs:restriction` of a base type, in `xs:complexContent` or `xs:simpleContent`. */
export interface Derivation {
  readonly method: "extension" | "restriction";
  readonly base: TypeRef;
  readonly at: Position;
}

/**
 * Content of elements (and possibly text, when `mixed`): a model group or
 * group reference, or nothing (empty content). `derivation` is set when the
 * type is written with `xs:complexContent`: an extension's particle comes
 * after the base's, a restriction's replaces it.
 */
export interface ElementContent {
  readonly kind: "elements";
  readonly derivation?: Derivation;
  readonly particle?: ModelGroup | GroupRef;
}

/**
 * Content of a value (`xs:simpleContent`): the base's value, with attributes;
 * a restriction may narrow the value by facets.
 */
export interface SimpleContent {
  readonly kind: "simple";
  readonly derivation: Derivation;
  /** Only for a restriction; empty otherwise. */
  readonly facets: Facets;
}

export interface ComplexType extends Documented {
  readonly kind: "complexType";
  /** Absent for a type defined in place. */
  readonly name?: QName;
  readonly at: Position;
  readonly abstract: boolean;
  /** Text may appear between the elements. */
  readonly mixed: boolean;
  readonly content: ElementContent | SimpleContent;
  /** Declared here (for a derivation: in the extension or restriction), in document order. */
  readonly attributes: readonly AttributeUse[];
  readonly anyAttribute?: AttributeWildcard;
}

/** A named `xs:group`: a model group to reference from content models. */
export interface GroupDef extends Documented {
  readonly kind: "group";
  readonly name: QName;
  readonly at: Position;
  readonly particle: ModelGroup;
}

/** A named `xs:attributeGroup`. */
export interface AttributeGroupDef extends Documented {
  readonly kind: "attributeGroup";
  readonly name: QName;
  readonly at: Position;
  readonly attributes: readonly AttributeUse[];
  readonly anyAttribute?: AttributeWildcard;
}

// ---------------------------------------------------------------- documents and the set

/** A component an `xs:redefine` holds: it replaces the one of its name in the schema redefined. */
export type RedefinedComponent = ComplexType | SimpleType | GroupDef | AttributeGroupDef;

/** An `xs:import`, `xs:include` or `xs:redefine` as written, and the file it was resolved to. */
export interface SchemaDirective {
  readonly kind: "import" | "include" | "redefine";
  readonly at: Position;
  /** `namespace=` of an import (absent: no namespace). */
  readonly namespace?: string;
  readonly schemaLocation?: string;
  /** The file read for it, as the user names it; absent when nothing was read (no location, or an error). */
  readonly file?: string;
  /** The components of an `xs:redefine`, in document order. */
  readonly redefinitions?: readonly RedefinedComponent[];
}

/** One `xs:schema` element: a file, or a schema embedded in a WSDL file. */
export interface SchemaDocument extends Documented {
  /** The file as the user names it. */
  readonly file: string;
  readonly at: Position;
  /** The namespace its components are in: its own `targetNamespace`, or the includer's for a schema without one. */
  readonly targetNamespace: string;
  /** Included without a target namespace, so it took its includer's. */
  readonly chameleon: boolean;
  readonly elementFormDefault: "qualified" | "unqualified";
  readonly attributeFormDefault: "qualified" | "unqualified";
  readonly directives: readonly SchemaDirective[];
}

/** The named components of one target namespace, by local name. */
export interface SchemaNamespace {
  /** `""` for no namespace. */
  readonly uri: string;
  readonly complexTypes: ReadonlyMap<string, ComplexType>;
  readonly simpleTypes: ReadonlyMap<string, SimpleType>;
  readonly elements: ReadonlyMap<string, ElementDecl>;
  readonly attributes: ReadonlyMap<string, AttributeDecl>;
  readonly groups: ReadonlyMap<string, GroupDef>;
  readonly attributeGroups: ReadonlyMap<string, AttributeGroupDef>;
}

/** Every schema document read, and the components they define, by target namespace. */
export interface SchemaSet {
  readonly namespaces: ReadonlyMap<string, SchemaNamespace>;
  /** In the order they were read. */
  readonly documents: readonly SchemaDocument[];
}
