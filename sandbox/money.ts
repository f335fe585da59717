/**
 * Exact arithmetic on decimal amounts (the generated package's `Decimal`
 * strings), and the sandbox's decline rule for amounts.
 */
import { compareDecimal, isDecimal, type Decimal } from "../generated/runtime/scalars.js";

export { compareDecimal };

interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function scaled(amount: Decimal): Scaled {
  if (!isDecimal(amount)) throw new TypeError("not a decimal amount");
  const negative = amount.startsWith("-");
  const body = negative ? amount.slice(1) : amount;
  const [int = "0", frac = ""] = body.split(".");
  const units = BigInt(`${int === "" ? "0" : int}${frac}`);
  return { units: negative ? -units : units, scale: frac.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format(units: bigint, scale: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** `a + b`, exactly, with the larger number of decimals of the two (at least two). */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(2, x.scale, y.scale);
  return format(rescale(x, scale) + rescale(y, scale), scale);
}

/** `a - b`, exactly. */
export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  return addDecimal(a, b.startsWith("-") ? b.slice(1) : `-${b}`);
}

/** True for an amount greater than zero. */
export function isPositive(amount: Decimal): boolean {
  return compareDecimal(amount, "0") > 0;
}

/**
 * The sandbox's decline rule for amounts: an amount whose cents are exactly
 * 13 (`10.13`, `0.130`) is declined.
 */
export function isDeclineAmount(amount: Decimal): boolean {
  const value = scaled(amount);
  const cents = rescale(value, Math.max(2, value.scale));
  const scale = Math.max(2, value.scale);
  const factor = 10n ** BigInt(scale - 2);
  if (cents % factor !== 0n) return false;
  const whole = cents / factor;
  return (whole < 0n ? -whole : whole) % 100n === 13n;
}
