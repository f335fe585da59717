/**
 * The generic JSON writer: writes a value through its type's description
 * (`description.ts`), the one the validator and the reader walk, so a client
 * carries no writer per type (so a caller's bundle holds each type's field
 * names once). A description is compiled once, on first use, into a
 * plan that writes a value's JSON text in one walk, with no object built for
 * it: the documented fields in schema order, each value through the write its
 * field names (`jsonNumber` for a long or decimal in its number form, written
 * as the exact number its text is), every other scalar and enum as it is
 * held, a nested type through its own plan, a union through the variant its
 * walks pick, an open type after its extra properties, an extension after its
 * base's fields, and what a reader kept beside a value after its fields. The
 * text is what `stringifyJson` writes for the object a writer spelled out per
 * type returned (a server's `writeFields`), members in that object's
 * key order, and so are the errors.
 */
import type {
  DescriptionRef,
  FieldDescription,
  ObjectDescription,
  TypeDescription,
} from "./description.js";
import { eachValue, ownValue, setOwn } from "./field-values.js";
import { jsonTextOf, quoted, writeJson, WrittenJson } from "./json.js";
import { unknownData } from "./read-options.js";
import { extraProperties, keptProperties } from "./read-values.js";
import type { VariantWrite, Walker } from "./union-walks.js";

/**
 * The JSON text of one value of a type, or of a field, where it stands
 * `depth` objects or arrays deep (see `writeJson`); `undefined` where
 * `stringifyJson` writes nothing.
 */
type TextWrite = (value: unknown, depth: number, open: Set<object>) => string | undefined;

/** A field whose text is written directly: its name, its key's text (`"name":`) and its value's write. */
interface FieldText {
  readonly name: string;
  readonly key: string;
  readonly text: TextWrite;
}

interface ObjectPlan {
  readonly kind: "object";
  /** The type's own fields, without its base's. */
  readonly fields: readonly FieldText[];
  /**
   * Every field, its base's first, when the type's text is its fields' alone
   * in this order (see `members` for the others): a closed type, with no
   * field named like an array index (which an object lists first) nor
   * `toJSON` (which `stringifyJson` would call).
   */
  readonly direct: readonly FieldText[] | undefined;
  /** Every field's name, its base's first: an open type's extra properties are the others. */
  readonly names: readonly string[];
  /** Every required field's name, its base's first. */
  readonly required: readonly string[];
  /** The names as a set, when the type is open. */
  readonly known: ReadonlySet<string> | undefined;
  readonly base: ObjectPlan | undefined;
}

/** A union's or an opaque body's plan: its text write. */
interface OtherPlan {
  readonly kind: "other";
  readonly text: TextWrite;
}

type Plan = ObjectPlan | OtherPlan;

const PLANS = /* @__PURE__ */ new WeakMap<TypeDescription, Plan>();

/**
 * The JSON body of `value`, a value of the type `description` describes: a
 * generated serializer returns it. Only own properties are read, and a field
 * named `__proto__` is written as an own member.
 * @throws TypeError where `stringifyJson` throws (a value with no JSON form,
 * or one that refers to itself), or a field's write does (`jsonNumber`).
 */
export function writeDescribedJson(value: object, description: TypeDescription): string {
  return jsonTextOf(planText(planOf(description), value, 0, new Set()));
}

function planOf(description: TypeDescription): Plan {
  let plan = PLANS.get(description);
  if (plan === undefined) {
    plan = compile(description);
    PLANS.set(description, plan);
  }
  return plan;
}

/** The text of `value` by `plan`, where it stands `depth` deep. */
function planText(
  plan: Plan,
  value: unknown,
  depth: number,
  open: Set<object>,
): string | undefined {
  if (plan.kind === "other") return plan.text(value, depth, open);
  const fields = plan.direct;
  // What a reader kept beside a value is written after its fields, in the members' order.
  if (fields === undefined || unknownData(value) !== undefined)
    return writeJson(members(plan, value, depth, open), depth, open);
  const from = value as Record<string, unknown>;
  let out = "";
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const v = ownValue(from, f.name);
    if (v === undefined) continue;
    const text = f.text(v, depth + 1, open);
    if (text !== undefined) out = out === "" ? f.key + text : `${out},${f.key}${text}`;
  }
  return `{${out}}`;
}

/**
 * The members of `value`'s JSON object, as the object a writer spelled out
 * per type built them: an open type's extra properties, its base's members,
 * then its fields (each as its text), then, when it has neither extra
 * properties nor a base, what a reader kept beside the value.
 */
