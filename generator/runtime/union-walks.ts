/**
 * How the generic validator, reader and writer walk a union's description
 * (`description.ts`): each asks the description's `walks` (`taggedUnion` or
 * `untaggedUnion`) for the check, read or write of a union's value, giving
 * its own walk of a variant and a variant's shape. A union's description
 * holds its walks, so the union code (this module and `union.ts`) is in a
 * bundle only when the bundle holds a union's description.
 */
import type {
  DescriptionRef,
  TaggedUnionDescription,
  UntaggedUnionDescription,
} from "./description.js";
import type { ValidationIssue } from "./errors.js";
import { writeJson } from "./json.js";
import type { ReadContext } from "./read-values.js";
import {
  checkTagged,
  checkUntagged,
  readTagged,
  readUntagged,
  tagOf,
  variantByKeys,
  type VariantShape,
} from "./union.js";

/** A check of a value: its problems pushed onto `issues`. */
export type VariantCheck = (v: unknown, path: string, issues: ValidationIssue[]) => void;
/** A read of a value at `path`. */
export type VariantRead = (value: unknown, path: string, o: ReadContext) => unknown;
/**
 * A write of a value (never null: a field writes null itself) as its JSON
 * text, where it stands `depth` objects or arrays deep (see `writeJson`);
 * `undefined` where `stringifyJson` writes nothing.
 */
export type VariantWrite = (value: unknown, depth: number, open: Set<object>) => string | undefined;

/** What a walker gives a union's walks: its walk of a variant's value, and a variant's shape. */
export interface Walker<W> {
  readonly variant: (ref: DescriptionRef) => W;
  /** The variant's fields and required fields (by the walker's plan of it): what tells it apart by keys. */
  readonly shape: (name: string, ref: DescriptionRef) => VariantShape;
}

/** A union's walks, one per walker, each compiled once per description. */
export interface UnionWalks<D> {
  readonly check: (d: D, walker: Walker<VariantCheck>) => VariantCheck;
  readonly read: (d: D, walker: Walker<VariantRead>) => VariantRead;
  readonly write: (d: D, walker: Walker<VariantWrite>) => VariantWrite;
}

/** The variants' walks by tag, in an object without a prototype (a tag may be `__proto__`). */
function byTag<W>(d: TaggedUnionDescription, walker: Walker<W>): Readonly<Record<string, W>> {
  const cases = Object.create(null) as Record<string, W>;
  for (const key of Object.keys(d.cases))
    Object.defineProperty(cases, key, { value: walker.variant(d.cases[key]!), enumerable: true });
  return cases;
}

/** The walks of a discriminated union: the variant its tag names. */
export const taggedUnion: UnionWalks<TaggedUnionDescription> = {
  check: (d, walker) => {
    const checks = byTag(d, walker);
    return (v, path, issues) => checkTagged(v, path, issues, d.tag, checks);
  },
  read: (d, walker) => {
    const reads = byTag(d, walker);
    return (value, path, o) => readTagged(value, o, path, d.tag, reads);
  },
  // The first case when the tag names none.
  write: (d, walker) => {
    const writes = byTag(d, walker);
    const fallback = Object.values(writes)[0];
    return (value, depth, open) => {
      const tag = tagOf(value as object, d.tag);
      const write =
        (tag !== undefined && Object.prototype.hasOwnProperty.call(writes, tag)
          ? writes[tag]
          : undefined) ?? fallback;
      return (write ?? writeJson)(value, depth, open);
    };
  },
};

/**
 * The variants' shapes, compiled on first use (when every description is
 * defined), and their walks.
 */
function variantsOf<W>(
  d: UntaggedUnionDescription,
  walker: Walker<W>,
): { readonly shapes: () => readonly VariantShape[]; readonly walks: readonly W[] } {
  let shapes: VariantShape[] | undefined;
  return {
    shapes: () => (shapes ??= d.variants.map(([name, ref]) => walker.shape(name, ref))),
    walks: d.variants.map(([, ref]) => walker.variant(ref)),
  };
}

/** The walks of an untagged union: the variant its keys point at. */
export const untaggedUnion: UnionWalks<UntaggedUnionDescription> = {
  check: (d, walker) => {
    const variants = variantsOf(d, walker);
    return (v, path, issues) => checkUntagged(v, path, issues, variants.shapes(), variants.walks);
  },
  read: (d, walker) => {
    const variants = variantsOf(d, walker);
    return (value, path, o) => readUntagged(value, o, path, variants.shapes(), variants.walks);
  },
  // The first variant when none fits.
  write: (d, walker) => {
    const variants = variantsOf(d, walker);
    return (value, depth, open) => {
      const index = variantByKeys(value as object, variants.shapes());
      return variants.walks[index === -1 ? 0 : index]!(value, depth, open);
    };
  },
};
