import path from "node:path";
import { describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";
import {
  CONTRACT_FRONT_ENDS,
  readSchemaFolder,
  type ContractFrontEnd,
} from "../../generator/frontends/registry.js";
import { PROJECT_ROOT } from "../../generator/generate.js";

describe("the front-end registry", () => {
  it("holds one front end of a folder, the YAML schema language's, which no file format picks", () => {
    const folders = CONTRACT_FRONT_ENDS.filter((f) => f.folder === true);
    expect(folders.map((f) => [f.name, f.formats])).toEqual([["yaml", []]]);
  });

  it("reads a schema folder with that entry", async () => {
    const diagnostics = new Diagnostics();
    const description = await readSchemaFolder(
      path.join(PROJECT_ROOT, "schemas"),
      PROJECT_ROOT,
      diagnostics,
    );
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    expect(description.services.map((s) => s.name).sort()).toEqual([
      "payments",
      "search",
      "subscriptions",
    ]);
  });

  it("reads a folder with whichever entry of the list given reads folders", async () => {
    const seen: string[] = [];
    const fake: ContractFrontEnd = {
      name: "fake",
      formats: [],
      folder: true,
      read: async (dir, cwd) => {
        seen.push(`${dir} from ${cwd}`);
        return { services: [] };
      },
    };
    const description = await readSchemaFolder("defs", "/project", new Diagnostics(), [
      ...CONTRACT_FRONT_ENDS.filter((f) => f.folder !== true),
      fake,
    ]);
    expect([description, seen]).toEqual([{ services: [] }, ["defs from /project"]]);
  });
});
