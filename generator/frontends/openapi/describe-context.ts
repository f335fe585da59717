import type { Diagnostics, Position } from "../../diagnostics/diagnostic.js";
import type { EnumDescription, TypeDescription } from "../../description/description.js";
import type { ApiDocument, NamedSchema } from "./openapi-model.js";

/**
 * What the mapping of one document onto the description shares: the named
 * schemas it reads, the types and enums it has made so far (in the order
 * made: the description's order), the names taken, and where its problems go.
 * Every `describe-*` step takes it explicitly; nothing else is shared.
 */
export interface DescribeContext {
  /** The document's named schemas, by name. */
  readonly schemas: ReadonlyMap<string, NamedSchema>;
  /** The types made so far, in the order made. */
  readonly types: TypeDescription[];
  /** The enums made so far, in the order made. */
  readonly enums: EnumDescription[];
  /** readOnly and writeOnly properties, by type: request and response shapes are separated where they differ. */
  readonly access: Map<string, Map<string, "readOnly" | "writeOnly">>;
  /** Named schemas already made object (or opaque) types: schema name → type name. */
  readonly objectTypes: Map<string, string>;
  /** Enums already made, by their values (a JSON array, in order): the same values wherever written are one enum. */
  readonly enumsByValues: Map<string, string>;
  /** A type or enum name not taken yet (`candidate`, else `candidate2`, `candidate3`, ...), now taken. */
  readonly unique: (candidate: string) => string;
  /** What the description cannot say: an error at `pointer`. */
  readonly refuse: (at: Position, pointer: string, message: string) => void;
  /** What the description can say only approximately: a warning of kind `kind`, listed in the README. */
  readonly approximate: (at: Position, pointer: string, kind: string, message: string) => void;
  /**
   * The object type a named schema is described as (made on first use), or
   * undefined when the schema is not an object. Given by `describe-object.ts`
   * when the context is made: objects and the values of their fields refer
   * to each other.
   */
  readonly objectTypeOf: (name: string) => string | undefined;
}

/** A fresh context for `doc`, its problems going to `d`; `objectTypeOf` describes a named object schema. */
export function describeContext(
  doc: ApiDocument,
  d: Diagnostics,
  objectTypeOf: (ctx: DescribeContext, name: string) => string | undefined,
): DescribeContext {
  const taken = new Set<string>(doc.schemas.map((s) => s.name));
  const ctx: DescribeContext = {
    schemas: new Map(doc.schemas.map((s) => [s.name, s])),
    types: [],
    enums: [],
    access: new Map(),
    objectTypes: new Map(),
    enumsByValues: new Map(),
    unique: (candidate) => {
      let name = candidate || "Value";
      for (let n = 2; taken.has(name); n++) name = `${candidate}${n}`;
      taken.add(name);
      return name;
    },
    refuse: (at, pointer, message) => d.error(at, message, pointer),
    approximate: (at, pointer, kind, message) => d.warning(at, kind, message, pointer),
    objectTypeOf: (name) => objectTypeOf(ctx, name),
  };
  return ctx;
}
