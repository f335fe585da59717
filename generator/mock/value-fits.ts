/**
 * Whether one value of a field (not a list, map or null: a single scalar or
 * enum value) passes the checks the generated validator runs on it: the
 * runtime's own check functions (a scalar's is its constant in
 * `runtime/described-scalars.ts`), called as the generic validator
 * (`runtime/validate-description.ts`) calls them, so a synthesized value is
 * tested by the rules it must meet and no copy of them.
 */
import { facetOf } from "../facets/registry.js";
import type { Field, ScalarName, Service } from "../model/ir.js";
import type { ValidationIssue } from "../runtime/errors.js";
import type { DescribedScalar } from "../runtime/described-scalars.js";
import * as scalars from "../runtime/described-scalars.js";
import type { FieldDescription } from "../runtime/description.js";
import * as validate from "../runtime/validate.js";

type FacetCheck = (
  v: unknown,
  argument: number | string,
  path: string,
  issues: ValidationIssue[],
) => boolean;

/** True when the generated validator of `service` accepts `value` as one value of `field`. */
export function valueFits(service: Service, field: Field, value: unknown): boolean {
  const issues: ValidationIssue[] = [];
  return typeFits(service, field, value, issues) && facetsFit(field, value, issues);
}

function typeFits(
  service: Service,
  field: Field,
  value: unknown,
  issues: ValidationIssue[],
): boolean {
  const t = field.type;
  const constant = field.const;
  if (t.kind === "object") return true; // Checked by the object's own rules.
  if (t.kind === "enum") {
    const values = service.enums.find((e) => e.name === t.name)?.values.map((v) => v.value) ?? [];
    return (
      validate.checkEnum(value, values, "", issues) &&
      (constant === undefined || validate.checkConst(value, constant, "", issues))
    );
  }
  // The scalar's own check, made from the field as the description gives it.
  const scalar = scalarNamed(t.name);
  const described: FieldDescription = {
    name: field.name,
    type: scalar,
    ...(constant !== undefined ? { const: [validate.checkConst, constant] as const } : {}),
    ...(t.name === "double" && service.protocol === "rest" ? { finite: true as const } : {}),
  };
  if (!scalar.check(described)(value, "", issues)) return false;
  // A string's check compares its constant as written; other scalars that take facets compare by value.
  return (
    !scalar.facets ||
    t.name === "string" ||
    constant === undefined ||
    validate.checkConst(value, constant, "", issues)
  );
}

/** The runtime's constant of the scalar named `name`. */
function scalarNamed(name: ScalarName): DescribedScalar {
  const scalar = Object.values(scalars).find((s) => s.name === name);
  if (scalar === undefined) throw new Error(`no runtime scalar ${name}`);
  return scalar;
}

/** Every facet of the field, checked by the runtime function the facet names. */
function facetsFit(field: Field, value: unknown, issues: ValidationIssue[]): boolean {
  if (field.type.kind !== "scalar") return true;
  const checks = validate as unknown as Record<string, FacetCheck | undefined>;
  return field.facets.every((use) => {
    const check = checks[facetOf(use.key)?.runtimeCheck ?? ""];
    return check === undefined || check(value, use.value, "", issues);
  });
}
