/**
 * The generic JSON reader: reads a parsed response body (`parseJsonTree`)
 * into the typed value its type's description (`description.ts`) says, with
 * the reads of `read-values.ts`, so every result, error message and path is
 * the one those reads give. In order: the value is an object, its unknown
 * members are treated as `o.unknown` says (an open type keeps them), the
 * choice (exactly one member) or the choice groups are checked, then each
 * field is read in wire order, its base's first. A description is compiled
 * once, on first use, into a plan of one read per field; a field's type is
 * compiled when a value of it is first met, so cycles are fine.
 */
import type {
  ChoiceGroupDescription,
  DescriptionRef,
  FieldDescription,
  ObjectDescription,
  TypeDescription,
} from "./description.js";
import type { DescribedScalar } from "./described-scalars.js";
import {
  at,
  checkFields,
  choiceGroup,
  choiceOf,
  defineOwn,
  type FieldSet,
  fieldSet,
  finish,
  isNil,
  keepOpen,
  own,
  type ReadContext,
  readChild,
  readEnum,
  readList,
  readMap,
  readObject,
  readOpaque,
  readOpaqueList,
  REQUIRED,
  type Required,
  required,
  type Unknowns,
} from "./read-values.js";
import type { VariantRead, Walker } from "./union-walks.js";

/** A value of a type, read at `path` (the reader signature of `readChild` and the union reads). */
type TypeRead = (value: unknown, path: string, o: ReadContext) => unknown;

/** One scalar or enum value; `key` is the field under `path` (none for a list item or a map entry). */
type ValueRead = (
  v: unknown,
  o: ReadContext,
  path: string,
  key: string | undefined,
  need: Required | undefined,
  u: Unknowns | undefined,
  field: string | undefined,
) => unknown;

/** A field's value (its member of the parsed object) read: `undefined` when absent. */
export type FieldRead = (
  v: unknown,
  o: ReadContext,
  path: string,
  u: Unknowns | undefined,
) => unknown;

/** What reading a field needs, compiled from its description. */
export interface FieldPlan {
  readonly name: string;
  /** Named like a member every object inherits: set as an own property (`defineProperty`). */
  readonly inherited: boolean;
  /** Required: its property is set even when an Error result lacks it. */
  readonly required: boolean;
  readonly read: FieldRead;
  /**
   * The common cases, read in the walk's loop without a call through `read`
   * (the same result): an optional string that is one, or a single object
   * (not nullable) that is present, read by its type's plan.
   */
  readonly string: boolean;
  readonly object: (() => Plan) | undefined;
}

export interface ObjectPlan {
  readonly kind: "object";
  /** Every field's name, its base's first, and how an open type holds the rest. */
  readonly set: FieldSet;
  /** Every required field's name, its base's first (a union's variant shape). */
  readonly required: readonly string[];
  /** Every field, its base's first. */
  readonly fields: readonly FieldPlan[];
  /** A choice: exactly one member is present, read as required. */
  readonly members: ReadonlyMap<string, FieldPlan> | undefined;
  readonly groups: readonly ChoiceGroupDescription[];
  /** An open type whose extra members become properties of the value. */
  readonly asProperties: boolean;
  /** A field is named like an inherited member: the value has no prototype (not for a choice). */
  readonly bare: boolean;
}

export interface OtherPlan {
  readonly kind: "other";
  readonly read: TypeRead;
}

export type Plan = ObjectPlan | OtherPlan;

const PLANS = /* @__PURE__ */ new WeakMap<TypeDescription, Plan>();

/**
 * Reads `value` (a parsed JSON body, or part of one at `path`) as the type
 * `description` describes: the value a generated JSON reader returns, or the
 * `ParseError` it throws.
 */
export function readDescribed<T>(
  value: unknown,
  description: TypeDescription,
  path: string,
  o: ReadContext,
): T {
  return readPlan(planOf(description), value, path, o) as T;
}

/** The plan of `description`, compiled on its first use. */
export function planOf(description: TypeDescription): Plan {
  let plan = PLANS.get(description);
  if (plan === undefined) {
    plan = compile(description);
    PLANS.set(description, plan);
  }
  return plan;
}

/** A value (parsed) read by its type's plan. */
export function readPlan(plan: Plan, value: unknown, path: string, o: ReadContext): unknown {
  return plan.kind === "other" ? plan.read(value, path, o) : readObjectPlan(plan, value, path, o);
}

