import type { Field } from "../model/ir.js";
import { directionText, type Direction, type ServicePair } from "./diff-context.js";

type Facets = Field["facets"];

/**
 * Facets compared by key, whatever facets the registry holds: a key starting
 * with `min` is a lower bound, with `max` an upper bound, anything else (a
 * pattern) a constraint that a change both tightens and loosens.
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
    const { tighter, looser } = direction(key, b, a);
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

function direction(
  key: string,
  b: number | string | undefined,
  a: number | string | undefined,
): { tighter: boolean; looser: boolean } {
  if (b === undefined) return { tighter: true, looser: false };
  if (a === undefined) return { tighter: false, looser: true };
  const order = compareNumbers(b, a);
  if (order === undefined || !/^(min|max)/.test(key)) return { tighter: true, looser: true };
  const lower = key.startsWith("min");
  // A lower bound raised, or an upper bound lowered, accepts less.
  return lower
    ? { tighter: order < 0, looser: order > 0 }
    : { tighter: order > 0, looser: order < 0 };
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
