/**
 * Numbers that meet a field's bounds, step and digit counts, computed
 * exactly: as whole numbers of a unit (`0.01` for cents), never through a
 * binary float, then written as the text or number the generated code holds.
 */
import type { Field, ScalarName } from "../model/ir.js";

/** Digits after the point at most, and the most `totalDigits` read: a hostile facet cannot make the numbers huge. */
const MOST_DIGITS = 40;

type NumberScalar = Extract<ScalarName, "short" | "int" | "long" | "decimal" | "double">;

const TYPE_RANGES: Readonly<Record<NumberScalar, readonly [bigint, bigint] | undefined>> = {
  short: [-32768n, 32767n],
  int: [-2147483648n, 2147483647n],
  long: [-9223372036854775808n, 9223372036854775807n],
  // A double is exact up to 2^53: beyond that its text is not the number drawn.
  double: [-9007199254740991n, 9007199254740991n],
  decimal: undefined,
};

/** Whether a scalar is one of the numbers. */
export function isNumberScalar(name: ScalarName): name is NumberScalar {
  return name in TYPE_RANGES;
}

/**
 * Candidate values of a number field, best first: one drawn at random in a
 * plain range (1 to 1000 when the bounds allow; else anywhere they allow),
 * then the bounds themselves and zero. The caller keeps the first that passes every check.
 */
export function numberCandidates(
  scalar: NumberScalar,
  field: Field,
  random: () => number,
): unknown[] {
  const facet = (key: string) => field.facets.find((f) => f.key === key)?.value;
  const whole = scalar === "short" || scalar === "int" || scalar === "long";
  const fractionDigits = facet("fractionDigits");
  const bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    .map((key) => facet(key))
    .filter((v) => v !== undefined)
    .map(String);
  const scale = whole
    ? 0
    : Math.min(
        MOST_DIGITS,
        Math.max(
          Math.min(typeof fractionDigits === "number" ? fractionDigits : 2, 2),
          ...bounds.map((b) => b.split(".")[1]?.length ?? 0),
        ),
      );
  const unit = facet("multipleOf") !== undefined ? scaled(String(facet("multipleOf")), scale) : 1n;
  const range = unitRange(field, scalar, scale, unit);
  const one = 10n ** BigInt(scale);
  const plain = clampRange(range, [ceilDiv(one, unit), (1000n * one) / unit]);
  const picks = [drawIn(plain ?? range, random)];
  if (range.low !== undefined) picks.push(range.low);
  if (range.high !== undefined) picks.push(range.high);
  picks.push(0n);
  return picks
    .filter((k): k is bigint => k !== undefined)
    .map((k) => held(scalar, textOf(k * unit, scale)));
}

interface UnitRange {
  readonly low?: bigint;
  readonly high?: bigint;
}

/** The whole numbers of units the value may be: from the bounds, the type's range and `totalDigits`. */
function unitRange(field: Field, scalar: NumberScalar, scale: number, unit: bigint): UnitRange {
  const facet = (key: string) => field.facets.find((f) => f.key === key)?.value;
  const lows: bigint[] = [];
  const highs: bigint[] = [];
  const at = (key: string) => (facet(key) === undefined ? undefined : String(facet(key)));
  const minimum = at("minimum");
  const maximum = at("maximum");
  const exclusiveMinimum = at("exclusiveMinimum");
  const exclusiveMaximum = at("exclusiveMaximum");
  if (minimum !== undefined) lows.push(ceilDiv(ceilScaled(minimum, scale), unit));
  if (exclusiveMinimum !== undefined)
    lows.push(ceilDiv(floorScaled(exclusiveMinimum, scale) + 1n, unit));
  if (maximum !== undefined) highs.push(floorDiv(floorScaled(maximum, scale), unit));
  if (exclusiveMaximum !== undefined)
    highs.push(floorDiv(ceilScaled(exclusiveMaximum, scale) - 1n, unit));
  const typeRange = TYPE_RANGES[scalar];
  const one = 10n ** BigInt(scale);
  if (typeRange) {
    lows.push(ceilDiv(typeRange[0] * one, unit));
    highs.push(floorDiv(typeRange[1] * one, unit));
  }
  const totalDigits = facet("totalDigits");
  if (typeof totalDigits === "number" && totalDigits <= MOST_DIGITS) {
    const most = 10n ** BigInt(totalDigits) - 1n;
    lows.push(ceilDiv(-most, unit));
    highs.push(floorDiv(most, unit));
  }
  return {
    ...(lows.length > 0 ? { low: lows.reduce((a, b) => (a > b ? a : b)) } : {}),
    ...(highs.length > 0 ? { high: highs.reduce((a, b) => (a < b ? a : b)) } : {}),
  };
}

/** The part of `preferred` inside `range`, or undefined when they do not meet. */
function clampRange(range: UnitRange, preferred: readonly [bigint, bigint]): UnitRange | undefined {
  const low = range.low !== undefined && range.low > preferred[0] ? range.low : preferred[0];
  const high = range.high !== undefined && range.high < preferred[1] ? range.high : preferred[1];
  return low <= high ? { low, high } : undefined;
}

/** A whole number drawn in a range (its first million values when it is wider). */
function drawIn(range: UnitRange, random: () => number): bigint | undefined {
  const low = range.low ?? (range.high !== undefined ? range.high - 1000n : 0n);
  const high = range.high ?? low + 1000n;
  if (high < low) return undefined;
  const width = high - low < 1_000_000n ? Number(high - low) : 1_000_000;
  return low + BigInt(Math.floor(random() * (width + 1)));
}

/** Decimal text times 10^scale, as a whole number (the fraction beyond `scale` cut off toward zero). */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith("-");
  const [int = "0", fraction = ""] = text.replace(/^[-+]/, "").split(".");
  const n = BigInt(`${int || "0"}${fraction.padEnd(scale, "0").slice(0, scale)}`);
  return negative ? -n : n;
}

/** Whether the text has digits beyond `scale` that are not zero. */
function hasMore(text: string, scale: number): boolean {
  return /[1-9]/.test(text.split(".")[1]?.slice(scale) ?? "");
}

function ceilScaled(text: string, scale: number): bigint {
  const n = scaled(text, scale);
  return hasMore(text, scale) && !text.startsWith("-") ? n + 1n : n;
}

function floorScaled(text: string, scale: number): bigint {
  const n = scaled(text, scale);
  return hasMore(text, scale) && text.startsWith("-") ? n - 1n : n;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** A whole number of 10^-scale as decimal text: `1250`, 2 → `12.50`. */
function textOf(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const text =
    scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/** The value as the generated code holds it: text for long and decimal, a number otherwise. */
function held(scalar: NumberScalar, text: string): unknown {
  return scalar === "long" || scalar === "decimal" ? text : Number(text);
}
