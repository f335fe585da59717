import { describe, expect, it } from "vitest";
import type { Secrets } from "../../../generator/runtime/redact.js";
import { scrubUrl } from "../../../generator/runtime/scrub-url.js";

const SECRETS: Secrets = new Map([
  ["4111111111111111", "card-number"],
  ["8443", "card-code"],
]);

describe("scrubUrl", () => {
  it("scrubs the call's secrets from the path and each query pair, and leaves the origin as it is", () => {
    expect(scrubUrl("https://h.test:8443/cards/4111111111111111?code=8443&limit=5", SECRETS)).toBe(
      "https://h.test:8443/cards/…1111?code=[redacted]&limit=5",
    );
  });

  it("shows a pair as its own view gives it, and scrubs the others", () => {
    expect(
      scrubUrl("https://h.test/p?pan=x&code=8443", SECRETS, (pair) =>
        pair.startsWith("pan=") ? "pan=[redacted]" : undefined,
      ),
    ).toBe("https://h.test/p?pan=[redacted]&code=[redacted]");
  });

  it("leaves a URL without secrets as it is", () => {
    expect(scrubUrl("https://h.test/a/b?c=d", new Map())).toBe("https://h.test/a/b?c=d");
  });
});
