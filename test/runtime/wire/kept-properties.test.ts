import { describe, expect, it } from "vitest";
import { withUnknownFields } from "../../../generator/runtime/read-options.js";
import { keptProperties } from "../../../generator/runtime/read-values.js";

describe("keptProperties", () => {
  it("gives what a keep-mode reader kept beside a value, for its writer to write after the documented fields", () => {
    const value = withUnknownFields({ id: "1" }, { extra: { href: "/a" }, count: 2 });
    expect(keptProperties(value)).toEqual({ extra: { href: "/a" }, count: 2 });
    expect({ id: value.id, ...keptProperties(value) }).toEqual({
      id: "1",
      extra: { href: "/a" },
      count: 2,
    });
  });

  it("gives nothing for a value a caller built", () => {
    expect(keptProperties({ id: "1" })).toEqual({});
  });

  it("never writes a kept __proto__ as the prototype", () => {
    const fields = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<
      string,
      never
    >;
    const out = keptProperties(withUnknownFields({}, fields));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual({ ok: 1 });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
