import type { Field, ObjectType, Service } from "../model/ir.js";
import type { EmitContext } from "./emit-context.js";
import { paths } from "./paths.js";
import { INHERITED_NAMES, propertyAccess } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

const SCAN = paths.runtime("json-scan.ts");

/**
 * Emits `scan<Type>(c)` for the object types a response body is made of:
 * each reads one object of the body straight from the text, with a case per
 * key of its type (a string, `true` or `false`, or an object of a type with a
 * scanner), and builds the object `parseJsonTree` would. Keys it has no case
 * for (lists, maps, unions, names every object inherits) and any key seen
 * twice make it give up, and the tree parser reads the body (see
 * runtime/json-scan.ts). Returns the body types that have a scanner.
 */
export function emitJsonScanners(file: TsFile, ctx: EmitContext, bodies: readonly string[]): ReadonlySet<string> {
  const scanned = scannedTypes(ctx.service, bodies);
  for (const type of ctx.service.types) {
    if (!scanned.has(type.name)) continue;
    const cases = type.allFields.flatMap((f) => {
      const read = valueScan(ctx, f, scanned);
      if (read === undefined) return [];
      const target = propertyAccess("obj", f.name);
      return [`case ${stringLiteral(f.name)}:\nif (${target} !== undefined) c.giveUp();\n${target} = ${read};\nbreak;`];
    });
    file.addFunction({
      name: ctx.names.get("jsonScanner", type.name),
      parameters: [{ name: "c", type: file.type("JsonScan", SCAN) }],
      returnType: file.type("ParsedObject", paths.runtime("read-values.ts")),
      statements: [
        "const obj: { [key: string]: unknown } = {};",
        `for (let more = c.open(); more; more = c.next()) {\nswitch (c.key) {\n${[...cases, "default:\nc.giveUp();"].join("\n")}\n}\n}`,
        "return obj;",
      ],
    });
  }
  return new Set(bodies.filter((b) => scanned.has(b)));
}

/** The expression scanning a field's value, or `undefined` when the field gets no case. */
function valueScan(ctx: EmitContext, f: Field, scanned: ReadonlySet<string>): string | undefined {
  if (f.list || f.map || INHERITED_NAMES.has(f.name)) return undefined;
  if (f.type.kind !== "object") return "c.scalar()";
  return scanned.has(f.type.name) ? `${ctx.names.get("jsonScanner", f.type.name)}(c)` : undefined;
}

/** Object types reachable from the bodies through fields that get a case; unions and opaque bodies have no scanner. */
function scannedTypes(service: Service, bodies: readonly string[]): Set<string> {
  const byName = new Map(service.types.map((t) => [t.name, t]));
  const scannable = (t: ObjectType | undefined): t is ObjectType => t !== undefined && (t.kind === "object" || t.kind === "choice");
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
