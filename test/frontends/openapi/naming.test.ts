import { describe, expect, it } from "vitest";
import { readFixtureDocument, withoutPlaces } from "./read-fixture.js";

const string = { kind: "shape", types: ["string"] };
const city = {
  kind: "shape",
  types: ["object"],
  description: "Who pays.",
  properties: [{ name: "city", required: false, schema: string }],
};

describe("names of inline schemas", () => {
  it("come from the title, else from the operation and the property path; identical shapes share one name", async () => {
    const document = await readFixtureDocument("schemas/naming-3.0.yaml");
    expect(document.schemas.map((s) => [s.name, s.origin])).toEqual([
      ["Address", "component"],
      ["CreatePaymentRequest", "inline"],
      ["CreatePaymentRequestOrderInformation", "inline"],
      ["CreatePaymentRequestOrderInformationBillTo", "inline"],
      ["CreatePaymentRequestOrderInformationLineItemsItem", "inline"],
      ["CreatePaymentRequestOrderInformationTagsValue", "inline"],
      ["CreatePaymentResponse400", "inline"],
      ["CreateRefundRequest", "inline"],
      ["Location", "component"],
      ["PaymentCreated", "inline"],
      ["PaymentCreated2", "inline"],
    ]);
    const byName = new Map(document.schemas.map((s) => [s.name, s]));
    expect(withoutPlaces(byName.get("CreatePaymentRequestOrderInformation")!.schema)).toEqual({
      kind: "shape",
      types: ["object"],
      properties: [
        {
          name: "billTo",
          required: false,
          schema: { kind: "ref", target: "CreatePaymentRequestOrderInformationBillTo" },
        },
        // The same shape, described differently where it is used: one name, this use's description on the reference.
        {
          name: "shipTo",
          required: false,
          schema: {
            kind: "ref",
            target: "CreatePaymentRequestOrderInformationBillTo",
            description: "Where it goes.",
          },
        },
        {
          name: "lineItems",
          required: false,
          schema: {
            kind: "shape",
            types: ["array"],
            items: { kind: "ref", target: "CreatePaymentRequestOrderInformationLineItemsItem" },
          },
        },
        {
          name: "tags",
          required: false,
          schema: {
            kind: "shape",
            types: ["object"],
            additionalProperties: {
              kind: "ref",
              target: "CreatePaymentRequestOrderInformationTagsValue",
            },
          },
        },
      ],
    });
    expect(withoutPlaces(byName.get("CreatePaymentRequestOrderInformationBillTo"))).toEqual({
      name: "CreatePaymentRequestOrderInformationBillTo",
      origin: "inline",
      schema: city,
      alsoAt: [
        "#/paths/~1payments/post/requestBody/content/application~1json/schema/properties/orderInformation/properties/shipTo",
        "#/paths/~1refunds/post/requestBody/content/application~1json/schema/properties/billTo",
      ],
    });
    expect(withoutPlaces(byName.get("CreateRefundRequest")!.schema)).toEqual({
      kind: "shape",
      types: ["object"],
      properties: [
        {
          name: "billTo",
          required: false,
          schema: {
            kind: "ref",
            target: "CreatePaymentRequestOrderInformationBillTo",
            description: "Who is refunded.",
          },
        },
        { name: "address", required: false, schema: { kind: "ref", target: "Address" } },
      ],
    });
    // An inline object of the same shape as a component is that component.
    expect(withoutPlaces(byName.get("Location")!.schema)).toEqual({
      kind: "shape",
      types: ["object"],
      properties: [{ name: "home", required: false, schema: { kind: "ref", target: "Address" } }],
    });
    expect(byName.get("Address")!.alsoAt).toEqual([
      "#/components/schemas/Location/properties/home",
    ]);
    // Two different shapes with one title: the second is numbered.
    expect(byName.get("PaymentCreated2")!.pointer).toBe(
      "#/paths/~1refunds/post/responses/201/content/application~1json/schema",
    );
    const responses = document.operations.map((o) =>
      o.responses.map((r) => [r.status, withoutPlaces(r.content[0]!.schema)]),
    );
    expect(responses).toEqual([
      [
        ["201", { kind: "ref", target: "PaymentCreated" }],
        ["400", { kind: "ref", target: "CreatePaymentResponse400" }],
      ],
      [["201", { kind: "ref", target: "PaymentCreated2" }]],
    ]);
  });

  it("are the same on every read", async () => {
    const names = async (): Promise<string[]> =>
      (await readFixtureDocument("schemas/naming-3.0.yaml")).schemas.map((s) => s.name);
    expect(await names()).toEqual(await names());
  });
});

describe("identical allOf merges", () => {
  it("are one shape whatever schemas they merged: the first named, saying it includes only the bases all share", async () => {
    const document = await readFixtureDocument("schemas/all-of-identical-3.0.yaml");
    const merged = document.schemas.filter((s) => s.origin === "inline");
    expect(merged.map((s) => s.name)).toEqual(["CaptureResponse400"]);
    expect(merged[0]!.alsoAt).toEqual([
      "#/paths/~1refunds/post/responses/400/content/application~1json/schema",
    ]);
    expect(merged[0]!.schema.kind === "shape" && merged[0]!.schema.extends).toEqual(["Problem"]);
    const responses = document.operations.map((o) =>
      withoutPlaces(o.responses[0]!.content[0]!.schema),
    );
    expect(responses).toEqual([
      { kind: "ref", target: "CaptureResponse400" },
      { kind: "ref", target: "CaptureResponse400" },
    ]);
  });
});
