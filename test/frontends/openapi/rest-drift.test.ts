import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { loadModel, PROJECT_ROOT } from "../../../generator/generate.js";
import type { RestOperation, Service } from "../../../generator/model/ir.js";
import { compareTypes } from "../../helpers/model-drift.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";

/**
 * The payments and search services as the project's schemas describe them (read from documents 001 and
 * 002), checked against the gateway's published REST specification (Swagger 2.0, 2020-02-17) for the
 * operations both describe: method, path, and the request and response bodies field by field through
 * nested types. The specification's field set is far larger than the documents' (they show the fields
 * they use), so fields only the specification has are counted per type; every field the schemas have
 * that the specification lacks or types otherwise is listed. The lists are reviewed golden files: a
 * change to either side shows up as a change to them. Rewrite them on purpose with
 * `UPDATE_GOLDEN=1 npx vitest run test/frontends/openapi/rest-drift.test.ts`.
 */
const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");

/** Spec operationId → the schemas' operation of the same request, per service. */
const PAIRS: Readonly<Record<string, readonly (readonly [spec: string, schemas: string])[]>> = {
  payments: [
    ["createPayment", "authorize"],
    ["createPayment", "sale"],
    ["authReversal", "reverse"],
    ["capturePayment", "capture"],
  ],
  search: [
    ["createSearch", "createSearch"],
    ["getSearch", "getSearch"],
    ["getTransaction", "getTransaction"],
    ["createInstrumentIdentifier", "createInstrumentIdentifier"],
  ],
};

function restOperation(service: Service, name: string): RestOperation {
  const op = service.operations.find((o) => o.name === name);
  if (!op || op.protocol !== "rest")
    throw new Error(`${service.name} has no REST operation ${name}`);
  return op;
}

/** The path with its parameter names, and the same path with the names left out (a renamed parameter is still the same path). */
const shapeOf = (p: string) => p.replace(/\{[^}]*\}/g, "{}");

describeWithSpecs("the REST schemas against the published specification", () => {
  it.each(Object.keys(PAIRS))(
    "%s differs only as the reviewed list says (its file in test/golden-drift/)",
    async (serviceName) => {
      const spec = (
        await loadModel({
          schemasDir: "",
          from: [path.relative(PROJECT_ROOT, SPEC)],
          cwd: PROJECT_ROOT,
        })
      ).services[0]!;
      const schemas = (
        await loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas"), cwd: PROJECT_ROOT })
      ).services.find((s) => s.name === serviceName)!;
      const lines: string[] = [];
      for (const [specName, schemaName] of PAIRS[serviceName]!) {
        // Each operation is compared whole, even where it shares types with the one before (authorize and sale).
        const seen = new Set<string>();
        const a = restOperation(spec, specName);
        const b = restOperation(schemas, schemaName);
        const out: string[] = [];
        if (a.httpMethod !== b.httpMethod)
          out.push(`method: spec ${a.httpMethod} | schemas ${b.httpMethod}`);
        if (a.path !== b.path)
          out.push(
            `path: spec ${a.path} | schemas ${b.path}${shapeOf(a.path) === shapeOf(b.path) ? " (the same path, its parameter named otherwise)" : ""}`,
          );
        for (const side of ["request", "response"] as const) {
          const at = side === "request" ? a.requestType : a.responseType;
          const bt = side === "request" ? b.requestType : b.responseType;
          if (at === undefined || bt === undefined) {
            if (at !== bt) out.push(`${side}: spec ${at ?? "none"} | schemas ${bt ?? "none"}`);
            continue;
          }
          compareTypes(spec, schemas, at, bt, side, out, seen, {
            label: "spec",
            contractOnlyFields: "count",
            order: false,
          });
        }
        lines.push(
          `${specName} / ${schemaName} (${out.length === 0 ? "no difference" : `${out.length} difference${out.length === 1 ? "" : "s"}`})`,
          ...out.map((l) => `  ${l}`),
          "",
        );
      }
      const golden = path.join(PROJECT_ROOT, "test", "golden-drift", `${serviceName}.txt`);
      const text = lines.join("\n");
      if (process.env.UPDATE_GOLDEN === "1") await writeFile(golden, text);
      expect(text).toBe(await readFile(golden, "utf8"));
    },
  );
});
