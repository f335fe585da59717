import type { FacetDirection } from "../facets/facet.js";
import { facetOf } from "../facets/registry.js";
import type { Field } from "../model/ir.js";
import { directionText, type Direction, type ServicePair } from "./diff-context.js";

type Facets = Field["facets"];

/**
 * Facets compared by key, whatever facets the registry holds: which way a
 * change goes is the facet's declared direction (`Facet.direction`); a key
 * the registry does not know is a constraint a change both tightens and
 * loosens.
 */
export function compareFacets(
  pair: ServicePair,
  at: string,
  name: string,
  before: Facets,
  after: Facets,
  dir: Direction,
): void {
  const keys = [...new Set([...before.map((f) => f.key), ...after.map((f) => f.key)])].sort();
  for (const key of keys) {
    const b = before.find((f) => f.key === key)?.value;
    const a = after.find((f) => f.key === key)?.value;
    if (b === a) continue;
    const { tighter, looser } = changeOf(facetOf(key)?.direction ?? "any", b, a);
    const what =
      b === undefined
        ? `facet ${key} ${show(a)} was added to ${name}`
        : a === undefined
          ? `facet ${key} ${show(b)} was removed from ${name}`
          : `facet ${key} of ${name} changed from ${show(b)} to ${show(a)}`;
    const text = `${what} (${directionText(dir)})`;
    if (tighter && dir.sent)
      pair.add(
        "breaking",
        "facet-tightened",
        at,
        [pair.wire],
        `${text}: a request valid before may be refused`,
      );
    else if (looser && dir.received)
      pair.add(
        "warning",
        "facet-loosened",
        at,
        [pair.wire],
        `${text}: a response may hold a value the old package's validator refuses`,
      );
    else pair.add("info", tighter ? "facet-tightened" : "facet-loosened", at, [], text);
  }
}

/** Whether changing a facet of direction `direction` from `b` to `a` (either absent) accepts less, more, or both. */
export function changeOf(
  direction: FacetDirection,
  b: number | string | undefined,
  a: number | string | undefined,
): { tighter: boolean; looser: boolean } {
  if (b === undefined) return { tighter: true, looser: false };
  if (a === undefined) return { tighter: false, looser: true };
  if (direction === "step") {
    const tighter = isWholeMultiple(a, b);
    const looser = isWholeMultiple(b, a);
    return tighter && looser
      ? { tighter: false, looser: false }
      : tighter || looser
        ? { tighter, looser }
        : { tighter: true, looser: true };
  }
  const order = compareNumbers(b, a);
  if (order === undefined || direction === "any") return { tighter: true, looser: true };
  // A lower bound raised, or an upper bound lowered, accepts less.
  return direction === "lower"
    ? { tighter: order < 0, looser: order > 0 }
    : { tighter: order > 0, looser: order < 0 };
}

/** Whether the positive decimal `x` is a whole multiple of the positive decimal `y`, computed exactly; false when either is not such a number. */
function isWholeMultiple(x: number | string, y: number | string): boolean {
  const parse = (v: number | string) => /^\+?(\d*)(?:\.(\d*))?$/.exec(String(v).trim());
  const p = parse(x);
  const q = parse(y);
  if (!p || !q || `${p[1]}${p[2] ?? ""}` === "" || `${q[1]}${q[2] ?? ""}` === "") return false;
  const scale = Math.max((p[2] ?? "").length, (q[2] ?? "").length);
  const whole = (m: RegExpExecArray) => BigInt(`${m[1]}${(m[2] ?? "").padEnd(scale, "0")}` || "0");
  const px = whole(p);
  const qy = whole(q);
  return px > 0n && qy > 0n && px % qy === 0n;
}

/** Exact comparison of two numbers written as counts or decimal text; undefined when either is not a number. */
export function compareNumbers(x: number | string, y: number | string): number | undefined {
  const parse = (v: number | string) => {
    const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(String(v).trim());
    if (!m || (m[2] === "" && (m[3] ?? "") === "")) return undefined;
    const int = (m[2] ?? "").replace(/^0+/, "");
    const frac = (m[3] ?? "").replace(/0+$/, "");
    const zero = int === "" && frac === "";
    return { neg: m[1] === "-" && !zero, int, frac };
  };
  const p = parse(x);
  const q = parse(y);
  if (!p || !q) return undefined;
  if (p.neg !== q.neg) return p.neg ? -1 : 1;
  const sign = p.neg ? -1 : 1;
  if (p.int.length !== q.int.length) return sign * (p.int.length < q.int.length ? -1 : 1);
  if (p.int !== q.int) return sign * (p.int < q.int ? -1 : 1);
  const len = Math.max(p.frac.length, q.frac.length);
  const pf = p.frac.padEnd(len, "0");
  const qf = q.frac.padEnd(len, "0");
  return pf === qf ? 0 : sign * (pf < qf ? -1 : 1);
}

function show(v: number | string | undefined): string {
  return JSON.stringify(v);
}
