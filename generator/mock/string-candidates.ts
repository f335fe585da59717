/**
 * Strings for a string field, best first: samples of its pattern (drawn
 * longer and longer, so a length facet can be met too), a value of the
 * format the contract names (a uuid, an email address...), then plain text
 * made from the field's name and fitted to its lengths.
 */
import type { Field } from "../model/ir.js";
import { sampleOfPattern } from "./pattern-sample.js";
import { pickIndex } from "./seeded-random.js";

/** The longest plain text drawn: a hostile `minLength` gets this much, and a miss. */
const LONGEST_TEXT = 4096;

/** Samples of a pattern are drawn with repeats up to each of these in turn. */
const PATTERN_REPEATS = [2, 3, 3, 3, 6, 6, 12, 12, 24, 24, 48, 48, 96, 96];
/** Then, to reach a length, with each quantifier repeated exactly 0, 1, 2... times beyond its minimum, up to this. */
const MOST_FIXED_REPEATS = 64;

/** Strings for the field, best first; a sample of its pattern that meets its lengths is returned alone. */
export function stringCandidates(field: Field, random: () => number): string[] {
  const facet = (key: string) => field.facets.find((f) => f.key === key)?.value;
  const min = typeof facet("minLength") === "number" ? (facet("minLength") as number) : 0;
  const max = typeof facet("maxLength") === "number" ? (facet("maxLength") as number) : undefined;
  const pattern = facet("pattern");
  const out: string[] = [];
  if (pattern !== undefined) {
    const shapes = [
      ...PATTERN_REPEATS.map((extraRepeats) => ({ extraRepeats })),
      ...Array.from(
        { length: Math.min(max ?? min, MOST_FIXED_REPEATS) + 1 },
        (_, extraRepeats) => ({
          extraRepeats,
          fixed: true,
        }),
      ),
    ];
    for (const shape of shapes) {
      const sample = sampleOfPattern(String(pattern), random, shape);
      if (
        sample !== undefined &&
        sample.length >= min &&
        (max === undefined || sample.length <= max)
      )
        return [sample];
      if (sample !== undefined) out.push(sample);
    }
  }
  const format = formatOf(field);
  const formatted = format !== undefined ? formatValue(format, random) : undefined;
  if (formatted !== undefined) out.push(formatted);
  out.push(fitted(plainText(field, random), min, max));
  return out;
}

/** The format a contract gave a string that paygen does not check (`uuid`, `email`...): the model keeps it in a note. */
function formatOf(field: Field): string | undefined {
  for (const note of field.notes) {
    const m = /^Format "([^"]+)" is not checked/.exec(note.text);
    if (m) return m[1];
  }
  return /e-?mail$/i.test(field.name) ? "email" : undefined;
}

const HEX = "0123456789abcdef";

function formatValue(format: string, random: () => number): string | undefined {
  const hex = (n: number) => Array.from({ length: n }, () => HEX[pickIndex(random, 16)]).join("");
  switch (format) {
    case "uuid":
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[pickIndex(random, 4)]}${hex(3)}-${hex(12)}`;
    case "email":
      return `buyer${pickIndex(random, 1000)}@example.com`;
    case "uri":
    case "url":
      return `https://example.test/${hex(6)}`;
    case "date-time":
      return "2025-01-31T12:00:00Z";
    case "date":
      return "2025-01-31";
    case "ipv4":
      return `192.0.2.${1 + pickIndex(random, 254)}`;
    case "hostname":
      return "example.test";
    default:
      return undefined;
  }
}

/** Text made from the field's name: `orderId-417`. */
function plainText(field: Field, random: () => number): string {
  const word = field.name.replace(/[^A-Za-z0-9]/g, "") || "value";
  return `${word}-${pickIndex(random, 1000)}`;
}

/** The text padded or cut to lie within the lengths. */
function fitted(text: string, min: number, max: number | undefined): string {
  let s = text;
  if (s.length < min) s += "x".repeat(Math.min(min, LONGEST_TEXT) - s.length);
  if (max !== undefined && s.length > max) s = s.slice(0, max);
  return s;
}
