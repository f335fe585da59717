import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import type { SoapOperation } from "../../generator/model/ir.js";
import { fn, generatedModule, projectModel } from "../helpers/generated.js";
import { valueOf } from "../helpers/model-values.js";

/**
 * One golden XML file per SOAP request: every field present, so the file shows
 * the exact element order the service receives. Rewritten only by
 * `npm run test:update`.
 */
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const DIR = path.join(PROJECT_ROOT, "test", "golden-xml", "subscriptions");
const model = await projectModel();
const service = model.services.find((s) => s.name === "subscriptions")!;
const ops = service.operations.filter((o): o is SoapOperation => o.protocol === "soap");
const xml = await generatedModule("subscriptions", "xml");

/** One element per line, indented: envelopes have no mixed content. */
function pretty(envelope: string): string {
  let depth = 0;
  const lines: string[] = [];
  for (const token of envelope.replace(/></g, ">\n<").split("\n")) {
    if (token.startsWith("</")) depth--;
    lines.push(`${"  ".repeat(Math.max(depth, 0))}${token}`);
    if (token.startsWith("<") && !token.startsWith("</") && !token.startsWith("<?") && !token.endsWith("/>") && !/<\/[^>]+>$/.test(token)) depth++;
  }
  return `${lines.join("\n")}\n`;
}

describe.each(ops.map((o) => [o.name, o] as const))("golden request of %s", (name, op) => {
  it("matches test/golden-xml", async () => {
    const build = fn<(r: unknown, ns: string) => string>(xml, `build${op.name}Envelope`);
    const text = pretty(build(valueOf(service, op.requestType, { mode: "full", xml: true }), "urn:example:soap:v1"));
    const file = path.join(DIR, `${name}.xml`);
    if (UPDATE) {
      await mkdir(DIR, { recursive: true });
      await writeFile(file, text);
    }
    expect(text).toBe(await readFile(file, "utf8"));
  });
});
