/**
 * The generic validator: checks a value against its type's description
 * (`description.ts`) with the checks of `validate.ts`, and reports every
 * problem with the path, code and message each of those checks gives, in the
 * order of the description (the type check, unknown keys, the choice, the
 * base's fields, the fields, the choice groups). A description is compiled
 * once, on first use, into a plan of the checks each field needs; a field's
 * type is compiled when a value of it is first met, so cycles are fine.
 */
import type {
  DescriptionRef,
  FieldDescription,
  ObjectDescription,
  TypeDescription,
} from "./description.js";
import type { ValidationIssue } from "./errors.js";
import type { VariantCheck, Walker } from "./union-walks.js";
import {
  checkArray,
  checkChoice,
  checkChoiceGroup,
  checkEnum,
  checkList,
  checkMap,
  checkObject,
  checkUnknownKeys,
  type FacetCheck,
  type Issues,
  joinPath,
  requireField,
  result,
  type TypeCheck,
  type ValidationResult,
} from "./validate.js";

/** Checks one scalar or enum value (present, not a list or map) at its path, reporting to `issues`. */
type ValueCheck = (v: unknown, path: string, issues: Issues) => unknown;

/** What a field needs checked, compiled from its description. */
interface FieldPlan {
  readonly name: string;
  /**
   * Named like a member every object inherits (`constructor`, `toString`...):
   * read as an own property only, or an absent field would read as the
   * inherited function (as the generated writers read it).
   */
  readonly ownOnly: boolean;
  readonly required: boolean;
  readonly list: readonly [min: number, max?: number] | undefined;
  readonly map: boolean;
  readonly nullable: boolean;
  /** A `typeof` that a single value certainly passes its check with: the path is then never built. */
  readonly quick: "string" | "boolean" | undefined;
  /** The plan of the field's object type, compiled when the first value of it is met. */
  readonly object: (() => Plan) | undefined;
  /** The check of a scalar or enum value. */
  readonly check: ValueCheck;
}

interface ObjectPlan {
  readonly kind: "object";
  /** Every field's name, its base's first; `undefined` when the type is open. */
  readonly known: ReadonlySet<string> | undefined;
  /** Every field's name, its base's first. */
  readonly names: readonly string[];
  /** Every required field's name, its base's first. */
  readonly required: readonly string[];
  readonly choice: boolean;
  readonly base: ObjectPlan | undefined;
  readonly fields: readonly FieldPlan[];
  readonly groups: ObjectDescription["groups"];
}

interface OtherPlan {
  readonly kind: "other";
  readonly names: readonly string[];
  readonly required: readonly string[];
  readonly check: ValueCheck;
}

type Plan = ObjectPlan | OtherPlan;

const PLANS = /* @__PURE__ */ new WeakMap<TypeDescription, Plan>();

/**
 * Checks `value` against `description`: the result a generated
 * `validate<Type>` returns. A first pass only asks whether the value is
 * valid (no path is built, it stops at the first problem); a value that is
 * not is walked again to report every problem with its path.
 */
export function validateDescribed<T>(
  value: unknown,
  description: TypeDescription,
): ValidationResult<T> {
  const plan = planOf(description);
  const issues: ValidationIssue[] = [];
  checkPlan(plan, value, "", issues, false);
  if (issues.length !== 0) {
    issues.length = 0;
    checkPlan(plan, value, "", issues, true);
  }
  return result(value as T, issues);
}

