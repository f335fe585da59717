/**
 * The package's Markdown (its README, from the templates) as prettier prints
 * it, without loading prettier's Markdown parser: the templates already write
 * every construct the way prettier does, except tables, whose columns
 * prettier pads to a common width. So this pads them, by prettier's rules:
 * each column as wide as its widest cell (three at least), cells padded after
 * their text (before it in a right-aligned column, around it in a centred
 * one), and the delimiter row made of dashes as wide as the column, with the
 * alignment colons kept.
 *
 * Text outside tables, and tables inside fenced code blocks, are left as
 * written. A test checks that prettier leaves the README of every golden
 * package as this prints it.
 */

type Align = "left" | "right" | "center" | "none";

const DELIMITER_CELL = /^:?-+:?$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Pads every table of `text` (outside code fences). */
export function alignMarkdownTables(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length)
        fence = undefined;
      out.push(line);
      continue;
    }
    if (opening !== undefined) {
      fence = opening;
      out.push(line);
      continue;
    }
    const aligns = isRow(line) && i + 1 < lines.length ? delimiterRow(lines[i + 1]!) : undefined;
    if (aligns === undefined) {
      out.push(line);
      continue;
    }
    const rows = [cells(line)];
    let next = i + 2;
    while (next < lines.length && isRow(lines[next]!)) rows.push(cells(lines[next++]!));
    out.push(...padTable(rows, aligns));
    i = next - 1;
  }
  return out.join("\n");
}

function isRow(line: string): boolean {
  return line.startsWith("|");
}

/** The alignment of each column, when `line` is a table's delimiter row. */
function delimiterRow(line: string): Align[] | undefined {
  if (!isRow(line)) return undefined;
  const row = cells(line);
  if (row.length === 0 || !row.every((cell) => DELIMITER_CELL.test(cell))) return undefined;
  return row.map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    return left && right ? "center" : left ? "left" : right ? "right" : "none";
  });
}

/** The trimmed cells of a row: split at every pipe not escaped by a backslash, outer pipes dropped. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === "\\" && i + 1 < line.length) {
      cell += char + line[++i]!;
    } else if (char === "|") {
      out.push(cell);
      cell = "";
    } else cell += char;
  }
  out.push(cell);
  // The text before the first pipe is empty; after the last, empty unless the row has no closing pipe.
  const inner = out.slice(1);
  if (inner.length > 0 && inner[inner.length - 1]!.trim() === "") inner.pop();
  return inner.map((c) => c.trim());
}

function padTable(rows: readonly string[][], aligns: readonly Align[]): string[] {
  const widths = aligns.map((_, column) =>
    Math.max(3, ...rows.map((row) => displayWidth(row[column] ?? ""))),
  );
  const printRow = (row: readonly string[]): string =>
    `| ${widths
      .map((width, column) => {
        const text = row[column] ?? "";
        const spaces = width - displayWidth(text);
        const align = aligns[column]!;
        const before = align === "right" ? spaces : align === "center" ? Math.floor(spaces / 2) : 0;
        return " ".repeat(before) + text + " ".repeat(spaces - before);
      })
      .join(" | ")} |`;
  const delimiter = `| ${widths
    .map((width, column) => {
      const align = aligns[column]!;
      const first = align === "left" || align === "center" ? ":" : "-";
      const last = align === "right" || align === "center" ? ":" : "-";
      return first + "-".repeat(width - 2) + last;
    })
    .join(" | ")} |`;
  const [header, ...body] = rows;
  return [printRow(header!), delimiter, ...body.map(printRow)];
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7F]/;
const ZERO_WIDTH = /[\p{Mn}\p{Me}]/u;

/**
 * Columns a cell takes in a monospace font, as prettier counts them: control
 * characters and combining marks take none; East Asian wide and fullwidth
 * characters and emoji take two. The wide ranges are the main blocks of
 * Unicode's East Asian Width data and the emoji planes, not all of them: a rarer wide character is
 * counted as one column, which can only shift the padding, never the text.
 */
export function displayWidth(text: string): number {
  if (!NOT_PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || ZERO_WIDTH.test(char)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f000, 0x1faff],
  [0x20000, 0x3fffd],
];

function isWide(code: number): boolean {
  return WIDE_RANGES.some(([low, high]) => code >= low && code <= high);
}
