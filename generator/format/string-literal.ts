/**
 * How prettier prints a string literal (with `singleQuote: false`): in
 * double quotes, unless its text holds more double quotes than single ones,
 * then in single quotes; a literal already in the quotes it prefers is
 * printed exactly as written, another has its quotes changed and its
 * escapes of quotes adjusted (an escaped quote that no longer needs it
 * loses its backslash, an unescaped one that now needs it gains one).
 * `raw` is the literal as written, quotes included.
 */
export function printedString(raw: string): string {
  const text = raw.slice(1, -1);
  const quote = count(text, '"') > count(text, "'") ? "'" : '"';
  if (raw[0] === quote) return raw;
  const other = quote === '"' ? "'" : '"';
  const body = text.replace(/\\(["'\\])|(["'])/g, (match, escaped?: string, bare?: string) =>
    escaped !== undefined
      ? escaped === other
        ? escaped
        : match
      : bare === quote
        ? `\\${bare}`
        : bare!,
  );
  return quote + body + quote;
}

/** Whether prettier prints a literal as written (see `printedString`): it is in the quotes prettier prefers for its text. */
export function stringKept(raw: string): boolean {
  return printedString(raw) === raw;
}

function count(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++;
  return n;
}
