/**
 * Response types are closed: known fields only, so a misspelt field is a compile error (the project's
 * tsc run enforces the @ts-expect-error below). What a service sends beyond the documented fields of a
 * type the documents show only in part (open) is kept beside the value, in every onUnknown mode, and
 * read with unknownData(value).fields: JSON, spreading and equality see the typed value only.
 */
import { describe, expect, it } from "vitest";
import {
  parsePaymentResponse,
  unknownData,
  type PaymentResponse,
} from "../../generated/payments/index.js";

const body = JSON.stringify({
  id: "6899916537706036604952",
  status: "DECLINED",
  errorInformation: {
    reason: "PROCESSOR_DECLINED",
    message: "Decline - General decline of the card.",
  },
  orderInformation: {
    amountDetails: { currency: "USD", authorizedAmount: "0.00", exchangeRate: "1.0" },
  },
});

describe("closed response types", () => {
  it("a misspelt field does not compile", () => {
    const result: PaymentResponse = parsePaymentResponse(body);
    // @ts-expect-error stauts is not a field of PaymentResponse
    expect(result.stauts).toBeUndefined();
    expect(result.status).toBe("DECLINED");
  });

  it.each([undefined, "ignore", "keep", "reject"] as const)(
    "undocumented data of an open type is kept beside the value (onUnknown %s)",
    (mode) => {
      const result = parsePaymentResponse(body, mode ? { onUnknown: mode } : undefined);
      expect(result).toEqual({
        id: "6899916537706036604952",
        status: "DECLINED",
        orderInformation: { amountDetails: { currency: "USD", authorizedAmount: "0.00" } },
      });
      expect(Object.keys(result)).not.toContain("errorInformation");
      expect(unknownData(result)?.fields).toEqual({
        errorInformation: {
          reason: "PROCESSOR_DECLINED",
          message: "Decline - General decline of the card.",
        },
      });
      // Inline objects of an open type are open too: each keeps its own.
      expect(unknownData(result.orderInformation?.amountDetails)?.fields).toEqual({
        exchangeRate: "1.0",
      });
      expect(JSON.parse(JSON.stringify(result))).not.toHaveProperty("errorInformation");
    },
  );
});