/** Checks `value` at `path` against `description`, reporting every problem to `issues`. */
export function checkDescribed(
  value: unknown,
  description: TypeDescription,
  path: string,
  issues: Issues,
): void {
  checkPlan(planOf(description), value, path, issues, true);
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
 * Checks a value against a plan. `report`: every problem, each at its path;
 * otherwise only whether there is one: the path stays the caller's and the
 * walk stops at the first problem.
 */
function checkPlan(
  plan: Plan,
  value: unknown,
  path: string,
  issues: Issues,
  report: boolean,
): void {
  if (plan.kind === "other") plan.check(value, path, issues);
  else if (checkObject(value, path, issues))
    checkObjectPlan(plan, value, path, issues, report, false);
}

/** The checks of an object's fields; `extended`: an extension's check has done the unknown keys. */
function checkObjectPlan(
  plan: ObjectPlan,
  obj: Record<string, unknown>,
  path: string,
  issues: Issues,
  report: boolean,
  extended: boolean,
): void {
  if (
    !extended &&
    plan.known !== undefined &&
    !allNamed(obj, plan.names, plan.known) &&
    !checkUnknownKeys(obj, plan.known, path, issues)
  )
    if (!report) return;
  if (plan.choice && !checkChoice(obj, plan.names, path, issues) && !report) return;
  if (plan.base !== undefined) {
    checkObjectPlan(plan.base, obj, path, issues, report, true);
    if (!report && issues.length !== 0) return;
  }
  const fields = plan.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const v = !f.ownOnly || Object.hasOwn(obj, f.name) ? obj[f.name] : undefined;
    // A required field read as an own value is present; else `requireField` decides (and reports).
    if (
      f.required &&
      (v === undefined || (!f.ownOnly && !Object.hasOwn(obj, f.name))) &&
      !requireField(obj, f.name, path, issues)
    ) {
      if (report) continue;
      return;
    }
    if (v === undefined || (f.quick !== undefined && typeof v === f.quick)) continue;
    const at = report ? joinPath(path, f.name) : path;
    if (!f.map) checkValues(f, v, at, issues, report);
    else if (checkMap(v, at, issues))
      for (const [key, entry] of Object.entries(v))
        checkValues(f, entry, report ? joinPath(at, key) : at, issues, report);
    if (!report && issues.length !== 0) return;
  }
  if (plan.groups !== undefined)
    for (const g of plan.groups) checkChoiceGroup(obj, g.fields, g.required, path, issues);
}

/**
 * Whether every key of `obj` (`for...in`) is one of `names` (`known`): each
 * looked for first a few names on from the last key's, since a value mostly
 * lists its fields in schema order and names compare as the same string,
 * then in the set. `false` only means the exact check (`checkUnknownKeys`)
 * must look.
 */
function allNamed(
  obj: Record<string, unknown>,
  names: readonly string[],
  known: ReadonlySet<string>,
): boolean {
  let next = 0;
  for (const key in obj) {
    let k = next;
    const stop = Math.min(names.length, next + IN_ORDER_WINDOW);
    while (k < stop && names[k] !== key) k++;
    if (k < stop) next = k + 1;
    else if (!known.has(key)) return false;
  }
  return true;
}

/** How many names on from the last key's `allNamed` compares (absent optional fields are skipped). */
const IN_ORDER_WINDOW = 8;

/** A field's value (or a map's entry): a list of values, or one. */
function checkValues(
  f: FieldPlan,
  v: unknown,
  path: string,
  issues: Issues,
  report: boolean,
): void {
  if (f.list === undefined) {
    if (!(f.nullable && v === null)) checkValue(f, v, path, issues, report);
    return;
  }
  if (!checkList(v, path, issues, f.list[0], f.list[1])) return;
  for (let i = 0; i < v.length; i++) {
    const item = v[i];
    // A hole of a sparse list is not an item.
    if ((item === undefined && !(i in v)) || (f.nullable && item === null)) continue;
    checkValue(f, item, report ? joinPath(path, i) : path, issues, report);
  }
}

/** One value of a field's type. */
function checkValue(f: FieldPlan, v: unknown, path: string, issues: Issues, report: boolean): void {
  if (f.object !== undefined) checkPlan(f.object(), v, path, issues, report);
  else f.check(v, path, issues);
}

