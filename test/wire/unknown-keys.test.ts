/**
 * A key that is not in the schema is reported by its position, never by its
 * name: the caller chose the name, and it could be a card number.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../generated/subscriptions/index.js";
import { fn, generatedModule } from "../helpers/generated.js";

const CARD = "4111111111119876";
const SECRET = "S3CRET-VALUE-42";
const forbidden = [CARD, CARD.slice(0, 12), SECRET];

describe("keys that are not in the schema", () => {
  it("are reported by position, never by name: a card number used as a key is not echoed", async () => {
    const validators = await generatedModule("subscriptions", "validators");
    const validate = fn<
      (v: unknown) => {
        ok: boolean;
        issues?: readonly { path: string; code: string; message: string }[];
      }
    >(validators, "validateCreditCard");
    const root = validate({ [CARD]: "x" });
    expect(root.ok).toBe(false);
    const unknown = root.issues!.filter((i) => i.code === "unknown-field");
    expect(unknown).toEqual([
      {
        path: "<unknown key #1>",
        code: "unknown-field",
        message: "is not a documented field (the key's name is not shown)",
      },
    ]);

    const nested = fn<(v: unknown) => { issues?: readonly { path: string; code: string }[] }>(
      validators,
      "validateARBCreateSubscriptionRequest",
    )({
      subscription: { name: "plan", [CARD]: { cardNumber: CARD }, [SECRET]: 1 },
    });
    const paths = nested.issues!.filter((i) => i.code === "unknown-field").map((i) => i.path);
    expect(paths).toEqual(["subscription.<unknown key #2>", "subscription.<unknown key #3>"]);
    const text = JSON.stringify(nested.issues);
    for (const secret of forbidden) expect(text).not.toContain(secret);
    const error = new ValidationError(nested.issues as never);
    for (const secret of forbidden)
      expect(
        `${error.message}\n${error.stack}\n${inspect(error)}\n${JSON.stringify(error)}`,
      ).not.toContain(secret);
  });
});
