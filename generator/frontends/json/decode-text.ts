import type { SourceProblems } from "./source-problem.js";

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });
const REPLACING_UTF8 = new TextDecoder("utf-8");

/**
 * The text of a file's bytes, strictly UTF-8 (a leading byte order mark is
 * dropped). Invalid bytes are a problem at the line and column where the
 * first invalid sequence starts; the text is then returned with U+FFFD in
 * their place, so that the caller may still report what else is wrong.
 */
export function decodeText(bytes: Uint8Array, file: string, problems: SourceProblems): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    // located below
  }
  const text = REPLACING_UTF8.decode(bytes);
  // The first U+FFFD that the bytes do not spell (EF BF BD) marks the first invalid sequence:
  // every byte before it decoded one for one, so the text before it is exact.
  let byteOffset = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let from = 0;
  for (let i = text.indexOf("\uFFFD"); i !== -1; i = text.indexOf("\uFFFD", i + 1)) {
    byteOffset += Buffer.byteLength(text.slice(from, i), "utf8");
    if (
      bytes[byteOffset] === 0xef &&
      bytes[byteOffset + 1] === 0xbf &&
      bytes[byteOffset + 2] === 0xbd
    ) {
      byteOffset += 3;
      from = i + 1;
      continue;
    }
    const before = text.slice(0, i);
    const lineStart = before.lastIndexOf("\n") + 1;
    const line = before.length - before.replace(/\n/g, "").length + 1;
    const col = [...before.slice(lineStart)].length + 1;
    const value = bytes[byteOffset] ?? 0;
    problems.error(
      { file, line, col },
      `the file is not UTF-8: byte 0x${value.toString(16).toUpperCase().padStart(2, "0")} does not start a valid character; save the file as UTF-8`,
    );
    return text;
  }
  problems.error({ file, line: 1, col: 1 }, "the file is not UTF-8; save it as UTF-8");
  return text;
}
