import type { FieldDescription } from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";
import { elementField } from "./describe-element-field.js";
import { substitutionParticle } from "./describe-substitution-group.js";
import { qkey } from "./qname-key.js";
import { soleRepeatedElement } from "./repeated-sequence.js";
import type { WireLimit, XsdMapping } from "./xsd-mapping.js";
import type { GroupRef, ModelGroup, Particle } from "./xsd-model.js";

/**
 * The model group of a particle (a group reference resolved), or a problem.
 * A reference that occurs other than once is its group with the
 * reference's occurrence, at the reference: optional, or a repeated
 * sequence or choice (read as `groupFields` reads those).
 */
export function groupOf(ctx: XsdMapping, particle: ModelGroup | GroupRef): ModelGroup | undefined {
  if (particle.kind !== "groupRef") return particle;
  const def = ctx.set.namespaces
    .get(particle.ref.name.namespace)
    ?.groups.get(particle.ref.name.local);
  if (!def) return undefined;
  if (particle.occurs.min === 1 && particle.occurs.max === 1) return def.particle;
  if (def.particle.kind === "all" && particle.occurs.max !== 1) {
    ctx.d.error(particle.at, "a reference to an xs:all group occurs at most once");
    return undefined;
  }
  return { ...def.particle, occurs: particle.occurs, at: particle.at };
}

/** The choice a content model is made of, when it is nothing else (a choice, or a sequence holding only a choice), once. */
export function soleChoice(group: ModelGroup): ModelGroup | undefined {
  const once = (g: ModelGroup) => g.occurs.min === 1 && g.occurs.max === 1;
  if (group.kind === "choice") return once(group) ? group : undefined;
  if (group.kind === "sequence" && once(group) && group.particles.length === 1) {
    const only = group.particles[0]!;
    if (only.kind === "choice" && once(only)) return only;
  }
  return undefined;
}

/** The fields of a model group inside a type: nested sequences flattened, choices among other elements made optional fields with a note. */
export function groupFields(
  ctx: XsdMapping,
  written: ModelGroup,
  parent: string,
  notes: Note[],
  limits: WireLimit[],
  optional: boolean,
): { fields: FieldDescription[]; any: boolean } {
  const group = soleRepeatedElementOf(ctx, written, notes);
  const fields: FieldDescription[] = [];
  let any = false;
  const repeated = group.occurs.max === "unbounded" || group.occurs.max > 1;
  if (group.kind === "all")
    notes.push({
      kind: "interpretation",
      text: "An xs:all group: the contract allows its elements in any order; they are written and read in this order.",
    });
  const memberOptional = optional || group.occurs.min === 0 || group.kind === "choice";
  let singleBranches = true;
  for (const p of group.particles) {
    const f = particleFields(ctx, p, parent, notes, limits, memberOptional, repeated);
    if (f === "any") any = true;
    else fields.push(...f);
    if (f === "any" || f.length !== 1) singleBranches = false;
  }
  if (group.kind === "sequence" && repeated) repeatedSequence(ctx, group, fields, notes);
  if (group.kind === "choice") {
    const names = fields.map((f) => `"${f.name}"`).join(", ");
    if (repeated) {
      ctx.approximate(
        group.at,
        "repeated-choice",
        `a repeated choice of ${names} is read as one list per member: the order of the elements across members is not kept`,
      );
      notes.push({
        kind: "interpretation",
        text: `The contract repeats a choice of ${names}, in any mix: each member is a list here, and the elements are written and read grouped by name.`,
      });
    } else if (singleBranches && ctx.choiceSink && fields.length >= 2) {
      // One element per branch: a choice group of the type, checked by its validator and reader.
      ctx.choiceSink.push({
        fields: fields.map((f) => ({ name: f.name, at: f.at })),
        required: !optional && group.occurs.min >= 1,
        at: group.at,
      });
    } else {
      if (fields.length > 0)
        ctx.approximate(
          group.at,
          "choice-not-checked",
          `a choice of ${names} is read as optional fields: that exactly one branch is given is not checked`,
        );
      notes.push({
        kind: "interpretation",
        text: `One of ${names} (an xs:choice whose branches hold several elements): each is an optional field here, and the choice is not checked.`,
      });
    }
  }
  return { fields, any };
}

/** A repeated sequence of one element read as that element repeated (see `soleRepeatedElement`), with a warning when the counts are not exactly the contract's. */
function soleRepeatedElementOf(ctx: XsdMapping, group: ModelGroup, notes: Note[]): ModelGroup {
  const sole = soleRepeatedElement(group);
  if (!sole) return group;
  if (!sole.exact) {
    ctx.approximate(
      group.at,
      "repeated-sequence",
      "a repeated sequence of one element that occurs several times each time is read as one list of that element: the count is not checked to be a multiple",
    );
    notes.push({
      kind: "interpretation",
      text: "The contract repeats a sequence of one element that occurs several times each time: it is one list here, and its count is not checked to be a multiple.",
    });
  }
  return sole.group;
}

