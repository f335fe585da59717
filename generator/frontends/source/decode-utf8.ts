import type { Position } from "../../diagnostics/diagnostic.js";

/** Where a decoding problem goes: a run's `Diagnostics` or a reader's `SourceProblems`. */
export interface DecodeProblemSink {
  error(at: Position, message: string): void;
}

/** Strict: invalid bytes throw instead of becoming U+FFFD. A leading byte order mark is dropped. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });
const UTF8_REPLACING = new TextDecoder("utf-8");

/**
 * The one strict UTF-8 decoder of every front end (schemas, contracts,
 * overlays; JSON, YAML and XML). When the bytes are not UTF-8, reports where
 * the first invalid sequence starts (line and column counted in characters
 * of the text before it, as every other position is) and what is wrong with
 * it, and returns the text with U+FFFD in place of invalid sequences: the run
 * fails all the same, but the rest of the file can still be checked.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, problems: DecodeProblemSink): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    // Located below.
  }
  const invalid = firstInvalidUtf8(bytes) ?? { offset: 0, problem: "it could not be decoded" };
  // The bytes before the first invalid one are valid UTF-8 (a leading byte order mark is dropped here too).
  const lines = UTF8.decode(bytes.subarray(0, invalid.offset)).split("\n");
  const col = [...lines[lines.length - 1]!].length + 1;
  problems.error(
    { file, line: lines.length, col },
    `the file is not UTF-8: ${invalid.problem}; save it as UTF-8`,
  );
  return UTF8_REPLACING.decode(bytes);
}

/** Where the first ill-formed sequence starts (the Unicode table of well-formed UTF-8), and what is wrong with it. */
function firstInvalidUtf8(bytes: Uint8Array): { offset: number; problem: string } | undefined {
  const hex = (b: number): string => `0x${b.toString(16).toUpperCase().padStart(2, "0")}`;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // Continuation bytes needed, and the range allowed for the first of them (excluding overlong forms, surrogates and code points above U+10FFFF).
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return { offset: i, problem: `byte ${hex(lead)} cannot start a character` };
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (next !== undefined && next >= min && next <= max) continue;
      if (k === 1 && next !== undefined && next >= 0x80 && next <= 0xbf) {
        return { offset: i, problem: `bytes ${hex(lead)} ${hex(next)} do not encode a character` };
      }
      return { offset: i, problem: `the character starting with byte ${hex(lead)} is incomplete` };
    }
    i += need + 1;
  }
  return undefined;
}
