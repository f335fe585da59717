import { decodeUtf8 } from "../source/decode-utf8.js";
import { SourceProblem, SourceProblems } from "../source/source-problem.js";
import { SourceLocator } from "./source-locator.js";

/** The encodings an XML file is read in; anything else is refused with a message saying to save it as UTF-8. */
type ReadEncoding = "utf-8" | "utf-16le" | "utf-16be" | "latin1";

/** Encoding names as declared (lowercase) that are read, and how. */
const DECLARED_ENCODINGS: ReadonlyMap<string, ReadEncoding> = new Map([
  ["utf-8", "utf-8"],
  ["utf8", "utf-8"],
  // ASCII is UTF-8 restricted to seven bits: reading it as UTF-8 reads it right.
  ["us-ascii", "utf-8"],
  ["ascii", "utf-8"],
  ["utf-16", "utf-16le"],
  ["utf-16le", "utf-16le"],
  ["utf-16be", "utf-16be"],
  ["iso-8859-1", "latin1"],
  ["latin1", "latin1"],
  ["windows-1252", "latin1"],
]);

/** How many leading bytes are searched for the encoding declaration: it must be at the very start. */
const DECLARATION_WINDOW = 256;

/**
 * The text of an XML file's bytes. The byte order mark (or, without one, the
 * first bytes of `<?xml`) tells UTF-16 from UTF-8, as XML's appendix F says;
 * the declared encoding must agree. UTF-8 is read strictly: an invalid byte
 * is an error at its line and column, not a replacement character.
 */
export function decodeXml(bytes: Uint8Array, file: string): string {
  const detected = detectByBytes(bytes, file);
  const declared = declaredEncoding(bytes, detected, file);
  if (detected === "utf-16le" || detected === "utf-16be") {
    if (
      declared !== undefined &&
      declared.encoding !== "utf-16le" &&
      declared.encoding !== "utf-16be"
    ) {
      throw new SourceProblem(
        declared.at,
        `the file is UTF-16 but declares encoding "${declared.name}"`,
      );
    }
    try {
      // A byte order mark is dropped by the decoder.
      return new TextDecoder(detected, { fatal: true }).decode(bytes);
    } catch {
      throw new SourceProblem(
        { file, line: 1, col: 1 },
        "the file is not valid UTF-16; save it as UTF-8",
      );
    }
  }
  if (declared?.encoding === "latin1") return new TextDecoder("latin1").decode(bytes);
  if (declared !== undefined && declared.encoding !== "utf-8") {
    throw new SourceProblem(
      declared.at,
      `the file declares encoding "${declared.name}" but has no UTF-16 byte order mark; save it as UTF-8`,
    );
  }
  const problems = new SourceProblems();
  const text = decodeUtf8(bytes, file, problems);
  const first = problems.errors()[0];
  if (first !== undefined) throw first;
  return text;
}

/** What the first bytes say: a byte order mark, or `<?` written in UTF-16 without one. */
function detectByBytes(bytes: Uint8Array, file: string): "utf-8" | "utf-16le" | "utf-16be" {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if ((b0 === 0x00 && b1 === 0x00) || (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00)) {
    throw new SourceProblem(
      { file, line: 1, col: 1 },
      "UTF-32 is not read; save the file as UTF-8",
    );
  }
  if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f))
    return "utf-16be";
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00))
    return "utf-16le";
  return "utf-8";
}

/**
 * The encoding the XML declaration names, looked for in the first bytes only
 * (a bounded window, so the search costs nothing whatever the file).
 */
function declaredEncoding(
  bytes: Uint8Array,
  detected: "utf-8" | "utf-16le" | "utf-16be",
  file: string,
):
  | { name: string; encoding: ReadEncoding; at: { file: string; line: number; col: number } }
  | undefined {
  const window = bytes.subarray(0, DECLARATION_WINDOW * (detected === "utf-8" ? 1 : 2));
  const head = new TextDecoder(detected === "utf-8" ? "latin1" : detected)
    .decode(window)
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, "");
  if (!head.startsWith("<?xml")) return undefined;
  const close = head.indexOf("?>");
  const declaration = close < 0 ? head : head.slice(0, close);
  const match = /\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/.exec(declaration);
  if (match === null) return undefined;
  const name = match[2]!;
  const at = new SourceLocator(head, file).positionAt(
    match.index + match[0].length - name.length - 1,
  );
  const encoding = DECLARED_ENCODINGS.get(name.toLowerCase());
  if (encoding === undefined)
    throw new SourceProblem(at, `encoding "${name}" is not read; save the file as UTF-8`);
  return { name, encoding, at };
}
