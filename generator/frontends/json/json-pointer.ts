import type { JsonNode } from "./json-node.js";

/**
 * JSON pointers (RFC 6901) in their URI fragment form, `#/paths/~1pets/get`:
 * the way positions inside a document are named in messages and `$ref`s.
 */

/** `~` → `~0`, `/` → `~1`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The pointer of a member or item of the value at `pointer` (`#` is the whole document). */
export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${typeof segment === "number" ? String(segment) : escapePointerSegment(segment)}`;
}

/**
 * The segments of a pointer fragment (with or without the leading `#`),
 * percent-decoded and unescaped; `undefined` when it is not a pointer (it does
 * not start with `/`, or has a `~` not followed by `0` or `1`, or a bad
 * percent escape).
 */
export function parsePointer(fragment: string): string[] | undefined {
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  let decoded: string;
  try {
    decoded = decodeURIComponent(body);
  } catch {
    return undefined;
  }
  if (decoded === "") return [];
  if (!decoded.startsWith("/")) return undefined;
  const segments = decoded.slice(1).split("/");
  if (segments.some((s) => /~(?![01])/.test(s))) return undefined;
  return segments.map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** `#` followed by the escaped segments. */
export function formatPointer(segments: readonly string[]): string {
  return `#${segments.map((s) => `/${escapePointerSegment(s)}`).join("")}`;
}

/**
 * The node a pointer's segments lead to from `root`, or the index of the
 * first segment that leads nowhere.
 */
export function resolvePointer(
  root: JsonNode,
  segments: readonly string[],
): { found: true; node: JsonNode } | { found: false; failedAt: number } {
  let node: JsonNode = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (node.kind === "object") {
      const member = node.members.get(segment);
      if (!member) return { found: false, failedAt: i };
      node = member.value;
    } else if (node.kind === "array") {
      const item = /^(0|[1-9][0-9]*)$/.test(segment) ? node.items[Number(segment)] : undefined;
      if (!item) return { found: false, failedAt: i };
      node = item;
    } else return { found: false, failedAt: i };
  }
  return { found: true, node };
}
