import { VariableDeclarationKind } from "ts-morph";
import type { Field, ObjectType, Service } from "../model/ir.js";
import { paths } from "./paths.js";
import { propertyAccess } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";
import { delegatedBase } from "./wire-types.js";

const READ = paths.runtime("read-values.ts");

/** Name of the reader of a type in a wire file (`xml.ts` or `json.ts`). */
export const readerName = (type: string) => `read${type}`;
const knownFieldsName = (type: string) => `knownFieldsOf${type}`;

/** Names an object inherits from Object.prototype: reading one of those must check for an own property. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Emits `read<Type>(value, path)` for each type: it turns a parsed XML element
 * or JSON object into the typed value, checking every scalar and keeping longs
 * and decimals exact. Unknown properties are ignored, except on open types.
 * Fields are assigned one by one (schema field names are checked names, never
 * `__proto__`), and a field's path is built only when its value is wrong.
 */
export function emitReaders(file: TsFile, service: Service, types: readonly ObjectType[], format: "xml" | "json"): void {
  const fn = (name: string) => file.value(name, READ);
  for (const type of types) {
    const typeName = file.type(type.name, paths.types(service.name));
    const statements: string[] = [];
    if (type.kind === "opaque") {
      statements.push(`return ${fn("readObject")}(value, ${stringLiteral(format)}, path) as ${typeName};`);
    } else if (type.allFields.length === 0 && !type.open) {
      statements.push(`${fn("readObject")}(value, ${stringLiteral(format)}, path);`, `return {};`);
    } else {
      // An extension reads its base's fields through the base's reader.
      const base = delegatedBase(service, type);
      const own = base ? type.fields : type.allFields;
      statements.push(
        `const obj = ${fn("readObject")}(value, ${stringLiteral(format)}, path);`,
        base ? `const out: Record<string, unknown> = { ...${readerName(base.name)}(obj, path) };` : `const out: Record<string, unknown> = {};`,
        ...(own.length > 0 ? [`let v: unknown;`] : []),
      );
      for (const f of own) {
        // A key that no prototype defines can be read directly: absent, it is undefined.
        const get = INHERITED.has(f.name) ? `${fn("own")}(obj, ${stringLiteral(f.name)})` : propertyAccess("obj", f.name);
        statements.push(`if ((v = ${get}) !== undefined && v !== null) ${propertyAccess("out", f.name)} = ${fieldRead(file, service, f, format)};`);
      }
      if (type.open) {
        file.addVariableStatement({
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: knownFieldsName(type.name), initializer: `new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}])` }],
        });
        statements.push(`${fn("keepUnknown")}(out, obj, ${knownFieldsName(type.name)});`);
      }
      // Every field was checked and typed on the way in; the shape is the type's.
      statements.push(`return out as Partial<${typeName}> as ${typeName};`);
    }
    file.addFunction({
      name: readerName(type.name),
      parameters: [
        { name: "value", type: "unknown" },
        { name: "path", type: "string" },
      ],
      returnType: typeName,
      statements,
    });
  }
}

/** The expression reading the present, non-null value `v` of one field. */
function fieldRead(file: TsFile, service: Service, f: Field, format: "xml" | "json"): string {
  const fn = (name: string) => file.value(name, READ);
  const key = stringLiteral(f.name);
  if (!f.list) return valueRead(file, service, f, "v", "path", key, format);
  const item = `(item, itemPath) => ${valueRead(file, service, f, "item", "itemPath", undefined, format)}`;
  const p = `${fn("at")}(path, ${key})`;
  if (format === "xml" && f.list.item !== undefined) return `${fn("readWrappedList")}(v, ${stringLiteral(f.list.item)}, ${p}, ${item})`;
  return `${fn("readList")}(v, ${stringLiteral(format)}, ${p}, ${item})`;
}

/** Reads one value; `key` is the field name under `path` (absent for list items, whose path is complete). */
function valueRead(file: TsFile, service: Service, f: Field, v: string, path: string, key: string | undefined, format: "xml" | "json"): string {
  const fn = (name: string) => file.value(name, READ);
  const fmt = stringLiteral(format);
  const k = key === undefined ? "" : `, ${key}`;
  const t = f.type;
  if (t.kind === "object") return `${readerName(t.name)}(${v}, ${key === undefined ? path : `${fn("at")}(${path}, ${key})`})`;
  if (t.kind === "enum") return `${fn("readString")}(${v}, ${fmt}, ${path}${k}) as ${file.type(t.name, paths.enums(service.name))} | undefined`;
  switch (t.name) {
    case "boolean":
      return `${fn("readBoolean")}(${v}, ${fmt}, ${path}${k})`;
    case "short":
      return `${fn("readInteger")}(${v}, ${fmt}, ${path}, 16${k})`;
    case "int":
      return `${fn("readInteger")}(${v}, ${fmt}, ${path}, 32${k})`;
    case "long":
      return `${fn("readLong")}(${v}, ${fmt}, ${path}${k})`;
    case "decimal":
      return `${fn("readDecimal")}(${v}, ${fmt}, ${path}${k})`;
    default:
      return `${fn("readString")}(${v}, ${fmt}, ${path}${k})`;
  }
}
