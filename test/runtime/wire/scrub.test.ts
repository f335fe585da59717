/**
 * Finding the secrets of a value with its redactor, and scrubbing them from
 * text a server wrote; errors that print and serialize only scrubbed text.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  HttpStatusError,
  SoapFaultError,
  TransportError,
} from "../../../generator/runtime/errors.js";
import { loggable, withRedactedInspect } from "../../../generator/runtime/inspect.js";
import {
  collectingSecrets,
  mergeSecrets,
  NO_SECRETS,
  redact,
  scrubText,
  scrubValue,
  type Secrets,
} from "../../../generator/runtime/redact.js";

const CARD = "4111111111119876";

const secrets = (entries: Record<string, Parameters<typeof redact>[0]>): Secrets =>
  new Map(Object.entries(entries));

describe("collectingSecrets", () => {
  it("records every value redact() is given while the copy is made, with its kind", () => {
    const card = { number: CARD, code: "737", holder: "Ada" };
    const { copy, secrets: found } = collectingSecrets(() => ({
      ...card,
      number: redact("card-number", card.number),
      code: redact("card-code", card.code),
    }));
    expect(copy).toEqual({ number: "\u20269876", code: "[redacted]", holder: "Ada" });
    expect([...found]).toEqual([
      [CARD, "card-number"],
      ["737", "card-code"],
    ]);
  });

  it("records each leaf of a value hidden whole (a card the package cannot type) long enough to scrub, or a card code, own properties only", () => {
    const inherited = Object.create({ leaked: "INHERITED-VALUE" }) as Record<string, unknown>;
    inherited.number = CARD;
    const opaque = { card: inherited, exp: ["12", "2030"], flags: [true, null], cvc: "737" };
    const { copy, secrets: found } = collectingSecrets(() => redact("secret", opaque));
    expect(copy).toBe("[redacted]");
    expect([...found].sort()).toEqual([
      ["2030", "secret"],
      [CARD, "secret"],
      ["737", "secret"],
    ]);
  });

  it("records nothing outside, and passes what a nested collection found to the outer one", () => {
    redact("token", "outside");
    const outer = collectingSecrets(() => {
      const inner = collectingSecrets(() => redact("token", "inner"));
      expect([...inner.secrets.keys()]).toEqual(["inner"]);
      return redact("cryptogram", "outer");
    });
    expect([...outer.secrets.keys()]).toEqual(["inner", "outer"]);
    expect(collectingSecrets(() => redact("token", "")).secrets.size).toBe(0);
  });

  it("stops recording when the copy throws", () => {
    expect(() =>
      collectingSecrets(() => {
        throw new Error("redactor failed");
      }),
    ).toThrow("redactor failed");
    const after = collectingSecrets(() => 1);
    expect(after.secrets.size).toBe(0);
  });

  it("mergeSecrets joins sets, and keeps an only non-empty one as is", () => {
    const a = secrets({ A: "token" });
    expect(mergeSecrets(NO_SECRETS, a)).toBe(a);
    expect([...mergeSecrets(a, secrets({ B: "card-code" })).keys()]).toEqual(["A", "B"]);
  });
});

describe("scrubText", () => {
  const known = secrets({
    [CARD]: "card-number",
    "000123456789": "account-number",
    "TK-a&b<c>": "transaction-key",
    "73": "card-code",
  });

  it("replaces each secret by its redacted form: the last four digits of numbers, [redacted] otherwise", () => {
    expect(scrubText(`card ${CARD}, account 000123456789, key TK-a&b<c>`, known)).toBe(
      "card \u20269876, account \u20266789, key [redacted]",
    );
  });

  it("finds secrets escaped for XML or JSON", () => {
    expect(scrubText("<key>TK-a&amp;b&lt;c&gt;</key>", known)).toBe("<key>[redacted]</key>");
    expect(scrubText('{"key":"say \\"hi\\""}', secrets({ 'say "hi"': "token" }))).toBe(
      '{"key":"[redacted]"}',
    );
  });

  it("finds a card number written in groups, by its digits", () => {
    expect(
      scrubText("card 4111 1111 1111 9876 / 4111-1111-1111-9876 / 12 4111 1111 1111 9876", known),
    ).toBe("card \u20269876 / \u20269876 / \u20269876");
    // Within a longer number, the number itself is replaced.
    expect(scrubText(`0${CARD}0`, known)).toBe("0\u202698760");
  });

  it("does not scrub a replacement again, and keeps text without secrets as is", () => {
    // "73" is a secret too, but the "…9876" written for the card is not scrubbed again.
    expect(scrubText(`${CARD}`, secrets({ [CARD]: "card-number", "9876": "card-code" }))).toBe(
      "\u20269876",
    );
    expect(scrubText("nothing to see", known)).toBe("nothing to see");
    expect(scrubText(`card ${CARD}`, NO_SECRETS)).toBe(`card ${CARD}`);
  });
});

describe("scrubValue", () => {
  it("copies a parsed body with every string and key scrubbed", () => {
    const known = secrets({ [CARD]: "card-number" });
    const body = {
      message: `card ${CARD}`,
      [CARD]: [CARD, 1, true, null],
      nested: { deeper: `x${CARD}x` },
    };
    expect(scrubValue(body, known)).toEqual({
      message: "card \u20269876",
      "\u20269876": ["\u20269876", 1, true, null],
      nested: { deeper: "x\u20269876x" },
    });
    expect(JSON.stringify(body)).toContain(CARD);
  });

  it("keeps __proto__ as an own key", () => {
    const body = JSON.parse(`{"__proto__":{"polluted":"${CARD}"}}`) as unknown;
    const scrubbed = scrubValue(body, secrets({ [CARD]: "card-number" })) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(scrubbed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(scrubbed, "__proto__")?.value).toEqual({
      polluted: "\u20269876",
    });
  });
});

describe("errors print and serialize without secrets", () => {
  it("keep the body as received behind unredactedBody(), which no output shows", () => {
    const raw = `<html>${CARD}</html>`;
    const error = new HttpStatusError(502, undefined, "<html>\u20269876</html>", undefined, {
      unredactedBody: raw,
    });
    expect(error.unredactedBody()).toBe(raw);
    for (const text of [
      inspect(error, { showHidden: true, depth: 10 }),
      JSON.stringify(error),
      error.stack ?? "",
    ])
      expect(text).not.toContain(CARD);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "HttpStatusError",
      code: "http.status",
      message: "HTTP 502",
      status: 502,
      body: "<html>\u20269876</html>",
    });
    expect(new TransportError("network", "failed").unredactedBody()).toBeUndefined();
  });

  it("an ApiError's result is serialized in its redacted form", () => {
    const result = withRedactedInspect({ resultCode: "Error", cardNumber: CARD }, (r) => ({
      ...r,
      cardNumber: redact("card-number", r.cardNumber),
    }));
    const error = new ApiError("Op", [{ code: "E1", text: "declined" }], result);
    expect(JSON.stringify(error)).not.toContain(CARD);
    expect(inspect(error, { depth: 10 })).not.toContain(CARD);
    expect(error.result).toBe(result);
    expect(result.cardNumber).toBe(CARD);
    expect(loggable(result)).toEqual({ resultCode: "Error", cardNumber: "\u20269876" });
    expect(loggable("plain")).toBe("plain");
  });

  it("keep a cause given explicitly, even an undefined one", () => {
    expect("cause" in new SoapFaultError("c", "s", undefined)).toBe(false);
    expect(new TransportError("abort", "aborted", { cause: "why" }).cause).toBe("why");
    expect("cause" in new TransportError("abort", "aborted", { cause: undefined })).toBe(true);
  });
});
