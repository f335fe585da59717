/**
 * A string that a regular expression matches, for the patterns payment
 * contracts write: literals, escapes (`\d`, `\w`, `\s`, `\.`, `\u00e9`,
 * `\p{L}`...), classes with ranges and negation, `.`, quantifiers (`?`, `*`,
 * `+`, `{n}`, `{n,}`, `{n,m}`, lazy or not), groups (capturing,
 * non-capturing, named), alternation and the anchors `^` and `$`. Lookarounds
 * and backreferences are not followed: no sample then.
 *
 * The pattern is read as the generated validator reads it (`compilePattern`,
 * a match anywhere unless anchored) and every sample is tested with
 * that RegExp before it is returned. Repeats without a bound are drawn short
 * and the work is bounded, so a hostile pattern cannot make it hang or fill
 * memory: it gets no sample instead.
 */
import { compilePattern } from "../runtime/validate.js";
import { pickIndex } from "./seeded-random.js";

/** Repeats drawn for an unbounded quantifier: at most this many beyond its minimum, by default. */
const DEFAULT_EXTRA_REPEATS = 3;
/** The longest sample built; past it the pattern gets no sample. */
const MAX_SAMPLE_LENGTH = 4096;
/** The most steps (elements visited) one sample may take. */
const MAX_STEPS = 100_000;

/** How a sample is drawn: how many repeats a quantifier may add to its minimum (up to its maximum). */
export interface SampleShape {
  readonly extraRepeats?: number;
  /** Every quantifier adds exactly `extraRepeats` (up to its maximum), not a number drawn up to it: a way to reach a length. */
  readonly fixed?: boolean;
}

/** A string `compilePattern(pattern)` matches, or `undefined` when the pattern uses what this does not follow. */
export function sampleOfPattern(
  pattern: string,
  random: () => number,
  shape: SampleShape = {},
): string | undefined {
  const compiled = compiledPattern(pattern);
  if (compiled === undefined) return undefined;
  const { regex, tree } = compiled;
  const drawer = new Drawer(
    random,
    shape.extraRepeats ?? DEFAULT_EXTRA_REPEATS,
    shape.fixed ?? false,
  );
  let sample: string;
  try {
    sample = drawer.draw(tree);
  } catch {
    return undefined; // Past the bounds of work or length.
  }
  return regex.test(sample) ? sample : undefined;
}

/** Patterns read once: the RegExp the validator uses and the tree samples are drawn from. */
const COMPILED = new Map<
  string,
  { readonly regex: RegExp; readonly tree: PatternNode } | undefined
>();
/** Patterns kept read at most; past it the cache starts again. */
const MOST_COMPILED = 1000;

function compiledPattern(
  pattern: string,
): { readonly regex: RegExp; readonly tree: PatternNode } | undefined {
  if (COMPILED.has(pattern)) return COMPILED.get(pattern);
  if (COMPILED.size >= MOST_COMPILED) COMPILED.clear();
  let compiled: { readonly regex: RegExp; readonly tree: PatternNode } | undefined;
  try {
    compiled = { regex: compilePattern(pattern), tree: new PatternParser(pattern).parse() };
  } catch {
    compiled = undefined; // Not a RegExp, or a construct this does not follow (a lookaround, a backreference).
  }
  COMPILED.set(pattern, compiled);
  return compiled;
}

type PatternNode =
  | { readonly kind: "sequence"; readonly items: readonly PatternNode[] }
  | { readonly kind: "alternation"; readonly options: readonly PatternNode[] }
  | {
      readonly kind: "repeat";
      readonly item: PatternNode;
      readonly min: number;
      readonly max: number;
    }
  /** One character out of those `source` (a class, an escape, `.`) matches: drawn from candidates. */
  | { readonly kind: "set"; readonly source: string; readonly hints: string }
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "assertion" };

class Unsupported extends Error {}

