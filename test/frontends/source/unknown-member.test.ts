import { describe, expect, it } from "vitest";
import { reportUnknownMember } from "../../../generator/frontends/source/unknown-member.js";
import { SourceProblems } from "../../../generator/frontends/source/source-problem.js";

/** One policy for members a language does not define, whichever reader meets them. */
describe("reportUnknownMember", () => {
  const at = { file: "a.yaml", line: 3, col: 5 };
  const known = ["required", "type", "name"];

  it("passes a member of a contract over with a warning of its kind, suggesting the nearest known name", () => {
    const problems = new SourceProblems();
    reportUnknownMember(
      problems,
      { name: "requird", at, described: 'unknown key "requird" in a field', pointer: "#/requird" },
      known,
      { passOver: " is read past", kind: "unknown-key" },
    );
    expect(problems.count).toBe(0);
    expect(problems.warnings().map((p) => [p.kind, p.message])).toEqual([
      [
        "unknown-key",
        'a.yaml:3:5: warning: unknown key "requird" in a field is read past; did you mean "required"? (at #/requird)',
      ],
    ]);
  });

  it("makes an unknown member of paygen's own language an error, with the same suggestion", () => {
    const problems = new SourceProblems();
    reportUnknownMember(
      problems,
      { name: "nme", at, described: 'unknown key "nme" in field' },
      known,
      "error",
    );
    expect(problems.errors().map((p) => p.message)).toEqual([
      'a.yaml:3:5: unknown key "nme" in field; did you mean "name"?',
    ]);
  });

  it("suggests nothing when no known name is near", () => {
    const problems = new SourceProblems();
    reportUnknownMember(
      problems,
      { name: "color", at, described: "attribute color is not allowed on <xs:element>" },
      known,
      {
        passOver: "; it is passed over",
        kind: "unknown-attribute",
      },
    );
    expect(problems.warnings().map((p) => p.detail)).toEqual([
      "attribute color is not allowed on <xs:element>; it is passed over",
    ]);
  });
});
