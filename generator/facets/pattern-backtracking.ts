/**
 * A static check for regular expressions that can backtrack catastrophically
 * (time exponential in the length of the string tested), so that a contract
 * cannot make a validator hang. It reads the pattern's structure (groups,
 * alternatives, quantifiers; classes, escapes and lookarounds as single
 * elements) and refuses a group repeated without a bound (`*`, `+`, `{n,}`,
 * or `{n,m}` with m of 10 or more) when either
 *
 * 1. one of its alternatives can match in more than one way per repetition:
 *    every element of it can be skipped or repeated (`?`, `*`, `{0,n}`, a
 *    lookaround) and at least one is repeated without a bound, directly or
 *    through a group of the same kind: `(a+)+`, `(a*)*`, `(.*)*`,
 *    `(\w+\s?)*`, `((ab)+)+`; or
 * 2. two of its alternatives are the same, or both are made of one and the
 *    same element only: `(a|a)*`, `(a|aa)*`, `(\d|\d+)+`; or one is others
 *    one after the other: `(a|b|ab)*`; or
 * 3. one of its alternatives is one element repeated a varying number of
 *    times (`(a{1,5}){1,100}`, `(\d{1,3})+`), or holds a dot repeated without
 *    a bound (`(.*a){12}`, `(.+,)+`).
 *
 * A repeated group whose alternatives each need some fixed text is accepted
 * (`(\d+,)*`, `([a-z]+-)+`). Not detected: overlaps that need more than the
 * structure (`(a+a)+`, `(a|[ab])*`) and polynomial blow-ups of adjacent
 * quantifiers (`\d+\d+x`).
 */
export function catastrophicBacktracking(source: string): string | undefined {
  let elements: Alternative[];
  try {
    elements = new PatternReader(source).alternation();
  } catch {
    return undefined; // Not a pattern this reader follows; compiling it is checked apart.
  }
  const found = findRisky(elements);
  return found === undefined
    ? undefined
    : `can backtrack catastrophically (time exponential in the length of the value): the group \`${found.group}\` repeated by \`${found.quantifier}\` ${found.why}; rewrite it so that each repetition must match different text`;
}

interface Quantifier {
  readonly min: number;
  readonly max: number;
  readonly text: string;
}

interface Element {
  /** The element's text without its quantifier: a character, an escape, a class, a group. */
  readonly text: string;
  /** The alternatives of a group; absent for a single element. */
  readonly alternatives?: readonly Alternative[];
  /** Matches no character (an assertion or a lookaround). */
  readonly zeroWidth: boolean;
  readonly quantifier: Quantifier;
}

type Alternative = readonly Element[];

const ONCE: Quantifier = { min: 1, max: 1, text: "" };
/** A repetition bound this high or higher counts as unbounded. */
const MANY = 10;

function repeatsMany(e: Element): boolean {
  return e.quantifier.max >= MANY;
}

/** Can match unboundedly much text, in more than one way: repeated without a bound, or a group with such an alternative. */
function isLoose(e: Element): boolean {
  return repeatsMany(e) || (e.alternatives?.some(isLooseAlternative) ?? false);
}

function isLooseAlternative(alternative: Alternative): boolean {
  return (
    (alternative.some(isLoose) &&
      alternative.every((e) => e.quantifier.min === 0 || e.zeroWidth || isLoose(e))) ||
    isVariableSingle(alternative)
  );
}

/** One element and nothing else, repeated a varying number of times (`a{1,5}`, `\d{2,4}`): repetitions of it split a text in many ways. */
function isVariableSingle(alternative: Alternative): boolean {
  const matching = alternative.filter((e) => !e.zeroWidth);
  return (
    matching.length === 1 &&
    matching[0]!.alternatives === undefined &&
    matching[0]!.quantifier.min < matching[0]!.quantifier.max
  );
}

/** A dot repeated without a bound (`.*`, `.+`): it matches the text of any other repetition too. */
function holdsAnyText(alternative: Alternative): boolean {
  return alternative.some((e) => e.text === "." && e.quantifier.max === Infinity);
}

/**
 * An alternative that is other alternatives one after the other (`ab` beside
 * `a` and `b`): a text it matches is matched both ways.
 */
function madeOfOthers(alternatives: readonly Alternative[]): boolean {
  const singles = new Set(
    alternatives
      .filter(
        (a) => a.length === 1 && a[0]!.alternatives === undefined && a[0]!.quantifier === ONCE,
      )
      .map((a) => a[0]!.text),
  );
  return alternatives.some(
    (a) =>
      a.length > 1 &&
      a.every((e) => e.alternatives === undefined && e.quantifier === ONCE && singles.has(e.text)),
  );
}

