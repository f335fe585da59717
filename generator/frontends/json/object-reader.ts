import type { Position } from "../../diagnostics/diagnostic.js";
import type { ProblemSink } from "../source/problem-sink.js";
import { reportUnknownMember } from "../source/unknown-member.js";
import {
  describeKind,
  type JsonArrayNode,
  type JsonMember,
  type JsonNode,
  type JsonObjectNode,
} from "./json-node.js";
import { childPointer } from "./json-pointer.js";
import type { KeyRules } from "./key-rules.js";

/**
 * Typed access to the members of one object of a JSON or YAML document: the
 * one member reader of every front end that reads positioned nodes. Every
 * mismatch is a positioned problem naming the member's JSON pointer, and
 * the getters return `undefined` instead of throwing, so that one read
 * finds every problem. `document` is whatever the caller needs to know of
 * the file the object is in (the reader only hands it on to the readers of
 * its members).
 */
export class ObjectReader<D = unknown> {
  constructor(
    readonly node: JsonObjectNode,
    readonly document: D,
    /** The JSON pointer of `node` in `document`. */
    readonly pointer: string,
    readonly problems: ProblemSink,
  ) {}

  get at(): Position {
    return this.node.at;
  }

  has(key: string): boolean {
    return this.node.members.has(key);
  }

  member(key: string): JsonMember | undefined {
    return this.node.members.get(key);
  }

  /** The pointer of a member's value. */
  pointerOf(key: string): string {
    return childPointer(this.pointer, key);
  }

  error(at: Position, message: string, pointer = this.pointer): void {
    this.problems.error(at, message, pointer);
  }

  /** Records an approximation of kind `kind` (the read goes on). */
  warning(at: Position, kind: string, message: string, pointer = this.pointer): void {
    this.problems.warning(at, kind, message, pointer);
  }

  /** Reports a member's value as not what it should be. */
  mismatch(key: string, expected: string): void {
    const member = this.member(key);
    if (!member) return;
    this.error(
      member.value.at,
      `"${key}" must be ${expected}, not ${describeKind(member.value)}`,
      this.pointerOf(key),
    );
  }

  /**
   * Reports every key outside `rules.known` that is not an `x-` extension:
   * an approximated one as a warning of its kind, an unsupported one as an
   * error with its reason. A key of another version (with what this version
   * says instead) and any other unknown key (with a suggestion) is read past
   * with a warning: what it says is not applied, the rest of the object is.
   * Under `rules.strict` an unknown key is an error instead.
   */
  checkKeys(what: string, rules: KeyRules): void {
    for (const member of this.node.members.values()) {
      const key = member.key;
      if ((key.startsWith("x-") && !rules.strict) || rules.known.includes(key)) continue;
      const pointer = this.pointerOf(key);
      const unsupported = rules.unsupported?.get(key);
      const otherVersion = rules.otherVersion?.get(key);
      const approximated = rules.approximated?.get(key);
      if (approximated !== undefined)
        this.warning(
          member.keyAt,
          approximated.kind,
          `"${key}" in ${what} is read past: ${approximated.reading}`,
          pointer,
        );
      else if (unsupported !== undefined)
        this.error(member.keyAt, `"${key}" in ${what} is not supported: ${unsupported}`, pointer);
      else if (otherVersion !== undefined)
        this.warning(
          member.keyAt,
          "other-version",
          `"${key}" is not part of ${what}: ${otherVersion}`,
          pointer,
        );
      else
        reportUnknownMember(
          this,
          { name: key, at: member.keyAt, described: `unknown key "${key}" in ${what}`, pointer },
          rules.known,
          rules.strict ? "error" : { passOver: " is read past", kind: "unknown-key" },
        );
    }
  }

