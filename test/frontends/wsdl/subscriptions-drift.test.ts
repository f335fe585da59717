import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel, PROJECT_ROOT } from "../../../generator/generate.js";
import type { Field, Service } from "../../../generator/model/ir.js";
import { SPECS } from "./helpers.js";

/**
 * The subscriptions service as the project's schemas describe it (read from
 * document 000), checked against the published WSDL of the same service:
 * for every operation both name, the request and the result are compared
 * field by field, through nested types, and each difference is written with
 * both readings. The list is a reviewed golden file: a change to either side
 * shows up as a change to it. Rewrite it on purpose with
 * `UPDATE_GOLDEN=1 npx vitest run test/frontends/wsdl/subscriptions-drift.test.ts`.
 */
const GOLDEN = path.join(PROJECT_ROOT, "test", "golden-drift", "subscriptions.txt");
const WSDL = path.join(SPECS, "Service.2015-02-02.wsdl");

function describeField(s: Service, f: Field): string {
  const type = f.type.kind === "enum" ? `enum ${f.type.name}` : f.type.kind === "object" ? `type ${f.type.name}` : f.type.name;
  const list = f.list ? ` list(min ${f.list.min}${f.list.max !== undefined ? `, max ${f.list.max}` : ""}${f.list.item !== undefined ? `, item <${f.list.item}>` : ", repeated"})` : "";
  void s;
  return `${type}${f.required ? " required" : " optional"}${list}`;
}

/** The differences between two readings of one type, each line `path: WSDL … | schemas …`. */
function compare(wsdl: Service, yaml: Service, wName: string, yName: string, at: string, out: string[], seen: Set<string>): void {
  const key = `${wName}\u0000${yName}`;
  if (seen.has(key)) return;
  seen.add(key);
  const w = wsdl.types.find((t) => t.name === wName);
  const y = yaml.types.find((t) => t.name === yName);
  if (!w || !y) return;
  if (w.kind !== y.kind) out.push(`${at}: WSDL ${w.kind} ${w.name} | schemas ${y.kind} ${y.name}`);
  if (y.kind === "opaque" || w.kind === "opaque") return;
  const wf = new Map(w.allFields.map((f) => [f.name, f]));
  const yf = new Map(y.allFields.map((f) => [f.name, f]));
  for (const f of w.allFields) if (!yf.has(f.name)) out.push(`${at}.${f.name}: WSDL ${describeField(wsdl, f)} | schemas absent`);
  for (const f of y.allFields) if (!wf.has(f.name)) out.push(`${at}.${f.name}: WSDL absent | schemas ${describeField(yaml, f)}`);
  const common = (fields: readonly Field[], other: Map<string, Field>) => fields.filter((f) => other.has(f.name)).map((f) => f.name);
  const wOrder = common(w.allFields, yf);
  const yOrder = common(y.allFields, wf);
  // A choice has no order; a sequence has.
  if (w.kind === "object" && wOrder.join(" ") !== yOrder.join(" ")) out.push(`${at}: order WSDL ${wOrder.join(", ")} | schemas ${yOrder.join(", ")}`);
  for (const name of wOrder) {
    const a = wf.get(name)!;
    const b = yf.get(name)!;
    const here = `${at}.${name}`;
    if (a.type.kind === "object" && b.type.kind === "object") {
      const shapeA = describeField(wsdl, { ...a, type: { kind: "object", name: "" } });
      const shapeB = describeField(yaml, { ...b, type: { kind: "object", name: "" } });
      if (shapeA !== shapeB) out.push(`${here}: WSDL ${describeField(wsdl, a)} | schemas ${describeField(yaml, b)}`);
      compare(wsdl, yaml, a.type.name, b.type.name, here, out, seen);
      continue;
    }
    if (a.type.kind === "enum" && b.type.kind === "enum") {
      const va = wsdl.enums.find((e) => e.name === a.type.name)!.values.map((v) => v.value);
      const vb = yaml.enums.find((e) => e.name === b.type.name)!.values.map((v) => v.value);
      const onlyA = va.filter((v) => !vb.includes(v));
      const onlyB = vb.filter((v) => !va.includes(v));
      if (onlyA.length > 0 || onlyB.length > 0) out.push(`${here}: values only in the WSDL [${onlyA.join(", ")}] | only in the schemas [${onlyB.join(", ")}]`);
      const shapeA = describeField(wsdl, { ...a, type: { kind: "enum", name: "" } });
      const shapeB = describeField(yaml, { ...b, type: { kind: "enum", name: "" } });
      if (shapeA !== shapeB) out.push(`${here}: WSDL ${describeField(wsdl, a)} | schemas ${describeField(yaml, b)}`);
      continue;
    }
    const sameType = a.type.kind === b.type.kind && (a.type.kind !== "scalar" || a.type.name === b.type.name);
    if (!sameType || describeField(wsdl, a).replace(/^\S+( \S+)?/, "") !== describeField(yaml, b).replace(/^\S+( \S+)?/, "") || a.required !== b.required) {
      out.push(`${here}: WSDL ${describeField(wsdl, a)} | schemas ${describeField(yaml, b)}`);
    }
  }
}

describe("the subscriptions schemas against the published WSDL", () => {
  it("differ only as the reviewed list says (test/golden-drift/subscriptions.txt)", async () => {
    if (!existsSync(WSDL)) throw new Error(`the published WSDL is missing: expected at ${WSDL}`);
    const wsdl = (await loadModel({ schemasDir: "", from: [path.relative(PROJECT_ROOT, WSDL)], cwd: PROJECT_ROOT })).services[0]!;
    const yaml = (await loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas"), cwd: PROJECT_ROOT })).services.find((s) => s.name === "subscriptions")!;
    const lines: string[] = [];
    const wsdlOps = new Map(wsdl.operations.map((o) => [o.name, o]));
    const yamlOps = new Map(yaml.operations.map((o) => [o.name, o]));
    lines.push(`operations only in the WSDL: ${wsdl.operations.filter((o) => !yamlOps.has(o.name)).map((o) => o.name).join(", ") || "none"}`);
    lines.push(`operations only in the schemas: ${yaml.operations.filter((o) => !wsdlOps.has(o.name)).map((o) => o.name).join(", ") || "none"}`);
    const seen = new Set<string>();
    for (const y of yaml.operations) {
      const w = wsdlOps.get(y.name);
      if (!w || w.protocol !== "soap" || y.protocol !== "soap") continue;
      const out: string[] = [];
      compare(wsdl, yaml, w.requestType, y.requestType, "request", out, seen);
      compare(wsdl, yaml, w.resultType, y.resultType, "result", out, seen);
      lines.push("", `${y.name} (${out.length === 0 ? "no difference" : `${out.length} difference${out.length === 1 ? "" : "s"}`})`, ...out.map((l) => `  ${l}`));
    }
    const text = `${lines.join("\n")}\n`;
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(GOLDEN, text);
    expect(text).toBe(await readFile(GOLDEN, "utf8"));
  });
});
