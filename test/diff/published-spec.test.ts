import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { diffModels } from "../../generator/diff/compare-model.js";
import { CONTRACT_FRONT_ENDS } from "../../generator/frontends/registry.js";
import { loadModel } from "../../generator/generate.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

const REST_SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");
const XSD = sharedSpec("AnetApiSchema.xsd");
const reads = (format: string) =>
  CONTRACT_FRONT_ENDS.some((f) => (f.formats as readonly string[]).includes(format));

/** The paths taken out of the copy: operations of several shapes (a body, path parameters, a GET). */
const REMOVED_PATHS = [
  "/pts/v2/payments/{id}/reversals",
  "/pts/v2/payments/{id}/captures",
  "/pts/v2/payments/{id}",
];

const load = (file: string) =>
  loadModel({ schemasDir: path.dirname(file), from: [file], cwd: path.dirname(file) });

describeWithSpecs("paygen diff on the published contracts", () => {
  it.skipIf(!reads("openapi"))(
    "the REST specification against itself: no changes (skipped only when no OpenAPI front end is registered)",
    async () => {
      expect(await diffModels(await load(REST_SPEC), await load(REST_SPEC))).toEqual([]);
    },
  );

  it.skipIf(!reads("openapi"))(
    "the REST specification against a copy without some operations: each removal is breaking (skipped only when no OpenAPI front end is registered)",
    async () => {
      const spec = JSON.parse(await readFile(REST_SPEC, "utf8")) as {
        paths: Record<string, unknown>;
      };
      for (const p of REMOVED_PATHS) {
        expect(spec.paths, p).toHaveProperty([p]);
        delete spec.paths[p];
      }
      const copy = path.join(await mkdtemp(path.join(tmpdir(), "paygen-spec-")), "cut.json");
      await writeFile(copy, JSON.stringify(spec));
      const before = await load(REST_SPEC);
      const gone = before.services.flatMap((s) =>
        s.operations
          .filter((o) => o.protocol === "rest" && REMOVED_PATHS.includes(o.path))
          .map((o) => `${s.name}/operations/${o.name}`),
      );
      expect(gone.length).toBeGreaterThanOrEqual(REMOVED_PATHS.length);
      const changes = await diffModels(before, await load(copy));
      const removals = changes.filter((c) => c.kind === "operation-removed");
      expect(removals.map((c) => c.path).sort()).toEqual([...gone].sort());
      for (const r of removals) {
        expect(r.severity).toBe("breaking");
        expect(r.surfaces).toEqual(["source", "wire-json"]);
      }
    },
  );

  it.skipIf(!reads("xsd"))(
    "the published XML schema against itself: no changes (skipped only when no XSD front end is registered)",
    async () => {
      expect(await diffModels(await load(XSD), await load(XSD))).toEqual([]);
    },
  );
});
