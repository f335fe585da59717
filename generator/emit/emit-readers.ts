import type { Field, ObjectType, Service } from "../model/ir.js";
import { paths } from "./paths.js";
import { propertyName, stringLiteral } from "./safe-names.js";
import type { TsFile } from "./ts-file.js";

const READ = paths.runtime("read-values.ts");

/** Name of the reader of a type in a wire file (`xml.ts` or `json.ts`). */
export const readerName = (type: string) => `read${type}`;

/**
 * Emits `read<Type>(value, path)` for each type: it turns a parsed XML element
 * or JSON object into the typed value, checking every scalar and keeping longs
 * and decimals exact. Unknown properties are ignored, except on open types.
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
      statements.push(`const obj = ${fn("readObject")}(value, ${stringLiteral(format)}, path);`);
      const entries = type.allFields.map((f) => `[${stringLiteral(f.name)}, ${fieldRead(file, f, format)}]`);
      const build = `${fn("compact")}<${typeName}>([\n${entries.join(",\n")}\n])`;
      if (type.open) {
        statements.push(`return ${fn("keepUnknown")}(${build}, obj, new Set([${type.allFields.map((f) => stringLiteral(f.name)).join(", ")}]));`);
      } else {
        statements.push(`return ${build};`);
      }
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

/** The expression reading one field of `obj`. */
function fieldRead(file: TsFile, f: Field, format: "xml" | "json"): string {
  const fn = (name: string) => file.value(name, READ);
  const raw = `${fn("own")}(obj, ${stringLiteral(f.name)})`;
  const p = `${fn("at")}(path, ${stringLiteral(f.name)})`;
  const one = (v: string, pathExpr: string) => scalarRead(file, f, v, pathExpr, format);
  if (!f.list) return one(raw, p);
  const item = `(item, itemPath) => ${one("item", "itemPath")}`;
  if (format === "xml" && f.list.item !== undefined) return `${fn("readWrappedList")}(${raw}, ${stringLiteral(f.list.item)}, ${p}, ${item})`;
  return `${fn("readList")}(${raw}, ${stringLiteral(format)}, ${p}, ${item})`;
}

function scalarRead(file: TsFile, f: Field, v: string, p: string, format: "xml" | "json"): string {
  const fn = (name: string) => file.value(name, READ);
  const fmt = stringLiteral(format);
  const t = f.type;
  if (t.kind === "object") return `${fn("optional")}(${v}, ${p}, ${readerName(t.name)})`;
  if (t.kind === "enum") return `${fn("readString")}(${v}, ${fmt}, ${p}) as ${file.type(t.name, paths.enums(file.path.split("/")[0]!))} | undefined`;
  switch (t.name) {
    case "boolean":
      return `${fn("readBoolean")}(${v}, ${fmt}, ${p})`;
    case "short":
      return `${fn("readInteger")}(${v}, ${fmt}, ${p}, 16)`;
    case "int":
      return `${fn("readInteger")}(${v}, ${fmt}, ${p}, 32)`;
    case "long":
      return `${fn("readLong")}(${v}, ${fmt}, ${p})`;
    case "decimal":
      return `${fn("readDecimal")}(${v}, ${fmt}, ${p})`;
    default:
      return `${fn("readString")}(${v}, ${fmt}, ${p})`;
  }
}

/** Property list of an object literal for writers: `name: expression`. */
export function literalEntry(name: string, expression: string): string {
  return `${propertyName(name)}: ${expression}`;
}
