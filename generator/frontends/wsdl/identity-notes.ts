import type { Note } from "../../model/vocabulary.js";
import type { XsdMapping } from "./xsd-mapping.js";
import type { ElementDecl } from "./xsd-model.js";

/** A note and a warning per identity constraint of an element: read, not checked. */
export function identityNotes(ctx: XsdMapping, e: ElementDecl): Note[] {
  return (e.identityConstraints ?? []).map((c) => {
    const named = `xs:${c.kind}${c.name !== undefined ? ` "${c.name}"` : ""}`;
    ctx.approximate(
      c.at,
      "identity-constraint",
      `the identity constraint ${named} of the element ${e.name.local} is not checked`,
    );
    return {
      kind: "interpretation" as const,
      text: `The contract declares the identity constraint ${named} here: it is not checked.`,
    };
  });
}
