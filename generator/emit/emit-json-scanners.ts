import type { Field, Service } from "../model/ir.js";
import { choiceGroupsOf } from "./choice-groups.js";
import type { EmitContext } from "./emit-context.js";
import { typedValueStatements, usesName } from "./emit-readers.js";
import { paths } from "./paths.js";
import { hasInheritedName } from "./safe-names.js";
import { stringLiteral } from "./schema-text.js";
import type { TsFile } from "./ts-file.js";

const SCAN = paths.runtime("json-scan.ts");

/**
 * Emits `scan<Type>(c, o)` for the object types a response body is made of:
 * each reads one object straight from the body text into its typed value.
 * A branch per key of its type takes the value into a local (a string,
 * `true` or `false`, or the value of a child type's scanner); then the value
 * is built with the typed reader's own checks and shape (see
 * `typedValueStatements`). Keys it has no branch for (lists, maps, unions),
 * any key seen twice and any value the checks refuse make it give up, and
 * the reader reads the tree parser's object (see runtime/json-scan.ts).
 * Returns the body types that have a scanner.
 */
export function emitJsonScanners(
  file: TsFile,
  ctx: EmitContext,
  bodies: readonly string[],
): ReadonlySet<string> {
  const scanned = scannedTypes(ctx.service, bodies);
  const scan = (name: string) => ctx.names.get("jsonScanner", name);
  for (const type of ctx.service.types) {
    if (!scanned.has(type.name)) continue;
    const fields = type.allFields.filter((f) => hasBranch(f, scanned));
    // One local per field with a branch: `value<position>`, a form no generated name takes.
    const local = new Map(fields.map((f, i) => [f.name, `value${i}`]));
    const declarations = fields.map((f) => {
      const valueType =
        f.type.kind === "object"
          ? file.type(ctx.names.get("type", f.type.name), paths.types(ctx.service.name))
          : "string | boolean";
      return `let ${local.get(f.name)}: ${valueType} | undefined;`;
    });
    const branches = fields.map((f) => {
      const name = local.get(f.name)!;
      const read =
        f.type.kind === "object" ? `${scan(f.type.name)}(c.once(${name}), o)` : `c.scalar(${name})`;
      return `if (key === ${stringLiteral(f.name)}) ${name} = ${read};`;
    });
    // Fields without a branch are never present in a body the scanner takes: the value is built without them,
    // a base's fields with the others (in the same order as a reader that delegates to the base's).
    const { delegatedBase: _delegated, ...facts } = type.facts;
    const build = typedValueStatements(
      file,
      ctx,
      { ...type, fields, allFields: fields, facts },
      (f) => local.get(f.name)!,
    );
    file.addFunction({
      name: scan(type.name),
      parameters: [
        { name: "c", type: file.type("JsonScan", SCAN) },
        { name: "o", type: file.type("ReadContext", paths.runtime("read-values.ts")) },
      ],
      returnType: file.type(ctx.names.get("type", type.name), paths.types(ctx.service.name)),
      statements: [
        ...declarations,
        `for (let more = c.open(); more; more = c.next()) {\nconst key = c.key;\n${[...branches, "c.giveUp();"].join("\nelse ")}\n}`,
        // A scanner reports nothing: whatever its checks refuse gives up, and the reader reports it.
        ...(usesName(build.join("\n"), "path") ? ['const path = "";'] : []),
        ...build,
      ],
    });
  }
  return new Set(bodies.filter((b) => scanned.has(b)));
}

/** Whether a field gets a branch: a single value, a scalar (not any JSON value: the tree reader reads those) or of a type with a scanner. */
function hasBranch(f: Field, scanned: ReadonlySet<string>): boolean {
  if (f.type.kind === "scalar" && f.type.name === "json") return false;
  return !f.list && !f.map && (f.type.kind !== "object" || scanned.has(f.type.name));
}

/**
 * The object types that get a scanner: reachable from the bodies through
 * fields with a branch, with at least one such field and every required field
 * among them, and read by their reader as plain fields (no choice, no open
 * members kept as properties, no field named like an `Object.prototype`
 * member). Unions and opaque bodies have none.
 */
function scannedTypes(service: Service, bodies: readonly string[]): Set<string> {
  const candidates = new Map(
    service.types
      .filter(
        (t) =>
          t.kind === "object" &&
          t.facts.extras !== "properties" &&
          !hasInheritedName(t.allFields) &&
          choiceGroupsOf(service, t).length === 0,
      )
      .map((t) => [t.name, t]),
  );
  // A type whose required field has no branch never yields a value: it and the fields of its type lose their scanner, until nothing changes.
  const able = new Set(candidates.keys());
  for (let changed = true; changed;) {
    changed = false;
    for (const name of [...able]) {
      const type = candidates.get(name)!;
      const branched = type.allFields.filter((f) => hasBranch(f, able));
      if (branched.length === 0 || type.allFields.some((f) => f.required && !hasBranch(f, able))) {
        able.delete(name);
        changed = true;
      }
    }
  }
  const out = new Set<string>();
  const visit = (name: string): void => {
    if (out.has(name) || !able.has(name)) return;
    out.add(name);
    for (const f of candidates.get(name)!.allFields)
      if (f.type.kind === "object" && hasBranch(f, able)) visit(f.type.name);
  };
  for (const body of [...bodies].sort()) visit(body);
  return out;
}