function compile(description: TypeDescription): Plan {
  if ("opaque" in description) {
    const check = description.opaque === "list" ? checkArray : checkObject;
    return other(check);
  }
  // A union's description holds its walks, given this validator's check of a variant.
  if ("tag" in description) return other(description.walks.check(description, WALKER));
  if ("variants" in description) return other(description.walks.check(description, WALKER));
  const base =
    description.base !== undefined ? (planOf(description.base()) as ObjectPlan) : undefined;
  const own = description.fields;
  const names = [...(base?.names ?? []), ...own.map((f) => f.name)];
  return {
    kind: "object",
    known: description.open ? undefined : new Set(names),
    names,
    required: [...(base?.required ?? []), ...own.filter((f) => f.required).map((f) => f.name)],
    choice: description.choice === true,
    base,
    fields: own.map(fieldPlan),
    groups: description.groups,
  };
}

function other(check: ValueCheck): OtherPlan {
  return { kind: "other", names: [], required: [], check };
}

function fieldPlan(f: FieldDescription): FieldPlan {
  const plain =
    f.list === undefined &&
    f.map === undefined &&
    f.nullable === undefined &&
    f.const === undefined &&
    f.facets === undefined;
  return {
    name: f.name,
    ownOnly: Object.prototype.hasOwnProperty.call(Object.prototype, f.name),
    required: f.required === true,
    list: f.list,
    map: f.map === true,
    nullable: f.nullable === true,
    quick: plain ? quickType(f) : undefined,
    object: typeof f.type === "function" ? planRef(f.type) : undefined,
    check: valueCheck(f),
  };
}

/** The check of one value of a field's type, then of its constant and facets. */
function valueCheck(f: FieldDescription): ValueCheck {
  const t = f.type;
  // An object's value is checked by its plan (see `checkValue`).
  if (typeof t === "function") return () => undefined;
  if (!("name" in t)) {
    const constant = f.const;
    return constant === undefined
      ? (v, path, issues) => void checkEnum(v, t, path, issues)
      : (v, path, issues) =>
          void (checkEnum(v, t, path, issues) && constCheck(constant)(v, path, issues));
  }
  const check = t.check(f);
  if (!t.facets) return check;
  const after = [
    ...(f.const !== undefined && t.name !== "string" ? [constCheck(f.const)] : []),
    ...facetChecks(f),
  ];
  if (after.length === 0) return check;
  return (v, path, issues) => {
    if (!check(v, path, issues)) return;
    for (let i = 0; i < after.length; i++) if (!after[i]!(v, path, issues)) return;
  };
}

/** The `typeof` a plain field's value certainly passes its check with: a string's, a boolean's. */
function quickType(f: FieldDescription): "string" | "boolean" | undefined {
  const t = f.type;
  if (typeof t === "function" || !("name" in t)) return undefined;
  return t.name === "string" || t.name === "boolean" ? t.name : undefined;
}

/** The check of a field's constant: the check its description names (`checkConst`), with the value. */
function constCheck([check, value]: NonNullable<FieldDescription["const"]>): TypeCheck {
  return (v, path, issues) => check(v, value, path, issues);
}

/** The checks of a field's facets, in the facet table's order: each the runtime's check the description names. */
function facetChecks(f: FieldDescription): TypeCheck[] {
  return (f.facets ?? []).map(([facet, argument]) => {
    const check = facet as FacetCheck<number | string>;
    return (v, path, issues) => check(v, argument, path, issues);
  });
}

/** The plan of another type's description, compiled when it is first asked for. */
function planRef(ref: DescriptionRef): () => Plan {
  let plan: Plan | undefined;
  return () => (plan ??= planOf(ref()));
}

/** This validator's check of a union's variant (which reports every problem), and a variant's shape by its plan. */
const WALKER: Walker<VariantCheck> = {
  variant: (ref) => {
    const plan = planRef(ref);
    return (v, path, issues) => checkPlan(plan(), v, path, issues, true);
  },
  shape: (name, ref) => {
    const plan = planOf(ref());
    return { name, fields: plan.names, required: plan.required };
  },
};
