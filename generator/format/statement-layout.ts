import { tokenize, type TokenTable, type Tokens } from "./js-tokens.js";
import { putBack, setAside } from "./doc-comments.js";
import { lineKept } from "./line-kept.js";
import {
  breakHead,
  breakMember,
  breakProperty,
  breakStatement,
  breakTypeArguments,
  elementLines,
  memberOfLiteral,
  plainArguments,
  quotedKey,
  unbreakableHead,
  unquotedKey,
  breakMappedType,
  tooWide,
  withoutArgumentParentheses,
} from "./statement-breaks.js";

/**
 * Prettier's layout of a generated TypeScript file, with prettier run only on
 * the statements that need it. A statement (at the top level or at any depth
 * of a block: a function's body, a branch of an `if`, a loop's body...) is
 * laid out on its own, whatever surrounds it, so:
 * - a statement written on one line that fits at its depth, and that
 *   prettier keeps as it is (see `lineKept`), is final as written, only
 *   indented;
 * - a function, `if`/`else` chain, loop or `try` whose heads fit on their
 *   lines is printed head, body (each of its statements laid out the same
 *   way, one level deeper), closing brace;
 * - every other statement is a piece for prettier. A file's pieces are
 *   formatted together, in one text, each behind a marker comment and inside
 *   as many blocks as its depth (so prettier prints it at its indentation),
 *   then spliced back.
 * Between statements, comments standing on their own lines are kept, and
 * blank lines as prettier keeps them (one at most, none at the start or end
 * of a block). Doc comments are set aside behind placeholders first, as for
 * a whole file (see doc-comments.ts).
 *
 * `undefined` whenever a step is unsure (text the tokenizer cannot read, a
 * comment on a line of code between statements, a piece that does not come
 * back in the expected shape): the caller then formats the whole file.
 * test/generator/prettier-identity.test.ts checks every file laid out this way.
 */
export async function layOutStatements(
  text: string,
  formatPieces: (text: string) => Promise<string>,
): Promise<StatementLayout | undefined> {
  if (text.includes(PIECE_MARKER) || text.includes(BODY) || text.includes(MEMBER_HOLDER)) {
    return undefined;
  }
  const aside = setAside(text);
  const source = aside?.text ?? text;
  const tokens = tokenize(source);
  if (tokens === undefined) return undefined;
  const layout = new Layout(source, tokens);
  if (!layout.container(0, 0, tokens.code.length, 0, source.length)) return undefined;
  const pieces = layout.pieces;
  const formatted =
    pieces.length === 0 ? [] : splitPieces(await formatPieces(batchText(pieces)), pieces);
  if (formatted === undefined) return undefined;
  const laidOut = `${layout.lines
    .map((line) => (typeof line === "string" ? line : formatted[line[0]]![line[1]]!))
    .join("\n")}\n`;
  const restored = aside === undefined ? laidOut : putBack(laidOut, aside);
  if (restored === undefined) return undefined;
  return { text: restored, formattedBytes: pieces.reduce((n, piece) => n + piece.text.length, 0) };
}

export interface StatementLayout {
  readonly text: string;
  /** How much of the text prettier formatted (the pieces' unformatted length). */
  readonly formattedBytes: number;
}

/**
 * What is left to prettier: a statement, at a depth; a property of an
 * object, at the depth of the object's statement; or the heads of a
 * statement whose bodies are laid out here, each body standing in as `BODY`
 * (prettier lays out a head the same whatever its body holds), whose parts
 * are what comes before, between and after the bodies.
 */
interface Piece {
  readonly level: number;
  readonly text: string;
  readonly property?: true;
  /** A member of an interface, at the depth of the interface. */
  readonly member?: true;
  readonly parts?: number;
}

/** A line of the laid out file, or a part of a formatted piece: piece index, part index. */
type Line = string | readonly [number, number];

const PIECE_MARKER = "// paygen-piece:";
const BODY = "paygen$body;";
const MEMBER_HOLDER = "paygen$members";
const PURE = "/* @__PURE__ */";
const AFTER_OPERATOR = /(?:[=,?:+\-*/%<>]|&&|\|\|)$/;
const BEFORE_OPERATOR = /^(?:\?\??|:|&&|\|\||[+\-*/%]|[=!]==?|[<>]=?) /;

