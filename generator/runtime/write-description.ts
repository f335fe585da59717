/**
 * The generic JSON writer: writes a value through its type's description
 * (`description.ts`), the one the validator and the reader walk, so a client
 * carries no writer per type (issue 25: a caller's bundle holds each type's
 * field names once). A description is compiled once, on first use, into the
 * list `writeFields` takes; what it writes is what a writer spelled out per
 * type wrote: the documented fields in schema order, each value through the
 * write its field names (`jsonNumber` for a long or decimal in its number
 * form, written as the exact number its text is), every other scalar and enum
 * as it is held, a nested type through its own plan, an open type after its
 * extra properties, an extension after its base's fields.
 */
import type {
  DescriptionRef,
  FieldDescription,
  ObjectDescription,
  TypeDescription,
} from "./description.js";
import { eachValue, ownValue } from "./field-values.js";
import { jsonTextOf, quoted, writeJson } from "./json.js";
import { unknownData } from "./read-options.js";
import { extraProperties } from "./read-values.js";
import type { VariantWrite, Walker } from "./union-walks.js";
import { writeFields, type WrittenField } from "./write-fields.js";

/** Writes one value of a type (an object, or an opaque list) as its JSON form. */
type TypeWrite = (value: object) => Record<string, unknown> | readonly unknown[];

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
  readonly fields: readonly WrittenField[];
  /**
   * Every field, its base's first, each writing its value's text, when the
   * type's text is its fields' alone (no extra properties: a closed type), in
   * this order (no field named like an array index, which an object lists
   * first, nor `toJSON`, which `stringifyJson` would call).
   */
  readonly texts: readonly FieldText[] | undefined;
  /** Every field's name, its base's first: an open type's extra properties are the others. */
  readonly names: readonly string[];
  /** Every required field's name, its base's first. */
  readonly required: readonly string[];
  /** The names as a set, when the type is open. */
  readonly known: ReadonlySet<string> | undefined;
  readonly base: ObjectPlan | undefined;
}

interface OtherPlan {
  readonly kind: "other";
  readonly write: TypeWrite;
}

type Plan = ObjectPlan | OtherPlan;

const PLANS = /* @__PURE__ */ new WeakMap<TypeDescription, Plan>();

/**
 * The JSON form of `value`, a value of the type `description` describes: a
 * generated serializer hands it to `stringifyJson`. Only own properties are
 * read, and a field named `__proto__` is written as an own property.
 */
export function writeDescribed(
  value: object,
  description: TypeDescription,
): Record<string, unknown> | readonly unknown[] {
  return writePlan(planOf(description), value);
}

function planOf(description: TypeDescription): Plan {
  let plan = PLANS.get(description);
  if (plan === undefined) {
    plan = compile(description);
    PLANS.set(description, plan);
  }
  return plan;
}

/**
 * `stringifyJson(writeDescribed(value, description))`, the same text or
 * error, written in one walk: a closed type's fields are written as text
 * directly, with no object built for them, which is what a generated
 * serializer returns.
 */
export function writeDescribedJson(value: object, description: TypeDescription): string {
  return jsonTextOf(planText(planOf(description), value, 0, new Set()));
}

/** The text `writeJson` writes for `writePlan(plan, value)`. */
function planText(plan: Plan, value: object, depth: number, open: Set<object>): string | undefined {
  const texts = plan.kind === "object" ? plan.texts : undefined;
  // What a reader kept beside a value is written after its fields, by the object's path.
  if (texts === undefined || unknownData(value) !== undefined)
    return writeJson(writePlan(plan, value), depth, open);
  const from = value as Record<string, unknown>;
  let out = "";
  for (let i = 0; i < texts.length; i++) {
    const f = texts[i]!;
    const v = ownValue(from, f.name);
    if (v === undefined) continue;
    const text = f.text(v, depth + 1, open);
    if (text !== undefined) out = out === "" ? f.key + text : `${out},${f.key}${text}`;
  }
  return `{${out}}`;
}

function writePlan(plan: Plan, value: object): Record<string, unknown> | readonly unknown[] {
  return plan.kind === "other" ? plan.write(value) : writeObject(plan, value);
}

