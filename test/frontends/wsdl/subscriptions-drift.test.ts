import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { loadModel, PROJECT_ROOT } from "../../../generator/generate.js";
import { compareTypes, type DriftOptions } from "../../helpers/model-drift.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";

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
const WSDL = sharedSpec("Service.2015-02-02.wsdl");
/** The WSDL describes what the document describes: its own fields are listed one by one, and order matters (XML). */
const WSDL_DRIFT: DriftOptions = { label: "WSDL", contractOnlyFields: "list", order: true };

describeWithSpecs("the subscriptions schemas against the published WSDL", () => {
  it("differ only as the reviewed list says (test/golden-drift/subscriptions.txt)", async () => {
    const wsdl = (
      await loadModel({
        schemasDir: "",
        from: [path.relative(PROJECT_ROOT, WSDL)],
        cwd: PROJECT_ROOT,
      })
    ).services[0]!;
    const yaml = (
      await loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas"), cwd: PROJECT_ROOT })
    ).services.find((s) => s.name === "subscriptions")!;
    const lines: string[] = [];
    const wsdlOps = new Map(wsdl.operations.map((o) => [o.name, o]));
    const yamlOps = new Map(yaml.operations.map((o) => [o.name, o]));
    lines.push(
      `operations only in the WSDL: ${
        wsdl.operations
          .filter((o) => !yamlOps.has(o.name))
          .map((o) => o.name)
          .join(", ") || "none"
      }`,
    );
    lines.push(
      `operations only in the schemas: ${
        yaml.operations
          .filter((o) => !wsdlOps.has(o.name))
          .map((o) => o.name)
          .join(", ") || "none"
      }`,
    );
    const seen = new Set<string>();
    for (const y of yaml.operations) {
      const w = wsdlOps.get(y.name);
      if (!w || w.protocol !== "soap" || y.protocol !== "soap") continue;
      const out: string[] = [];
      compareTypes(wsdl, yaml, w.requestType, y.requestType, "request", out, seen, WSDL_DRIFT);
      compareTypes(wsdl, yaml, w.resultType, y.resultType, "result", out, seen, WSDL_DRIFT);
      if ((w.resultOptional === true) !== (y.resultOptional === true)) {
        out.push(
          `result element <${w.resultElement}>: WSDL ${w.resultOptional ? "optional (minOccurs 0)" : "required"} | schemas ${y.resultOptional ? "optional" : "required"}`,
        );
      }
      lines.push(
        "",
        `${y.name} (${out.length === 0 ? "no difference" : `${out.length} difference${out.length === 1 ? "" : "s"}`})`,
        ...out.map((l) => `  ${l}`),
      );
    }
    const text = `${lines.join("\n")}\n`;
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(GOLDEN, text);
    expect(text).toBe(await readFile(GOLDEN, "utf8"));
  });
});
