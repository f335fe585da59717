import { describe, expect, it } from "vitest";
import { emitDescriptions } from "../../../generator/emit/emit-descriptions.js";
import { emitXml } from "../../../generator/emit/emit-xml.js";
import {
  declaration,
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";

/** Doubles: written to XML through `doubleToXsd`, checked as numbers (finite ones only where the body is JSON), facets after. */
describe("doubles in the emitters", () => {
  const measure = objectType("Measure", [
    field("weight", scalar("double"), {
      required: true,
      facets: [{ key: "minimum", value: "0" }],
    }),
    field("readings", scalar("double"), { list: { min: 0 } }),
  ]);

  it("writes an XML double in XSD lexical form, each list item too", async () => {
    const service = soapService({
      types: [measure, objectType("Done", [])],
      operations: [soapOperation("Weigh", "Measure", "Done")],
    });
    expect(declaration(await emitWith(emitXml, service), "xmlOfMeasure"))
      .toBe(`function xmlOfMeasure(value: Measure): XmlInput {
  return {
    weight: value.weight === undefined ? undefined : doubleToXsd(value.weight),
    readings:
      value.readings === undefined ? undefined : value.readings.map((item) => doubleToXsd(item)),
  };
}`);
  });

  it("checks an XML double as any number, NaN and the infinities included", async () => {
    const service = soapService({
      types: [measure, objectType("Done", [])],
      operations: [soapOperation("Weigh", "Measure", "Done")],
    });
    expect(declaration(await emitWith(emitDescriptions, service), "descriptionOfMeasure"))
      .toBe(`export const descriptionOfMeasure: ObjectDescription = {
  fields: [
    { name: "weight", type: doubleScalar, required: true, facets: [[checkMinimum, "0"]] },
    { name: "readings", type: doubleScalar, list: [0] },
  ],
};`);
  });

  it("checks a JSON double as a finite number", async () => {
    const service = restService({
      types: [measure],
      operations: [restOperation("weigh", "Measure", undefined)],
    });
    expect(declaration(await emitWith(emitDescriptions, service), "descriptionOfMeasure"))
      .toBe(`export const descriptionOfMeasure: ObjectDescription = {
  fields: [
    {
      name: "weight",
      type: doubleScalar,
      required: true,
      facets: [[checkMinimum, "0"]],
      finite: true,
    },
    { name: "readings", type: doubleScalar, list: [0], finite: true },
  ],
};`);
  });
});
