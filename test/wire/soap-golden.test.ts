import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import type { SoapOperation } from "../../generator/model/ir.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { valueOf } from "../helpers/model-values.js";

/**
 * One golden XML file per SOAP request of each SOAP service, in
 * test/golden-xml/SERVICE/: every field present, so the file shows the exact
 * element order the service receives. Rewritten only by `npm run test:update`.
 */
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const model = await projectModel();
const soapServices = model.services.filter((s) => s.protocol === "soap");
const cases = soapServices.flatMap((service) =>
  service.operations
    .filter((o): o is SoapOperation => o.protocol === "soap")
    .map((op) => [service.name, op.name, service, op] as const),
);

/** One element per line, indented: envelopes have no mixed content. */
function pretty(envelope: string): string {
  let depth = 0;
  const lines: string[] = [];
  for (const token of envelope.replace(/></g, ">\n<").split("\n")) {
    if (token.startsWith("</")) depth--;
    lines.push(`${"  ".repeat(Math.max(depth, 0))}${token}`);
    if (
      token.startsWith("<") &&
      !token.startsWith("</") &&
      !token.startsWith("<?") &&
      !token.endsWith("/>") &&
      !/<\/[^>]+>$/.test(token)
    )
      depth++;
  }
  return `${lines.join("\n")}\n`;
}

it("the model has a SOAP service with requests to compare", () => {
  expect(soapServices.length).toBeGreaterThan(0);
  for (const service of soapServices)
    expect(cases.filter(([name]) => name === service.name).length, service.name).toBeGreaterThan(0);
});

describe.each(cases)("golden request of %s %s", (serviceName, name, service, op) => {
  it("matches test/golden-xml", async () => {
    const xml = await generatedModule(serviceName, "xml");
    const build = fn<(r: unknown, ns: string) => string>(xml, `build${op.name}Envelope`);
    const text = pretty(
      build(valueOf(service, op.requestType, { mode: "full", xml: true }), "urn:example:soap:v1"),
    );
    const dir = path.join(PROJECT_ROOT, "test", "golden-xml", serviceName);
    const file = path.join(dir, `${name}.xml`);
    if (UPDATE) {
      await mkdir(dir, { recursive: true });
      await writeFile(file, text);
    }
    expect(text).toBe(await readFile(file, "utf8"));
  });
});
