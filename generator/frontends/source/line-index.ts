/**
 * Line and column of an offset of a text, both 1-based, the column counted in
 * characters (a character outside the Basic Multilingual Plane, two UTF-16
 * code units in a JavaScript string, counts once). The one way every front
 * end positions its text: JSON, YAML (from the YAML library's line starts)
 * and XML. Lines end at LF, at CR LF and at a lone CR.
 */
export class LineIndex {
  /** Offsets of the first character of every line, ascending. */
  private readonly lineStarts: number[];
  /** Offsets of every high surrogate followed by a low one, ascending; empty for most texts. */
  private readonly pairStarts: number[];
  /** Whether the text starts with a byte order mark, which is not a character of the first line. */
  private readonly bom: boolean;

  /**
   * `lineStarts`, when given, are the offsets where lines start (the YAML
   * library's `LineCounter.lineStarts`); otherwise they are found here.
   */
  constructor(text: string, lineStarts?: readonly number[]) {
    this.lineStarts = lineStarts ? [...lineStarts] : findLineStarts(text);
    if (this.lineStarts[0] !== 0) this.lineStarts.unshift(0);
    this.pairStarts = findSurrogatePairs(text);
    this.bom = text.charCodeAt(0) === 0xfeff;
  }

  /** The 1-based line of `offset`. */
  line(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  /** Line and column of `offset`. */
  position(offset: number): { line: number; col: number } {
    const line = this.line(offset);
    return { line, col: this.column(this.lineStarts[line - 1]!, offset) };
  }

  /** The 1-based column, in characters, of `offset` on the line starting at `lineStart`. */
  column(lineStart: number, offset: number): number {
    const units = offset - lineStart + 1 - (this.bom && lineStart === 0 && offset > 0 ? 1 : 0);
    if (this.pairStarts.length === 0) return units;
    return units - (countBelow(this.pairStarts, offset) - countBelow(this.pairStarts, lineStart));
  }
}

/** Where lines start: after each LF, and after each CR not followed by an LF (CR LF is one line end). */
function findLineStarts(text: string): number[] {
  const starts = [0];
  const lineEnd = /\r\n?|\n/g;
  for (let m = lineEnd.exec(text); m !== null; m = lineEnd.exec(text))
    starts.push(m.index + m[0].length);
  return starts;
}

function findSurrogatePairs(text: string): number[] {
  const out: number[] = [];
  const pattern = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) out.push(m.index);
  return out;
}

/** How many of the ascending `values` are below `limit`. */
function countBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid]! < limit) low = mid + 1;
    else high = mid;
  }
  return low;
}