/** An object's fields, after its extra properties (an open type) and its base's fields (an extension). */
function writeObject(plan: ObjectPlan, value: object): Record<string, unknown> {
  const extra = plan.known !== undefined ? extraProperties(value, plan.known) : undefined;
  const base = plan.base !== undefined ? writeObject(plan.base, value) : undefined;
  const start = extra !== undefined && base !== undefined ? { ...extra, ...base } : (extra ?? base);
  return writeFields(value, plan.fields, start);
}

function compile(description: TypeDescription): Plan {
  // A body the contract does not show is written as it is.
  if ("opaque" in description) return { kind: "other", write: (value) => value as never };
  // A union's description holds its walks, given this writer's write of a variant.
  if ("tag" in description)
    return { kind: "other", write: description.walks.write(description, WALKER) };
  if ("variants" in description)
    return { kind: "other", write: description.walks.write(description, WALKER) };
  return compileObject(description);
}

function compileObject(description: ObjectDescription): ObjectPlan {
  const base =
    description.base !== undefined ? (planOf(description.base()) as ObjectPlan) : undefined;
  const names = [...(base?.names ?? []), ...description.fields.map((f) => f.name)];
  const direct =
    description.open === undefined &&
    (base === undefined || base.texts !== undefined) &&
    description.fields.every((f) => !/^(?:0|[1-9][0-9]*)$/.test(f.name) && f.name !== "toJSON");
  return {
    kind: "object",
    fields: description.fields.map(fieldWrite),
    texts: direct ? [...(base?.texts ?? []), ...description.fields.map(fieldText)] : undefined,
    names,
    required: [
      ...(base?.required ?? []),
      ...description.fields.filter((f) => f.required).map((f) => f.name),
    ],
    known: description.open ? new Set(names) : undefined,
    base,
  };
}

/** A field as `writeFields` takes it: its name alone when its values are written as they are held. */
function fieldWrite(f: FieldDescription): WrittenField {
  const write = typeof f.type === "function" ? typeWrite(f.type) : f.write;
  if (write === undefined) return f.name;
  const shape =
    f.map === true ? (f.list !== undefined ? "map of lists" : "map") : f.list ? "list" : undefined;
  return shape !== undefined ? [f.name, write, shape] : [f.name, write];
}

/**
 * A field's text: a string as its JSON text, a nested type's object by that
 * type's plan, and every other value (a list, a map, a value of another
 * kind than its type's) as `writeJson` writes what `writeFields` puts in
 * the field.
 */
function fieldText(f: FieldDescription): FieldText {
  const key = `${quoted(f.name)}:`;
  const t = f.type;
  const write = typeof t === "function" ? typeWrite(t) : f.write;
  const shape =
    f.map === true ? (f.list !== undefined ? "map of lists" : "map") : f.list ? "list" : undefined;
  const asHeld: TextWrite = (v, depth, open) =>
    writeJson(
      write === undefined ? v : eachValue(v, write as (v: unknown) => unknown, shape),
      depth,
      open,
    );
  if (typeof t === "function" && shape === undefined) {
    let plan: Plan | undefined;
    const text: TextWrite = (v, depth, open) =>
      typeof v === "object" && v !== null && !Array.isArray(v)
        ? planText((plan ??= planOf(t())), v, depth, open)
        : asHeld(v, depth, open);
    return { name: f.name, key, text };
  }
  if (write !== undefined) return { name: f.name, key, text: asHeld };
  return {
    name: f.name,
    key,
    text: (v, depth, open) => (typeof v === "string" ? quoted(v) : writeJson(v, depth, open)),
  };
}

/** The write of another type's value, by its plan, compiled when the first value is written. */
function typeWrite(ref: DescriptionRef): TypeWrite {
  let plan: Plan | undefined;
  return (value) => writePlan((plan ??= planOf(ref())), value);
}

/** This writer's write of a union's variant, and a variant's shape by its plan. */
const WALKER: Walker<VariantWrite> = {
  variant: typeWrite,
  shape: (name, ref) => {
    const plan = planOf(ref()) as ObjectPlan;
    return { name, fields: plan.names, required: plan.required };
  },
};
