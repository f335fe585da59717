import type { Position } from "../../diagnostics/diagnostic.js";

/**
 * Turns offsets into a text into 1-based lines and columns, columns counted
 * in characters (a surrogate pair is one character; CR LF, CR and LF each end
 * a line, as XML normalises them).
 *
 * The reader asks for positions in increasing order, so the locator keeps a
 * cursor and only walks forward from it: locating every element and attribute
 * of a file costs one pass over it. Asking for an earlier offset (only done
 * when reporting an error) restarts from the top. A leading byte order mark
 * is not a column: editors do not show it.
 */
export class SourceLocator {
  private readonly start: number;
  private offset: number;
  private line = 1;
  private col = 1;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.offset = this.start;
  }

  /** The position of the character at `target` (or of the end of the text). */
  positionAt(target: number): Position {
    if (target < this.offset) {
      this.offset = this.start;
      this.line = 1;
      this.col = 1;
    }
    const text = this.text;
    const end = Math.min(target, text.length);
    let i = this.offset;
    let line = this.line;
    let col = this.col;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) {
        line++;
        col = 1;
        i++;
      } else if (c === 0x0d) {
        // CR LF is one line end, counted at the LF.
        if (text.charCodeAt(i + 1) !== 0x0a) {
          line++;
          col = 1;
        }
        i++;
      } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
        const next = text.charCodeAt(i + 1);
        col++;
        i += next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
      } else {
        col++;
        i++;
      }
    }
    this.offset = i;
    this.line = line;
    this.col = col;
    return { file: this.file, line, col };
  }
}
