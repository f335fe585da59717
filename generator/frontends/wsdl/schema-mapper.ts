import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { EnumDescription, TypeDescription } from "../../description/description.js";
import type { TypeOrigin } from "../../model/vocabulary.js";
import { describeComplex, namedComplex } from "./describe-complex-type.js";
import { describeAllNamed, describeElements, elementType } from "./describe-global-elements.js";
import { firstWireLimit, reachesWireLimit, settleWireLimits } from "./wire-limits.js";
import { XsdMapping } from "./xsd-mapping.js";
import type { ComplexType, ElementDecl, QName, SchemaSet } from "./xsd-model.js";

/**
 * Builds the types and enums of a schema set, on demand, each once: what
 * the service and operation mapping (`describe-wsdl-service.ts` and its
 * steps, and `to-description.ts` for a schema set) asks of the
 * schemas. Each step is its own file over one `XsdMapping`.
 */
export class SchemaMapper {
  private readonly mapping: XsdMapping;

  constructor(
    set: SchemaSet,
    d: Diagnostics,
    /** The service's own namespace (its operation elements'): elements in any other carry it as `namespace`. */
    readonly home: string,
  ) {
    this.mapping = new XsdMapping(set, d, home, {
      named: namedComplex,
      describe: describeComplex,
    });
  }

  /** The types made so far, in the order made. */
  get types(): TypeDescription[] {
    return this.mapping.types;
  }

  /** The enums made so far, in the order made. */
  get enums(): EnumDescription[] {
    return this.mapping.enums;
  }

  /** A warning of kind `kind`: where the description says less than the contract. */
  approximate(at: Position, kind: string, message: string): void {
    this.mapping.approximate(at, kind, message);
  }

  /** A type or enum name not used yet: the name itself, else the name with a number. */
  claim(base: string): string {
    return this.mapping.claim(base);
  }

  /** Every named complex and simple type, in document order. */
  describeAllNamed(): void {
    describeAllNamed(this.mapping);
  }

  /** The description name of a named complex type, described on first use. */
  namedComplex(name: QName): string | undefined {
    return this.mapping.namedComplex(name);
  }

  /** Describes a complex type under `name`. */
  describeComplex(ct: ComplexType, name: string, origin: TypeOrigin): void {
    this.mapping.describeComplex(ct, name, origin);
  }

  /** Global elements whose types are defined in place: each becomes a type named after the element. */
  describeElements(): Map<string, string> {
    return describeElements(this.mapping);
  }

  /** The object type of a global element: its named type, or its type in place described once under `name`. */
  elementType(e: ElementDecl, name: string, origin: TypeOrigin): string | undefined {
    return elementType(this.mapping, e, name, origin);
  }

  /** Whether a type, or one it holds or extends, meets a limit of the wire code. */
  reachesWireLimit(root: string): boolean {
    return reachesWireLimit(this.mapping, root);
  }

  /** The first limit of the wire code a type reachable from `roots` meets, with that type's name. */
  firstWireLimit(roots: readonly string[]): { type: string; message: string } | undefined {
    return firstWireLimit(this.mapping, roots);
  }

  /** Wire limits become errors for the types operations send or receive, and notes on the others. */
  settleWireLimits(roots: readonly string[]): void {
    settleWireLimits(this.mapping, roots);
  }
}
