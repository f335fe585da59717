import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type {
  ChoiceGroupDescription,
  EnumDescription,
  TypeDescription,
} from "../../description/description.js";
import { SCALAR_NAMES, type Note, type TypeOrigin } from "../../model/vocabulary.js";
import { qkey } from "./qname-key.js";
import { SimpleTypeShapes } from "./simple-type-shapes.js";
import type { ComplexType, QName, SchemaSet } from "./xsd-model.js";

/** A limit of the wire code: an error when a type that operations send or receive meets it, a note on the type otherwise. */
export interface WireLimit {
  readonly at: Position;
  readonly message: string;
}

/** How complex types are described: given by `schema-mapper.ts`, for the steps a complex type is made of (its fields describe complex types in turn). */
export interface ComplexTypeDescribers {
  /** The description name of a named complex type, described on first use. */
  readonly named: (mapping: XsdMapping, name: QName) => string | undefined;
  /** Describes a complex type under `name`. */
  readonly describe: (
    mapping: XsdMapping,
    ct: ComplexType,
    name: string,
    origin: TypeOrigin,
  ) => void;
}

/**
 * What the mapping of a schema set onto the description shares: the types
 * and enums made so far (in the order made: the description's order), the
 * names taken, the types being described, and where problems go. Every step
 * (`describe-complex-type.ts`, `describe-content-model.ts`,
 * `describe-element-field.ts`, `describe-attribute-fields.ts`, ...) takes it
 * explicitly.
 */
export class XsdMapping {
  readonly types: TypeDescription[] = [];
  readonly enums: EnumDescription[] = [];
  private readonly taken = new Set<string>(SCALAR_NAMES);
  /** The description name of every named complex type, claimed up front. */
  readonly complexNames = new Map<string, string>();
  /** Named complex types described (or being described), by key. */
  readonly described = new Set<string>();
  /** The wire limits each type meets (see `wire-limits.ts`). */
  readonly wireLimits = new Map<string, WireLimit[]>();
  /** The notes of each complex type made, to add to after it is made. */
  readonly typeNotes = new Map<string, Note[]>();
  /** Where the choice groups of the type being described go (a stack: describing it may describe others). */
  choiceSink: ChoiceGroupDescription[] | undefined;
  /** The object type of each global element described, by key. */
  readonly elementTypes = new Map<string, string>();
  /** Global elements whose type in place is being described, by key: the type's name, for a reference to the element inside itself. */
  readonly elementsOpen = new Map<string, string>();
  /** Named groups being read, outermost first: a reference to one of them again is a group that contains itself. */
  readonly groupsOpen: QName[] = [];
  /** Simple types as scalars with facets, or enums. */
  readonly simple: SimpleTypeShapes;

  constructor(
    readonly set: SchemaSet,
    readonly d: Diagnostics,
    /** The service's own namespace (its operation elements'): elements in any other carry it as `namespace`. */
    readonly home: string,
    private readonly complex: ComplexTypeDescribers,
  ) {
    this.simple = new SimpleTypeShapes(this);
    // Named types keep their names; anonymous ones are named around them.
    for (const ns of set.namespaces.values()) {
      for (const ct of ns.complexTypes.values())
        this.complexNames.set(qkey(ct.name!), this.claim(ct.name!.local));
    }
  }

  /**
   * Where the description says less than the contract: a warning of kind
   * `kind` (counted in the run's summary, listed in the package README,
   * an error under `--strict`), next to the note the generated code keeps.
   */
  approximate(at: Position, kind: string, message: string): void {
    this.d.warning(at, kind, message);
  }

  /** A type or enum name not used yet: the name itself, else the name with a number. */
  claim(base: string): string {
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    return name;
  }

  /** The description name of a named complex type, described on first use. */
  namedComplex(name: QName): string | undefined {
    return this.complex.named(this, name);
  }

  /** Describes a complex type under `name`. */
  describeComplex(ct: ComplexType, name: string, origin: TypeOrigin): void {
    this.complex.describe(this, ct, name, origin);
  }

  /** The namespace of an element or attribute, when it is not the service's own (and not none). */
  foreign(namespace: string): string | undefined {
    return namespace !== "" && namespace !== this.home ? namespace : undefined;
  }

  /** `{ namespace }` of a field in a foreign namespace, else nothing. */
  namespaceOf(namespace: string): { namespace?: string } {
    const foreign = this.foreign(namespace);
    return foreign !== undefined ? { namespace: foreign } : {};
  }
}