/** The one element an alternative repeats (`a`, `aa`, `a+`), or undefined. */
function onlyElement(alternative: Alternative): string | undefined {
  const texts = new Set(alternative.map((e) => (e.alternatives === undefined ? e.text : "\0")));
  return texts.size === 1 && !texts.has("\0") ? [...texts][0] : undefined;
}

function ambiguousAlternatives(alternatives: readonly Alternative[]): boolean {
  const seen = new Set<string>();
  for (const alternative of alternatives) {
    const key =
      onlyElement(alternative) ?? `=${alternative.map((e) => e.text + e.quantifier.text).join("")}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

function findRisky(
  alternatives: readonly Alternative[],
): { group: string; quantifier: string; why: string } | undefined {
  for (const alternative of alternatives) {
    for (const e of alternative) {
      if (e.alternatives === undefined) continue;
      if (repeatsMany(e)) {
        if (e.alternatives.some(isLooseAlternative))
          return {
            group: e.text,
            quantifier: e.quantifier.text,
            why: "holds a repetition that can match the same text in more than one way",
          };
        if (ambiguousAlternatives(e.alternatives) || madeOfOthers(e.alternatives))
          return {
            group: e.text,
            quantifier: e.quantifier.text,
            why: "has alternatives that match the same text",
          };
        if (e.alternatives.some(holdsAnyText))
          return {
            group: e.text,
            quantifier: e.quantifier.text,
            why: "holds `.*` or `.+`, which matches the text of the other repetitions too",
          };
      }
      const inner = findRisky(e.alternatives);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** Reads a pattern's structure; throws on what it does not follow (the caller then accepts the pattern). */
class PatternReader {
  private at = 0;
  constructor(private readonly source: string) {}

  alternation(): Alternative[] {
    const alternatives: Alternative[] = [];
    let current: Element[] = [];
    while (this.at < this.source.length && this.source[this.at] !== ")") {
      if (this.source[this.at] === "|") {
        this.at++;
        alternatives.push(current);
        current = [];
        continue;
      }
      current.push(this.element());
    }
    alternatives.push(current);
    return alternatives;
  }

  private element(): Element {
    const start = this.at;
    const c = this.source[this.at]!;
    if (c === "(") return this.group(start);
    let zeroWidth = false;
    if (c === "\\") {
      this.escape();
      zeroWidth = /^\\[bB]$/.test(this.source.slice(start, this.at));
    } else if (c === "[") this.characterClass();
    else {
      zeroWidth = c === "^" || c === "$";
      this.at += this.source.codePointAt(this.at)! > 0xffff ? 2 : 1;
    }
    return { text: this.source.slice(start, this.at), zeroWidth, quantifier: this.quantifier() };
  }

  private group(start: number): Element {
    this.at++;
    const lookaround = /^\?<?[=!]/.exec(this.source.slice(this.at));
    if (lookaround) this.at += lookaround[0].length;
    else if (this.source.startsWith("?:", this.at)) this.at += 2;
    else if (this.source.startsWith("?<", this.at)) this.at = this.indexAfter(">", this.at);
    const alternatives = this.alternation();
    if (this.source[this.at] !== ")") throw new Error("unclosed group");
    this.at++;
    return {
      text: this.source.slice(start, this.at),
      alternatives,
      zeroWidth: lookaround !== null,
      quantifier: this.quantifier(),
    };
  }

  private escape(): void {
    const next = this.source[this.at + 1];
    if (next === undefined) throw new Error("trailing backslash");
    this.at += 2;
    if ((next === "p" || next === "P" || next === "u") && this.source[this.at] === "{")
      this.at = this.indexAfter("}", this.at);
    else if (next === "u") this.at += 4;
    else if (next === "x") this.at += 2;
    else if (next === "c") this.at += 1;
    else if (next === "k" && this.source[this.at] === "<") this.at = this.indexAfter(">", this.at);
  }

  private characterClass(): void {
    this.at++;
    while (this.at < this.source.length && this.source[this.at] !== "]") {
      if (this.source[this.at] === "\\") this.escape();
      else this.at++;
    }
    if (this.at >= this.source.length) throw new Error("unclosed class");
    this.at++;
  }

  private quantifier(): Quantifier {
    const m = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(this.source.slice(this.at));
    if (!m) return ONCE;
    this.at += m[0].length;
    if (m[1] !== undefined)
      return { min: m[1] === "+" ? 1 : 0, max: m[1] === "?" ? 1 : Infinity, text: m[0] };
    const min = Number(m[2]);
    const max = m[3] === undefined ? min : m[4] === "" ? Infinity : Number(m[4]);
    return { min, max, text: m[0] };
  }

  private indexAfter(char: string, from: number): number {
    const index = this.source.indexOf(char, from);
    if (index < 0) throw new Error(`no ${char}`);
    return index + 1;
  }
}