  string(key: string): string | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    if (member.value.kind === "string") return member.value.value;
    this.mismatch(key, "a string");
    return undefined;
  }

  /** A string that must be present; reports its absence at the object. */
  requiredString(key: string, what: string): string | undefined {
    if (!this.has(key)) {
      this.error(this.at, `${what} needs "${key}"`);
      return undefined;
    }
    return this.string(key);
  }

  boolean(key: string): boolean | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    if (member.value.kind === "boolean") return member.value.value;
    this.mismatch(key, "true or false");
    return undefined;
  }

  /** A member that must be a whole number from 0 to 2^53 - 1. */
  count(key: string): number | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    const value = member.value;
    if (
      value.kind === "number" &&
      /^(0|[1-9][0-9]*)$/.test(value.text) &&
      Number.isSafeInteger(Number(value.text))
    )
      return Number(value.text);
    if (
      value.kind === "number" &&
      /^[0-9]+(\.0+)?$/.test(value.text) &&
      Number.isSafeInteger(Number(value.text))
    )
      return Number(value.text);
    this.error(value.at, `"${key}" must be a whole number of 0 or more`, this.pointerOf(key));
    return undefined;
  }

  /** A number, as written. */
  numberText(key: string): string | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    if (member.value.kind === "number") return member.value.text;
    this.mismatch(key, "a number");
    return undefined;
  }

  object(key: string): ObjectReader<D> | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    if (member.value.kind !== "object") {
      this.mismatch(key, "an object");
      return undefined;
    }
    return new ObjectReader(member.value, this.document, this.pointerOf(key), this.problems);
  }

  array(key: string): JsonArrayNode | undefined {
    const member = this.member(key);
    if (!member) return undefined;
    if (member.value.kind === "array") return member.value;
    this.mismatch(key, "an array");
    return undefined;
  }

  /** An array of strings; items that are not strings are reported and left out. */
  stringArray(key: string): string[] | undefined {
    const array = this.array(key);
    if (!array) return undefined;
    const out: string[] = [];
    array.items.forEach((item, i) => {
      if (item.kind === "string") out.push(item.value);
      else
        this.error(
          item.at,
          `the items of "${key}" must be strings, not ${describeKind(item)}`,
          childPointer(this.pointerOf(key), i),
        );
    });
    return out;
  }

  /** The members, each as a reader when its value is an object (others are reported). */
  entries(what: string): { key: string; keyAt: Position; reader: ObjectReader<D> }[] {
    const out: { key: string; keyAt: Position; reader: ObjectReader<D> }[] = [];
    for (const member of this.node.members.values()) {
      if (member.key.startsWith("x-")) continue;
      const pointer = this.pointerOf(member.key);
      if (member.value.kind !== "object") {
        this.error(
          member.value.at,
          `${what} "${member.key}" must be an object, not ${describeKind(member.value)}`,
          pointer,
        );
        continue;
      }
      out.push({
        key: member.key,
        keyAt: member.keyAt,
        reader: new ObjectReader(member.value, this.document, pointer, this.problems),
      });
    }
    return out;
  }
}

/**
 * The same object read leniently: a value of the wrong kind is a warning of
 * kind `kind` and the keyword is ignored (for keywords whose absence only
 * lets more values through, such as facets).
 */
export class LenientObjectReader<D = unknown> extends ObjectReader<D> {
  constructor(
    reader: ObjectReader<D>,
    private readonly kind: string,
  ) {
    super(reader.node, reader.document, reader.pointer, reader.problems);
  }

  override error(at: Position, message: string, pointer = this.pointer): void {
    this.warning(at, this.kind, `${message}: the keyword is ignored`, pointer);
  }
}

/** A reader of `node` when it is an object; otherwise reports what it is. */
export function objectReader<D>(
  node: JsonNode,
  document: D,
  pointer: string,
  problems: ProblemSink,
  what: string,
): ObjectReader<D> | undefined {
  if (node.kind === "object") return new ObjectReader(node, document, pointer, problems);
  problems.error(node.at, `${what} must be an object, not ${describeKind(node)}`, pointer);
  return undefined;
}
