import type { Position } from "../../diagnostics/diagnostic.js";
import { didYouMean } from "../../diagnostics/did-you-mean.js";
import type { ProblemSink } from "./problem-sink.js";

/** A member (a key of an object, an attribute of an element) its language does not define there. */
export interface UnknownMember {
  /** Its name, as the suggestion compares it with the known ones. */
  readonly name: string;
  readonly at: Position;
  /** How the message names it and where: `unknown key "x" in a schema`, `attribute color is not allowed on <xs:element>`. */
  readonly described: string;
  /** The JSON pointer of its value, when there is one. */
  readonly pointer?: string;
}

/** What a reader does with an unknown member. */
export type UnknownMemberPolicy =
  /** A contract written by others: what the member says is not applied, the rest is (a warning of kind `kind`). */
  | { readonly passOver: string; readonly kind: string }
  /** paygen's own language: an unknown member is a typo, and an error. */
  | "error";

/**
 * The one policy of every reader of positioned text for members it does not
 * know: the message names the member and where it is, says what becomes of
 * it (`passOver`: ` is read past`, `; it is passed over`), and suggests the
 * nearest known name when one is close enough to be a typo.
 */
export function reportUnknownMember(
  sink: ProblemSink,
  member: UnknownMember,
  known: Iterable<string>,
  policy: UnknownMemberPolicy,
): void {
  const suggestion = didYouMean(member.name, known);
  if (policy === "error") sink.error(member.at, `${member.described}${suggestion}`, member.pointer);
  else
    sink.warning(
      member.at,
      policy.kind,
      `${member.described}${policy.passOver}${suggestion}`,
      member.pointer,
    );
}
