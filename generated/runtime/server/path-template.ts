/**
 * Matching a request path against an operation's path template
 * (`/pts/v2/payments/{id}/captures`) segment by segment: no regular
 * expression is built from contract text, so no path can make matching slow.
 */

/** One segment of a template: literal text, or a parameter with the literal text around it (`{id}`, `v{version}.json`). */
type Segment =
  | { readonly kind: "literal"; readonly text: string }
  | {
      readonly kind: "param";
      readonly name: string;
      readonly prefix: string;
      readonly suffix: string;
    };

/** A compiled template: its segments, and how specific it is (literal segments count first when two match). */
export interface PathTemplate {
  readonly template: string;
  readonly segments: readonly Segment[];
  readonly literals: number;
}

/** Compiles a template; a segment holding more than one parameter matches as literal text. */
export function compilePath(template: string): PathTemplate {
  const segments = splitPath(template).map((text): Segment => {
    const open = text.indexOf("{");
    const close = text.indexOf("}", open);
    if (open < 0 || close < 0 || text.indexOf("{", close) >= 0) return { kind: "literal", text };
    return {
      kind: "param",
      name: text.slice(open + 1, close),
      prefix: text.slice(0, open),
      suffix: text.slice(close + 1),
    };
  });
  return { template, segments, literals: segments.filter((s) => s.kind === "literal").length };
}

/** The path's parameters (decoded) when it matches the template; `undefined` when it does not. */
export function matchPath(
  template: PathTemplate,
  path: string,
): Readonly<Record<string, string>> | undefined {
  const parts = splitPath(path);
  if (parts.length !== template.segments.length) return undefined;
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < parts.length; i++) {
    const segment = template.segments[i]!;
    const part = parts[i]!;
    if (segment.kind === "literal") {
      if (part !== segment.text) return undefined;
      continue;
    }
    const { prefix, suffix } = segment;
    if (part.length <= prefix.length + suffix.length) return undefined;
    if (!part.startsWith(prefix) || !part.endsWith(suffix)) return undefined;
    const value = decode(part.slice(prefix.length, part.length - suffix.length));
    if (value === undefined) return undefined;
    params[segment.name] = value;
  }
  return params;
}

/** The non-empty segments of a path, a trailing slash ignored. */
function splitPath(path: string): string[] {
  return path.split("/").filter((s, i, all) => s !== "" || (i > 0 && i < all.length - 1));
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
