import type { Position } from "../../diagnostics/diagnostic.js";
import type { FlowDescription, GapDescription, Named } from "../../description/description.js";
import type { NoteKind, SensitiveKind, SourceRef } from "../../model/vocabulary.js";

/**
 * An overlay as written: what a user adds to a published contract without
 * copying it (see docs/schema-language.md, "Overlays"). Every entry keeps its
 * position, so a name the contract does not have is reported in the overlay.
 */
export interface OverlayAst {
  readonly at: Position;
  /** The contract file, as written (relative to the overlay), and its path relative to the working folder. */
  readonly contract: { readonly written: string; readonly file: string; readonly at: Position };
  /** A new service name (the contract's is derived from its own names). */
  readonly service?: Named;
  readonly title?: string;
  readonly docs: OverlayDocs;
  readonly types: readonly TypePatch[];
  readonly operations: readonly OperationPatch[];
  readonly gaps: readonly GapDescription[];
  readonly flows: readonly FlowDescription[];
}

export interface OverlayDocs {
  readonly doc?: string;
  readonly source?: SourceRef;
  readonly notes: readonly { readonly kind: NoteKind; readonly text: string }[];
}

/** Changes to one type or enum of the contract, by its contract name. */
export interface TypePatch extends Named {
  readonly rename?: Named;
  readonly docs: OverlayDocs;
  readonly gap?: Named;
  readonly fields: readonly FieldPatch[];
}

/** Changes to one field, by its wire name. */
export interface FieldPatch extends Named {
  /** Another type for the value: a scalar (`decimal` for an amount carried as a string), an enum or a type. */
  readonly type?: Named;
  /** A kind marks the field sensitive; `none` removes a mark, the contract's or one paygen would infer. */
  readonly sensitive?: SensitiveKind | "none";
  readonly required?: { readonly value: boolean; readonly at: Position };
  readonly gap?: Named;
  readonly docs: OverlayDocs;
}

/** Changes to one operation, by its name. */
export interface OperationPatch extends Named {
  readonly docs: OverlayDocs;
  /** Marks of its path, query, header and cookie parameters, by wire name. */
  readonly parameters: readonly ParameterPatch[];
}

/** The mark of one REST parameter, by its wire name: a kind, or `none` to keep paygen from inferring one. */
export interface ParameterPatch extends Named {
  readonly sensitive: Exclude<SensitiveKind, "query"> | "none";
}
