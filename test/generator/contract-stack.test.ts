/** A front end that runs out of stack on a contract gives a positioned error on it, never a crash. */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics/diagnostic.js";
import { readContracts } from "../../generator/frontends/registry.js";

describe("a front end that runs out of stack", () => {
  it("is a positioned error on the contract, not a crash", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-stack-"));
    await writeFile(
      path.join(dir, "deep.xsd"),
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>\n',
    );
    const diagnostics = new Diagnostics();
    const recursing = (): never => {
      throw new RangeError("Maximum call stack size exceeded");
    };
    const description = await readContracts(["deep.xsd"], dir, diagnostics, [
      { name: "xsd", formats: ["xsd"], read: async () => recursing() },
    ]);
    expect(description.services).toEqual([]);
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([
      "deep.xsd:1:1: the contract nests or refers to itself too deeply to be read",
    ]);
  });
});
