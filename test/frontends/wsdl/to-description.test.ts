import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDescription } from "../../../generator/check/check-description.js";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import type {
  Description,
  FieldDescription,
  ServiceDescription,
} from "../../../generator/description/description.js";
import {
  readWsdlContract,
  readXsdContract,
} from "../../../generator/frontends/wsdl/read-contract.js";
import { FIXTURES } from "./helpers.js";

const DIR = path.join(FIXTURES, "describe");

/** Reads a fixture with the WSDL/XSD front end and checks the description; positions relative to the fixture folder. */
async function read(file: string): Promise<{ description: Description; problems: string[] }> {
  const diagnostics = new Diagnostics();
  const description = file.endsWith(".wsdl")
    ? await readWsdlContract(file, DIR, diagnostics)
    : await readXsdContract(file, DIR, diagnostics);
  if (diagnostics.count === 0) checkDescription(description, diagnostics);
  return { description, problems: diagnostics.sorted().map(formatDiagnostic) };
}

/** The description as reviewable text: one line per type, field, enum and operation, notes indented. */
function summary(s: ServiceDescription): string {
  const lines: string[] = [];
  const notes = (ns: readonly { kind: string; text: string }[], indent: string) =>
    ns.forEach((n) => lines.push(`${indent}(${n.kind}) ${n.text}`));
  lines.push(`service ${s.name} "${s.title}" ${JSON.stringify(s.soap ?? {})}`);
  notes(s.notes, "  ");
  const field = (f: FieldDescription): string => {
    const list = f.list
      ? ` list{min ${f.list.min}${f.list.max !== undefined ? `, max ${f.list.max}` : ""}${f.list.item !== undefined ? `, item ${f.list.item}` : ""}${f.list.itemNamespace !== undefined ? ` in ${f.list.itemNamespace}` : ""}}`
      : "";
    const facets = f.facets.map((x) => ` ${x.key}=${x.value}`).join("");
    const constant = f.const ? ` const=${JSON.stringify(f.const.value)}` : "";
    const dflt = f.default ? ` default=${f.default.value}` : "";
    const carried = f.xml ? ` (${f.xml.node})` : "";
    const ns = f.namespace !== undefined ? ` in ${f.namespace}` : "";
    return `${f.name}: ${f.type.name}${f.required ? " required" : ""}${list}${f.nullable ? " nullable" : ""}${carried}${ns}${facets}${constant}${dflt}`;
  };
  for (const t of [...s.types].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(
      `type ${t.name} ${t.kind}${t.extends ? ` extends ${t.extends.name}` : ""}${t.open ? " open" : ""} (${t.origin.kind})${t.doc ? ` "${t.doc}"` : ""}`,
    );
    notes(t.notes, "    ");
    for (const c of t.choices ?? [])
      lines.push(
        `    choice group: ${c.required ? "exactly" : "at most"} one of ${c.fields.map((f) => f.name).join(", ")}`,
      );
    for (const f of t.fields) {
      lines.push(`  ${field(f)}`);
      notes(f.notes, "    ");
    }
  }
  for (const e of [...s.enums].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(
      `enum ${e.name}${e.doc ? ` "${e.doc}"` : ""}: ${e.values.map((v) => (v.doc ? `${v.value} "${v.doc}"` : v.value)).join(", ")}`,
    );
  }
  for (const op of s.operations) {
    if (op.protocol !== "soap") continue;
    lines.push(
      `operation ${op.name}: ${op.requestType.name} in <${op.requestElement ?? op.name}> -> ${op.responseType.name} in <${op.responseElement ?? `${op.name}Response`}><${op.resultElement ?? `${op.name}Result`}> action ${op.soapAction ?? "-"}${op.doc ? ` "${op.doc}"` : ""}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

describe("the WSDL and XSD front end maps contracts onto the description", () => {
  it("maps each XSD construct (expected description reviewed in constructs.xsd.txt)", async () => {
    const { description, problems } = await read("constructs.xsd");
    expect(problems).toEqual([]);
    expect(description.services).toHaveLength(1);
    await expect(summary(description.services[0]!)).toMatchFileSnapshot(
      path.join(DIR, "constructs.xsd.txt"),
    );
  });

  it("maps a document/literal wrapped WSDL: the SOAP 1.1 port, its address, namespace and actions (wrapped.wsdl.txt)", async () => {
    const { description, problems } = await read("wrapped.wsdl");
    expect(problems).toEqual([]);
    await expect(summary(description.services[0]!)).toMatchFileSnapshot(
      path.join(DIR, "wrapped.wsdl.txt"),
    );
  });

  it("generates a service with only a SOAP 1.2 port for that port (soap12.wsdl.txt)", async () => {
    const { description, problems } = await read("soap12.wsdl");
    expect(problems).toEqual([]);
    await expect(summary(description.services[0]!)).toMatchFileSnapshot(
      path.join(DIR, "soap12.wsdl.txt"),
    );
  });

  it("refuses what it cannot support yet, each at its position", async () => {
    expect((await read("refused.xsd")).problems).toEqual([
      "refused.xsd:7:37: xs:NOTATION is abstract: only a restriction of it that lists its notations types a value",
    ]);
    expect((await read("refused.wsdl")).problems).toEqual([
      'refused.wsdl:7:23: the unqualified element "text": elements are written in the operation\'s namespace (in "PingRequest", which an operation sends or receives)',
      'refused.wsdl:16:21: the unqualified element "echo": elements are written in the operation\'s namespace (in "PingResultType", which an operation sends or receives)',
    ]);
  });
});
