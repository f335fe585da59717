import { describe, expect, it } from "vitest";
import {
  formatValue,
  isBareValue,
  quoteValue,
} from "../../../generator/runtime/search-query/index.js";

describe("quoting", () => {
  it.each([
    ["abc", "abc"],
    ["4111", "4111"],
    ["100.00", "100.00"],
    ["john.doe@example.com", "john.doe@example.com"],
    ["ics_auth", "ics_auth"],
    ["a-b+c", "a-b+c"],
    ["José", "José"],
    ["日本", "日本"],
    ["NOW", "NOW"],
    ["to", '"to"'],
    ["TO", '"TO"'],
    ["AND", '"AND"'],
    ["and", '"and"'],
    ["Or", '"Or"'],
    ["NOT", '"NOT"'],
    ["", '""'],
    ["a b", '"a b"'],
    ["(x)", '"(x)"'],
    ["a:b", '"a:b"'],
    ["abc*", '"abc*"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["a\\b", '"a\\\\b"'],
    ["-1", '"-1"'],
    ["+15551234", '"+15551234"'],
    ["a/b", '"a/b"'],
    ["a?", '"a?"'],
    ["[1 TO 2]", '"[1 TO 2]"'],
    ["x{y}", '"x{y}"'],
    ["tab\there", '"tab\there"'],
  ])("%j is written %s", (value, written) => {
    expect(formatValue(value)).toBe(written);
    expect(isBareValue(value)).toBe(written === value);
  });

  it("escapes only quotes and backslashes inside quotes", () => {
    expect(quoteValue('\\"*')).toBe('"\\\\\\"*"');
    expect(quoteValue("a b")).toBe('"a b"');
  });
});