function readObjectPlan(plan: ObjectPlan, value: unknown, path: string, o: ReadContext): object {
  const obj = readObject(value, o, path);
  const u = checkFields(obj, plan.set, o, path);
  const groups = plan.groups;
  for (let i = 0; i < groups.length; i++)
    choiceGroup(obj, groups[i]!.fields, groups[i]!.required, o, path);
  let out: Record<string, unknown>;
  if (plan.members !== undefined) {
    const member = plan.members.get(choiceOf(obj, plan.set.names, o, path))!;
    out = {};
    set(out, member, member.read(own(obj, member.name), o, path, u));
  } else {
    out = plan.bare ? (Object.create(null) as Record<string, unknown>) : {};
    const fields = plan.fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      const given = f.inherited ? own(obj, f.name) : obj[f.name];
      // Absent, an optional field reads as absent whatever its type: no read is called.
      if (given === undefined && !f.required) continue;
      const v = readField(f, given, path, o, u);
      if (v === undefined && !f.required) continue;
      if (!f.inherited) out[f.name] = v;
      else set(out, f, v);
    }
  }
  return finish(plan.asProperties ? keepOpen(out, obj, plan.set) : out, u);
}

/**
 * The value of field `f` of the object at `path`, its member being `given`
 * (`undefined`: absent): the reading of a parsed object's member and of a
 * member the text walk parsed (`read-description-json.ts`).
 */
export function readField(
  f: FieldPlan,
  given: unknown,
  path: string,
  o: ReadContext,
  u: Unknowns | undefined,
): unknown {
  return f.string && typeof given === "string"
    ? given
    : f.object !== undefined && given !== undefined && given !== null
      ? readPlan(f.object(), given, at(path, f.name), o)
      : f.read(given, o, path, u);
}

function set(out: Record<string, unknown>, f: FieldPlan, v: unknown): void {
  if (!f.inherited) out[f.name] = v;
  else defineOwn(out, f.name, v);
}

function compile(description: TypeDescription): Plan {
  if ("opaque" in description)
    return { kind: "other", read: description.opaque === "list" ? opaqueList : opaqueObject };
  // A union's description holds its walks, given this reader's walk of a variant.
  if ("tag" in description)
    return { kind: "other", read: description.walks.read(description, WALKER) };
  if ("variants" in description)
    return { kind: "other", read: description.walks.read(description, WALKER) };
  return compileObject(description);
}

const opaqueObject: TypeRead = (v, path, o) => readOpaque(v, o, path);
const opaqueList: TypeRead = (v, path, o) => readOpaqueList(v, o, path);

function compileObject(description: ObjectDescription): ObjectPlan {
  const base =
    description.base !== undefined ? (planOf(description.base()) as ObjectPlan) : undefined;
  const choice = description.choice === true;
  const own = description.fields.map((f) => fieldPlan(f, choice || f.required === true));
  const fields = [...(base?.fields ?? []), ...own];
  const names = fields.map((f) => f.name);
  return {
    kind: "object",
    set: fieldSet(
      names,
      description.open === undefined ? undefined : description.kept ? "kept" : "properties",
    ),
    required: [
      ...(base?.required ?? []),
      ...description.fields.filter((f) => f.required).map((f) => f.name),
    ],
    fields,
    members: choice ? new Map(fields.map((f) => [f.name, f])) : undefined,
    groups: [...(base?.groups ?? []), ...(description.groups ?? [])],
    asProperties: description.open === true && description.kept !== true,
    bare: fields.some((f) => f.inherited),
  };
}

function isInherited(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(Object.prototype, name);
}

/** A field's read: absent, null (when nullable), one value, a list or a map of them. */
function fieldPlan(f: FieldDescription, isRequired: boolean): FieldPlan {
  const name = f.name;
  const inherited = isInherited(name);
  const single = f.list === undefined && f.map === undefined && f.nullable === undefined;
  return {
    name,
    inherited,
    required: isRequired,
    read: fieldRead(f, name, isRequired),
    string: single && !isRequired && isString(f.type),
    object: single && typeof f.type === "function" ? planRef(f.type) : undefined,
  };
}

