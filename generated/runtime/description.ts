/**
 * The description of a generated type: plain data, one constant per type,
 * which the runtime's generic functions walk instead of statements generated
 * per type (the validators and the JSON readers and writers do: see
 * `validate-description.ts`, `read-description.ts` and `write-description.ts`). It says what
 * the model says of the type's JSON form: its fields, each with its JSON
 * name, its value kind (a scalar, an enum's documented values or another
 * type's description), whether it is required, a list, a map or nullable,
 * its constant and its facets, each with the runtime's check of it.
 *
 * A description refers to another through a function (`() => other`), read
 * only when the value is walked: descriptions may refer to each other in a
 * cycle, and be declared in any order. One that no code reaches is dropped
 * by a bundler, as a constant of plain data. A union's description holds its
 * walks (`union-walks.ts`), so the union code is only in a bundle that holds a
 * union.
 */
import type { DescribedScalar } from "./described-scalars.js";
import type { UnionWalks } from "./union-walks.js";
import type { checkConst, FacetCheck } from "./validate.js";

/** The check of a field's constant: `checkConst` (`validate.ts`). */
export type ConstCheck = typeof checkConst;

/** Another type's description, read when the value is walked. */
export type DescriptionRef = () => TypeDescription;

/** A field of an object type. */
export interface FieldDescription {
  /** The JSON property. */
  readonly name: string;
  /**
   * A scalar (a constant of `described-scalars.ts`, which holds its read and
   * check), an enum's documented values, or another type's description.
   */
  readonly type: DescribedScalar | readonly string[] | DescriptionRef;
  /** The field must be present (own and not `undefined`). */
  readonly required?: true;
  /** A list of such values, with its documented number of entries: `[min]`, or `[min, max]`. */
  readonly list?: readonly [min: number, max?: number];
  /** An object mapping any key to what the field otherwise holds (a value, or a list). */
  readonly map?: true;
  /** The value (or each list item) may be `null`. */
  readonly nullable?: true;
  /**
   * The one value the field may have, after the runtime's check of it
   * (`checkConst` of `validate.ts`, which takes a decimal's other spellings,
   * `1.0` for `1`): a description imports the check with its constant, so a
   * bundle without a constant holds no decimal comparison. A string's is
   * checked by the string check itself.
   */
  readonly const?: readonly [check: ConstCheck, value: string | number | boolean];
  /**
   * The field's facets in the facet table's order, each the runtime's check
   * of it (`checkMaxLength`, `checkPattern`... of `validate.ts`, the one the
   * facet table names) and its value: a description imports the checks its
   * fields use, so a bundle keeps those and no others.
   */
  readonly facets?: readonly (readonly [check: FacetCheck<never>, value: number | string])[];
  /** A double of a JSON body, which has no form for NaN and the infinities. */
  readonly finite?: true;
  /**
   * How a JSON writer writes each of the field's values, when not as they are
   * held: `jsonNumber` (`json.ts`) for a long or decimal in its number form,
   * written as the exact number its text is (paygen decides which, from the
   * contract's form of the value).
   */
  readonly write?: (text: string) => unknown;
}

/** A group of fields of which exactly one (`required`) or at most one is present. */
export interface ChoiceGroupDescription {
  readonly fields: readonly string[];
  readonly required: boolean;
}

/** An object type: its fields in wire order. */
export interface ObjectDescription {
  /** Its own fields after its base's, or all of them when it has no `base`. */
  readonly fields: readonly FieldDescription[];
  /** The closed object type it extends, whose fields (and groups) come first. */
  readonly base?: () => ObjectDescription;
  /** Exactly one of its fields is present (an XML Schema choice). */
  readonly choice?: true;
  /** It may hold properties the contract does not show. */
  readonly open?: true;
  /**
   * An open type callers only receive: a reader keeps what the contract does
   * not show beside the value (`unknownData`), in every `onUnknown` mode,
   * rather than as properties of it (see `Extras` in `read-values.ts`).
   */
  readonly kept?: true;
  /** Its choice groups after its base's, or all of them when it has no `base`. */
  readonly groups?: readonly ChoiceGroupDescription[];
}

/** A value of one of several object types, named by the value of its `tag` property. */
export interface TaggedUnionDescription {
  readonly tag: string;
  /** Tag value → the variant's description. */
  readonly cases: { readonly [tag: string]: DescriptionRef };
  /** How the walkers check, read and write it: `taggedUnion` (`union-walks.ts`). */
  readonly walks: UnionWalks<TaggedUnionDescription>;
}

/** A value of one of several object types, told apart by its keys: each variant's name and description, in order. */
export interface UntaggedUnionDescription {
  readonly variants: readonly (readonly [name: string, description: DescriptionRef])[];
  /** How the walkers check, read and write it: `untaggedUnion` (`union-walks.ts`). */
  readonly walks: UnionWalks<UntaggedUnionDescription>;
}

/** A body the contract does not show: any object, or any list. */
export interface OpaqueDescription {
  readonly opaque: "object" | "list";
}

export type TypeDescription =
  ObjectDescription | TaggedUnionDescription | UntaggedUnionDescription | OpaqueDescription;
