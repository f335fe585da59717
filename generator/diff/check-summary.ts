import type { Model } from "../model/ir.js";
import type { Change } from "./change.js";
import { diffModels } from "./compare-model.js";
import { readModelRecord } from "./model-record.js";
import { formatVersion, nextVersion, parseVersion, requiredBump, versionAllows } from "./semver.js";
import { summaryLine } from "./format-text.js";

/** What a stale output's schema change does to the package, for `generate --check`. */
export interface CheckSummary {
  /** Lines to print: none when the contract is unchanged. */
  readonly lines: readonly string[];
  /** The changes are breaking and the version was not raised enough for them. */
  readonly versionTooLow: boolean;
}

/**
 * Compares the model recorded in the output folder with the schemas' model:
 * counts per severity, each breaking change, and whether the package version
 * (recorded before, set now) was raised as far as the changes need.
 */
export async function checkSummary(
  outDir: string,
  outLabel: string,
  model: Model,
  version: string,
  versionSource: string,
): Promise<CheckSummary> {
  const record = await readModelRecord(outDir);
  if (!record)
    return {
      lines: [
        `paygen: ${outLabel}/ has no readable model record, so what the schema change does to the package is unknown`,
      ],
      versionTooLow: false,
    };
  const changes: Change[] = await diffModels(record.model, model);
  // Only documentation, or paygen itself, changed: the stale files say it all.
  if (changes.length === 0) return { lines: [], versionTooLow: false };
  const lines = [
    `paygen: schema changes since ${outLabel}/ was generated: ${summaryLine(changes)}`,
  ];
  for (const c of changes.filter((x) => x.severity === "breaking"))
    lines.push(`  breaking ${c.path}: ${c.message}`);
  const bump = requiredBump(changes);
  const before = parseVersion(record.version);
  const now = parseVersion(version);
  if (bump !== "major" || !before || !now || versionAllows(before, now, bump))
    return { lines, versionTooLow: false };
  lines.push(
    `paygen: the package version is ${version} (${versionSource}), ${outLabel}/ was ${record.version}: these breaking changes need ${formatVersion(nextVersion(before, bump))} or later`,
  );
  return { lines, versionTooLow: true };
}
