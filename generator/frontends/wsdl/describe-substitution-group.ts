import type { Note } from "../../model/vocabulary.js";
import { substitutionMembers } from "./substitution-groups.js";
import type { XsdMapping } from "./xsd-mapping.js";
import type { ElementDecl, ElementRef, LocalElement, ModelGroup } from "./xsd-model.js";

/**
 * What a content model holds where it references the head of a
 * substitution group: the head and the elements that may stand in its place
 * (see `substitutionMembers`), as a choice among them with the reference's
 * occurrence (read as any choice is: a choice group of the type, or lists
 * when it repeats), or the one element that may, in the reference's place.
 * A note names them. Undefined when the element stands for itself only;
 * an abstract element no element of the schemas read may stand in for is
 * read as itself, with a warning (what may stand there is not known).
 */
export function substitutionParticle(
  ctx: XsdMapping,
  head: ElementDecl,
  ref: ElementRef,
  notes: Note[],
): LocalElement | ModelGroup | undefined {
  const members = substitutionMembers(ctx.set, head);
  if (members.length === 1 && members[0] === head) return undefined;
  if (members.length === 0) {
    ctx.approximate(
      ref.at,
      "substitution-group",
      `the element "${head.name.local}" is abstract, and no element of the schemas read may stand in its place: it is read as itself, of its type`,
    );
    return undefined;
  }
  const names = members.map((m) => `"${m.name.local}"`).join(", ");
  notes.push({
    kind: "interpretation",
    text:
      members.length === 1
        ? `The element "${head.name.local}" is abstract: ${names}, the one element of its substitution group, stands in its place.`
        : `The element "${head.name.local}" heads a substitution group: one of ${names} stands in its place (a choice).`,
  });
  if (members.length === 1) return { ...members[0]!, occurs: ref.occurs };
  return {
    kind: "choice",
    at: ref.at,
    occurs: ref.occurs,
    particles: members.map((m): LocalElement => ({ ...m, occurs: { min: 1, max: 1 } })),
  };
}
