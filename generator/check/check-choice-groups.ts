import type { Diagnostics } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type { TypeDescription } from "../description/description.js";

/**
 * Checks the choice groups of an object type: at least two of its own
 * fields each, none required (the group says which is present), and a field
 * in one group at most.
 */
export function checkChoiceGroups(t: TypeDescription, d: Diagnostics): void {
  if (!t.choices) return;
  const fields = new Map(t.fields.map((f) => [f.name, f]));
  const grouped = new Set<string>();
  if (t.kind !== "object" && t.choices.length > 0)
    d.error(
      t.choices[0]!.at,
      `only an object type has choice groups; "${t.name}" is a ${t.kind} type`,
    );
  for (const group of t.choices) {
    if (group.fields.length < 2) d.error(group.at, "a choice group names at least two fields");
    for (const ref of group.fields) {
      const f = fields.get(ref.name);
      if (!f)
        d.error(
          ref.at,
          `"${t.name}" has no field "${ref.name}"${didYouMean(ref.name, fields.keys())}`,
        );
      else if (f.required)
        d.error(
          ref.at,
          `"${ref.name}" is in a choice group and so cannot be required: the group says which field is present`,
        );
      if (grouped.has(ref.name))
        d.error(ref.at, `"${ref.name}" is already in a choice group of "${t.name}"`);
      grouped.add(ref.name);
    }
  }
}
