/**
 * A JSON response body read through its type's description: the value (or
 * the error) `readDescribed(parseJsonTree(body, options), description, "",
 * readContext(options))` gives, which is what a generated JSON parser
 * returns. In the common case (`onUnknown` "ignore", a closed or kept type
 * with no choice) the object types of the body are read as the text is
 * walked, each member's value read by its field's plan where it stands, so
 * no parsed tree is built for them: a member of another kind (a list, a
 * number, a union) is parsed by the same parser (`JsonParser`) and read by
 * the same plan's read, and a member a kept type keeps aside is parsed and
 * kept as its reader keeps it. Anything else, and every body the walk doubts
 * (a syntax error, a duplicate key, a value its read refuses), is read the
 * one way above, which gives the error: the walk never decides what is wrong
 * with a body, only that it read a value the tree reading returns too.
 */
import { bodyText, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, skipSpace } from "./body.js";
import type { TypeDescription } from "./description.js";
import { JsonParser, parseJsonTree } from "./json.js";
import {
  type FieldPlan,
  type ObjectPlan,
  type Plan,
  planOf,
  readField,
  readPlan,
} from "./read-description.js";
import type { ReadOptions } from "./read-options.js";
import { finish, type ReadContext, readContext, Unknowns } from "./read-values.js";

/** What the walk throws when it leaves a body to the tree reading. */
const DOUBT = /* @__PURE__ */ new Error("read through the parsed tree");

/**
 * Reads a JSON response body as the type `description` describes: the value
 * a generated JSON parser returns, or the `ParseError` it throws.
 */
export function readDescribedJson<T>(
  body: string | Uint8Array,
  description: TypeDescription,
  options?: ReadOptions,
): T {
  const plan = planOf(description);
  if (plan.kind === "object" && walked(plan) && (options?.onUnknown ?? "ignore") === "ignore") {
    const o = readContext(options);
    try {
      return readText(plan, body, options, o) as T;
    } catch {
      // The tree reading below throws the body's error (or reads what the walk doubted).
    }
    return readPlan(plan, parseJsonTree(body, options), "", o) as T;
  }
  return readPlan(plan, parseJsonTree(body, options), "", readContext(options)) as T;
}

/**
 * An object type the walk reads: no choice or choice group, no field named
 * like an inherited member, and what the contract does not show either
 * dropped (a closed type) or kept aside (a kept type), never made properties
 * of the value.
 */
function walked(plan: ObjectPlan): boolean {
  return plan.members === undefined && plan.groups.length === 0 && !plan.asProperties && !plan.bare;
}

function readText(
  plan: ObjectPlan,
  body: string | Uint8Array,
  options: ReadOptions | undefined,
  o: ReadContext,
): object {
  const text = bodyText(body, "json", options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const parser = new JsonParser(text, options?.maxDepth ?? DEFAULT_MAX_DEPTH, true);
  const value = readObjectText(parser, plan, skipSpace(text, 0), 0, o);
  if (skipSpace(text, parser.end) !== text.length) throw DOUBT;
  return value;
}

/**
 * The object whose `{` is at `i`, inside `depth` open objects and arrays,
 * read as `readPlan` reads it parsed: its fields' values in schema order, each
 * read by its field's plan; `parser.end` is then the index after its `}`.
 * The reads are given no path: a path only names where an error is, and the
 * walk's errors are never shown (the tree reading gives the body's).
 */
function readObjectText(
  parser: JsonParser,
  plan: ObjectPlan,
  start: number,
  depth: number,
  o: ReadContext,
): object {
  const s = parser.s;
  if (s.charCodeAt(start) !== 0x7b || depth >= parser.maxDepth) throw DOUBT;
  const fields = plan.fields;
  // A field's read value, at its index; a hole where the body has no such member.
  const values: unknown[] = new Array<unknown>(fields.length);
  const keys = keysOf(plan);
  // The field the next key most likely names: the one that followed the last key in the last body.
  const after = keys.after;
  let guess = after[fields.length]!;
  let last = fields.length;
  let others: Set<string> | undefined;
  let kept: Unknowns | undefined;
  let i = skipSpace(s, start + 1);
  if (s.charCodeAt(i) !== 0x7d)
    for (;;) {
      if (s.charCodeAt(i) !== 0x22) throw DOUBT;
      // A field's name as written is found without reading the key (the likely one first,
      // ending where its closing quote stands); any other key is read.
      const likely = keys.names[guess];
      let k = -1;
      let close: number;
      if (
        likely !== undefined &&
        s.charCodeAt(i + 1 + likely.length) === 0x22 &&
        written(s, i + 1, likely)
      ) {
        close = i + 1 + likely.length;
        k = guess;
      } else {
        close = s.indexOf('"', i + 1);
        if (close !== -1) k = fieldAt(keys, s, i + 1, close);
      }
      let key: string | undefined;
      if (k === -1) {
        key = parser.string(i);
        k = plan.set.index.get(key) ?? -1;
        i = parser.end;
      } else i = close + 1;
      i = skipSpace(s, i);
      if (s.charCodeAt(i) !== 0x3a) throw DOUBT;
      i = skipSpace(s, i + 1);
      if (k !== -1) {
        if (k in values) throw DOUBT;
        values[k] = readMember(parser, fields[k]!, i, depth + 1, o);
        if (guess !== k) after[last] = k;
        last = k;
        guess = after[k]!;
      } else if (key !== undefined) {
        // The parser drops a `__proto__` member; a kept type keeps the others aside, in the order
        // of the parsed object's keys (a key like an array index would come first: left to it).
        const value = parser.valueAt(i, depth + 1);
        if (key !== "__proto__") {
          if (others?.has(key) === true) throw DOUBT;
          (others ??= new Set()).add(key);
          if (plan.set.extras === "kept") {
            if (ARRAY_INDEX.test(key)) throw DOUBT;
            (kept ??= new Unknowns()).field(key, value);
          }
        }
      }
      i = skipSpace(s, parser.end);
      const c = s.charCodeAt(i);
      if (c === 0x7d) break;
      if (c !== 0x2c) throw DOUBT;
      i = skipSpace(s, i + 1);
    }
  parser.end = i + 1;
  const out: Record<string, unknown> = {};
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k]!;
    // Absent, an optional field reads as absent whatever its type: no read is called.
    if (!(k in values) && !f.required) continue;
    const v = k in values ? values[k] : f.read(undefined, o, "", undefined);
    if (v === undefined && !f.required) continue;
    out[f.name] = v;
  }
  return finish(out, kept);
}

