import type { Field, ScalarName, Service, TypeRef } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { enumTypeExpression } from "./enum-values.js";
import { paths } from "./paths.js";
import type { TsFile } from "./ts-file.js";

/** The TypeScript type of each scalar: exact types for money, ids and dates are string aliases (of `runtime/scalars.ts`, or the module named). */
const SCALAR_TYPES: Record<ScalarName, { name: string; alias: boolean; module?: string }> = {
  string: { name: "string", alias: false },
  boolean: { name: "boolean", alias: false },
  short: { name: "number", alias: false },
  int: { name: "number", alias: false },
  long: { name: "Long", alias: true },
  decimal: { name: "Decimal", alias: true },
  double: { name: "Double", alias: true },
  date: { name: "IsoDate", alias: true },
  dateTime: { name: "IsoDateTime", alias: true },
  gYearMonth: { name: "GYearMonth", alias: true },
  base64: { name: "Base64", alias: true },
  uri: { name: "Uri", alias: true },
  json: { name: "JsonValue", alias: true, module: "json-value.ts" },
};

/** The type expression for a reference, importing what it needs into `file`. */
export function typeRefExpression(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  ref: TypeRef,
): string {
  switch (ref.kind) {
    case "scalar": {
      const t = SCALAR_TYPES[ref.name];
      return t.alias ? file.type(t.name, paths.runtime(t.module ?? "scalars.ts")) : t.name;
    }
    case "enum":
      return enumTypeExpression(file, service, names, ref.name);
    case "object":
      return file.type(names.get("type", ref.name), paths.types(service.name));
  }
}

/** The type expression of a field: its type (or null, when nullable), an array of it for lists, an index signature for maps. */
export function fieldTypeExpression(
  file: TsFile,
  service: Service,
  names: ServiceNames,
  field: Field,
): string {
  const one = typeRefExpression(file, service, names, field.type);
  const base = field.nullable ? `${one} | null` : one;
  const value = field.list ? (field.nullable ? `(${base})[]` : `${base}[]`) : base;
  return field.map ? `{ readonly [key: string]: ${value} }` : value;
}
