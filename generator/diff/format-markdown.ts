import { countBySeverity, SEVERITIES, type Change } from "./change.js";
import { bumpText, requiredBump } from "./semver.js";

/** For a pull request comment: counts, the release needed, and one table per severity. */
export function formatMarkdown(changes: readonly Change[]): string {
  const lines = ["## Contract changes", ""];
  if (changes.length === 0) return [...lines, "No changes."].join("\n");
  const counts = countBySeverity(changes);
  lines.push(
    `${SEVERITIES.map((s) => `**${counts[s]}** ${s}`).join(", ")}; this needs ${bumpText(requiredBump(changes))}.`,
  );
  for (const severity of SEVERITIES) {
    const group = changes.filter((c) => c.severity === severity);
    if (group.length === 0) continue;
    lines.push(
      "",
      `### ${severity[0]!.toUpperCase()}${severity.slice(1)} (${group.length})`,
      "",
      "| path | kind | surfaces | what changed |",
      "| --- | --- | --- | --- |",
    );
    for (const c of group)
      lines.push(
        `| ${code(c.path)} | ${code(c.kind)} | ${c.surfaces.join(", ") || "none"} | ${cell(c.message)} |`,
      );
  }
  return lines.join("\n");
}

/** Schema names are not markdown: table cells escape what would end a cell or start markup. */
function cell(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/([\\|*_`<>[\]#])/g, "\\$1");
}

function code(text: string): string {
  const clean = text.replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
  const fence = clean.includes("`") ? "``" : "`";
  return `${fence}${fence.length > 1 ? " " : ""}${clean}${fence.length > 1 ? " " : ""}${fence}`;
}
