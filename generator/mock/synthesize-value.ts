/**
 * A value of a type of the model, synthesized from the type and its facets
 * (formats, lengths, patterns, bounds, enums, unions, choices), as the
 * generated code holds it: the value its `validate<Type>` accepts and its
 * writers write. The same seed gives the same value; each place in the value
 * draws from the seed and its own path, so nothing depends on the order
 * anything else is visited in.
 *
 * Required fields are always filled; optional ones down to `optionalDepth`
 * objects deep. A place where no value meets every check (a pattern this
 * cannot sample, a cycle of required fields) gets the closest safe value and
 * is reported through `onMiss`.
 */
import { choiceGroupsOf } from "../emit/choice-groups.js";
import type { Field, ObjectType, Service } from "../model/ir.js";
import { randomAt, pickIndex } from "./seeded-random.js";
import { synthesizeScalar } from "./scalar-value.js";

export interface SynthesisOptions {
  /** Same seed, same values; different seeds give different values where the type allows. */
  readonly seed: number;
  /** Called once per place where no value could satisfy every facet (a pattern too complex, say): a path like `PaymentRequest.orderInformation.amount` and why. The value is then the closest safe one. */
  readonly onMiss?: (path: string, reason: string) => void;
  /** How deep optional fields are filled (required ones always are); default 2. */
  readonly optionalDepth?: number;
}

const DEFAULT_OPTIONAL_DEPTH = 2;
/** Entries drawn for a list beyond its minimum, at most. */
const EXTRA_LIST_ENTRIES = 2;
/** Bounds that keep a hostile contract (a list of a billion entries, lists of lists of lists...) from filling memory: past them, a miss and the smallest value. */
const MOST_LIST_ENTRIES = 100;
const MOST_PLACES = 50_000;
const MOST_DEPTH = 64;

/** A value of the object type `typeName` as the generated code holds it (the TypeScript value its `validate<Type>` accepts and its writers write). */
export function synthesizeType(
  service: Service,
  typeName: string,
  options: SynthesisOptions,
): unknown {
  return new Synthesizer(service, options).object(typeName, typeName, 0, []);
}

/** A value of one field as the generated code holds it (a list, map or nullable handled): for path, query and header parameters too. */
export function synthesizeField(
  service: Service,
  field: Field,
  options: SynthesisOptions,
): unknown {
  return new Synthesizer(service, options).field(field, field.name, 0, []);
}

class Synthesizer {
  private readonly types: ReadonlyMap<string, ObjectType>;
  private readonly optionalDepth: number;
  /** Values drawn so far, against {@link MOST_PLACES}. */
  private places = 0;

  constructor(
    private readonly service: Service,
    private readonly options: SynthesisOptions,
  ) {
    this.types = new Map(service.types.map((t) => [t.name, t]));
    this.optionalDepth = options.optionalDepth ?? DEFAULT_OPTIONAL_DEPTH;
  }

  private random(path: string): () => number {
    return randomAt(this.options.seed, path);
  }

  private miss(path: string, reason: string): void {
    this.options.onMiss?.(path, reason);
  }

  /** A value of an object type; `within`: the object types the value is already inside (for cycles). */
  object(name: string, path: string, depth: number, within: readonly string[]): unknown {
    const type = this.types.get(name);
    if (type === undefined) {
      this.miss(path, `no object type ${name} in the model`);
      return {};
    }
    if (within.length >= MOST_DEPTH || this.places >= MOST_PLACES) {
      this.miss(
        path,
        `the value is past ${MOST_DEPTH} objects deep or ${MOST_PLACES} values: an empty object stands here`,
      );
      return {};
    }
    const inside = [...within, name];
    switch (type.kind) {
      case "opaque":
        return type.list ? [] : {};
      case "union":
        return this.union(type, path, depth, inside);
      case "choice": {
        const pick = this.drawMember(type.allFields, `${path}#choice`, inside);
        if (pick === undefined) return {};
        return { [pick.name]: this.field(pick, `${path}.${pick.name}`, depth + 1, inside) };
      }
      case "object":
        return this.fields(type, path, depth, inside);
    }
  }

  private fields(
    type: ObjectType,
    path: string,
    depth: number,
    within: readonly string[],
  ): unknown {
    const left = this.leftOutByChoices(type, path, depth, within);
    const out: Record<string, unknown> = {};
    const chosen = new Set(choiceGroupsOf(this.service, type).flatMap((g) => g.fields));
    for (const f of type.allFields) {
      if (left.has(f.name)) continue;
      const fieldPath = `${path}.${f.name}`;
      const wanted = f.required || chosen.has(f.name) || depth < this.optionalDepth;
      if (!wanted) continue;
      if (!f.required && !chosen.has(f.name) && this.recurses(f, within)) continue;
      const value = this.field(f, fieldPath, depth + 1, within);
      if (value !== undefined) out[f.name] = value;
    }
    return out;
  }

