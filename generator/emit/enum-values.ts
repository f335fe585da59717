import type { EnumType, Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { docText } from "./jsdoc.js";
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
 * A constant that documents nothing (no doc, note, source or default of its
 * own or of its value) is written in place, as its literal: a declaration
 * would only give the literal a second name. `enums.ts` declares it not.
 */
export function isWrittenInPlace(e: EnumType): boolean {
  return (
    isConstantEnum(e) &&
    e.default === undefined &&
    docText(e) === undefined &&
    docText(e.values[0]!) === undefined
  );
}

/** The enum of a service named `enumName`, found once per service. */
export function enumNamed(service: Service, enumName: string): EnumType | undefined {
  let byName = ENUMS.get(service);
  if (!byName) {
    byName = new Map(service.enums.map((e) => [e.name, e]));
    ENUMS.set(service, byName);
  }
  return byName.get(enumName);
}

const ENUMS = new WeakMap<Service, ReadonlyMap<string, EnumType>>();

/** Whether `enums.ts` declares the type of `enumName` (every enum but the constants written in place). */
export function declaresEnumType(service: Service, enumName: string): boolean {
  const e = enumNamed(service, enumName);
  return e === undefined || !isWrittenInPlace(e);
}

/** The type of an enum where generated code names it: its literal, for a constant written in place, else the type `enums.ts` exports. */
export function enumTypeExpression(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  enumName: string,
): string {
  const e = enumNamed(service, enumName);
  if (e !== undefined && isWrittenInPlace(e)) return stringLiteral(e.values[0]!.value);
  return file.type(names.get("type", enumName), paths.enums(service.name));
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
  const e = enumNamed(service, enumName);
  if (e !== undefined && isConstantEnum(e))
    return `[${stringLiteral(e.values[0]!.value)}] as const`;
  return file.value(names.get("enumValues", enumName), paths.enums(service.name));
}