/** The pieces, each after its marker, inside blocks (a loop outermost, so `break` and `continue` stay valid). */
function batchText(pieces: readonly Piece[]): string {
  return pieces
    .map((piece, n) => {
      const opening = Array.from({ length: piece.level }, (_, i) => (i === 0 ? "for (;;) {" : "{"));
      const closing = new Array<string>(piece.level).fill("}");
      const text = piece.property
        ? `({\n${piece.text},\n});`
        : piece.member
          ? `interface ${MEMBER_HOLDER} {\n${piece.text}\n}`
          : piece.text;
      return [`${PIECE_MARKER}${n}`, ...opening, text, ...closing].join("\n");
    })
    .join("\n");
}

/** The formatted pieces (each as its parts) without their markers and blocks; `undefined` unless each comes back in that shape. */
function splitPieces(formatted: string, pieces: readonly Piece[]): string[][] | undefined {
  const lines = formatted.split("\n");
  if (lines.pop() !== "") return undefined;
  const out: string[][] = [];
  let at = 0;
  for (let n = 0; n < pieces.length; n++) {
    if (lines[at] !== `${PIECE_MARKER}${n}`) return undefined;
    let end = at + 1;
    while (end < lines.length && !lines[end]!.startsWith(PIECE_MARKER)) end++;
    const level = pieces[n]!.level;
    const body = lines.slice(at + 1 + level, end - level);
    for (let i = 0; i < level; i++) {
      const indent = "  ".repeat(i);
      if (lines[at + 1 + i] !== `${indent}${i === 0 ? "for (;;) {" : "{"}`) return undefined;
      if (lines[end - 1 - i] !== `${indent}}`) return undefined;
    }
    const parts = partsOf(body, pieces[n]!);
    if (parts === undefined) return undefined;
    out.push(parts);
    at = end;
  }
  return at === lines.length ? out : undefined;
}

function partsOf(lines: readonly string[], piece: Piece): string[] | undefined {
  const indent = "  ".repeat(piece.level);
  if (piece.property) {
    if (lines[0] !== `${indent}({` || lines[lines.length - 1] !== `${indent}});`) return undefined;
    return lines.length > 2 ? [lines.slice(1, -1).join("\n")] : undefined;
  }
  if (piece.member) {
    const [first, last] = [`${indent}interface ${MEMBER_HOLDER} {`, `${indent}}`];
    if (lines[0] !== first || lines[lines.length - 1] !== last) return undefined;
    return lines.length > 2 ? [lines.slice(1, -1).join("\n")] : undefined;
  }
  const parts: string[][] = [[]];
  for (const line of lines) {
    if (line === `${indent}  ${BODY}`) parts.push([]);
    else parts[parts.length - 1]!.push(line);
  }
  if (parts.length !== (piece.parts ?? 1) || parts.some((part) => part.length === 0))
    return undefined;
  return parts.map((part) => part.join("\n"));
}

