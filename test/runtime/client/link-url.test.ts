import { describe, expect, it } from "vitest";
import { LinkError } from "../../../generator/runtime/errors.js";
import { fillPath, joinUrl, linkUrl } from "../../../generator/runtime/rest-call.js";

describe("following links", () => {
  it("takes a path href under the base URL, keeping a path prefix like the client's own calls", () => {
    expect(linkUrl("https://gw.example.test", "capture", "/pts/v2/payments/1/captures")).toBe(
      "https://gw.example.test/pts/v2/payments/1/captures",
    );
    expect(
      linkUrl("https://proxy.example.test/gateway/", "capture", "/pts/v2/payments/1/captures"),
    ).toBe("https://proxy.example.test/gateway/pts/v2/payments/1/captures");
    expect(joinUrl("https://proxy.example.test/gateway", "/pts/v2/payments")).toBe(
      "https://proxy.example.test/gateway/pts/v2/payments",
    );
  });

  it("accepts an absolute href only under the base URL", () => {
    expect(
      linkUrl(
        "https://proxy.example.test/gateway",
        "self",
        "https://proxy.example.test/gateway/pts/v2/payments/1",
      ),
    ).toBe("https://proxy.example.test/gateway/pts/v2/payments/1");
    for (const href of [
      "https://proxy.example.test/other/pts/v2/payments/1",
      "https://evil.example.test/gateway/x",
      "//evil.example.test/x",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(() => linkUrl("https://proxy.example.test/gateway", "self", href), href).toThrow(
        LinkError,
      );
    }
  });

  it("refuses a missing link", () => {
    expect(() => linkUrl("https://gw.example.test", "void", undefined)).toThrow(/no void link/);
  });

  it("encodes path parameters and refuses empty ones", () => {
    expect(fillPath("/pts/v2/payments/{id}/captures", { id: "a/b?c" })).toBe(
      "/pts/v2/payments/a%2Fb%3Fc/captures",
    );
    expect(() => fillPath("/pts/v2/payments/{id}", { id: "" })).toThrow(/required/);
  });

  it("refuses a path value that is a dot segment, percent-encoded or not, and keeps other dots", () => {
    for (const id of [".", "..", "%2e", "%2E%2e", ".%2e", "%252E"]) {
      expect(() => fillPath("/pts/v2/payments/{id}/captures", { id }), id).toThrow(/dot segment/);
    }
    expect(fillPath("/pts/v2/payments/{id}", { id: "..." })).toBe("/pts/v2/payments/...");
    expect(fillPath("/pts/v2/payments/{id}", { id: "a..b" })).toBe("/pts/v2/payments/a..b");
    expect(fillPath("/pts/v2/payments/{id}", { id: "%zz" })).toBe("/pts/v2/payments/%25zz");
  });
});
