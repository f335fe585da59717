import { describe, expect, it } from "vitest";
import { change } from "../../generator/diff/change.js";
import { compareNumbers } from "../../generator/diff/compare-facets.js";
import {
  bumpBetween,
  formatVersion,
  nextVersion,
  parseVersion,
  requiredBump,
  versionAllows,
} from "../../generator/diff/semver.js";

const v = (text: string) => parseVersion(text)!;

describe("the release a set of changes needs", () => {
  it("is major for a breaking change, minor for an addition, patch otherwise", () => {
    expect(requiredBump([])).toBe("none");
    expect(requiredBump([change("info", "sensitivity-added", "s/t", [], "m")])).toBe("patch");
    expect(
      requiredBump([change("warning", "enum-value-added", "s/e", ["wire-json"], "m", true)]),
    ).toBe("minor");
    expect(
      requiredBump([
        change("info", "type-added", "s/t", [], "m", true),
        change("breaking", "field-removed", "s/t/f", ["source"], "m"),
      ]),
    ).toBe("major");
  });

  it("reads 0.x the way npm's caret ranges do", () => {
    expect(formatVersion(nextVersion(v("1.4.2"), "major"))).toBe("2.0.0");
    expect(formatVersion(nextVersion(v("1.4.2"), "minor"))).toBe("1.5.0");
    expect(formatVersion(nextVersion(v("1.4.2"), "patch"))).toBe("1.4.3");
    expect(formatVersion(nextVersion(v("0.1.4"), "major"))).toBe("0.2.0");
    expect(formatVersion(nextVersion(v("0.1.4"), "minor"))).toBe("0.1.5");
    expect(bumpBetween(v("0.1.0"), v("0.2.0"))).toBe("major");
    expect(bumpBetween(v("0.1.0"), v("0.1.1"))).toBe("minor");
    expect(bumpBetween(v("1.1.0"), v("1.1.1"))).toBe("patch");
    expect(bumpBetween(v("1.1.0"), v("1.0.9"))).toBe("none");
    expect(versionAllows(v("0.1.0"), v("0.1.1"), "major")).toBe(false);
    expect(versionAllows(v("0.1.0"), v("1.0.0"), "major")).toBe(true);
    expect(versionAllows(v("2.3.0"), v("2.4.0"), "minor")).toBe(true);
  });

  it("parses versions strictly", () => {
    expect(parseVersion("1.2.3-beta.1+build")).toEqual({ major: 1, minor: 2, patch: 3 });
    for (const bad of ["1.2", "01.2.3", "v1.2.3", "1.2.3.4", ""])
      expect(parseVersion(bad), bad).toBeUndefined();
  });

  it("compares facet bounds exactly, as decimals", () => {
    expect(compareNumbers("0.10", "0.1")).toBe(0);
    expect(compareNumbers("-1.5", "-1.25")).toBe(-1);
    expect(compareNumbers("99999999999999999999.1", "99999999999999999999.09")).toBe(1);
    expect(compareNumbers(10, "9.99")).toBe(1);
    expect(compareNumbers("[0-9]+", "1")).toBeUndefined();
  });
});
