import type { Field, ObjectType, Service } from "../model/ir.js";
import type { EmitContext } from "./emit-context.js";
import { paths } from "./paths.js";
import { INHERITED_NAMES, propertyAccess } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

const SCAN = paths.runtime("json-scan.ts");

/**
 * Emits `scan<Type>(c)` for the object types a response body is made of:
 * each reads one object of the body straight from the text, with a branch per
 * key of its type (a string, `true` or `false`, or an object of a type with a
 * scanner), and builds the object `parseJsonTree` would. Keys it has no
 * branch for (lists, maps, unions, names every object inherits) and any key
 * seen twice make it give up, and the tree parser reads the body (see
 * runtime/json-scan.ts). Returns the body types that have a scanner.
 */
export function emitJsonScanners(file: TsFile, ctx: EmitContext, bodies: readonly string[]): ReadonlySet<string> {
  const scanned = scannedTypes(ctx.service, bodies);
  for (const type of ctx.service.types) {
    if (!scanned.has(type.name)) continue;
    // One line per field: `if (key === "id") obj.id = c.scalar(obj.id);` (the cursor gives up on a key seen twice).
    const branches = type.allFields.flatMap((f) => {
      const read = valueScan(ctx, f, scanned, propertyAccess("obj", f.name));
      return read === undefined ? [] : [`if (key === ${stringLiteral(f.name)}) ${propertyAccess("obj", f.name)} = ${read};`];
    });
    file.addFunction({
      name: ctx.names.get("jsonScanner", type.name),
      parameters: [{ name: "c", type: file.type("JsonScan", SCAN) }],
      returnType: file.type("ParsedObject", paths.runtime("read-values.ts")),
      statements: [
        "const obj: { [key: string]: unknown } = {};",
        // A type without a branch (only lists, maps...) takes nothing but `{}`.
        `for (let more = c.open(); more; more = c.next()) {\n${branches.length > 0 ? "const key = c.key;\n" : ""}${[...branches, "c.giveUp();"].join("\nelse ")}\n}`,
        "return obj;",
      ],
    });
  }
  return new Set(bodies.filter((b) => scanned.has(b)));
}

/** The expression scanning a field's value (`seen`: its value so far), or `undefined` when the field gets no branch. */
function valueScan(ctx: EmitContext, f: Field, scanned: ReadonlySet<string>, seen: string): string | undefined {
  if (f.list || f.map || INHERITED_NAMES.has(f.name)) return undefined;
  if (f.type.kind !== "object") return `c.scalar(${seen})`;
  return scanned.has(f.type.name) ? `${ctx.names.get("jsonScanner", f.type.name)}(c.once(${seen}))` : undefined;
}

/** Object types reachable from the bodies through fields that get a branch; unions, opaque bodies and types without such fields have no scanner. */
function scannedTypes(service: Service, bodies: readonly string[]): Set<string> {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  // A type with no field that can get a branch (a gap shown without fields, only lists...) would take `{}` alone: it gets none.
  const scannable = (t: ObjectType | undefined): t is ObjectType =>
    t !== undefined && (t.kind === "object" || t.kind === "choice") && t.allFields.some((f) => !f.list && !f.map && !INHERITED_NAMES.has(f.name));
  const out = new Set<string>();
  const visit = (name: string): void => {
    const type = byName.get(name);
    if (out.has(name) || !scannable(type)) return;
    out.add(name);
    for (const f of type.allFields) if (f.type.kind === "object" && !f.list && !f.map && !INHERITED_NAMES.has(f.name)) visit(f.type.name);
  };
  for (const body of [...bodies].sort()) visit(body);
  return out;
}
