import type { Field, Service } from "../../generator/model/ir.js";

/**
 * The differences between the project's schemas and a published contract of the same service, as the
 * reviewed drift lists of test/golden-drift/ write them: `path: <contract> … | schemas …`, one line each.
 */

/** A field as the drift lists describe it: its type, presence and list shape. */
export function describeField(f: Field): string {
  const type =
    f.type.kind === "enum"
      ? `enum ${f.type.name}`
      : f.type.kind === "object"
        ? `type ${f.type.name}`
        : f.type.name;
  const list = f.list
    ? ` list(min ${f.list.min}${f.list.max !== undefined ? `, max ${f.list.max}` : ""}${f.list.item !== undefined ? `, item <${f.list.item}>` : ", repeated"})`
    : "";
  const xml = f.xml !== undefined ? ` ${f.xml}` : "";
  return `${type}${f.required ? " required" : " optional"}${list}${f.nullable ? " nullable" : ""}${xml}`;
}

export interface DriftOptions {
  /** How the published side is named in each line: `WSDL`, `spec`. */
  readonly label: string;
  /**
   * Whether fields only the contract has are listed one by one (a WSDL that describes what the document
   * describes), or counted per type (a specification whose field set is far larger than the document's,
   * which shows only the fields it uses).
   */
  readonly contractOnlyFields: "list" | "count";
  /** Whether field order matters (XML sequences), so a different order is a difference. */
  readonly order: boolean;
}

/** The differences between two readings of one type and the types below it, appended to `out`. */
export function compareTypes(
  contract: Service,
  schemas: Service,
  cName: string,
  sName: string,
  at: string,
  out: string[],
  seen: Set<string>,
  options: DriftOptions,
): void {
  const key = `${cName}\u0000${sName}`;
  if (seen.has(key)) return;
  seen.add(key);
  const L = options.label;
  const w = contract.types.find((t) => t.name === cName);
  const y = schemas.types.find((t) => t.name === sName);
  if (!w || !y) return;
  if (w.kind !== y.kind) out.push(`${at}: ${L} ${w.kind} ${w.name} | schemas ${y.kind} ${y.name}`);
  if (y.kind === "opaque" || w.kind === "opaque") return;
  const wf = new Map(w.allFields.map((f) => [f.name, f]));
  const yf = new Map(y.allFields.map((f) => [f.name, f]));
  const contractOnly = w.allFields.filter((f) => !yf.has(f.name));
  if (options.contractOnlyFields === "list")
    for (const f of contractOnly)
      out.push(`${at}.${f.name}: ${L} ${describeField(f)} | schemas absent`);
  else if (contractOnly.length > 0)
    out.push(
      `${at}: ${contractOnly.length} more field${contractOnly.length === 1 ? "" : "s"} in the ${L}`,
    );
  for (const f of y.allFields)
    if (!wf.has(f.name)) out.push(`${at}.${f.name}: ${L} absent | schemas ${describeField(f)}`);
  const common = (fields: readonly Field[], other: Map<string, Field>) =>
    fields.filter((f) => other.has(f.name)).map((f) => f.name);
  const wOrder = common(w.allFields, yf);
  const yOrder = common(y.allFields, wf);
  // A choice has no order; a sequence has.
  if (options.order && w.kind === "object" && wOrder.join(" ") !== yOrder.join(" "))
    out.push(`${at}: order ${L} ${wOrder.join(", ")} | schemas ${yOrder.join(", ")}`);
  for (const name of wOrder) {
    const a = wf.get(name)!;
    const b = yf.get(name)!;
    const here = `${at}.${name}`;
    if (a.type.kind === "object" && b.type.kind === "object") {
      const shapeA = describeField({ ...a, type: { kind: "object", name: "" } });
      const shapeB = describeField({ ...b, type: { kind: "object", name: "" } });
      if (shapeA !== shapeB)
        out.push(`${here}: ${L} ${describeField(a)} | schemas ${describeField(b)}`);
      compareTypes(contract, schemas, a.type.name, b.type.name, here, out, seen, options);
      continue;
    }
    if (a.type.kind === "enum" && b.type.kind === "enum") {
      const va = contract.enums.find((e) => e.name === a.type.name)!.values.map((v) => v.value);
      const vb = schemas.enums.find((e) => e.name === b.type.name)!.values.map((v) => v.value);
      const onlyA = va.filter((v) => !vb.includes(v));
      const onlyB = vb.filter((v) => !va.includes(v));
      if (onlyA.length > 0 || onlyB.length > 0)
        out.push(
          `${here}: values only in the ${L} [${onlyA.join(", ")}] | only in the schemas [${onlyB.join(", ")}]`,
        );
      const shapeA = describeField({ ...a, type: { kind: "enum", name: "" } });
      const shapeB = describeField({ ...b, type: { kind: "enum", name: "" } });
      if (shapeA !== shapeB)
        out.push(`${here}: ${L} ${describeField(a)} | schemas ${describeField(b)}`);
      continue;
    }
    const sameType =
      a.type.kind === b.type.kind && (a.type.kind !== "scalar" || a.type.name === b.type.name);
    if (
      !sameType ||
      describeField(a).replace(/^\S+( \S+)?/, "") !== describeField(b).replace(/^\S+( \S+)?/, "") ||
      a.required !== b.required
    ) {
      out.push(`${here}: ${L} ${describeField(a)} | schemas ${describeField(b)}`);
    }
  }
}
