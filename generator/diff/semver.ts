import type { Change } from "./change.js";

/** The release a set of changes needs: major for a breaking one, minor for an addition, patch for anything else. */
export type Bump = "major" | "minor" | "patch" | "none";

const RANK: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

export function requiredBump(changes: readonly Change[]): Bump {
  if (changes.some((c) => c.severity === "breaking")) return "major";
  if (changes.some((c) => c.addition)) return "minor";
  return changes.length > 0 ? "patch" : "none";
}

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** `1.2.3`, with an optional pre-release or build suffix (ignored for comparison); undefined when not a version. */
export function parseVersion(text: string): Version | undefined {
  const m =
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(
      text.trim(),
    );
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) } : undefined;
}

/**
 * The lowest version after `from` that allows `bump`. Below 1.0.0 the major
 * is 0 and the digits shift, as npm's caret ranges read them: a breaking
 * change bumps the minor (0.1.4 → 0.2.0), anything else the patch.
 */
export function nextVersion(from: Version, bump: Bump): Version {
  if (bump === "none") return from;
  if (from.major === 0) {
    return bump === "major"
      ? { major: 0, minor: from.minor + 1, patch: 0 }
      : { major: 0, minor: from.minor, patch: from.patch + 1 };
  }
  if (bump === "major") return { major: from.major + 1, minor: 0, patch: 0 };
  if (bump === "minor") return { major: from.major, minor: from.minor + 1, patch: 0 };
  return { major: from.major, minor: from.minor, patch: from.patch + 1 };
}

/** What going from one version to another announces, read with the 0.x rule. */
export function bumpBetween(from: Version, to: Version): Bump {
  if (to.major !== from.major) return to.major > from.major ? "major" : "none";
  if (to.minor !== from.minor)
    return to.minor > from.minor ? (from.major === 0 ? "major" : "minor") : "none";
  if (to.patch !== from.patch)
    return to.patch > from.patch ? (from.major === 0 ? "minor" : "patch") : "none";
  return "none";
}

/** Whether moving from `from` to `to` announces at least `needed`. */
export function versionAllows(from: Version, to: Version, needed: Bump): boolean {
  return RANK[bumpBetween(from, to)] >= RANK[needed];
}

export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** `a major release`, with what that is below 1.0.0. */
export function bumpText(bump: Bump): string {
  switch (bump) {
    case "major":
      return "a major release (a minor one while the major is 0)";
    case "minor":
      return "a minor release (a patch while the major is 0)";
    case "patch":
      return "a patch release";
    case "none":
      return "no release";
  }
}
