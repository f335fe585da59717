/**
 * Text from a contract as it may be printed to a terminal: every character
 * that a terminal would act on instead of showing is written in a visible,
 * escaped form, so a contract cannot colour, move the cursor, rewrite the
 * title or forge another diagnostic line. Escaped are the C0 controls
 * (`\n`, `\r` and `\t` by their usual names, the others as `\u001b`), DEL,
 * the C1 controls, the line and paragraph separators and the bidirectional
 * overrides, isolates and marks (which reorder what the terminal shows). Everything
 * else, backslashes included, is left as written.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, escapeOne);
}

/** What {@link terminalText} escapes. */
const TERMINAL_CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeOne(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
