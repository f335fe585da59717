import type { Position } from "../../diagnostics/diagnostic.js";

/**
 * A value of a JSON or YAML document with its position: the one node shape
 * both readers produce, so that what reads a document does not know which
 * syntax it was written in.
 *
 * Objects keep their members in a `Map` (in source order), so that keys such
 * as `__proto__` or `constructor` are data like any other; numbers keep their
 * source text, so that `12.30` and 64-bit integers are read exactly.
 */
export type JsonNode =
  JsonObjectNode | JsonArrayNode | JsonStringNode | JsonNumberNode | JsonBooleanNode | JsonNullNode;

/** The kinds of node, as messages name them. */
export type JsonNodeKind = JsonNode["kind"];

export interface JsonObjectNode {
  readonly kind: "object";
  readonly at: Position;
  /** Members by key, in source order. */
  readonly members: ReadonlyMap<string, JsonMember>;
}

/** One key of an object, with the positions of the key and of the value. */
export interface JsonMember {
  readonly key: string;
  readonly keyAt: Position;
  readonly value: JsonNode;
}

export interface JsonArrayNode {
  readonly kind: "array";
  readonly at: Position;
  readonly items: readonly JsonNode[];
}

export interface JsonStringNode {
  readonly kind: "string";
  readonly at: Position;
  readonly value: string;
}

export interface JsonNumberNode {
  readonly kind: "number";
  readonly at: Position;
  /** The number as written, in JSON syntax (`12.30`, `9007199254740993`, `1e3`). */
  readonly text: string;
  /** The number as a YAML file writes it, when JSON writes it otherwise (`012`, `+1`, `0x1F`). */
  readonly written?: string;
}

export interface JsonBooleanNode {
  readonly kind: "boolean";
  readonly at: Position;
  readonly value: boolean;
}

export interface JsonNullNode {
  readonly kind: "null";
  readonly at: Position;
}

/** `an object`, `a string`, ...: how messages name what they found. */
export function describeKind(node: JsonNode): string {
  switch (node.kind) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "null":
      return "null";
  }
}
