import type { Facet } from "./facet.js";

/**
 * The whole value matches a regular expression (XML Schema's reading: the
 * pattern is anchored at both ends). Written in ECMAScript syntax with the
 * `u` flag; a pattern that does not compile is a schema error.
 */
export const pattern: Facet = {
  key: "pattern",
  valueKind: "text",
  appliesTo: ["string"],
  appliesToText: "strings",
  problem: (value) => {
    try {
      new RegExp(String(value), "u");
      return undefined;
    } catch (error) {
      return `not a regular expression: ${error instanceof Error ? error.message : String(error)}`;
    }
  },
  doc: (value) => `Matches the pattern \`${String(value)}\` as a whole.`,
  runtimeCheck: "checkPattern",
};