/** A key an object lists before the others, whatever its place (`Object.keys`' order). */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The value of a member of field `f` starting at `i`, read as `readPlan` reads it parsed. */
function readMember(
  parser: JsonParser,
  f: FieldPlan,
  i: number,
  depth: number,
  o: ReadContext,
): unknown {
  const c = parser.s.charCodeAt(i);
  if (c === 0x22 && f.string) return parser.string(i);
  if (c === 0x7b && f.object !== undefined) {
    const child: Plan = f.object();
    return child.kind === "object" && walked(child)
      ? readObjectText(parser, child, i, depth, o)
      : readPlan(child, parser.valueAt(i, depth), "", o);
  }
  // A string (an enum's, a date's...) is parsed as `valueAt` parses it, without its set-up.
  return readField(f, c === 0x22 ? parser.string(i) : parser.valueAt(i, depth), "", o, undefined);
}

/**
 * A type's field names as a body writes them: each name that reads as itself
 * (no quote, backslash or control character), by its length.
 */
interface Keys {
  /** Each field's name, where it reads as itself. */
  readonly names: readonly (string | undefined)[];
  /**
   * Field index → the index of the field whose key followed its key in the
   * last body read (the last entry: the first key's). Only a guess, tried
   * first: answers of one service list their members in one order.
   */
  readonly after: Int32Array;
  /** Length → the indexes of the names of that length. */
  readonly byLength: ReadonlyMap<number, readonly number[]>;
}

const KEYS = /* @__PURE__ */ new WeakMap<ObjectPlan, Keys>();

function keysOf(plan: ObjectPlan): Keys {
  let keys = KEYS.get(plan);
  if (keys === undefined) {
    const names = plan.fields.map((f) => (/["\\\u0000-\u001f]/.test(f.name) ? undefined : f.name));
    const byLength = new Map<number, number[]>();
    names.forEach((name, k) => {
      if (name !== undefined) byLength.set(name.length, [...(byLength.get(name.length) ?? []), k]);
    });
    // Until a body says otherwise, keys follow the schema's order (then the first again).
    const after = Int32Array.from(
      { length: names.length + 1 },
      (_, k) => (k + 1) % (names.length + 1),
    );
    keys = { names, after, byLength };
    KEYS.set(plan, keys);
  }
  return keys;
}

/** The index of the field whose name is the text in [from, to) of `s`, or -1. */
function fieldAt(keys: Keys, s: string, from: number, to: number): number {
  const candidates = keys.byLength.get(to - from);
  if (candidates !== undefined)
    for (let c = 0; c < candidates.length; c++)
      if (written(s, from, keys.names[candidates[c]!]!)) return candidates[c]!;
  return -1;
}

/** Whether `s` holds `name` at `from` (a copy of so short a text compares faster than its characters one by one). */
function written(s: string, from: number, name: string): boolean {
  return s.slice(from, from + name.length) === name;
}