  /** Whether a field's value (an object) is a type the value is already inside. */
  private recurses(f: Field, within: readonly string[]): boolean {
    return f.type.kind === "object" && within.includes(f.type.name);
  }

  /** The members of choice groups that are left out: all but the one drawn (none drawn for an optional group past the depth). */
  private leftOutByChoices(
    type: ObjectType,
    path: string,
    depth: number,
    within: readonly string[],
  ): Set<string> {
    const left = new Set<string>();
    choiceGroupsOf(this.service, type).forEach((group, i) => {
      const members = type.allFields.filter((f) => group.fields.includes(f.name));
      const drawn =
        group.required || depth < this.optionalDepth
          ? this.drawMember(members, `${path}#group${i}`, within)
          : undefined;
      for (const name of group.fields) if (name !== drawn?.name) left.add(name);
    });
    return left;
  }

  /** One of the members of a choice, drawn among those that do not recurse when there are some. */
  private drawMember(
    members: readonly Field[],
    place: string,
    within: readonly string[],
  ): Field | undefined {
    const flat = members.filter((f) => !this.recurses(f, within));
    const pool = flat.length > 0 ? flat : members;
    return pool[pickIndex(this.random(place), pool.length)];
  }

  /** A value of one of a union's variants, with the tag that names it when the union is tagged. */
  private union(type: ObjectType, path: string, depth: number, within: readonly string[]): unknown {
    const mapping = type.discriminator?.mapping ?? [];
    const tagged = type.discriminator !== undefined;
    // A tagged union accepts only the variants its mapping names; one not yet inside the value when it can.
    const variants = (type.variants ?? []).filter(
      (v) => !tagged || mapping.some((m) => m.type === v),
    );
    const fresh = variants.filter((v) => !within.includes(v));
    const pool = fresh.length > 0 ? fresh : variants;
    if (pool.length === 0) {
      this.miss(path, `the union ${type.name} has no variant to build`);
      return {};
    }
    const random = this.random(`${path}#variant`);
    const variant = pool[pickIndex(random, pool.length)]!;
    const value = this.object(variant, path, depth, within);
    if (!tagged || typeof value !== "object" || value === null) return value;
    const tags = mapping.filter((m) => m.type === variant).map((m) => m.value);
    const tagField = this.types
      .get(variant)
      ?.allFields.find((f) => f.name === type.discriminator!.property);
    const constant = tagField?.const !== undefined ? String(tagField.const) : undefined;
    const tag =
      constant !== undefined && tags.includes(constant)
        ? constant
        : tags[pickIndex(random, tags.length)]!;
    return { ...(value as Record<string, unknown>), [type.discriminator!.property]: tag };
  }

  /** A value of one field: a map, a list, null or a single value. */
  field(f: Field, path: string, depth: number, within: readonly string[]): unknown {
    if (f.map) {
      const { map: _map, ...entry } = f;
      return { [`${f.name}Key`]: this.field(entry, `${path}.${f.name}Key`, depth, within) };
    }
    if (f.list) {
      const cycle = this.recurses(f, within);
      const random = this.random(`${path}#count`);
      const most = Math.min(f.list.max ?? Infinity, f.list.min + EXTRA_LIST_ENTRIES);
      const fewest =
        cycle || depth > this.optionalDepth ? f.list.min : Math.min(Math.max(f.list.min, 1), most);
      let count = fewest + pickIndex(random, (cycle ? fewest : most) - fewest + 1);
      if (count > MOST_LIST_ENTRIES) {
        this.miss(path, `a list of at least ${f.list.min} entries: ${MOST_LIST_ENTRIES} drawn`);
        count = MOST_LIST_ENTRIES;
      }
      return Array.from({ length: count }, (_, i) =>
        this.single(f, `${path}[${i}]`, depth, within),
      );
    }
    return this.single(f, path, depth, within);
  }

  private single(f: Field, path: string, depth: number, within: readonly string[]): unknown {
    this.places++;
    if (f.type.kind === "object") {
      if (!this.recurses(f, within)) return this.object(f.type.name, path, depth, within);
      if (f.nullable) return null;
      // A required cycle: the value is inside itself again, once; past that, the smallest value.
      if (within.filter((n) => n === f.type.name).length >= 2) {
        this.miss(
          path,
          `a cycle of required fields through ${f.type.name}: an empty object stands for it`,
        );
        return {};
      }
      return this.object(f.type.name, path, this.optionalDepth + 1, within);
    }
    return synthesizeScalar(
      {
        service: this.service,
        random: this.random(path),
        miss: (reason) => this.miss(path, reason),
      },
      f,
    );
  }
}