/** A repeated sequence of several members: each member a list (its fields made so by the caller), with a warning and a note. */
function repeatedSequence(
  ctx: XsdMapping,
  group: ModelGroup,
  fields: readonly FieldDescription[],
  notes: Note[],
): void {
  const names = fields.map((f) => `"${f.name}"`).join(", ");
  ctx.approximate(
    group.at,
    "repeated-sequence",
    `a repeated sequence of ${names} is read as one list per member: which elements belong to the same repetition is not kept`,
  );
  notes.push({
    kind: "interpretation",
    text: `The contract repeats a sequence of ${names}: each member is a list here, and the elements are written and read grouped by name.`,
  });
}

export function particleFields(
  ctx: XsdMapping,
  p: Particle,
  parent: string,
  notes: Note[],
  limits: WireLimit[],
  optional: boolean,
  repeated = false,
): FieldDescription[] | "any" {
  // A particle that may not occur (maxOccurs="0") is no content: no field.
  if (p.occurs.max === 0) {
    notes.push({
      kind: "info",
      text: `${particleLabel(p)} has maxOccurs="0" in the contract: it never occurs, so it has no field.`,
    });
    return [];
  }
  switch (p.kind) {
    case "any":
      return "any";
    case "sequence":
    case "choice":
    case "all":
      return nestedFields(ctx, repeated, () =>
        groupFields(ctx, p, parent, notes, limits, optional),
      );
    case "groupRef":
      return (
        withGroupOpen(ctx, p, () => {
          const g = groupOf(ctx, p);
          return g
            ? nestedFields(ctx, repeated, () =>
                groupFields(ctx, g, parent, notes, limits, optional || p.occurs.min === 0),
              )
            : [];
        }) ?? []
      );
    case "elementRef": {
      const decl = ctx.set.namespaces.get(p.ref.name.namespace)?.elements.get(p.ref.name.local);
      if (!decl) return [];
      const standIns = substitutionParticle(ctx, decl, p, notes);
      if (standIns !== undefined)
        return particleFields(ctx, standIns, parent, notes, limits, optional, repeated);
      const f = elementField(ctx, decl, p.occurs, parent, limits, optional, repeated, p.at);
      return f ? [f] : [];
    }
    case "element": {
      const f = elementField(ctx, p, p.occurs, parent, limits, optional, repeated, p.at);
      return f ? [f] : [];
    }
  }
}

/**
 * The fields of a group nested in another: as they are, or, inside a
 * group that repeats, each a list (at least none, no maximum), since the
 * group holding them repeats; a choice among them is then not checked (it
 * holds per repetition, not for the lists). A list wrapper (`ArrayOfX`)
 * cannot repeat as a field: refused.
 */
function nestedFields(
  ctx: XsdMapping,
  repeated: boolean,
  read: () => { fields: FieldDescription[] },
): FieldDescription[] {
  if (!repeated) return read().fields;
  const sink = ctx.choiceSink;
  ctx.choiceSink = undefined;
  let fields: FieldDescription[];
  try {
    fields = read().fields;
  } finally {
    ctx.choiceSink = sink;
  }
  return fields.map((f) => {
    if (f.list?.item === undefined)
      return { ...f, required: false, list: { min: 0, at: f.list?.at ?? f.at } };
    ctx.d.error(f.at, `the list "${f.name}" inside a group that repeats is not supported`);
    return f;
  });
}

/** Runs `read` with the group `ref` names open; a group that contains itself is a positioned error instead. */
export function withGroupOpen<T>(ctx: XsdMapping, ref: GroupRef, read: () => T): T | undefined {
  const key = qkey(ref.ref.name);
  const from = ctx.groupsOpen.findIndex((g) => qkey(g) === key);
  if (from >= 0) {
    const cycle = [...ctx.groupsOpen.slice(from), ref.ref.name].map((g) => g.local).join(" → ");
    ctx.d.error(ref.at, `the group "${ref.ref.name.local}" contains itself (${cycle})`);
    return undefined;
  }
  ctx.groupsOpen.push(ref.ref.name);
  try {
    return read();
  } finally {
    ctx.groupsOpen.pop();
  }
}

/** How a note names a particle. */
function particleLabel(p: Particle): string {
  switch (p.kind) {
    case "element":
      return `The element "${p.name.local}"`;
    case "elementRef":
      return `The element "${p.ref.name.local}"`;
    case "groupRef":
      return `The group ${p.ref.name.local}`;
    case "any":
      return "An xs:any";
    default:
      return `An xs:${p.kind}`;
  }
}