function members(
  plan: ObjectPlan,
  value: unknown,
  depth: number,
  open: Set<object>,
): Record<string, unknown> {
  const extra = plan.known !== undefined ? extraProperties(value as object, plan.known) : undefined;
  const base = plan.base !== undefined ? members(plan.base, value, depth, open) : undefined;
  const start = extra !== undefined && base !== undefined ? { ...extra, ...base } : (extra ?? base);
  const from = value as Record<string, unknown>;
  const out = start ?? {};
  for (const f of plan.fields) {
    const v = ownValue(from, f.name);
    if (v === undefined) continue;
    const text = f.text(v, depth + 1, open);
    setOwn(out, f.name, text === undefined ? v : new WrittenJson(text));
  }
  if (start === undefined && unknownData(value) !== undefined) {
    const kept = keptProperties(value as object);
    for (const key of Object.keys(kept)) setOwn(out, key, kept[key]);
  }
  return out;
}

function compile(description: TypeDescription): Plan {
  // A body the contract does not show is written as it is.
  if ("opaque" in description) return { kind: "other", text: writeJson };
  // A union's description holds its walks, given this writer's write of a variant.
  if ("tag" in description)
    return { kind: "other", text: description.walks.write(description, WALKER) };
  if ("variants" in description)
    return { kind: "other", text: description.walks.write(description, WALKER) };
  return compileObject(description);
}

function compileObject(description: ObjectDescription): ObjectPlan {
  const base =
    description.base !== undefined ? (planOf(description.base()) as ObjectPlan) : undefined;
  const names = [...(base?.names ?? []), ...description.fields.map((f) => f.name)];
  const fields = description.fields.map(fieldText);
  const direct =
    description.open === undefined &&
    (base === undefined || base.direct !== undefined) &&
    description.fields.every((f) => !/^(?:0|[1-9][0-9]*)$/.test(f.name) && f.name !== "toJSON");
  return {
    kind: "object",
    fields,
    direct: direct ? [...(base?.direct ?? []), ...fields] : undefined,
    names,
    required: [
      ...(base?.required ?? []),
      ...description.fields.filter((f) => f.required).map((f) => f.name),
    ],
    known: description.open ? new Set(names) : undefined,
    base,
  };
}

/**
 * A field's text: a string as its JSON text, a nested type's value by that
 * type's plan (each of its values, in a list or a map), a value its field
 * names a write for as `writeJson` writes what the write gives, and every
 * other value as it is held.
 */
function fieldText(f: FieldDescription): FieldText {
  const key = `${quoted(f.name)}:`;
  const t = f.type;
  const shape =
    f.map === true ? (f.list !== undefined ? "map of lists" : "map") : f.list ? "list" : undefined;
  if (typeof t === "function") {
    const one = typeText(t);
    if (shape === undefined)
      return {
        name: f.name,
        key,
        text: (v, depth, open) => (v === null ? "null" : one(v, depth, open)),
      };
    // Each value's text, written where it stands in the list or map.
    const at = shape === "map of lists" ? 2 : 1;
    const text: TextWrite = (v, depth, open) =>
      writeJson(
        eachValue(
          v,
          (item) => {
            const written = one(item, depth + at, open);
            return written === undefined ? item : new WrittenJson(written);
          },
          shape,
        ),
        depth,
        open,
      );
    return { name: f.name, key, text };
  }
  const write = f.write as ((v: unknown) => unknown) | undefined;
  if (write !== undefined)
    return {
      name: f.name,
      key,
      text: (v, depth, open) => writeJson(eachValue(v, write, shape), depth, open),
    };
  return {
    name: f.name,
    key,
    text: (v, depth, open) => (typeof v === "string" ? quoted(v) : writeJson(v, depth, open)),
  };
}

/** The text write of another type's value, by its plan, compiled when the first value is written. */
function typeText(ref: DescriptionRef): TextWrite {
  let plan: Plan | undefined;
  return (value, depth, open) => planText((plan ??= planOf(ref())), value, depth, open);
}

/** This writer's write of a union's variant, and a variant's shape by its plan. */
const WALKER: Walker<VariantWrite> = {
  variant: typeText,
  shape: (name, ref) => {
    const plan = planOf(ref()) as ObjectPlan;
    return { name, fields: plan.names, required: plan.required };
  },
};