/** Statement-ending keywords: a statement starting with one of these ends with its block. */
const BLOCK_STATEMENTS = new Set([
  "function",
  "class",
  "interface",
  "enum",
  "namespace",
  "module",
  "if",
  "for",
  "while",
  "try",
  "switch",
]);
/** Words before a statement's keyword. */
const MODIFIERS = new Set(["export", "default", "declare", "async", "abstract"]);
/** Statements printed head, body, closing brace: what may come between two of their blocks. */
const BETWEEN_BLOCKS = /^\} (?:else(?: if \(.*\))?|catch(?: \(.*\))?|finally) \{$/;

class Layout {
  /** Output lines; a number stands for the formatted piece of that index. */
  readonly lines: Line[] = [];
  readonly pieces: Piece[] = [];
  private readonly code: TokenTable;
  private readonly comments: TokenTable;

  constructor(
    private readonly source: string,
    tokens: Tokens,
  ) {
    this.code = tokens.code;
    this.comments = tokens.comments;
  }

  private value(index: number): string {
    return index < 0 || index >= this.code.length
      ? ""
      : this.source.slice(this.code.start[index], this.code.end[index]);
  }

  /**
   * The items between the bracket at `open` and its match at `close`,
   * separated by the commas at their level: each item's first and last
   * token. A trailing comma ends the list; `undefined` when an item is
   * empty (`[,`, `a,,`).
   */
  private items(open: number, close: number): (readonly [number, number])[] | undefined {
    const out: (readonly [number, number])[] = [];
    let begin = open + 1;
    for (let i = open + 1; i <= close; i++) {
      const match = this.code.match[i]!;
      if (match > i && i !== close) {
        i = match;
        continue;
      }
      if (i < close && this.value(i) !== ",") continue;
      if (begin === i) {
        if (i === close) break;
        return undefined;
      }
      out.push([begin, i - 1]);
      begin = i + 1;
    }
    return out;
  }

  /**
   * Lays out the statements of code tokens `[first, end)`, whose text (with
   * the comments around them) spans `[from, to)`, at `level`; with
   * `members`, the members of an interface (see `member`).
   */
  container(
    level: number,
    first: number,
    end: number,
    from: number,
    to: number,
    members = false,
  ): boolean {
    const statements = this.statements(first, end);
    if (statements === undefined) return false;
    let at = from;
    let start = true;
    for (const [firstToken, lastToken] of statements) {
      const begin = this.code.start[firstToken]!;
      if (!this.trivia(level, at, begin, start, false)) return false;
      start = false;
      const stop = this.lineEnd(this.code.end[lastToken]!);
      if (members) this.member(level, firstToken, stop);
      else this.statement(level, firstToken, lastToken, stop);
      at = stop;
    }
    return this.trivia(level, at, to, start, true);
  }

  /** Where a statement ends: after a comment that follows it on its last line, if any. */
  private lineEnd(end: number): number {
    const comment = this.commentAt(end);
    if (comment === undefined) return end;
    const [start, stop] = [this.comments.start[comment]!, this.comments.end[comment]!];
    return /^[ \t]*$/.test(this.source.slice(end, start)) ? stop : end;
  }

  /** The first comment starting at or after `position`, when it starts on that line (its index). */
  private commentAt(position: number): number | undefined {
    const comment = this.firstCommentFrom(position);
    if (comment >= this.comments.length) return undefined;
    const start = this.comments.start[comment]!;
    return this.source.slice(position, start).includes("\n") ? undefined : comment;
  }

  private firstCommentFrom(position: number): number {
    let low = 0;
    let high = this.comments.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.comments.start[mid]! < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Comments and blank lines in `[from, to)`, between statements: each
   * comment on its own line; one blank line where there was at least one,
   * except at the start or end of a block.
   */
  private trivia(level: number, from: number, to: number, start: boolean, end: boolean): boolean {
    const indent = "  ".repeat(level);
    let at = from;
    let first = start;
    for (let i = this.firstCommentFrom(from); i < this.comments.length; i++) {
      const [start, stop] = [this.comments.start[i]!, this.comments.end[i]!];
      if (start >= to) break;
      const newlines = count(this.source.slice(at, start), "\n");
      if (newlines === 0 && at !== 0) return false;
      const text = this.source.slice(start, stop).trimEnd();
      if (text.includes("\n")) return false;
      if (newlines > 1 && !first) this.lines.push("");
      this.lines.push(indent + text);
      at = stop;
      first = false;
    }
    if (!end && !first && count(this.source.slice(at, to), "\n") > 1) this.lines.push("");
    return true;
  }

  /** The statements among code tokens `[first, end)`, each as its first and last token. */
  private statements(first: number, end: number): [number, number][] | undefined {
    const out: [number, number][] = [];
    let begin = first;
    let i = first;
    while (i < end) {
      const close = this.code.match[i]!;
      if (close > i) {
        if (this.value(i) === "{" && this.endsWithBlock(begin, i, close, end)) {
          out.push([begin, close]);
          begin = close + 1;
        }
        i = close + 1;
        continue;
      }
      if (this.value(i) === ";" && this.value(i + 1) !== "else") {
        out.push([begin, i]);
        begin = i + 1;
      }
      i++;
    }
    return begin === end ? out : undefined;
  }

  /** Whether the block `{` at `open` (matched at `close`) ends the statement that starts at `begin`. */
  private endsWithBlock(begin: number, open: number, close: number, end: number): boolean {
    const next = close + 1 < end ? this.value(close + 1) : "";
    if (next === ";" || next === "else" || next === "catch" || next === "finally") return false;
    if (next === "while" && this.keyword(begin) === "do") return false;
    return BLOCK_STATEMENTS.has(this.keyword(begin)) && this.opensBody(open);
  }

  /** The statement's keyword: its first word after modifiers such as `export`. */
  private keyword(begin: number): string {
    let i = begin;
    while (MODIFIERS.has(this.value(i))) i++;
    return this.value(i);
  }

  /** Whether a `{` opens a body (a block, or a class's or interface's members) rather than an object or a type. */
  private opensBody(open: number): boolean {
    return !["", "=", ":", "(", ",", "<", "|", "&", "return", "=>", "?"].includes(
      this.value(open - 1),
    );
  }

  /**
   * A member of an interface: as written when it is on one line and kept,
   * else broken as prettier breaks it (see `breakMember`), else a piece
   * (inside an interface of its own, prettier reading no member as a statement).
   */
  private member(level: number, first: number, stop: number): void {
    const indent = "  ".repeat(level);
    const text = this.source.slice(this.code.start[first]!, stop);
    const lines = text.includes("\n")
      ? undefined
      : lineKept(indent + text)
        ? [indent + text]
        : breakMember(text, level);
    if (lines !== undefined) this.lines.push(...lines);
    else {
      this.lines.push([this.pieces.length, 0]);
      this.pieces.push({ level: level - 1, text, member: true });
    }
  }

  private statement(level: number, first: number, last: number, stop: number): void {
    const indent = "  ".repeat(level);
    const text = this.source.slice(this.code.start[first]!, stop);
    const written = text.includes("\n") ? this.joined(text, first, stop) : text;
    const oneLine = written === undefined ? undefined : withoutArgumentParentheses(written);
    if (oneLine !== undefined) {
      const lines = lineKept(indent + oneLine)
        ? [indent + oneLine]
        : breakStatement(oneLine, level);
      if (lines !== undefined) {
        this.lines.push(...lines);
        return;
      }
    }
    const [lines, pieces] = [this.lines.length, this.pieces.length];
    if (stop === this.code.end[last]! && this.switchStatement(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    if (stop === this.code.end[last]! && this.compound(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    if (stop === this.code.end[last]! && this.object(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    if (stop === this.code.end[last]! && this.array(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    if (stop === this.code.end[last]! && this.lastObject(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    if (stop === this.code.end[last]! && this.frozenStrings(level, first, last)) return;
    this.lines.length = lines;
    this.pieces.length = pieces;
    this.lines.push([this.pieces.length, 0]);
    this.pieces.push({ level, text });
  }

  /**
   * A statement written on several lines, on one: what prettier reads the
   * same whatever its line breaks, when it holds no brace (an object broken
   * after its brace stays broken, a block always is) and no comment but
   * `/* @__PURE__ *\/`. The lines are joined with nothing after an opening
   * bracket and before a closing one (whose trailing comma goes), with a
   * space after a comma or an operator or before a binary operator, so the
   * text of strings is never touched; any other break (before `.`, or a
   * union's leading `|`) leaves the statement to prettier.
   */
  private joined(text: string, first: number, stop: number): string | undefined {
    if (text.includes("{")) return undefined;
    const start = this.code.start[first]!;
    for (let i = this.firstCommentFrom(start); i < this.comments.length; i++) {
      if (this.comments.start[i]! >= stop) break;
      if (this.source.slice(this.comments.start[i], this.comments.end[i]) !== PURE)
        return undefined;
    }
    const lines = text.split("\n").map((line) => line.trim());
    // Prettier keeps a list broken where it holds an empty line.
    if (lines.includes("")) return undefined;
    let out = lines[0]!;
    for (const line of lines.slice(1)) {
      if (/^[)\]]/.test(line)) out = out.replace(/,$/, "") + line;
      else if (/[([]$/.test(out)) out += line;
      // A space where the line broke after an operator or a comma, or before a binary operator.
      else if (/^[|&.]/.test(line)) return undefined;
      else if (AFTER_OPERATOR.test(out) || BEFORE_OPERATOR.test(line)) out += ` ${line}`;
      else return undefined;
    }
    return out;
  }

  /** The blocks of a statement printed head, bodies, closing brace. */
  private blocks(first: number, last: number): number[] | undefined {
    const keyword = this.keyword(first);
    if (keyword === "function" || keyword === "interface") {
      const open = this.code.match[last]!;
      return this.value(last) === "}" && this.opensBody(open) ? [open] : undefined;
    }
    if (keyword === "const" || keyword === "let") {
      const open = this.code.match[last - 1] ?? -1;
      return this.value(last) === ";" && this.value(open - 1) === "=>" ? [open] : undefined;
    }
    if (!["if", "for", "while", "try"].includes(keyword) || this.value(last) !== "}")
      return undefined;
    const blocks: number[] = [];
    for (let i = first; i <= last; i++) {
      const match = this.code.match[i]!;
      if (match <= i) continue;
      if (this.value(i) === "{") {
        if (![")", "else", "try", "finally"].includes(this.value(i - 1))) return undefined;
        blocks.push(i);
      }
      i = match;
    }
    return blocks;
  }

  /**
   * Lays out a `switch` whose head fits on its line, holding no comment and
   * no blank line: each `case x:` (`x` one token) or `default:` on a line of
   * its own one level deeper, each statement after them two levels deeper
   * (laid out as any other). False when it is not of that shape.
   */
  private switchStatement(level: number, first: number, last: number): boolean {
    const open = this.code.match[last]!;
    if (this.value(first) !== "switch" || this.value(last) !== "}" || open < first) return false;
    if (this.value(open - 1) !== ")" || this.code.match[open - 1] !== first + 1) return false;
    const indent = "  ".repeat(level);
    const head = this.source.slice(this.code.start[first]!, this.code.end[open]!);
    const body = this.source.slice(this.code.end[open]!, this.code.start[last]!);
    if (head.includes("\n") || !lineKept(indent + head) || /\n[ \t]*\n/.test(body)) return false;
    const comment = this.firstCommentFrom(this.code.end[open]!);
    if (comment < this.comments.length && this.comments.start[comment]! < this.code.start[last]!) {
      return false;
    }
    const statements = this.statements(open + 1, last);
    if (statements === undefined || statements.length === 0) return false;
    this.lines.push(indent + head);
    for (const [begin, end] of statements) {
      let at = begin;
      for (;;) {
        const colon =
          this.value(at) === "case" ? at + 2 : this.value(at) === "default" ? at + 1 : -1;
        if (colon < 0 || this.value(colon) !== ":") break;
        this.lines.push(
          `${indent}  ${this.source.slice(this.code.start[at], this.code.end[colon])}`,
        );
        at = colon + 1;
      }
      // A statement without a label belongs to the case before it.
      const unlabelled = at === begin && begin === statements[0]![0];
      if (unlabelled || at > end || ["{", "case", "default"].includes(this.value(at))) {
        return false;
      }
      this.statement(level + 2, at, end, this.code.end[end]!);
    }
    this.lines.push(`${indent}}`);
    return true;
  }

  /**
   * Lays out a statement as heads and bodies: the heads as written when they
   * fit, else by prettier (see `Piece`); false when it is not of that shape.
   */
  private compound(level: number, first: number, last: number): boolean {
    const blocks = this.blocks(first, last);
    if (blocks === undefined || blocks.length === 0) return false;
    // An interface declaring no member of its own (all inherited) prints as `{}`.
    const [open] = blocks;
    if (this.keyword(first) === "interface" && this.code.match[open!] === open! + 1) {
      return this.emptyObject(level, first, open!, last);
    }
    const indent = "  ".repeat(level);
    const heads: string[] = [];
    let from = this.code.start[first]!;
    for (const open of blocks) {
      const close = this.code.match[open]!;
      // An empty body prints as `{}`.
      if (close === open + 1) return false;
      heads.push(this.source.slice(from, this.code.end[open]!));
      from = this.code.start[close]!;
    }
    heads.push(this.source.slice(from, this.code.end[last]!));
    if (!/^\};?$/.test(heads[blocks.length]!)) return false;
    const shaped = heads.every((head, b) =>
      b === 0 ? head.endsWith(" {") : b === blocks.length || BETWEEN_BLOCKS.test(head),
    );
    const printed = heads.map((head, b) =>
      !shaped || head.includes("\n")
        ? undefined
        : lineKept(indent + head)
          ? [indent + head]
          : b === 0
            ? breakHead(head, level)
            : undefined,
    );
    const kept = printed.every((lines) => lines !== undefined);
    const piece = this.pieces.length;
    if (!kept) {
      this.pieces.push({ level, text: heads.join(`\n${BODY}\n`), parts: heads.length });
    }
    for (let b = 0; b < blocks.length; b++) {
      if (kept) this.lines.push(...printed[b]!);
      else this.lines.push([piece, b]);
      const open = blocks[b]!;
      const close = this.code.match[open]!;
      const inside = [this.code.end[open]!, this.code.start[close]!] as const;
      const members = this.keyword(first) === "interface";
      if (!this.container(level + 1, open + 1, close, ...inside, members)) return false;
    }
    if (kept) this.lines.push(...printed[blocks.length]!);
    else this.lines.push([piece, blocks.length]);
    return true;
  }

  /**
   * Lays out a statement that ends with an object written one property a
   * line (`return {`, `const x = {`): prettier keeps such an object broken,
   * and lays out each property on its own. False when it is not of that shape.
   */
  private object(level: number, first: number, last: number): boolean {
    let open = -1;
    for (let i = first; i <= last; i++) {
      const match = this.code.match[i]!;
      if (match <= i) continue;
      if (this.value(i) === "{") {
        // Only an object type annotating the declaration may come before the object.
        if (open >= 0 && this.value(open - 1) !== ":") return false;
        open = i;
      }
      i = match;
    }
    if (open < 0 || !["return", "="].includes(this.value(open - 1))) return false;
    const close = this.code.match[open]!;
    const indent = "  ".repeat(level);
    const head = this.source.slice(this.code.start[first]!, this.code.end[open]!);
    const tail = this.source.slice(this.code.start[close]!, this.code.end[last]!);
    const firstLine = this.source.slice(this.code.end[open]!, this.code.start[open + 1]!);
    if (close === open + 1) return this.emptyObject(level, first, open, last);
    if (!firstLine.includes("\n")) {
      return false;
    }
    if (head.includes("\n") || !/^\}(?: as [\w$.<>, ]+)?;$/.test(tail)) return false;
    const typed = lineKept(indent + head)
      ? undefined
      : (breakTypeArguments(head, level) ?? breakMappedType(head, level));
    // A head too wide for its line is broken after its `=`, the object one level deeper.
    const deeper = typed === undefined && !lineKept(indent + head);
    const before = deeper ? head.slice(0, -1).trimEnd() : head;
    if (
      deeper &&
      (!before.endsWith(" =") || !(lineKept(indent + before) || unbreakableHead(before)))
    ) {
      return false;
    }
    const at = deeper ? `${indent}  ` : indent;
    if (!lineKept(at + tail)) return false;
    this.lines.push(...(typed ?? [indent + before]), ...(deeper ? [`${at}{`] : []));
    if (!this.properties(deeper ? level + 1 : level, open, close)) return false;
    this.lines.push(at + tail);
    return true;
  }

  /** A statement ending with an empty object (`return {` ... `};`) or an interface's empty body, which prettier prints `{}`. */
  private emptyObject(level: number, first: number, open: number, last: number): boolean {
    const inside = this.source.slice(this.code.end[open]!, this.code.start[open + 1]!);
    const head = this.source.slice(this.code.start[first]!, this.code.start[open]!);
    const tail = this.source.slice(this.code.start[open + 1]!, this.code.end[last]!);
    const line = `${"  ".repeat(level)}${head}{${tail}`;
    if (inside.trim() !== "" || head.includes("\n") || !lineKept(line)) return false;
    this.lines.push(line);
    return true;
  }

  /**
   * Lays out a declaration of an array that prettier always breaks one
   * element a line (`const x: T[] = [{ a, b }, { c, d }];`, its elements on
   * one line or one a line): each element as `elementLines` lays it out.
   * False when it is not of that shape.
   */
  private array(level: number, first: number, last: number): boolean {
    const open = last - 1 >= first ? this.code.match[last - 1]! : -1;
    if (this.value(last) !== ";" || this.value(last - 1) !== "]" || this.value(open - 1) !== "=") {
      return false;
    }
    const close = last - 1;
    const indent = "  ".repeat(level);
    const head = this.source.slice(this.code.start[first]!, this.code.end[open]!);
    if (head.includes("\n") || !lineKept(indent + head)) return false;
    const comment = this.firstCommentFrom(this.code.start[open]!);
    if (comment < this.comments.length && this.comments.start[comment]! < this.code.end[close]!) {
      return false;
    }
    const ranges = this.items(open, close);
    if (ranges === undefined || ranges.length === 0) return false;
    const items = ranges.map(([from, to]) =>
      this.source.slice(this.code.start[from]!, this.code.end[to]!),
    );
    if (items.some((text) => text.includes("\n"))) return false;
    const lines = elementLines(items, level + 1);
    if (lines === undefined) return false;
    this.lines.push(indent + head, ...lines, `${indent}];`);
    return true;
  }

  /**
   * Lays out a declaration of a frozen array of strings written one a line
   * (`const x: readonly T[] = /* @__PURE__ *\/ Object.freeze([` ... `]);`, the
   * array maybe asserted `as const`), doc
   * comments standing on their own lines before its strings: prettier keeps
   * the call after the `=` when the line fits up to its `[`; when it fits
   * only up to the call's `(`, breaks the call's argument out, the array flat
   * on its line (when it fits and holds no comment: else left to prettier);
   * else moves the call to the next line, one level deeper (flat there when
   * it fits and holds no comment); the strings one a line, each comment on its own line before
   * its string. False when it is not of that shape, or the declaration fits
   * flat.
   */
  private frozenStrings(level: number, first: number, last: number): boolean {
    const paren = this.code.match[last - 1]!;
    const open = paren + 1;
    if (this.value(last) !== ";" || this.value(last - 1) !== ")" || paren < first) return false;
    const close = this.code.match[open] ?? -1;
    if (this.value(open) !== "[" || close <= open || close >= last - 1) return false;
    // What follows the array in the call: nothing, or its assertion as a tuple.
    const tail = this.source.slice(this.code.end[close]!, this.code.start[last - 1]!);
    if (tail !== "" && tail !== " as const") return false;
    const head = this.source.slice(this.code.start[first]!, this.code.end[open]!);
    const found =
      /^((?:export )?const [\w$]+(?:: (?:readonly )?[\w$]+\[\])?) = (\/\* @__PURE__ \*\/ Object\.freeze\(\[)$/.exec(
        head,
      );
    if (found === null) return false;
    const entries: { comments: string[]; text: string }[] = [];
    let comments: string[] = [];
    let at = this.code.end[open]!;
    for (let i = open + 1; i < close; i += 2) {
      const text = this.value(i);
      if (!/^"[^"\\\n]*"$/.test(text) || this.value(i + 1) !== ",") return false;
      for (let c = this.firstCommentFrom(at); c < this.comments.length; c++) {
        if (this.comments.start[c]! >= this.code.start[i]!) break;
        comments.push(this.source.slice(this.comments.start[c], this.comments.end[c]));
      }
      // Each comment and string on a line of its own, no blank line among them.
      const between = this.source.slice(at, this.code.start[i]).split("\n");
      const own = between.slice(1, -1).map((line) => line.trim());
      if (own.length !== comments.length || own.some((line, n) => line !== comments[n])) {
        return false;
      }
      entries.push({ comments, text });
      comments = [];
      at = this.code.end[i + 1]!;
    }
    if (entries.length === 0 || this.source.slice(at, this.code.start[close]).trim() !== "")
      return false;
    const commented = entries.some((entry) => entry.comments.length > 0);
    const items = entries.map((entry) => entry.text).join(", ");
    const indent = "  ".repeat(level);
    const flat = `${indent}${head}${items}]${tail});`;
    if (!commented && !tooWide(flat)) return false;
    const declaration = found[1]!;
    const deeper = !lineKept(indent + head);
    // The line fitting up to the call's `(` but not its `[`: prettier breaks the arguments
    // instead, the array unhugged, flat on its line when it fits there (else left to it).
    if (deeper && lineKept(indent + head.slice(0, -1))) {
      const array = `${indent}  [${items}]${tail},`;
      if (commented || !lineKept(array)) return false;
      this.lines.push(indent + head.slice(0, -1), array, `${indent});`);
      return true;
    }
    if (deeper && !tooWide(indent + head)) return false;
    const at2 = deeper ? `${indent}  ` : indent;
    const element = `${at2}  `;
    const lines: string[] = [];
    if (deeper) {
      // Prettier has nowhere to break the declaration: it stays on its line, however wide.
      const before = `${indent}${declaration} =`;
      if (!lineKept(before) && !unbreakableHead(`${declaration} =`)) return false;
      lines.push(before);
      const call = `${at2}${found[2]}${items}]${tail});`;
      if (!commented && lineKept(call)) {
        this.lines.push(...lines, call);
        return true;
      }
      lines.push(`${at2}${found[2]}`);
    } else lines.push(indent + head);
    for (const entry of entries) {
      lines.push(...entry.comments.map((comment) => element + comment));
      if (!lineKept(`${element}${entry.text},`)) return false;
      lines.push(`${element}${entry.text},`);
    }
    this.lines.push(...lines, `${at2}]${tail});`);
    return true;
  }

  /**
   * Lays out a call whose last argument is an object written one property a
   * line (`return f(a, {` ... `} satisfies T);`): prettier hugs it, the
   * call's head on the first line when it fits there, the other arguments
   * being plain (see `plainArgument`); each property laid out on its own.
   * False when it is not of that shape.
   */
  private lastObject(level: number, first: number, last: number): boolean {
    const paren = this.code.match[last - 1]!;
    if (this.value(last) !== ";" || this.value(last - 1) !== ")" || paren < first) return false;
    let open = -1;
    for (let i = paren + 1; i < last - 1; i++) {
      if (this.value(i) === "{") open = i;
      if (this.code.match[i]! > i) i = this.code.match[i]!;
    }
    if (open < 0 || ![",", "("].includes(this.value(open - 1))) return false;
    const close = this.code.match[open]!;
    const indent = "  ".repeat(level);
    const head = this.source.slice(this.code.start[first]!, this.code.end[open]!);
    const tail = this.source.slice(this.code.start[close]!, this.code.end[last]!);
    const firstLine = this.source.slice(this.code.end[open]!, this.code.start[open + 1]!);
    if (close === open + 1 || !firstLine.includes("\n") || head.includes("\n")) return false;
    const call = /^(?:return )?[\w$]+(?:\.[\w$]+)*\((.*?)(?:, )?\{$/.exec(head);
    if (call === null || !/^\}(?: (?:as|satisfies) [\w$.]+)?\);$/.test(tail)) return false;
    if (call[1] !== "" && !plainArguments(call[1]!)) return false;
    if (!lineKept(indent + head) || !lineKept(indent + tail)) return false;
    this.lines.push(indent + head);
    if (!this.properties(level, open, close)) return false;
    this.lines.push(indent + tail);
    return true;
  }

  /**
   * A property at `level` (its tokens `[first, last]`) whose value is an
   * array written one element a line, comments standing on their own lines
   * before elements: as one line when it has no comment (see `breakProperty`),
   * else broken one element a line (see `memberOfLiteral`), each comment on
   * its own line before its element, as prettier breaks an array holding
   * comments. `undefined` for any other property.
   */
  private arrayProperty(level: number, first: number, last: number): string[] | undefined {
    const key = this.value(first);
    const open = first + 2;
    if (!/^[\w$]+$/.test(key) || this.value(first + 1) !== ":" || this.value(open) !== "[") {
      return undefined;
    }
    if (this.code.match[open] !== last) return undefined;
    const entries = this.elements(open, last);
    if (entries === undefined || entries.length === 0) return undefined;
    const indent = "  ".repeat(level);
    if (entries.every((entry) => entry.comments.length === 0)) {
      const text = `${key}: [${entries.map((entry) => entry.text).join(", ")}]`;
      return lineKept(`${indent}${text},`) ? [`${indent}${text},`] : breakProperty(text, level);
    }
    const lines = [`${indent}${key}: [`];
    for (const entry of entries) {
      lines.push(...entry.comments.map((comment) => `${indent}  ${comment}`));
      const element = memberOfLiteral(entry.text, `${indent}  `);
      if (element === undefined) return undefined;
      lines.push(...element);
    }
    return [...lines, `${indent}],`];
  }

  /**
   * The elements of an array `[` at `open`, `]` at `close`, written one a
   * line (a trailing comma after the last optional), each after the
   * comments standing on their own lines before it; `undefined` when it is
   * written otherwise (an element on several lines, a comment after one, a
   * blank line).
   */
  private elements(
    open: number,
    close: number,
  ): { comments: string[]; text: string }[] | undefined {
    const ranges = this.items(open, close);
    if (ranges === undefined || ranges.length === 0) return undefined;
    const out: { comments: string[]; text: string }[] = [];
    let at = this.code.end[open]!;
    for (const [begin, last] of ranges) {
      const i = last + 1;
      const from = this.code.start[begin]!;
      const text = this.source.slice(from, this.code.end[last]!);
      const comments: string[] = [];
      for (let c = this.firstCommentFrom(at); c < this.comments.length; c++) {
        if (this.comments.start[c]! >= from) break;
        comments.push(this.source.slice(this.comments.start[c], this.comments.end[c]));
      }
      // A line break after the comma before, then each comment on a line of its own.
      const between = this.source.slice(at, from).split("\n");
      const own = between.slice(1, -1).map((line) => line.trim());
      if (text.includes("\n") || between.length < 2 || between[0]!.trim() !== "") return undefined;
      if (own.length !== comments.length || own.some((line, n) => line !== comments[n])) {
        return undefined;
      }
      out.push({ comments, text });
      at = i < close ? this.code.end[i]! : this.code.start[i]!;
    }
    // Nothing but white space after the last element.
    return this.source.slice(at, this.code.start[close]).trim() === "" ? out : undefined;
  }

  /** The properties of an object `{` at `open`, `}` at `close`, whose statement is at `level`. */
  private properties(level: number, open: number, close: number): boolean {
    const indent = "  ".repeat(level + 1);
    const ranges = this.items(open, close);
    if (ranges === undefined) return false;
    let at = this.code.end[open]!;
    let start = true;
    for (const [begin, last] of ranges) {
      const from = this.code.start[begin]!;
      if (!this.trivia(level + 1, at, from, start, false)) return false;
      start = false;
      const written = this.source.slice(from, this.code.end[last]!);
      // A quoted key is kept only where prettier keeps its quotes, a name unquoted.
      const text = unquotedKey(written);
      if (text.startsWith('"') && !quotedKey(text)) return false;
      const lines = text.includes("\n")
        ? this.arrayProperty(level + 1, begin, last)
        : lineKept(`${indent}${text},`)
          ? [`${indent}${text},`]
          : breakProperty(text, level + 1);
      if (lines !== undefined) this.lines.push(...lines);
      else {
        this.lines.push([this.pieces.length, 0]);
        this.pieces.push({ level, text, property: true });
      }
      at = this.code.end[last + 1]!;
      if (this.commentAt(at) !== undefined) return false;
    }
    return this.trivia(level + 1, at, this.code.start[close]!, start, true);
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++;
  return n;
}
