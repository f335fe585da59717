import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDescription } from "../../../generator/check/check-description.js";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { readXsdContract } from "../../../generator/frontends/wsdl/read-contract.js";
import { XSD_DURATION_PATTERN } from "../../../generator/frontends/wsdl/xsd-builtins.js";
import { FIXTURES } from "./helpers.js";

/** xs:double and xs:float become the double scalar (a JavaScript number), with their facets; xs:duration a string checked against its lexical form. */
describe("XSD doubles, floats and durations", () => {
  it("maps them onto scalars, facets and notes", async () => {
    const diagnostics = new Diagnostics();
    const description = await readXsdContract(
      "numbers.xsd",
      path.join(FIXTURES, "numbers"),
      diagnostics,
    );
    if (diagnostics.count === 0) checkDescription(description, diagnostics);
    expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([]);
    const reading = description.services[0]!.types.find((t) => t.name === "Reading")!;
    expect(
      reading.fields.map((f) => [
        f.name,
        f.type.name,
        f.facets.map((x) => `${x.key}=${x.value}`).join(" "),
        f.const?.value,
      ]),
    ).toEqual([
      ["value", "double", "", undefined],
      ["approx", "double", "", undefined],
      ["ratio", "double", "minimum=0 maximum=1", undefined],
      ["window", "string", `pattern=${XSD_DURATION_PATTERN}`, undefined],
      ["unit", "double", "", 1.5],
    ]);
    expect(reading.fields[1]!.notes.map((n) => n.text)).toEqual([
      "xs:float in the contract. A 32-bit float, held as a JavaScript number: a value sent is rounded to 32 bits by the receiver.",
    ]);
  });

  it.each([
    ["P1Y2M3DT4H5M6.5S", true],
    ["-P10D", true],
    ["PT0S", true],
    ["P1M", true],
    ["PT1M", true],
    ["P", false],
    ["PT", false],
    ["P1DT", false],
    ["1D", false],
    ["P1.5D", false],
    ["P1H", false],
  ])("the duration pattern takes %s: %s", (text, ok) => {
    expect(new RegExp(`^(?:${XSD_DURATION_PATTERN})$`, "u").test(text)).toBe(ok);
  });
});
