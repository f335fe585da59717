/**
 * Whether one value of a field (not a list, map or null: a single scalar or
 * enum value) passes the checks the generated validator runs on it: the
 * runtime's own check functions, called as the generic validator
 * (`runtime/validate-description.ts`) calls them, so a synthesized value is
 * tested by the rules it must meet and no copy of them.
 */
import { facetOf } from "../facets/registry.js";
import type { Field, Service } from "../model/ir.js";
import type { ValidationIssue } from "../runtime/errors.js";
import { checkJsonValue } from "../runtime/json-value.js";
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
  const sameConst = constant === undefined || validate.checkConst(value, constant, "", issues);
  switch (t.name) {
    case "string":
      return validate.checkString(
        value,
        "",
        issues,
        constant !== undefined ? { const: String(constant) } : undefined,
      );
    case "decimal":
      return validate.checkDecimal(value, "", issues) && sameConst;
    case "boolean":
      return validate.checkBoolean(value, "", issues) && sameConst;
    case "short":
      return validate.checkShort(value, "", issues) && sameConst;
    case "int":
      return validate.checkInt(value, "", issues) && sameConst;
    case "long":
      return validate.checkLong(value, "", issues) && sameConst;
    case "double":
      return validate.checkDouble(value, "", issues, service.protocol === "rest") && sameConst;
    case "date":
      return validate.checkDate(value, "", issues);
    case "dateTime":
      return validate.checkDateTime(value, "", issues);
    case "gYearMonth":
      return validate.checkGYearMonth(value, "", issues);
    case "base64":
      return validate.checkBase64(value, "", issues) && sameConst;
    case "uri":
      return validate.checkUri(value, "", issues);
    case "json":
      return checkJsonValue(value, "", issues);
  }
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
