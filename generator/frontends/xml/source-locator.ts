import type { Position } from "../../diagnostics/diagnostic.js";
import { LineIndex } from "../source/line-index.js";

/**
 * The positions of one XML file: offsets into its text as `file:line:col`,
 * counted by the line index every front end uses (`../source/line-index.ts`:
 * columns in characters; CR LF, CR and LF each end a line, as XML
 * normalises them; a leading byte order mark is not a column). The index
 * is built on the first position asked, so a text refused before any
 * position is needed (too large, say) is not scanned for it.
 */
export class SourceLocator {
  private lines: LineIndex | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  /** The position of the character at `target` (or of the end of the text). */
  positionAt(target: number): Position {
    this.lines ??= new LineIndex(this.text);
    return { file: this.file, ...this.lines.position(Math.min(target, this.text.length)) };
  }
}