/** Reads the pattern's structure; throws {@link Unsupported} on a construct it does not follow. */
class PatternParser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): PatternNode {
    const node = this.alternation();
    if (this.at < this.source.length) throw new Unsupported("unbalanced group");
    return node;
  }

  private alternation(): PatternNode {
    const options: PatternNode[] = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alternation", options };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (
      this.at < this.source.length &&
      this.source[this.at] !== "|" &&
      this.source[this.at] !== ")"
    )
      items.push(this.quantified(this.atom()));
    return { kind: "sequence", items };
  }

  private atom(): PatternNode {
    const start = this.at;
    const c = this.source[this.at]!;
    if (c === "(") return this.group();
    if (c === "^" || c === "$") {
      this.at++;
      return { kind: "assertion" };
    }
    if (c === "[") return this.characterClass(start);
    if (c === ".") {
      this.at++;
      return { kind: "set", source: ".", hints: "" };
    }
    if (c === "\\") return this.escape(start);
    const char = String.fromCodePoint(this.source.codePointAt(this.at)!);
    this.at += char.length;
    return { kind: "literal", text: char };
  }

  private group(): PatternNode {
    this.at++;
    const rest = this.source.slice(this.at);
    if (/^\?<?[=!]/.test(rest)) throw new Unsupported("lookaround");
    if (rest.startsWith("?:")) this.at += 2;
    else if (rest.startsWith("?<")) this.at = this.indexAfter(">");
    else if (rest.startsWith("?")) throw new Unsupported("group modifier");
    const inner = this.alternation();
    if (this.source[this.at] !== ")") throw new Unsupported("unclosed group");
    this.at++;
    return inner;
  }

  private escape(start: number): PatternNode {
    const next = this.source[this.at + 1];
    if (next === undefined) throw new Unsupported("trailing backslash");
    if (/[1-9]/.test(next) || (next === "k" && this.source[this.at + 2] === "<"))
      throw new Unsupported("backreference");
    this.skipEscape();
    const text = this.source.slice(start, this.at);
    if (next === "b" || next === "B") return { kind: "assertion" };
    if ("dDwWsSpP".includes(next)) return { kind: "set", source: text, hints: "" };
    // A single character written as an escape: what the RegExp reads it as.
    return { kind: "literal", text: charOfEscape(text) };
  }

  /** Moves past one escape (inside or outside a class). */
  private skipEscape(): void {
    const next = this.source[this.at + 1]!;
    this.at += 2;
    if ((next === "p" || next === "P" || next === "u") && this.source[this.at] === "{")
      this.at = this.indexAfter("}");
    else if (next === "u") this.at += 4;
    else if (next === "x") this.at += 2;
    else if (next === "c") this.at += 1;
  }

  private characterClass(start: number): PatternNode {
    this.at++;
    let hints = "";
    while (this.at < this.source.length && this.source[this.at] !== "]") {
      if (this.source[this.at] === "\\") {
        const from = this.at;
        this.skipEscape();
        const text = this.source.slice(from, this.at);
        if (!/^\\[dDwWsSpPbB]/.test(text)) hints += charOfEscape(text);
      } else {
        const char = String.fromCodePoint(this.source.codePointAt(this.at)!);
        hints += char;
        this.at += char.length;
      }
    }
    if (this.at >= this.source.length) throw new Unsupported("unclosed class");
    this.at++;
    return { kind: "set", source: this.source.slice(start, this.at), hints };
  }

  private quantified(item: PatternNode): PatternNode {
    const m = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(this.source.slice(this.at));
    if (!m) return item;
    this.at += m[0].length;
    if (m[1] !== undefined)
      return { kind: "repeat", item, min: m[1] === "+" ? 1 : 0, max: m[1] === "?" ? 1 : Infinity };
    const min = Number(m[2]);
    const max = m[3] === undefined ? min : m[4] === "" ? Infinity : Number(m[4]);
    return { kind: "repeat", item, min, max };
  }

  private indexAfter(char: string): number {
    const index = this.source.indexOf(char, this.at);
    if (index < 0) throw new Unsupported(`no ${char}`);
    return index + 1;
  }
}

/** The character an escape outside `\d`-like sets stands for, as a `u`-flag RegExp reads it. */
function charOfEscape(text: string): string {
  const body = text.slice(1);
  const braced = /^u\{([0-9a-fA-F]+)\}$/.exec(body);
  if (braced) return String.fromCodePoint(parseInt(braced[1]!, 16));
  if (/^u[0-9a-fA-F]{4}$/.test(body) || /^x[0-9a-fA-F]{2}$/.test(body))
    return String.fromCharCode(parseInt(body.slice(1), 16));
  if (/^c[A-Za-z]$/.test(body)) return String.fromCharCode(body.charCodeAt(1) % 32);
  const controls: Record<string, string> = {
    n: "\n",
    r: "\r",
    t: "\t",
    f: "\f",
    v: "\v",
    "0": "\0",
  };
  return controls[body] ?? body;
}

/** Characters tried for a set, readable ones first. */
const READABLE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const OTHERS = " -_.,:;/+=@#&*()'\"!?%$~[]{}<>|\\^`\téüñ€中";

/** The characters each set (its source text) is drawn from, found once. */
const SET_MEMBERS = new Map<string, readonly string[]>();

/** Draws a sample from a pattern tree, within the bounds of work and length. */
class Drawer {
  private steps = 0;
  private length = 0;

  constructor(
    private readonly random: () => number,
    private readonly extraRepeats: number,
    private readonly fixed: boolean,
  ) {}

  draw(node: PatternNode): string {
    if (++this.steps > MAX_STEPS) throw new Unsupported("too much work");
    switch (node.kind) {
      case "sequence":
        return node.items.map((item) => this.draw(item)).join("");
      case "alternation":
        return this.draw(node.options[pickIndex(this.random, node.options.length)]!);
      case "repeat": {
        const top = Math.min(node.max, node.min + this.extraRepeats);
        const count = this.fixed ? top : node.min + pickIndex(this.random, top - node.min + 1);
        let text = "";
        for (let i = 0; i < count; i++) text += this.draw(node.item);
        return text;
      }
      case "set":
        return this.grow(this.pickFrom(node));
      case "literal":
        return this.grow(node.text);
      case "assertion":
        return "";
    }
  }

  private grow(text: string): string {
    this.length += text.length;
    if (this.length > MAX_SAMPLE_LENGTH) throw new Unsupported("too long");
    return text;
  }

  /** A character the set matches: a readable one when it has some, else any candidate it matches. */
  private pickFrom(node: Extract<PatternNode, { kind: "set" }>): string {
    let members = SET_MEMBERS.get(node.source);
    if (members === undefined) {
      const test = compilePattern(`^(?:${node.source})$`);
      const candidates = [...new Set([...READABLE, ...node.hints, ...OTHERS])];
      const matching = candidates.filter((c) => test.test(c));
      const readable = matching.filter((c) => READABLE.includes(c));
      members = readable.length > 0 ? readable : matching;
      if (SET_MEMBERS.size >= MOST_COMPILED) SET_MEMBERS.clear();
      SET_MEMBERS.set(node.source, members);
    }
    if (members.length === 0) throw new Unsupported(`no character of ${node.source}`);
    return members[pickIndex(this.random, members.length)]!;
  }
}
