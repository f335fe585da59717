import { countBySeverity, SEVERITIES, type Change, type Severity } from "./change.js";
import { bumpText, requiredBump } from "./semver.js";

const COLOURS: Record<Severity, string> = {
  breaking: "\u001b[31m",
  warning: "\u001b[33m",
  info: "\u001b[36m",
};
const RESET = "\u001b[0m";
const BOLD = "\u001b[1m";

/** One line of counts: `2 breaking, 1 warning, 0 info: needs a major release (...)`. */
export function summaryLine(changes: readonly Change[]): string {
  if (changes.length === 0) return "no changes";
  const counts = countBySeverity(changes);
  return `${SEVERITIES.map((s) => `${counts[s]} ${s}`).join(", ")}: needs ${bumpText(requiredBump(changes))}`;
}

/** For a terminal: a summary line, then the changes grouped by severity; coloured only when asked (stdout is a TTY). */
export function formatText(
  changes: readonly Change[],
  options: { readonly colour?: boolean } = {},
): string {
  const paint = (code: string, text: string) => (options.colour ? `${code}${text}${RESET}` : text);
  const lines = [summaryLine(changes)];
  for (const severity of SEVERITIES) {
    const group = changes.filter((c) => c.severity === severity);
    if (group.length === 0) continue;
    lines.push("", paint(BOLD + COLOURS[severity], `${severity.toUpperCase()} (${group.length})`));
    for (const c of group) {
      lines.push(
        `  ${paint(COLOURS[severity], c.path)}  ${c.kind}${c.surfaces.length > 0 ? `  [${c.surfaces.join(", ")}]` : ""}`,
      );
      lines.push(`    ${c.message}`);
    }
  }
  return lines.join("\n");
}
