/**
 * Card numbers in text a server wrote, found by their shape rather than by
 * what the call sent: 13 to 19 digits that pass the Luhn check, written
 * together or in groups separated by single spaces or hyphens. A SOAP Fault
 * quoting another record, or an error page listing a stored card, shows them
 * as `…` and their last four digits. The one place the runtime scans for them.
 */

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/** Digit groups separated by a single space or hyphen: `4111 1111-1111 1111`. */
const GROUPED_DIGITS = /[0-9]+(?:[ -][0-9]+)*/g;

/** The Luhn check (ISO/IEC 7812): every card number passes it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 0x30;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * `text` with every card-shaped number replaced by `…` and its last four
 * digits. A run of groups may hold a card number among other numbers
 * (`4111 1111 1111 1111 123`): consecutive groups are tried from each group
 * on, the longest that is card-shaped wins. A group of digits is never cut,
 * so a longer number (a 22-digit id) is left as it is.
 */
export function maskCardNumbers(text: string): string {
  if (!/[0-9]{4}/.test(text) && !/[0-9][ -][0-9]/.test(text)) return text;
  return text.replace(GROUPED_DIGITS, (run) => (run.length < MIN_DIGITS ? run : maskRun(run)));
}

function maskRun(run: string): string {
  const groups = run.split(/([ -])/);
  // groups: digits at even indexes, separators at odd ones.
  let out = "";
  for (let start = 0; start < groups.length;) {
    const end = cardEnd(groups, start);
    if (end === undefined) {
      out += groups[start]! + (groups[start + 1] ?? "");
      start += 2;
      continue;
    }
    const digits = digitsOf(groups, start, end);
    out += `\u2026${digits.slice(-4)}${groups[end + 1] ?? ""}`;
    start = end + 2;
  }
  return out;
}

/** The index of the last group of the longest card-shaped number starting at group `start`, if there is one. */
function cardEnd(groups: readonly string[], start: number): number | undefined {
  let found: number | undefined;
  let count = 0;
  for (let end = start; end < groups.length; end += 2) {
    count += groups[end]!.length;
    if (count > MAX_DIGITS) break;
    if (count >= MIN_DIGITS && passesLuhn(digitsOf(groups, start, end))) found = end;
  }
  return found;
}

function digitsOf(groups: readonly string[], start: number, end: number): string {
  let digits = "";
  for (let i = start; i <= end; i += 2) digits += groups[i];
  return digits;
}
