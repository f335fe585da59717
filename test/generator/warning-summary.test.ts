import { describe, expect, it } from "vitest";
import {
  Diagnostics,
  formatDiagnostic,
  type Diagnostic,
} from "../../generator/diagnostics/diagnostic.js";
import { warningsAsErrors, warningSummary } from "../../generator/diagnostics/warning-summary.js";

const at = { file: "api.yaml", line: 3, col: 7 };
const warning = (kind: string, message = "approximated"): Diagnostic => ({
  at,
  message,
  severity: "warning",
  kind,
  pointer: "#/a",
});

describe("warnings", () => {
  it.each([
    { given: [], want: "" },
    { given: [warning("ref-sibling")], want: "1 warning (1 ref-sibling)" },
    {
      given: [warning("ref-sibling"), warning("allof-conflict"), warning("ref-sibling")],
      want: "3 warnings (1 allof-conflict, 2 ref-sibling)",
    },
  ])("are counted by kind, kinds by name: $want", ({ given, want }) => {
    expect(warningSummary(given)).toBe(want);
  });

  it.each([
    { given: { at, message: "broken" }, want: "api.yaml:3:7: broken" },
    { given: { at, message: "broken", pointer: "#/x" }, want: "api.yaml:3:7: broken (at #/x)" },
    { given: warning("tuple", "a tuple"), want: "api.yaml:3:7: warning: a tuple (at #/a)" },
  ])("print as file:line:col: [warning: ]message (at pointer): $want", ({ given, want }) => {
    expect(formatDiagnostic(given)).toBe(want);
  });

  it("never count as errors; --strict makes each an error naming its kind", () => {
    const d = new Diagnostics();
    d.warning(at, "tuple", "a tuple", "#/t");
    d.warning(at, "tuple", "a tuple", "#/t");
    expect(d.count).toBe(0);
    expect(d.sorted()).toEqual([]);
    expect(d.warnings().map(formatDiagnostic)).toEqual(["api.yaml:3:7: warning: a tuple (at #/t)"]);
    expect(warningsAsErrors(d.warnings()).map(formatDiagnostic)).toEqual([
      "api.yaml:3:7: tuple: a tuple (at #/t)",
    ]);
  });
});
