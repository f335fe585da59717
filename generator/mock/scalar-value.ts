/**
 * One value of a scalar or enum field, as the generated code holds it: the
 * field's constant, else an example of the contract that passes every check,
 * else a fake value for a sensitive field, else one drawn from the field's
 * type and facets. Each candidate is tested with the validator's own checks
 * (`value-fits.ts`); when none passes, the closest safe one is used and the
 * miss reported.
 */
import type { Field, ScalarName, Service } from "../model/ir.js";
import { isUri } from "../runtime/scalars.js";
import { isNumberScalar, numberCandidates } from "./number-candidates.js";
import { pickIndex } from "./seeded-random.js";
import { sensitiveSamples } from "./sensitive-samples.js";
import { stringCandidates } from "./string-candidates.js";
import { valueFits } from "./value-fits.js";

/** What drawing one value needs: the service, the numbers of its place, and where to report a miss. */
export interface ScalarContext {
  readonly service: Service;
  readonly random: () => number;
  readonly miss: (reason: string) => void;
}

/** A value of a scalar or enum field (not an object): see the file comment. */
export function synthesizeScalar(ctx: ScalarContext, field: Field): unknown {
  const fits = (v: unknown) => valueFits(ctx.service, field, v);
  if (field.const !== undefined) {
    const constant = heldConst(field);
    if (!fits(constant))
      ctx.miss(`the constant ${JSON.stringify(field.const)} fails the field's other checks`);
    return constant;
  }
  const examples = field.examples.map((e) => heldExample(field, e)).filter(fits);
  if (examples.length > 0) return examples[pickIndex(ctx.random, examples.length)];
  if (field.sensitive !== undefined && field.type.kind === "scalar") {
    const fake = sensitiveSamples(field.sensitive).find(fits);
    if (fake !== undefined) return fake;
  }
  const candidates = drawnCandidates(ctx, field);
  const fitting = candidates.find(fits);
  if (fitting !== undefined) return fitting;
  ctx.miss(missReason(field));
  return candidates[0];
}

/** The constant as the generated code holds it: long and decimal as text, other numbers as numbers. */
function heldConst(field: Field): unknown {
  const constant = field.const!;
  if (field.type.kind !== "scalar") return String(constant);
  const name = field.type.name;
  if (name === "long" || name === "decimal") return String(constant);
  if (name === "short" || name === "int" || name === "double")
    return typeof constant === "number" ? constant : Number(constant);
  if (name === "boolean") return typeof constant === "boolean" ? constant : constant === "true";
  return typeof constant === "string" ? constant : String(constant);
}

/** An example (the contract's text) as the generated code would hold it. */
function heldExample(field: Field, example: string): unknown {
  if (field.type.kind !== "scalar") return example;
  switch (field.type.name) {
    case "short":
    case "int":
    case "double":
      return example.trim() === "" ? undefined : Number(example);
    case "boolean":
      return example === "true" ? true : example === "false" ? false : undefined;
    case "json":
      return undefined; // Its numbers would be `JsonNumberText`: drawn instead.
    default:
      return example;
  }
}

/** Values drawn from the field's type and facets, best first. */
function drawnCandidates(ctx: ScalarContext, field: Field): unknown[] {
  if (field.type.kind === "enum") {
    const name = field.type.name;
    const values = ctx.service.enums.find((e) => e.name === name)?.values ?? [];
    if (values.length === 0) return [""];
    const start = pickIndex(ctx.random, values.length);
    return values.map((_, i) => values[(start + i) % values.length]!.value);
  }
  if (field.type.kind !== "scalar") return [{}];
  return scalarCandidates(ctx, field, field.type.name);
}

function scalarCandidates(ctx: ScalarContext, field: Field, name: ScalarName): unknown[] {
  const r = ctx.random;
  if (isNumberScalar(name)) return numberCandidates(name, field, r);
  switch (name) {
    case "string":
      return stringCandidates(field, r);
    case "boolean":
      return r() < 0.5 ? [true, false] : [false, true];
    case "date":
      return [dateText(r)];
    case "dateTime":
      return [`${dateText(r)}T${two(r, 24)}:${two(r, 60)}:${two(r, 60)}Z`];
    case "gYearMonth":
      return [dateText(r).slice(0, 7)];
    case "base64":
      return base64Candidates(field, r);
    case "uri":
      return uriCandidates(field, r);
    case "json":
      return [{ mock: field.name }];
  }
}

/**
 * URIs for a uri field: where the contract gives it a pattern or lengths, the
 * strings drawn for them that are absolute URIs; then one made from the
 * field's name.
 */
function uriCandidates(field: Field, random: () => number): string[] {
  const made = `https://example.test/${field.name.replace(/[^A-Za-z0-9]/g, "") || "resource"}/${pickIndex(random, 1000)}`;
  if (field.facets.length === 0) return [made];
  return [...stringCandidates(field, random).filter(isUri), made];
}

function two(random: () => number, below: number): string {
  return String(pickIndex(random, below)).padStart(2, "0");
}

/** A real calendar date between 2020 and 2029 (days up to 28, so every month has it). */
function dateText(random: () => number): string {
  return `${2020 + pickIndex(random, 10)}-${String(1 + pickIndex(random, 12)).padStart(2, "0")}-${String(1 + pickIndex(random, 28)).padStart(2, "0")}`;
}

/** The most groups of 4 characters drawn: a hostile `minLength` gets this many, and a miss. */
const LONGEST_BASE64_GROUPS = 1024;

/** Base64 of a few drawn bytes, as many as the length facets allow (whole groups of 4 characters). */
function base64Candidates(field: Field, random: () => number): string[] {
  const facet = (key: string) => field.facets.find((f) => f.key === key)?.value;
  const max = typeof facet("maxLength") === "number" ? (facet("maxLength") as number) : 24;
  const min = typeof facet("minLength") === "number" ? (facet("minLength") as number) : 4;
  const groups = Math.min(
    LONGEST_BASE64_GROUPS,
    Math.max(Math.ceil(min / 4), Math.min(Math.floor(max / 4), 3 + pickIndex(random, 4))),
  );
  const bytes = Array.from({ length: groups * 3 }, () => pickIndex(random, 256));
  return [Buffer.from(bytes).toString("base64"), ""];
}

function missReason(field: Field): string {
  const facets = field.facets.map((f) => `${f.key} ${String(f.value)}`).join(", ");
  const type =
    field.type.kind === "scalar" ? field.type.name : `${field.type.kind} ${field.type.name}`;
  return `no ${type} value found that meets every check${facets ? ` (${facets})` : ""}`;
}
