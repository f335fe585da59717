import type { EnumType, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

/**
 * A constant: an enum of one value (an error's `issue` or `description`, say).
 * `enums.ts` declares it as its literal type alone: a list of one value and a
 * guard that compares with it would say no more than the type does.
 */
export function isConstantEnum(e: EnumType): boolean {
  return e.values.length === 1 && e.groups === undefined;
}

/**
 * The expression of an enum's value list where generated code checks or
 * reads a value (`checkEnum`, `readEnum`, a flow's `supports`, a query
 * language's time zones): the list `enums.ts` exports, or a constant's value
 * written in place.
 */
export function enumValuesOf(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  enumName: string,
): string {
  const e = service.enums.find((x) => x.name === enumName);
  if (e !== undefined && isConstantEnum(e))
    return `[${stringLiteral(e.values[0]!.value)}] as const`;
  return file.value(names.get("enumValues", enumName), paths.enums(service.name));
}