function fieldRead(f: FieldDescription, name: string, isRequired: boolean): FieldRead {
  const many = f.map === true || f.list !== undefined;
  const read = many ? collectionRead(f, name, isRequired) : singleRead(f, name, isRequired);
  if (!many || !isRequired) return read;
  return (v, o, path, u) => required(read(v, o, path, u), o, path, name);
}

/** A field holding one value: an object by its type's plan, a scalar or enum by its read. */
function singleRead(f: FieldDescription, name: string, isRequired: boolean): FieldRead {
  const need = isRequired ? REQUIRED : undefined;
  const nullable = f.nullable === true;
  const t = f.type;
  if (typeof t === "function") {
    const child = typeRead(t);
    const readOne = readChild as (
      v: unknown,
      o: ReadContext,
      path: string,
      key: string,
      read: TypeRead,
      need?: Required,
    ) => unknown;
    return (v, o, path) =>
      nullable && isNil(v, o) ? null : readOne(v, o, path, name, child, need);
  }
  const value = valueRead(t);
  // A plain optional string: a string is the value, read without a call.
  if (isString(t) && !nullable && !isRequired)
    return (v, o, path) =>
      typeof v === "string" ? v : value(v, o, path, name, undefined, undefined, name);
  // An optional enum's unknown value may be kept aside, under the field's name.
  return (v, o, path, u) =>
    nullable && isNil(v, o) ? null : value(v, o, path, name, need, need ? undefined : u, name);
}

/** A list or map field: each item (or entry) read by its type, under its own path. */
function collectionRead(f: FieldDescription, name: string, isRequired: boolean): FieldRead {
  const t = f.type;
  const child = typeof t === "function" ? typeRead(t) : undefined;
  const value = typeof t === "function" ? undefined : valueRead(t);
  if (f.map === true) {
    // A map's entries are neither null-checked nor kept aside.
    const entryRead = (v: unknown, p: string, o: ReadContext): unknown =>
      child !== undefined
        ? child(v, p, o)
        : value!(v, o, p, undefined, undefined, undefined, undefined);
    const entry =
      f.list !== undefined
        ? (v: unknown, p: string, o: ReadContext) =>
            readList(v, o, p, (item, itemPath) => entryRead(item, itemPath, o))
        : entryRead;
    return (v, o, path) => {
      if (v === undefined || v === null) return undefined;
      return readMap(v, o, at(path, name), (e, entryPath) => entry(e, entryPath, o));
    };
  }
  const nullable = f.nullable === true;
  // An item of an optional list may keep an unknown enum value aside.
  const aside = !isRequired;
  return (v, o, path, u) => {
    if (v === undefined || v === null) return undefined;
    return readList(v, o, at(path, name), (item, itemPath) =>
      nullable && isNil(item, o)
        ? null
        : child !== undefined
          ? child(item, itemPath, o)
          : value!(item, o, itemPath, undefined, undefined, aside ? u : undefined, name),
    );
  };
}

/** The read of a scalar, or of an enum's documented values. */
function valueRead(t: DescribedScalar | readonly string[]): ValueRead {
  // A scalar's read takes the arguments a value read is given, up to `need`.
  if ("name" in t) return t.read;
  const readOne = readEnum as (
    v: unknown,
    values: readonly string[],
    o: ReadContext,
    path: string,
    key: string | undefined,
    aside?: Unknowns | Required,
    field?: string,
  ) => unknown;
  return (v, o, path, key, need, u, field) =>
    need === REQUIRED
      ? readOne(v, t, o, path, key, REQUIRED)
      : readOne(v, t, o, path, key, u, field);
}

/** The type of a field is the string scalar. */
function isString(t: FieldDescription["type"]): boolean {
  return typeof t !== "function" && "name" in t && t.name === "string";
}

/** The plan of another type's description, compiled when it is first asked for. */
function planRef(ref: DescriptionRef): () => Plan {
  let plan: Plan | undefined;
  return () => (plan ??= planOf(ref()));
}

/** The read of another type's value, by its plan. */
function typeRead(ref: DescriptionRef): TypeRead {
  const plan = planRef(ref);
  return (value, path, o) => readPlan(plan(), value, path, o);
}

/** This reader's walk of a union's variant, and a variant's shape by its plan. */
const WALKER: Walker<VariantRead> = {
  variant: typeRead,
  shape: (name, ref) => {
    const plan = planOf(ref()) as ObjectPlan;
    return { name, fields: plan.set.names, required: plan.required };
  },
};
